import Foundation
import Testing

/// Runs every test of a suite on threads of its own instead of Swift's cooperative pool.
///
/// For suites that block (sockets read synchronously, sleeps between reads) or compute for long (whole
/// documents parsed and generated in a debug build). On the cooperative pool (one thread per core) two
/// of them at once stalled every other test of the run for seconds, and with them the time bounds of
/// the timeout and cancellation tests; on threads of their own the operating system shares the cores.
package struct OffThePool: SuiteTrait, TestTrait, TestScoping {
    /// The trait applies to every test of the suite.
    package var isRecursive: Bool { true }

    /// Runs `function` with its jobs on new threads.
    package func provideScope(
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
    package static var offThePool: Self { OffThePool() }
}

/// Runs each job on a new thread: for test code that blocks, never for the library.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
package final class ThreadPerJobExecutor: TaskExecutor {
    /// The one executor the trait uses.
    package static let shared = ThreadPerJobExecutor()

    /// Runs `job` on a thread started for it.
    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        Thread {
            // As libdispatch's threads do: a child process's end (SIGCHLD) must not interrupt the
            // blocking socket calls of these tests with EINTR.
            blockChildSignals()
            job.runSynchronously(on: executor)
        }.start()
    }
}
