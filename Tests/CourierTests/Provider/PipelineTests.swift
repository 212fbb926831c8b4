import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The request path through the Transport seam: closures, plugin hooks, interceptors and errors.
@Suite struct PipelineTests {
    private let target = TestTarget(baseURL: URL(string: "https://api.example.com/v1")!, path: "items")

    @Test func pluginHooksRunInTheDocumentedOrder() async throws {
        let log = EventLog()
        let plugins = ["a", "b"].map { HookRecorder(name: $0, log: log) }
        let provider = Provider<TestTarget>(transport: ScriptedTransport(), plugins: plugins)
        _ = try await provider.request(target)
        #expect(
            log.events == [
                "a.prepare", "b.prepare", "a.willSend", "b.willSend", "a.didReceive", "b.didReceive", "a.process",
                "b.process",
            ])
    }

    @Test func preparedRequestIsWhatTheTransportSends() async throws {
        let transport = ScriptedTransport()
        let provider = Provider<TestTarget>(transport: transport, plugins: [HookRecorder(name: "first")])
        _ = try await provider.request(target)
        #expect(transport.requests.first?.value(forHTTPHeaderField: "X-Prepared-By") == "first")
    }

    @Test func processCanReplaceTheResult() async throws {
        struct Replace: PluginType {
            func process(_ result: Result<Response, CourierError>, target: any TargetType) -> Result<
                Response, CourierError
            > {
                .success(Response(statusCode: 299, data: Data("replaced".utf8)))
            }
        }
        let provider = Provider<TestTarget>(transport: ScriptedTransport(statusCode: 500), plugins: [Replace()])
        let response = try await provider.request(target)
        #expect(response.statusCode == 299)
    }

    @Test func endpointClosureChangesEveryRequest() async throws {
        let transport = ScriptedTransport()
        let provider = Provider<TestTarget>(
            endpointClosure: { target in
                Provider.defaultEndpointMapping(for: target).adding(newHTTPHeaderFields: ["X-App": "courier"])
            },
            transport: transport)
        _ = try await provider.request(target)
        let sent = try #require(transport.requests.first)
        #expect(sent.value(forHTTPHeaderField: "X-App") == "courier")
        #expect(sent.url?.absoluteString == "https://api.example.com/v1/items")
        #expect(sent.httpMethod == "GET")
    }

    @Test func asyncRequestClosureCanRewriteTheRequest() async throws {
        let transport = ScriptedTransport()
        let provider = Provider<TestTarget>(
            requestClosure: { endpoint in
                var request = try await Provider<TestTarget>.defaultRequestMapping(for: endpoint)
                try await Task.sleep(nanoseconds: 1_000_000)
                request.timeoutInterval = 7
                request.setValue("yes", forHTTPHeaderField: "X-Async")
                return request
            },
            transport: transport)
        _ = try await provider.request(target)
        #expect(transport.requests.first?.value(forHTTPHeaderField: "X-Async") == "yes")
        #expect(transport.requests.first?.timeoutInterval == 7)
    }

    @Test func requestClosureErrorFailsTheRequestBeforeAnyPlugin() async throws {
        struct Refused: Error {}
        let recorder = HookRecorder(name: "a")
        let transport = ScriptedTransport()
        let provider = Provider<TestTarget>(
            requestClosure: { _ in throw Refused() }, transport: transport, plugins: [recorder])
        let error = await #expect(throws: CourierError.self) { try await provider.request(target) }
        guard case .underlying(let underlying, nil) = error else {
            Issue.record("expected .underlying, got \(String(describing: error))")
            return
        }
        #expect(underlying is Refused)
        #expect(recorder.events.isEmpty)
        #expect(transport.requests.isEmpty)
    }

    @Test func unbuildableURLIsRequestMappingError() async throws {
        let provider = Provider<TestTarget>(
            endpointClosure: { target in
                let endpoint = Provider.defaultEndpointMapping(for: target)
                return Endpoint(
                    url: "not a url", sampleResponseClosure: endpoint.sampleResponseClosure, method: endpoint.method,
                    task: endpoint.task, httpHeaderFields: nil)
            },
            transport: ScriptedTransport())
        let error = await #expect(throws: CourierError.self) { try await provider.request(target) }
        guard case .requestMapping(let url) = error else {
            Issue.record("expected .requestMapping, got \(String(describing: error))")
            return
        }
        #expect(url == "not a url")
    }

    @Test func badParametersAreParameterEncodingError() async throws {
        var bad = target
        bad.method = .post
        bad.task = .requestParameters(parameters: ["ratio": Double.nan], encoding: JSONEncoding.default)
        let provider = Provider<TestTarget>(transport: ScriptedTransport())
        let error = await #expect(throws: CourierError.self) { try await provider.request(bad) }
        guard case .parameterEncoding(let underlying) = error else {
            Issue.record("expected .parameterEncoding, got \(String(describing: error))")
            return
        }
        #expect((underlying as? ParameterEncodingError)?.reason.contains("ratio") == true)
    }

    @Test func transportErrorsAreUnderlyingErrors() async throws {
        let provider = Provider<TestTarget>(
            transport: ScriptedTransport { _, _ in throw URLError(.networkConnectionLost) })
        let error = await #expect(throws: CourierError.self) { try await provider.request(target) }
        guard case .underlying(let underlying, nil) = error else {
            Issue.record("expected .underlying, got \(String(describing: error))")
            return
        }
        #expect((underlying as? URLError)?.code == .networkConnectionLost)
        #expect(error?.isCancelled == false)
    }

    @Test func interceptorsAdaptEachAttemptInOrderAndMayRetry() async throws {
        let transport = ScriptedTransport { request, index in
            TransportResponse(statusCode: index == 0 ? 503 : 200, url: request.url)
        }
        let provider = Provider<TestTarget>(
            transport: transport,
            interceptors: [Tagging(tag: "one"), Tagging(tag: "two"), RetryOnce()])
        let response = try await provider.request(target)
        #expect(response.statusCode == 200)
        #expect(transport.requests.count == 2)
        #expect(transport.requests.map { $0.value(forHTTPHeaderField: "X-Tags") } == ["one,two", "one,two"])
    }

    @Test func retriedRequestRunsPrepareAndWillSendPerAttemptButDidReceiveOnce() async throws {
        let recorder = HookRecorder(name: "a")
        let transport = ScriptedTransport { request, index in
            TransportResponse(statusCode: index < 2 ? 500 : 200, url: request.url)
        }
        let provider = Provider<TestTarget>(
            transport: transport, plugins: [recorder], interceptors: [RetryOnce(limit: 2)])
        let response = try await provider.request(target)
        #expect(response.statusCode == 200)
        #expect(
            recorder.events == [
                "prepare", "willSend", "prepare", "willSend", "prepare", "willSend", "didReceive", "process",
            ])
    }
}

/// Adds its tag to `X-Tags`.
private struct Tagging: RequestInterceptor {
    let tag: String

    func adapt(_ request: URLRequest, for target: any TargetType) async throws -> URLRequest {
        var request = request
        let tags = request.value(forHTTPHeaderField: "X-Tags").map { $0 + "," + tag } ?? tag
        request.setValue(tags, forHTTPHeaderField: "X-Tags")
        return request
    }
}

/// Retries a failed attempt up to `limit` times.
private struct RetryOnce: RequestInterceptor {
    var limit = 1

    func retry(
        _ request: URLRequest, for target: any TargetType, result: Result<Response, CourierError>, attempt: Int
    ) async -> RetryDecision {
        attempt < limit ? .retry : .doNotRetry
    }
}
