import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The open connections of a server, so that stopping can end them and wait for their threads.
///
/// A descriptor is closed only by `finish(_:)`, under the lock, so `shutdownAll()` never touches a
/// descriptor number that has already been reused.
final class ConnectionRegistry: @unchecked Sendable {
    private let condition = NSCondition()
    private var open: Set<Int32> = []
    private var isClosed = false

    private var exchanges = 0

    /// The number of connections currently being served.
    var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return open.count
    }

    /// The number of requests whose head has arrived and whose answer is not yet written whole.
    var exchangesInProgress: Int {
        condition.lock()
        defer { condition.unlock() }
        return exchanges
    }

    /// Notes that a request's head arrived (`true`) or its exchange ended (`false`).
    func exchange(started: Bool) {
        condition.lock()
        defer { condition.unlock() }
        exchanges += started ? 1 : -1
    }

    /// Records a newly accepted connection; returns false (and closes `fd`) once the registry is closed.
    func add(_ fd: Int32) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !isClosed else {
            _ = close(fd)
            return false
        }
        open.insert(fd)
        return true
    }

    /// Closes `fd` and forgets it; called by the connection's thread when it is done.
    func finish(_ fd: Int32) {
        condition.lock()
        defer { condition.unlock() }
        open.remove(fd)
        _ = close(fd)
        condition.broadcast()
    }

    /// Refuses new connections and shuts down every open one, waking their blocked reads and writes.
    func shutdownAll() {
        condition.lock()
        defer { condition.unlock() }
        isClosed = true
        for fd in open {
            SocketIO.shutdownBoth(fd)
        }
    }
}
