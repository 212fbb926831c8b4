import Foundation

/// Runs blocking `work` (starting a process and waiting for it, generating a key) on a thread of its
/// own, and awaits its result.
///
/// Swift concurrency has one cooperative thread per core: a test that blocked one of them while
/// another test did the same would stall every other test of the run, and with them the time bounds
/// of the timeout tests.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try work() }) }
        thread.start()
    }
}
