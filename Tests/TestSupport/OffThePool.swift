import Foundation

/// Runs blocking `work` (starting a process and waiting for it, generating a key) on a thread of its
/// own, and awaits its result.
///
/// Swift concurrency has one cooperative thread per core: a test that blocked one of them while
/// another test did the same would stall every other test of the run, and with them the time bounds
/// of the timeout tests.
package func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            blockChildSignals()
            continuation.resume(with: Result { try work() })
        }
        thread.start()
    }
}

/// Keeps `SIGCHLD` away from the calling thread, as libdispatch keeps it from its own threads.
///
/// The tests start child processes (openssl, nginx, courier-bench); when one ends, the kernel hands
/// `SIGCHLD` to any thread that does not block it, and where a handler for it is installed a blocking
/// call there fails with `EINTR` (Foundation's `FileHandle.readDataToEndOfFile()` then stops the
/// process with a `try!`).
package func blockChildSignals() {
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGCHLD)
    pthread_sigmask(SIG_BLOCK, &signals, nil)
}
