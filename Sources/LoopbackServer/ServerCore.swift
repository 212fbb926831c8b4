import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The running part of a server: the listening socket, the accept thread and the connection threads.
///
/// Threads retain the core, not the `LoopbackServer`, so dropping the server still reaches its `deinit`.
final class ServerCore: @unchecked Sendable {
    /// Stack size of each connection thread.
    private static let threadStackSize = 1 << 20

    let port: UInt16
    let registry = ConnectionRegistry()
    private let listenFD: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let context: ConnectionContext
    private let startThread: ServerThread.Starter
    private let acceptLoopEnded = DispatchSemaphore(value: 0)
    private let stopLock = NSLock()
    private var isStopped = false

    /// Opens the listener; call `start()` to begin accepting.
    ///
    /// - Parameter startThread: Starts the accept and connection threads; tests replace it to make
    ///   thread creation fail.
    init(
        port requestedPort: UInt16, context: ConnectionContext,
        startThread: @escaping ServerThread.Starter = ServerThread.start(stackSize:_:)
    ) throws(LoopbackServerError) {
        signal(SIGPIPE, SIG_IGN)
        let listener = try LoopbackListener.open(port: requestedPort)
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0 else {
            let error = LoopbackServerError.fromErrno("pipe")
            _ = close(listener.fd)
            throw error
        }
        for fd in pipeFDs {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        listenFD = listener.fd
        port = listener.port
        wakeRead = pipeFDs[0]
        wakeWrite = pipeFDs[1]
        self.context = context
        self.startThread = startThread
    }

    /// Starts the accept thread.
    ///
    /// - Throws: `LoopbackServerError` when no thread can be created for it; the listener is closed.
    func start() throws(LoopbackServerError) {
        let result = ServerThread.start(using: startThread, stackSize: 0) { [self] in acceptLoop() }
        guard result == 0 else {
            _ = close(listenFD)
            _ = close(wakeRead)
            _ = close(wakeWrite)
            stopLock.lock()
            isStopped = true
            stopLock.unlock()
            throw LoopbackServerError(operation: "start the accept thread", code: result)
        }
    }

    /// Closes the listener, waiting for its thread, and shuts every connection down; safe to call
    /// repeatedly. A connection thread still in its handler (one sleeping for `delay`, say) ends when the
    /// handler returns; `stop()` does not wait for it, as it is often called on a thread of Swift's
    /// cooperative pool, which must not be held.
    func stop() {
        stopLock.lock()
        defer { stopLock.unlock() }
        guard !isStopped else { return }
        isStopped = true
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
        acceptLoopEnded.wait()
        _ = close(wakeRead)
        _ = close(wakeWrite)
        registry.shutdownAll()
    }

    private func acceptLoop() {
        defer {
            _ = close(listenFD)
            acceptLoopEnded.signal()
        }
        var descriptors = [
            pollfd(fd: listenFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if descriptors[1].revents != 0 { return }
            if descriptors[0].revents != 0 {
                acceptPending()
            }
        }
    }

    /// Accepts every connection waiting on the non-blocking listener.
    private func acceptPending() {
        while true {
            let fd = accept(listenFD, nil, nil)
            if fd >= 0 {
                serve(fd)
                continue
            }
            switch errno {
            case EINTR, ECONNABORTED:
                continue
            case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                usleep(10_000)  // out of resources: let connections finish, then poll again
                return
            default:
                return  // EAGAIN: nothing left to accept
            }
        }
    }

    /// Serves `fd` on a thread of its own; when no thread can be had, answers `503` and closes it at
    /// once, so that the client fails fast instead of waiting for its timeout.
    private func serve(_ fd: Int32) {
        SocketIO.configureAccepted(fd)
        guard registry.add(fd) else { return }
        let context = context
        let registry = registry
        let result = ServerThread.start(using: startThread, stackSize: ServerCore.threadStackSize) {
            Connection(fd: fd, context: context, registry: registry).run()
            registry.finish(fd)
        }
        guard result != 0 else { return }
        ResponseWriter(fd: fd).writeUnavailable(reason: LoopbackServerError(operation: "start a thread", code: result))
        SocketIO.finishSending(fd, timeoutMilliseconds: 100)
        registry.finish(fd)
    }
}
