import Testing

/// Lets one compute-heavy test run at a time: whole OpenAPI documents parsed, generated and checked in
/// a debug build, or Python tools (a validating server, a YAML parser) working through them.
///
/// Each of them keeps a core busy for many seconds. Run side by side in a parallel run (several at once
/// on a two-core machine), they left the other tests a fraction of a core, and a request that answers in
/// a millisecond took long enough to pass a time bound meant for a timeout that never fired.
package actor ComputeGate {
    /// The gate of the test process.
    package static let shared = ComputeGate()

    private var running = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Runs `body` once no other compute-heavy test is running; first come, first served.
    package func run<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        if running {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            running = true
        }
        defer {
            if waiting.isEmpty {
                running = false
            } else {
                waiting.removeFirst().resume()
            }
        }
        return try await body()
    }
}

/// Runs each test case of a suite through the ``ComputeGate``, on threads of its own (as ``OffThePool``
/// does).
package struct ComputeHeavy: SuiteTrait, TestTrait, TestScoping {
    /// The trait applies to every test of the suite.
    package var isRecursive: Bool { true }

    /// Runs `function` alone among the compute-heavy tests, with its jobs on new threads.
    package func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else {
            try await function()
            return
        }
        try await ComputeGate.shared.run {
            try await OffThePool().provideScope(for: test, testCase: testCase, performing: function)
        }
    }
}

extension Trait where Self == ComputeHeavy {
    /// Runs the tests one at a time among the compute-heavy ones, on threads of their own: see
    /// ``ComputeGate``.
    package static var computeHeavy: Self { ComputeHeavy() }
}
