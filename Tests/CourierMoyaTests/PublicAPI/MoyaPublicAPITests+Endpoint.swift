import CourierMoya
import Testing

// Moya's public API, part 2: endpoints (made, changed, subclassed, compared), sample responses and stub
// behaviours. See MoyaPublicAPITests.swift for how the symbols were listed and counted.

/// An endpoint subclass of the app's own that signs every copy it makes, as Moya apps subclass it.
final class SignedEndpoint: Endpoint {
    override func adding(newHTTPHeaderFields: [String: String]) -> Endpoint {
        let added = super.adding(newHTTPHeaderFields: newHTTPHeaderFields.merging(["X-Signed": "yes"]) { $1 })
        return SignedEndpoint(
            url: added.url, sampleResponseClosure: added.sampleResponseClosure, method: added.method, task: added.task,
            httpHeaderFields: added.httpHeaderFields)
    }

    override func replacing(task: Task) -> Endpoint {
        SignedEndpoint(
            url: url, sampleResponseClosure: sampleResponseClosure, method: method, task: task,
            httpHeaderFields: (httpHeaderFields ?? [:]).merging(["X-Replaced": "yes"]) { $1 })
    }
}

@Suite struct MoyaEndpointAPITests {
    private let url = TestServer.baseURL.appendingPathComponent("echo/endpoint").absoluteString

    private func endpoint(_ task: Task = .requestPlain, headers: [String: String]? = nil) -> Endpoint {
        Endpoint(
            url: url, sampleResponseClosure: { .networkResponse(201, Data("sample".utf8)) }, method: .post, task: task,
            httpHeaderFields: headers)
    }

