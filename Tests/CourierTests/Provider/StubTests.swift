import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Stubbed requests answer from sample data, through the same validation and plugins as real ones.
@Suite struct StubTests {
    private let target = TestTarget(
        baseURL: URL(string: "https://api.example.com")!, path: "/users", sampleData: Data(#"{"id":1}"#.utf8))

    @Test func immediateStubAnswersWithSampleDataWithoutTheTransport() async throws {
        let transport = ScriptedTransport()
        let provider = Provider<TestTarget>(stubClosure: Provider.immediatelyStub, transport: transport)
        let response = try await provider.request(target)
        #expect(response.statusCode == 200)
        #expect(response.data == Data(#"{"id":1}"#.utf8))
        #expect(response.request?.url?.absoluteString == "https://api.example.com/users")
        #expect(transport.requests.isEmpty)
    }

    /// The one-line stub of a failure: a target's `sampleStatusCode`.
    private enum Users: TargetType {
        case found, missing
        var baseURL: URL { URL(string: "https://api.example.com")! }
        var path: String { "/users" }
        var method: Method { .get }
        var task: HTTPTask { .requestPlain }
        var headers: [String: String]? { nil }
        var sampleData: Data { Data(#"{"error":"no such user"}"#.utf8) }
        var validationType: ValidationType { .successCodes }
        var sampleStatusCode: Int { self == .missing ? 404 : 200 }
    }

    @Test func aTargetsSampleStatusCodeIsTheStubbedStatusAndIsValidated() async throws {
        let provider = Provider<Users>(stubClosure: Provider.immediatelyStub)
        #expect(try await provider.request(.found).statusCode == 200)
        let outcome = await result { () async throws(CourierError) in try await provider.request(.missing) }
        guard case .failure(.statusCode(let response)) = outcome else {
            Issue.record("expected statusCode, got \(outcome)")
            return
        }
        #expect(response.statusCode == 404)
        #expect(try response.mapString(atKeyPath: "error") == "no such user")
        let multi = Provider<MultiTarget>(stubClosure: Provider.immediatelyStub)
        let multiOutcome = await result { () async throws(CourierError) in
            try await multi.request(MultiTarget(Users.missing))
        }
        guard case .failure(let error) = multiOutcome else {
            Issue.record("expected a failure, got \(multiOutcome)")
            return
        }
        #expect(error.response?.statusCode == 404, "MultiTarget forwards it")
    }

    @Test func delayedStubWaitsAtLeastItsDelay() async throws {
        let provider = Provider<TestTarget>(stubClosure: Provider.delayedStub(0.3))
        let elapsed = try await seconds { _ = try await provider.request(target) }
        #expect(elapsed >= 0.3)
    }

    /// Delays no number of seconds can express trap nowhere: not a number is no delay, infinity waits
    /// until cancelled.
    @Test func delaysThatAreNoNumberOrEndlessNeitherTrapNorHang() async throws {
        let immediate = Provider<TestTarget>(stubClosure: Provider.delayedStub(.nan))
        #expect(try await immediate.request(target).statusCode == 200)
        let endless = Provider<TestTarget>(stubClosure: Provider.delayedStub(.infinity))
        let task = Task { try await endless.request(target) }
        try await Task.sleep(for: .milliseconds(50))
        task.cancel()
        let error = await #expect(throws: CourierError.self) { try await task.value }
        #expect(error?.isCancelled == true)
    }

    @Test func neverStubUsesTheTransport() async throws {
        let transport = ScriptedTransport(statusCode: 202, body: "real")
        let provider = Provider<TestTarget>(stubClosure: Provider.neverStub, transport: transport)
        let response = try await provider.request(target)
        #expect(response.statusCode == 202)
        #expect(transport.requests.count == 1)
    }

    @Test func sampleResponsesOfEveryKind() async throws {
        let url = try #require(URL(string: "https://api.example.com/users"))
        let http = try #require(
            HTTPURLResponse(url: url, statusCode: 201, httpVersion: "HTTP/1.1", headerFields: ["X-Stub": "yes"]))
        let cases: [(Endpoint.SampleResponse, Int?)] = [
            (.networkResponse(404, Data("missing".utf8)), 404),
            (.response(http, Data("made".utf8)), 201),
            (.networkError(URLError(.timedOut)), nil),
        ]
        for (sample, status) in cases {
            let provider = Provider<TestTarget>(
                endpointClosure: { target in
                    Provider.defaultEndpointMapping(for: target).replacingSample { sample }
                },
                stubClosure: Provider.immediatelyStub)
            let outcome = await result { () async throws(CourierError) in try await provider.request(target) }
            switch (outcome, status) {
            case (.success(let response), let status?):
                #expect(response.statusCode == status)
            case (.failure(.underlying(let error, nil)), nil):
                #expect((error as? URLError)?.code == .timedOut)
            default:
                Issue.record("unexpected outcome \(outcome) for \(sample)")
            }
        }
    }

    @Test func stubbedStatusIsValidated() async throws {
        var failing = target
        failing.validationType = .successCodes
        let provider = Provider<TestTarget>(
            endpointClosure: {
                Provider.defaultEndpointMapping(for: $0).replacingSample { .networkResponse(500, Data()) }
            },
            stubClosure: Provider.immediatelyStub)
        let error = await #expect(throws: CourierError.self) { try await provider.request(failing) }
        guard case .statusCode(let response) = error else {
            Issue.record("expected .statusCode, got \(String(describing: error))")
            return
        }
        #expect(response.statusCode == 500)
    }

    @Test func stubbedRequestsRunThePluginHooks() async throws {
        let recorder = HookRecorder(name: "a")
        let provider = Provider<TestTarget>(stubClosure: Provider.immediatelyStub, plugins: [recorder])
        let response = try await provider.request(target)
        #expect(recorder.events == ["prepare", "willSend", "didReceive", "process"])
        #expect(response.request?.value(forHTTPHeaderField: "X-Prepared-By") == "a")
    }
}

extension Endpoint {
    /// A copy whose stub answers with `sample`.
    fileprivate func replacingSample(_ sample: @escaping @Sendable () -> SampleResponse) -> Endpoint {
        Endpoint(
            url: url, sampleResponseClosure: sample, method: method, task: task, httpHeaderFields: httpHeaderFields)
    }
}
