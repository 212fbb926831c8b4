import Foundation

/// Runs `operation` with its async work on threads of its own rather than Swift's cooperative pool.
///
/// A test run starts hundreds of tests at once on a pool of one thread per core; a test waiting its
/// turn there after every `await` measured seconds of queueing, not the timeout it checks. A test
/// whose time bound is the point (a timeout fired, a cancellation ended the wait) measures inside
/// this: its awaits resume on the ``TimingExecutor``, whose threads the operating system schedules
/// like any other, so a loaded machine slows them by its load, not by the length of the test queue.
/// Child tasks (task groups, `async let`) keep the preference; unstructured `Task {}` ones do not.
package func onTimingThreads<T, Failure: Error>(
    _ operation: () async throws(Failure) -> T
) async throws(Failure) -> T {
    try await withTaskExecutorPreference(TimingExecutor.shared, operation: operation)
}

/// The result of `operation` and the seconds it took, measured on the ``TimingExecutor``'s threads
/// (see ``onTimingThreads(_:)``).
package func timed<T, Failure: Error>(
    _ operation: () async throws(Failure) -> T
) async throws(Failure) -> (value: T, seconds: Double) {
    try await onTimingThreads { () async throws(Failure) -> (value: T, seconds: Double) in
        let start = DispatchTime.now().uptimeNanoseconds
        let value = try await operation()
        return (value, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
}

/// A task executor of a few threads that take jobs in the order they come.
///
/// Handing a job over never blocks: a lock held only to append, and a semaphore whose `signal` only
/// wakes a thread (a condition variable's `signal` can wait for its waiters on a loaded machine, and it
/// is called from Swift's cooperative pool).
package final class TimingExecutor: TaskExecutor, @unchecked Sendable {
    /// The one the timing tests share: their work is waiting, so a few threads serve them all.
    package static let shared = TimingExecutor(threads: 4)

    private let lock = NSLock()
    /// Guarded by `lock`.
    private var jobs: [UnownedJob] = []
    /// Signalled once for each job queued.
    private let queued = DispatchSemaphore(value: 0)

    package init(threads: Int) {
        for index in 0..<threads {
            let thread = Thread { [unowned self] in
                blockChildSignals()
                self.serve()
            }
            thread.name = "Courier timing \(index)"
            thread.start()
        }
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        lock.lock()
        jobs.append(job)
        lock.unlock()
        queued.signal()
    }

    /// Runs jobs for ever (the executor lives as long as the test process).
    private func serve() {
        while true {
            queued.wait()
            lock.lock()
            let job = jobs.removeFirst()
            lock.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
