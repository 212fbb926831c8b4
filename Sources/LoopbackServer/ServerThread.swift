#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts the server's threads with `pthread_create`, so that a thread that cannot be created is known.
///
/// Foundation's `Thread.start()` ignores a failed `pthread_create` (`EAGAIN` when the process, the user
/// or the container has run out of threads): the thread simply never runs. For a connection that meant
/// a client whose request was accepted by the kernel but never read, waiting for its own timeout
/// (URLSession's 60 s). Knowing the failure lets the server retry and then answer `503` at once.
enum ServerThread {
    /// Starts `body` on a new detached thread; returns 0, or the error `pthread_create` gave.
    typealias Starter = @Sendable (_ stackSize: Int, _ body: @escaping @Sendable () -> Void) -> Int32

    /// Starts `body` on a new detached thread with a stack of `stackSize` bytes (0 for the default).
    ///
    /// - Returns: 0 when the thread was started, otherwise the error number from `pthread_create`.
    static func start(stackSize: Int, _ body: @escaping @Sendable () -> Void) -> Int32 {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return EAGAIN }
        defer { pthread_attr_destroy(&attributes) }
        _ = pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        if stackSize > 0 {
            _ = pthread_attr_setstacksize(&attributes, stackSize)
        }
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        #if canImport(Glibc)
            var thread = pthread_t()
            let result = pthread_create(&thread, &attributes, runThreadBody, context)
        #else
            var thread: pthread_t?
            let result = pthread_create(&thread, &attributes, runThreadBody, context)
        #endif
        if result != 0 {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
        }
        return result
    }

    /// Starts `body` with `starter`, trying again while threads are short (`EAGAIN`) for about 150 ms
    /// in all, as libdispatch does for its own threads.
    ///
    /// - Returns: 0 when the thread was started, otherwise the last error.
    static func start(
        using starter: Starter, stackSize: Int, attempts: Int = 5, _ body: @escaping @Sendable () -> Void
    ) -> Int32 {
        var result = starter(stackSize, body)
        var attempt = 1
        while result == EAGAIN && attempt < attempts {
            usleep(useconds_t(5_000 << attempt))
            result = starter(stackSize, body)
            attempt += 1
        }
        return result
    }
}

/// The closure a new thread runs, passed through `pthread_create`'s context pointer.
private final class ThreadBody {
    let body: @Sendable () -> Void

    init(_ body: @escaping @Sendable () -> Void) {
        self.body = body
    }
}

#if canImport(Glibc)
    private func runThreadBody(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        guard let context else { return nil }
        Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().body()
        return nil
    }
#else
    private func runThreadBody(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().body()
        return nil
    }
#endif