    // Moya: Endpoint, Endpoint.init(url:sampleResponseClosure:method:task:httpHeaderFields:), Endpoint.url,
    // Endpoint.method, Endpoint.task, Endpoint.httpHeaderFields, Endpoint.sampleResponseClosure,
    // Endpoint.SampleResponseClosure, Endpoint.adding(newHTTPHeaderFields:), Endpoint.replacing(task:),
    // Endpoint.urlRequest(), EndpointSampleResponse, EndpointSampleResponse.networkResponse(_:_:)
    @Test func anEndpointMakesItsRequestAndChangedCopies() throws {
        let sample: Endpoint.SampleResponseClosure = { .networkResponse(201, Data("sample".utf8)) }
        let base = Endpoint(
            url: url, sampleResponseClosure: sample, method: .post, task: .requestData(Data("x".utf8)),
            httpHeaderFields: ["A": "1"])
        #expect(base.url == url && base.method == .post && base.httpHeaderFields == ["A": "1"])
        guard case .requestData(let body) = base.task,
            case .networkResponse(201, let data) = base.sampleResponseClosure()
        else {
            Issue.record("the endpoint lost its task or sample")
            return
        }
        #expect(body == Data("x".utf8) && data == Data("sample".utf8))

        let added = base.adding(newHTTPHeaderFields: ["B": "2", "A": "3"])
        #expect(added.httpHeaderFields == ["A": "3", "B": "2"] && base.httpHeaderFields == ["A": "1"])
        let replaced = added.replacing(
            task: .requestParameters(parameters: ["q": 1], encoding: URLEncoding.queryString))
        let request = try replaced.urlRequest()
        #expect(request.url?.query == "q=1" && request.httpMethod == "POST")
        #expect(request.value(forHTTPHeaderField: "B") == "2")

        #expect(throws: MoyaError.self) {
            _ = try Endpoint(
                url: "", sampleResponseClosure: sample, method: .get, task: .requestPlain, httpHeaderFields: nil
            ).urlRequest()
        }
    }

    // Moya: Endpoint.==(_:_:), Endpoint.hash(into:)
    @Test func endpointsOfTheSameRequestAreEqualAndHashAlike() {
        let first = endpoint(.requestData(Data("a".utf8)), headers: ["A": "1"])
        let same = endpoint(.requestData(Data("a".utf8)), headers: ["A": "1"])
        let other = endpoint(.requestData(Data("b".utf8)), headers: ["A": "1"])
        #expect(first == same && first != other)
        var left = Hasher()
        first.hash(into: &left)
        var right = Hasher()
        same.hash(into: &right)
        #expect(left.finalize() == right.finalize())
        #expect(Set([first, same, other]).count == 2)
    }

    // Moya: Endpoint.adding(newHTTPHeaderFields:), Endpoint.replacing(task:) (overridden by a subclass)
    @Test func aSubclassedEndpointIsWhatTheProviderSends() async throws {
        let provider = MoyaProvider<StoreAPI>(endpointClosure: { target in
            let endpoint = SignedEndpoint(
                url: URL(target: target).absoluteString, sampleResponseClosure: { .networkResponse(200, Data()) },
                method: target.method, task: target.task, httpHeaderFields: target.headers)
            return endpoint.adding(newHTTPHeaderFields: ["X-Version": "2"]).replacing(task: .requestPlain)
        })
        let echo = try echo(await answer(provider, .data(Data("dropped".utf8))))
        #expect(echo.headers["x-signed"] == "yes" && echo.headers["x-replaced"] == "yes")
        #expect(echo.headers["x-version"] == "2" && echo.headers["x-app"] == "store" && echo.body.isEmpty)
    }

    // Moya: EndpointSampleResponse.networkResponse(_:_:), EndpointSampleResponse.response(_:_:),
    // EndpointSampleResponse.networkError(_:), StubBehavior, StubBehavior.immediate
    @Test func sampleResponsesAnswerStubbedRequests() async throws {
        let http = HTTPURLResponse(
            url: URL(string: url)!, statusCode: 202, httpVersion: "HTTP/1.1", headerFields: ["X-Stub": "1"])!
        let samples: [EndpointSampleResponse] = [
            .networkResponse(201, Data("one".utf8)), .response(http, Data("two".utf8)),
            .networkError(NSError(domain: "Store", code: 7)),
        ]
        for sample in samples {
            let provider = MoyaProvider<MinimalTarget>(
                endpointClosure: { target in
                    Endpoint(
                        url: URL(target: target).absoluteString, sampleResponseClosure: { sample },
                        method: target.method, task: target.task, httpHeaderFields: target.headers)
                }, stubClosure: { _ in StubBehavior.immediate })
            let result = await answer(provider, MinimalTarget())
            switch (sample, result) {
            case (.networkResponse(let code, let data), .success(let response)):
                #expect(response.statusCode == code && response.data == data && response.response == nil)
            case (.response(let http, let data), .success(let response)):
                #expect(response.statusCode == http.statusCode && response.data == data)
                #expect(response.response?.value(forHTTPHeaderField: "X-Stub") == "1")
            case (.networkError(let error), .failure(.underlying(let underlying, nil))):
                #expect((underlying as NSError).domain == error.domain && (underlying as NSError).code == 7)
            default:
                Issue.record("\(sample) was answered with \(result)")
            }
        }
    }

    // Moya: StubBehavior, StubBehavior.never, StubBehavior.immediate, StubBehavior.delayed(seconds:),
    // MoyaProvider.neverStub(_:), MoyaProvider.immediatelyStub(_:), MoyaProvider.delayedStub(_:)
    @Test func stubBehavioursChooseBetweenTheSampleAndTheNetwork() async throws {
        func seconds(_ behavior: StubBehavior) -> TimeInterval? {
            switch behavior {
            case .never: return nil
            case .immediate: return 0
            case .delayed(let seconds): return seconds
            }
        }
        #expect(seconds(MoyaProvider<StoreAPI>.neverStub(.plain)) == nil)
        #expect(seconds(MoyaProvider<StoreAPI>.immediatelyStub(.plain)) == 0)
        #expect(seconds(MoyaProvider<StoreAPI>.delayedStub(0.05)(.plain)) == 0.05)

        let sampled = MoyaProvider<StoreAPI>(stubClosure: MoyaProvider.immediatelyStub)
        #expect(try await answer(sampled, .plain).get().map(StoreItem.self).itemName == "sample")
        let delayed = MoyaProvider<StoreAPI>(stubClosure: MoyaProvider.delayedStub(0.05))
        #expect(try await answer(delayed, .plain).get().data == StoreAPI.plain.sampleData)
        let network = MoyaProvider<StoreAPI>(stubClosure: { _ in .never })
        #expect(try echo(await answer(network, .plain)).path == "/echo/store")
    }
}
