import Foundation
import LoopbackServer
import TestSupport
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `RetryPolicy` against the loopback server and through the Transport seam.
@Suite struct RetryPolicyTests {

    private let quick = RetryPolicy(exponentialBackoffScale: 0.02, jitter: 0)

    @Test(arguments: [408, 429, 500, 502, 503, 504])
    func retryableStatusIsRetriedUpToTheLimit(status: Int) async throws {
        let (server, counter) = try countingServer()
        defer { server.stop() }
        let provider = Provider<TestTarget>(interceptors: [quick])
        let response = try await provider.request(TestTarget(baseURL: server.baseURL, path: "/status/\(status)"))
        #expect(response.statusCode == status)
        #expect(counter.value == 3)
    }

    @Test func validatedStatusIsRetriedAndStillFails() async throws {
        let (server, counter) = try countingServer()
        defer { server.stop() }
        let provider = Provider<TestTarget>(interceptors: [RetryPolicy(retryLimit: 1, exponentialBackoffScale: 0.01)])
        let target = TestTarget(baseURL: server.baseURL, path: "/status/502", validationType: .successCodes)
        let error = await #expect(throws: CourierError.self) { try await provider.request(target) }
        #expect(error?.response?.statusCode == 502)
        #expect(counter.value == 2)
    }

    @Test(arguments: [Method.post, .patch, .connect])
    func nonIdempotentMethodsAreNeverRetried(method: Method) async throws {
        let (server, counter) = try countingServer()
        defer { server.stop() }
        let provider = Provider<TestTarget>(interceptors: [quick])
        let response = try await provider.request(
            TestTarget(baseURL: server.baseURL, path: "/status/503", method: method))
        #expect(response.statusCode == 503)
        #expect(counter.value == 1)
    }

    @Test(arguments: [400, 401, 404, 409, 501])
    func otherStatusesAreNotRetried(status: Int) async throws {
        let (server, counter) = try countingServer()
        defer { server.stop() }
        let provider = Provider<TestTarget>(interceptors: [quick])
        _ = try await provider.request(TestTarget(baseURL: server.baseURL, path: "/status/\(status)"))
        #expect(counter.value == 1)
    }

    @Test func backoffWaitsGrowExponentially() async throws {
        let (server, counter) = try countingServer()
        defer { server.stop() }
        let policy = RetryPolicy(exponentialBackoffScale: 0.2, jitter: 0)
        let provider = Provider<TestTarget>(interceptors: [policy])
        let elapsed = try await seconds {
            _ = try await provider.request(TestTarget(baseURL: server.baseURL, path: "/status/500"))
        }
        #expect(counter.value == 3)
        #expect(elapsed >= 0.6)  // 0.2 s, then 0.4 s
    }

    @Test func retryAfterSecondsIsHonoured() async throws {
        let (server, counter) = try countingServer()
        defer { server.stop() }
        let provider = Provider<TestTarget>(interceptors: [RetryPolicy(retryLimit: 1, exponentialBackoffScale: 0.01)])
        let target = TestTarget(
            baseURL: server.baseURL, path: "/respond",
            task: .requestParameters(
                parameters: ["status": 429, "header.Retry-After": "1"], encoding: URLEncoding.default))
        let elapsed = try await seconds { _ = try await provider.request(target) }
        #expect(counter.value == 2)
        #expect(elapsed >= 1)
    }

    @Test func retryAfterIsCappedByTheMaximumDelay() async throws {
        let (server, counter) = try countingServer()
        defer { server.stop() }
        let provider = Provider<TestTarget>(interceptors: [RetryPolicy(retryLimit: 1, maximumDelay: 0.1)])
        let target = TestTarget(
            baseURL: server.baseURL, path: "/respond",
            task: .requestParameters(
                parameters: ["status": 503, "header.Retry-After": "3600"], encoding: URLEncoding.default))
        let elapsed = try await seconds { _ = try await provider.request(target) }
        #expect(counter.value == 2)
        #expect(elapsed < 30)
    }

