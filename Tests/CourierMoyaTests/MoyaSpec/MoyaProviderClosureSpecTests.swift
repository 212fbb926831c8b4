import CourierMoya
import Testing

// More of Moya 15.0.3's MoyaProviderSpec, against the spec server on 127.0.0.1 (see
// MoyaProviderSpecTests.swift).

/// Custom endpoint closures, request closures and sample responses.
@Suite struct CustomClosuresSpecTests {
    @Test func aCustomRequestClosureIsRun() {
        let ran = Recorder(false)
        let requestClosure: MoyaProvider<GitHub>.RequestClosure = { endpoint, done in
            ran.set(true)
            do {
                done(.success(try endpoint.urlRequest()))
            } catch {
                done(.failure(MoyaError.parameterEncoding(error)))
            }
        }
        let provider = MoyaProvider<GitHub>(requestClosure: requestClosure, stubClosure: MoyaProvider.immediatelyStub)
        provider.request(.zen) { _ in }
        #expect(ran.value)
    }

    @Test func aCustomSampleResponseClosureGivesItsData() {
        let endpointClosure: MoyaProvider<GitHub>.EndpointClosure = { target in
            Endpoint(
                url: urlString(target), sampleResponseClosure: { .networkResponse(200, target.sampleData) },
                method: target.method, task: target.task, httpHeaderFields: target.headers)
        }
        let provider = MoyaProvider<GitHub>(endpointClosure: endpointClosure, stubClosure: MoyaProvider.immediatelyStub)
        let data = Recorder<Data?>(nil)
        provider.request(.zen) { data.set($0.value?.data) }
        #expect(data.value == GitHub.zen.sampleData)
    }

    @Test func aSampleHTTPResponseIsHandedBackAsTheSameObject() throws {
        let url = try #require(URL(string: "http://example.com"))
        let response = try #require(HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil))
        let endpointClosure: MoyaProvider<GitHub>.EndpointClosure = { target in
            Endpoint(
                url: URL(target: target).absoluteString,
                sampleResponseClosure: { .response(response, target.sampleData) },
                method: target.method, task: target.task, httpHeaderFields: target.headers)
        }
        let provider = MoyaProvider<GitHub>(endpointClosure: endpointClosure, stubClosure: MoyaProvider.immediatelyStub)
        let received = Recorder<HTTPURLResponse?>(nil)
        provider.request(.zen) { received.set($0.value?.response) }
        #expect(received.value === response)
    }

    @Test func aSampleNetworkErrorFailsAsThatErrorUnderneath() {
        let error = NSError(domain: "Internal iOS Error", code: -1234, userInfo: nil)
        let endpointClosure: MoyaProvider<GitHub>.EndpointClosure = { target in
            Endpoint(
                url: urlString(target), sampleResponseClosure: { .networkError(error) }, method: target.method,
                task: target.task, httpHeaderFields: target.headers)
        }
        let provider = MoyaProvider<GitHub>(endpointClosure: endpointClosure, stubClosure: MoyaProvider.immediatelyStub)
        let received = Recorder<MoyaError?>(nil)
        provider.request(.zen) { received.set($0.error) }
        guard case .underlying(let underlying as NSError, _)? = received.value else {
            Issue.record("expected an underlying error, got \(String(describing: received.value))")
            return
        }
        #expect(underlying == error)
    }

    @Test func aRequestClosureThatFailsFailsEveryRequest() async {
        let requestClosure: MoyaProvider<GitHub>.RequestClosure = { _, done in
            done(.failure(.underlying(NSError(domain: "", code: 123, userInfo: nil), nil)))
        }
        let provider = MoyaProvider<GitHub>(requestClosure: requestClosure, stubClosure: MoyaProvider.immediatelyStub)
        let result = await send(provider, .zen)
        guard case .underlying(let underlying as NSError, _)? = result.error else {
            Issue.record("expected the request closure's error, got \(result)")
            return
        }
        #expect(underlying.code == 123)
    }
}

/// A provider whose stubs answer with a network error.
@Suite struct StubbedErrorsSpecTests {
    let provider: MoyaProvider<GitHub>

    init() {
        let failing: (GitHub) -> Endpoint = { target in
            let error = NSError(
                domain: "com.moya.moyaerror", code: 0,
                userInfo: [NSLocalizedDescriptionKey: "Houston, we have a problem"])
            return Endpoint(
                url: urlString(target), sampleResponseClosure: { .networkError(error) }, method: target.method,
                task: target.task, httpHeaderFields: target.headers)
        }
        provider = MoyaProvider(endpointClosure: failing, stubClosure: MoyaProvider.immediatelyStub)
    }

    @Test func theZenRequestFails() async {
        let result = await send(provider, .zen)
        #expect(result.error != nil)
    }

    @Test func theUserProfileRequestFails() async {
        let result = await send(provider, .userProfile("ashfurrow"))
        #expect(result.error != nil)
    }

