import Foundation
import Testing

/// Runs every test of a suite on threads of its own instead of Swift's cooperative pool.
///
/// These tests talk to the server through blocking sockets and sleep between reads, each for up to
/// seconds. On the cooperative pool (one thread per core) two of them at once stalled every other test
/// of the run, and with them the time bounds of the transport timeout tests.
struct OffThePool: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) {
            try await withTaskExecutorPreference(ThreadPerJobExecutor.shared) { try await function() }
        } else {
            try await function()
        }
    }
}

extension Trait where Self == OffThePool {
    /// Runs the tests on threads of their own: see ``OffThePool``.
    static var offThePool: Self { OffThePool() }
}

/// Runs each job on a new thread: for test code that blocks, never for the library.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class ThreadPerJobExecutor: TaskExecutor {
    static let shared = ThreadPerJobExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        Thread {
            // As libdispatch's threads do: a child process's end (SIGCHLD) must not interrupt the
            // blocking socket calls of these tests with EINTR.
            var signals = sigset_t()
            sigemptyset(&signals)
            sigaddset(&signals, SIGCHLD)
            pthread_sigmask(SIG_BLOCK, &signals, nil)
            job.runSynchronously(on: executor)
        }.start()
    }
}
