import Dispatch
import Foundation

/// Runs `body` on Swift's cooperative threads and blocks the calling (main) thread until it ends.
///
/// The bench does not use an `async` top level: that parks the main thread in `dispatch_main`, which
/// valgrind 3.19 cannot follow (callgrind dies with SIGSEGV at the first thread libdispatch creates),
/// and profiling under callgrind is part of the job.
func runBlocking(_ body: @escaping @Sendable () async -> Int32) -> Int32 {
    let status = ExitStatus()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        status.set(await body())
        done.signal()
    }
    done.wait()
    return status.value
}

/// The exit status handed from the async body to the main thread.
private final class ExitStatus: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Int32 = 0

    var value: Int32 {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    func set(_ value: Int32) {
        lock.lock()
        defer { lock.unlock() }
        stored = value
    }
}

/// Runs `body` on a thread of its own and returns what it returns, so that a blocking call (a child
/// process, libcurl's own loop) does not hold one of Swift's few cooperative threads.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: body()) }
    }
}