    @Test func theStubbedErrorIsTheUnderlyingErrorWithItsDescription() {
        let received = Recorder<MoyaError?>(nil)
        provider.request(.userProfile("ashfurrow")) { received.set($0.error) }
        guard case .underlying(let error, _)? = received.value else {
            Issue.record("expected an underlying error, got \(String(describing: received.value))")
            return
        }
        #expect(error.localizedDescription == "Houston, we have a problem")
    }
}

/// Struct targets, sent through a `MultiTarget` provider.
@Suite struct StructTargetSpecTests {
    struct StructAPI: TargetType {
        let baseURL = URL(string: "http://example.com")!
        let path = "/endpoint"
        let method = Moya.Method.get
        let task = Task.requestParameters(parameters: ["key": "value"], encoding: URLEncoding.default)
        let sampleData = Data("sample data".utf8)
        let headers: [String: String]? = ["headerKey": "headerValue"]
    }

    /// A provider with immediate stubs whose request closure hands each endpoint to `look`.
    func provider(looking look: @escaping (Endpoint) -> Void) -> MoyaProvider<MultiTarget> {
        let requestClosure: MoyaProvider<MultiTarget>.RequestClosure = { endpoint, done in
            look(endpoint)
            do {
                done(.success(try endpoint.urlRequest()))
            } catch {
                done(.failure(MoyaError.parameterEncoding(error)))
            }
        }
        return MoyaProvider<MultiTarget>(requestClosure: requestClosure, stubClosure: MoyaProvider.immediatelyStub)
    }

    @Test func theEndpointHasTheStructsURL() async {
        let url = Recorder<String?>(nil)
        _ = await send(provider { url.set($0.url) }, MultiTarget(StructAPI()))
        #expect(url.value == "http://example.com/endpoint")
    }

    @Test func theEndpointHasTheStructsMethod() async {
        let method = Recorder<Moya.Method?>(nil)
        _ = await send(provider { method.set($0.method) }, MultiTarget(StructAPI()))
        #expect(method.value == .get)
    }

    @Test func theStubAnswersWithTheStructsSampleData() async {
        let provider = MoyaProvider<MultiTarget>(stubClosure: MoyaProvider.immediatelyStub)
        let result = await send(provider, MultiTarget(StructAPI()))
        #expect(result.value.flatMap { String(data: $0.data, encoding: .utf8) } == "sample data")
    }

    @Test func theEndpointHasTheStructsHeaders() async {
        let headers = Recorder<[String: String]?>(nil)
        _ = await send(provider { headers.set($0.httpHeaderFields) }, MultiTarget(StructAPI()))
        #expect(headers.value == ["headerKey": "headerValue"])
    }

    @Test func aTargetWithAnEmptyPathUsesItsBaseURLUnchanged() {
        struct PathlessAPI: TargetType {
            let baseURL = URL(string: "http://example.com/123/somepath?X-ABC-Asd=123")!
            let path = ""
            let method = Moya.Method.get
            let task = Task.requestParameters(parameters: ["key": "value"], encoding: URLEncoding.default)
            let sampleData = Data("sample data".utf8)
            let headers: [String: String]? = nil
        }
        let endpoint = MoyaProvider.defaultEndpointMapping(for: PathlessAPI())
        #expect(endpoint.url == "http://example.com/123/somepath?X-ABC-Asd=123")
    }
}

/// A provider that tracks requests in flight, sending to the spec server.
@Suite struct InflightTrackingSpecTests {
    @Test func requestsForTheSameEndpointInFlightShareOneResponse() async {
        let provider = MoyaProvider<GitHub>(callbackQueue: QueueName.serialQueue("inflight"), trackInflights: true)
        #expect(provider.inflightRequests.keys.count == 0)

        let first = Recorder<Response?>(nil)
        let inflightSeenByFirst = Recorder<Int?>(nil)
        let (second, inflightSeenBySecond) = await answer { (done: @escaping ((Response?, Int)) -> Void) in
            provider.request(.zen) { result in
                first.set(result.value)
                inflightSeenByFirst.set(provider.inflightRequests.count)
            }
            provider.request(.zen) { result in
                done((result.value, provider.inflightRequests.count))
            }
        }

        #expect(first.value != nil)
        #expect(second != nil)
        #expect(first.value == second)
        // Moya calls the waiting completions before it removes the endpoint from the table.
        #expect(inflightSeenByFirst.value == 1)
        #expect(inflightSeenBySecond == 1)
        // ...and removes it once they have returned.
        #expect(await eventually { provider.inflightRequests.count == 0 })
    }
}

/// The token a request hands back.
@Suite struct CancellableTokenSpecTests {
    @Test func cancellingTheTokenAtOnceCallsTheCompletionWithACancellationError() async {
        let provider = MoyaProvider<GitHub>(stubClosure: MoyaProvider.delayedStub(0.3))
        let result = await answer { done in
            provider.request(.zen) { done($0) }.cancel()
        }
        guard case .underlying(let error, _)? = result.error else {
            Issue.record("expected an underlying error, got \(result)")
            return
        }
        #expect((error as NSError).code == NSURLErrorCancelled)
    }
}
