import Testing

/// Keeps the tests that load URLSession's work queue with a large body apart from the tests that time
/// a URLSession request.
///
/// On Linux every URLSession of a process shares one work queue, where it reads sockets and decodes
/// bodies: a 256 MiB gzip body decoding there delays every other session's requests by seconds, so a
/// test timing a URLSession timeout would measure that queue, not the timeout. Heavy tests run alone
/// (``heavy(_:)``); timed ones run beside each other (``timed(_:)``) but never beside a heavy one.
package actor URLSessionQueueGate {
    /// The gate of the test process.
    package static let shared = URLSessionQueueGate()

    private var timedRunning = 0
    private var heavyRunning = false
    private var waiting: [(isHeavy: Bool, continuation: CheckedContinuation<Void, Never>)] = []

    /// Runs `body` with no timed or other heavy test running.
    package func heavy<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        await enter(heavy: true)
        defer { leave(heavy: true) }
        return try await body()
    }

    /// Runs `body` with no heavy test running.
    package func timed<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        await enter(heavy: false)
        defer { leave(heavy: false) }
        return try await body()
    }

    private func canEnter(heavy: Bool) -> Bool {
        heavy ? !heavyRunning && timedRunning == 0 : !heavyRunning
    }

    private func enter(heavy: Bool) async {
        // First come, first served: a heavy test waiting is not passed by later timed ones.
        if waiting.isEmpty, canEnter(heavy: heavy) {
            take(heavy: heavy)
            return
        }
        await withCheckedContinuation { waiting.append((heavy, $0)) }
    }

    private func take(heavy: Bool) {
        if heavy { heavyRunning = true } else { timedRunning += 1 }
    }

    private func leave(heavy: Bool) {
        if heavy { heavyRunning = false } else { timedRunning -= 1 }
        while let next = waiting.first, canEnter(heavy: next.isHeavy) {
            waiting.removeFirst()
            take(heavy: next.isHeavy)
            next.continuation.resume()
        }
    }
}

/// Puts a test under the ``URLSessionQueueGate``: ``Trait/loadsURLSessionsQueue`` for a test that
/// sends a large body through URLSession, ``Trait/timesURLSession`` for one that times a URLSession
/// request. Applied to each test case of a parameterised test.
package struct URLSessionQueueTrait: TestTrait, SuiteTrait, TestScoping {
    let isHeavy: Bool

    /// The trait applies to every test of a suite.
    package var isRecursive: Bool { true }

    /// Runs `function` through the gate, once per test case.
    package func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else {
            try await function()
            return
        }
        if isHeavy {
            try await URLSessionQueueGate.shared.heavy(function)
        } else {
            try await URLSessionQueueGate.shared.timed(function)
        }
    }
}

extension Trait where Self == URLSessionQueueTrait {
    /// A test that loads URLSession's shared work queue with a large body: it runs alone among the
    /// tests that time URLSession (see ``URLSessionQueueGate``).
    package static var loadsURLSessionsQueue: Self { URLSessionQueueTrait(isHeavy: true) }

    /// A test that times a URLSession request: it never runs beside one that loads URLSession's work
    /// queue (see ``URLSessionQueueGate``).
    package static var timesURLSession: Self { URLSessionQueueTrait(isHeavy: false) }
}