    @Test func retryAfterHTTPDateIsRead() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let url = try #require(URL(string: "http://127.0.0.1/"))
        func wait(_ value: String) -> TimeInterval? {
            HTTPURLResponse(url: url, statusCode: 503, httpVersion: nil, headerFields: ["Retry-After": value])
                .flatMap(RetryPolicy.retryAfter(of:))
        }
        let future = try #require(wait(formatter.string(from: Date().addingTimeInterval(120))))
        #expect(future > 100 && future <= 120)
        #expect(wait(formatter.string(from: Date().addingTimeInterval(-60))) == 0)
        #expect(wait("7") == 7)
        #expect(wait("soon") == nil)
    }

    @Test func cancellationDuringABackoffWaitEndsTheRequestAtOnce() async throws {
        let (server, counter) = try countingServer()
        defer { server.stop() }
        // A backoff far longer than the test: the cancellation comes during it however slowly a loaded
        // machine gets there, and the pause before it runs on the timing threads.
        let provider = Provider<TestTarget>(interceptors: [
            RetryPolicy(exponentialBackoffScale: 600, maximumDelay: 3600)
        ])
        let target = TestTarget(baseURL: server.baseURL, path: "/status/503")
        let task = Task(executorPreference: TimingExecutor.shared) { () async throws(CourierError) -> Response in
            try await provider.request(target)
        }
        try await onTimingThreads { try await Task.sleep(nanoseconds: 300_000_000) }
        let elapsed = await seconds {
            task.cancel()
            if case .failure(let error) = await task.result {
                #expect((error as? CourierError)?.isCancelled == true)
            } else {
                Issue.record("a cancelled request succeeded")
            }
        }
        #expect(elapsed < 10)
        #expect(counter.value == 1)
    }

    @Test func transientNetworkErrorsAreRetriedOthersAreNot() async throws {
        for (code, attempts) in [(URLError.Code.timedOut, 3), (.networkConnectionLost, 3), (.badURL, 1)] {
            let transport = ScriptedTransport { _, _ in throw URLError(code) }
            let provider = Provider<TestTarget>(transport: transport, interceptors: [quick])
            let target = TestTarget(baseURL: URL(string: "https://api.example.com")!, path: "x")
            await #expect(throws: CourierError.self) { try await provider.request(target) }
            #expect(transport.requests.count == attempts, "for \(code)")
        }
    }

    @Test func refusedConnectionIsRetried() async throws {
        struct Attempts: PluginType {
            let log: EventLog
            func willSend(_ request: any RequestType, target: any TargetType) { log.append("attempt") }
        }
        let log = EventLog()
        let provider = Provider<TestTarget>(
            plugins: [Attempts(log: log)], interceptors: [RetryPolicy(retryLimit: 1, exponentialBackoffScale: 0.01)])
        await #expect(throws: CourierError.self) {
            try await provider.request(TestTarget(baseURL: try refusedURL(), path: "/echo"))
        }
        #expect(log.events.count == 2)
    }

    @Test func aRetriedRequestCanRecover() async throws {
        let transport = ScriptedTransport { request, index in
            TransportResponse(statusCode: index < 2 ? 503 : 200, url: request.url)
        }
        let provider = Provider<TestTarget>(transport: transport, interceptors: [quick])
        let target = TestTarget(
            baseURL: URL(string: "https://api.example.com")!, path: "x", validationType: .successCodes)
        #expect(try await provider.request(target).statusCode == 200)
        #expect(transport.requests.count == 3)
    }

    @Test func delaysFollowTheBackoffWithBoundedJitter() {
        let exact = RetryPolicy(jitter: 0)
        #expect([0, 1, 2, 3].map(exact.delay(beforeRetry:)) == [0.5, 1, 2, 4])
        #expect(RetryPolicy(jitter: 0, maximumDelay: 3).delay(beforeRetry: 10) == 3)
        let jittered = RetryPolicy(jitter: 0.25)
        for attempt in 0..<4 {
            let base = 0.5 * pow(2, Double(attempt))
            let delay = jittered.delay(beforeRetry: attempt)
            #expect(delay >= base && delay <= base * 1.25)
        }
    }
}
