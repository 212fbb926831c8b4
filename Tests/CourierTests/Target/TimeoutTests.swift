import Courier
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A target's `timeoutInterval` bounds its wait for an answer, on both transports; targets that set
/// none keep the transport's timeout.
@Suite struct TimeoutTests {
    @Test(.timesURLSession, arguments: TransportKind.allCases)
    func aTargetsTimeoutEndsASlowRequestAfterThatTime(_ kind: TransportKind) async throws {
        let provider = Provider<TestTarget>(transport: try kind.make())
        var target = try TestTarget.loopback("/echo?delay=10000")
        target.timeoutInterval = 0.5
        var outcome: Result<Response, CourierError>?
        let elapsed = await seconds {
            outcome = await result { () async throws(CourierError) in try await provider.request(target) }
        }
        guard case .failure(.underlying(let error as URLError, nil))? = outcome else {
            Issue.record("expected a URLError, got \(String(describing: outcome))")
            return
        }
        // The route answers with a 200 after 10 s and the transport's own timeout is 60 s, so only the
        // target's 0.5 s can end it with a timeout; the answer comes long after it, so that a deadline a
        // loaded machine serves seconds late still finds no answer. No upper bound on the time.
        #expect(error.code == .timedOut)
        #expect(elapsed >= 0.45, "not before the 0.5 s the target allows: \(elapsed)")
        if case .failure(let failure)? = outcome {
            #expect(failure.errorDescription?.hasSuffix("/echo?delay=10000 timed out after 0.5 s.") == true)
        }
    }

    @Test(.timesURLSession, arguments: TransportKind.allCases)
    func aTargetWithoutATimeoutKeepsTheTransports(_ kind: TransportKind) async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 0.5
        let provider = Provider<TestTarget>(transport: try kind.make(configuration: configuration))
        // The answer comes long after the timeout, so that a deadline a loaded machine serves late
        // still finds no answer; the second request's answer comes well within its own timeout.
        let slow = try TestTarget.loopback("/echo?delay=10000")
        let outcome = await result { () async throws(CourierError) in try await provider.request(slow) }
        #expect((outcome.failure?.underlyingError as? URLError)?.code == .timedOut)
        var longer = try TestTarget.loopback("/echo?delay=1500")
        longer.timeoutInterval = 15
        #expect(try await provider.request(longer).statusCode == 200, "a longer timeout of the target wins")
    }
}

/// A provider's `timeout` bounds the requests of targets that set none.
@Suite struct ProviderTimeoutTests {
    /// 60 s is `URLRequest`'s default `timeoutInterval`: a provider's 60 s must still win over the
    /// transport's shorter one, as any other value does.
    @Test(arguments: TransportKind.allCases)
    func aProvidersTimeoutOfSixtySecondsIsNotTakenForTheDefault(_ kind: TransportKind) async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 0.5
        let provider = Provider<TestTarget>(transport: try kind.make(configuration: configuration), timeout: 60)
        let response = try await provider.request(try .loopback("/echo?delay=1500"))
        #expect(response.statusCode == 200)
    }

    /// No timeout a user can write traps: `.infinity`, huge, zero, negative and not-a-number waits are
    /// read as "no timeout" (a year) or the transport's own.
    @Test(arguments: TransportKind.allCases, [.infinity, 1e300, 2e10, 0, -1, .nan] as [TimeInterval])
    func anyTimeoutValueIsSafe(_ kind: TransportKind, seconds: TimeInterval) async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds
        let provider = Provider<TestTarget>(transport: try kind.make(configuration: configuration), timeout: seconds)
        var target = try TestTarget.loopback("/echo?delay=100")
        #expect(try await provider.request(target).statusCode == 200)
        target.timeoutInterval = seconds
        #expect(try await provider.request(target).statusCode == 200)
        let stream = try await provider.stream(target)
        var bytes = 0
        for try await chunk in stream { bytes += chunk.count }
        #expect(bytes > 0)
    }

    @Test(.timesURLSession, arguments: TransportKind.allCases)
    func aProvidersTimeoutEndsASlowRequestUnlessTheTargetSaysOtherwise(_ kind: TransportKind) async throws {
        let provider = Provider<TestTarget>(transport: try kind.make(), timeout: 0.5)
        #expect(provider.timeout == 0.5)
        // As above: an answer long after the timeout, then one well within the target's own.
        let slow = try TestTarget.loopback("/echo?delay=10000")
        let outcome = await result { () async throws(CourierError) in try await provider.request(slow) }
        #expect((outcome.failure?.underlyingError as? URLError)?.code == .timedOut)
        var longer = try TestTarget.loopback("/echo?delay=1500")
        longer.timeoutInterval = 15
        #expect(try await provider.request(longer).statusCode == 200, "the target's own timeout wins")
        #expect(Provider<TestTarget>().timeout == nil)
    }
}

extension Result {
    /// The error of a failure, or `nil`.
    fileprivate var failure: Failure? {
        guard case .failure(let error) = self else { return nil }
        return error
    }
}
