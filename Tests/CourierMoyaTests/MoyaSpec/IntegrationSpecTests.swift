import CourierMoya
import Testing

// The expectations of Moya 15.0.3's MoyaProviderIntegrationTests, without the reactive parts. Moya's
// requests went to GitHub and httpbin, stubbed with OHHTTPStubs; these go to the spec server on
// 127.0.0.1, which answers the same paths with the same bodies (and checks the credentials it is sent).

/// An interceptor that counts the requests its session adapts.
private final class CountingInterceptor: RequestInterceptor, @unchecked Sendable {
    let adapted = Recorder(0)

    func adapt(
        _ urlRequest: URLRequest, for session: Session, completion: @escaping (Result<URLRequest, Error>) -> Void
    ) {
        adapted.update { $0 += 1 }
        completion(.success(urlRequest))
    }
}

@Suite struct IntegrationSpecTests {
    let provider = MoyaProvider<GitHub>(callbackQueue: DispatchQueue(label: "integration"))

    @Test func theZenRequestGetsTheServersText() async {
        let result = await send(provider, .zen)
        #expect(result.value.flatMap { String(data: $0.data, encoding: .utf8) } == SpecSamples.zen, "\(result)")
    }

    @Test func theUserProfileRequestGetsTheServersProfile() async {
        let target = GitHub.userProfile("ashfurrow")
        let result = await send(provider, target)
        #expect(result.value?.data == target.sampleData, "\(result)")
    }

    @Test func aStatusTheValidationRejectsFailsWithTheRealResponse() async {
        let result = await send(provider, .userProfile("invalid"))
        #expect(result.error?.response != nil)
        #expect(result.error?.response?.statusCode == 400)
        guard
            case .underlying(let underlying, _)? = result.error,
            case .responseValidationFailed(reason: .unacceptableStatusCode(code: 400))? = underlying as? AFError
        else {
            Issue.record("expected AFError.responseValidationFailed(.unacceptableStatusCode(400)), got \(result)")
            return
        }
    }

    @Test func aProviderSendsThroughTheSessionItIsGiven() async {
        // Moya's spec overrides `Session.request(_:interceptor:)` to see that the provider used it.
        // CourierMoya's Session has no such method (Courier's transport sends the request), so the
        // session's interceptor is what tells that its session sent the request.
        let interceptor = CountingInterceptor()
        let provider = MoyaProvider<GitHub>(
            callbackQueue: DispatchQueue(label: "session"), session: Session(interceptor: interceptor))
        let result = await send(provider, .zen)
        #expect(result.error == nil, "\(result)")
        #expect(interceptor.adapted.value == 1)
    }

    @Test func aCompletionRunsOnTheBackgroundQueueItIsGiven() async {
        let queue = QueueName.concurrentQueue("background_queue")
        let label = await answer { done in
            MoyaProvider<GitHub>().request(.zen, callbackQueue: queue) { _ in done(QueueName.current) }
        }
        #expect(label == "background_queue")
    }

    @Test func aCompletionRunsOnTheMainQueueByDefault() async {
        QueueName.markMainQueue()
        let label = await answer { done in
            MoyaProvider<GitHub>().request(.zen) { _ in done(QueueName.current) }
        }
        #expect(label == "main")
    }

    @Test func aCredentialsPluginIsAskedForANetworkRequestEvenWhenItGivesNone() async {
        let asked = Recorder(false)
        let plugin = CredentialsPlugin { _ in
            asked.set(true)
            return nil
        }
        let provider = MoyaProvider<HTTPBin>(callbackQueue: DispatchQueue(label: "credentials"), plugins: [plugin])
        #expect(provider.plugins.count == 1)
        _ = await send(provider, .basicAuth)
        #expect(asked.value)
    }

    @Test func theCredentialOfACredentialsPluginAuthenticatesTheRequest() async {
        let asked = Recorder(false)
        let plugin = CredentialsPlugin { _ in
            asked.set(true)
            return URLCredential(user: "user", password: "passwd", persistence: .none)
        }
        let provider = MoyaProvider<HTTPBin>(callbackQueue: DispatchQueue(label: "credentials"), plugins: [plugin])
        let result = await send(provider, .basicAuth)
        #expect(asked.value)
        #expect(result.value?.data == HTTPBin.basicAuth.sampleData, "\(result)")
    }

    @Test func theNetworkActivityPluginHearsANetworkRequestBegin() async {
        let began = Recorder<GitHub?>(nil)
        let plugin = NetworkActivityPlugin { change, target in
            if change == .began { began.set(target as? GitHub) }
        }
        _ = await send(MoyaProvider<GitHub>(callbackQueue: DispatchQueue(label: "activity"), plugins: [plugin]), .zen)
        #expect(began.value == .zen)
    }

    @Test func theNetworkActivityPluginHearsANetworkRequestEnd() async {
        let ended = Recorder<GitHub?>(nil)
        let plugin = NetworkActivityPlugin { change, target in
            if change == .ended { ended.set(target as? GitHub) }
        }
        _ = await send(MoyaProvider<GitHub>(callbackQueue: DispatchQueue(label: "activity"), plugins: [plugin]), .zen)
        #expect(ended.value == .zen)
    }

    /// A verbose logger writing to `log`, and a provider with it.
    private func loggingProvider(_ log: Recorder<String>) -> (NetworkLoggerPlugin, MoyaProvider<GitHub>) {
        let plugin = NetworkLoggerPlugin(
            configuration: .init(output: { _, items in log.update { $0 += items.joined() } }, logOptions: .verbose))
        return (plugin, MoyaProvider<GitHub>(callbackQueue: DispatchQueue(label: "logger"), plugins: [plugin]))
    }

    @Test func theVerboseLoggerLogsANetworkRequestAndItsResponse() async {
        let log = Recorder("")
        let (_, provider) = loggingProvider(log)
        _ = await send(provider, .zen)

        let text = log.value
        #expect(text.contains("Request: \(urlString(GitHub.zen))"))
        #expect(text.contains("Request Headers: "))
        #expect(text.contains("User-Agent"))
        #expect(text.contains("Accept-Encoding"))
        #expect(text.contains("Accept-Language"))
        #expect(text.contains("HTTP Request Method: GET"))
        #expect(text.contains("Response:"))
        #expect(text.contains("{ URL: \(urlString(GitHub.zen)) }"))
        #expect(text.lowercased().contains("{ status code: 200, headers"), "\(text)")
        #expect(text.lowercased().contains("\"content-length\""), "\(text)")
    }

    @Test func theCURLLoggerLogsANetworkRequestAsACURLCommandWithTheSessionHeaders() async {
        let log = Recorder("")
        let (plugin, _) = loggingProvider(log)
        plugin.configuration.logOptions.insert(.formatRequestAscURL)
        let provider = MoyaProvider<GitHub>(callbackQueue: DispatchQueue(label: "logger"), plugins: [plugin])
        _ = await send(provider, .zen)

        let text = log.value
        #expect(text.contains("$ curl -v"), "\(text)")
        #expect(text.contains("-X GET"), "\(text)")
        #expect(text.contains(#"-H "Accept-Language:"#), "\(text)")
        #expect(text.contains(#"-H "Accept-Encoding:"#), "\(text)")
        #expect(text.contains(#"-H "User-Agent:"#), "\(text)")
        #expect(text.contains("\"\(urlString(GitHub.zen))\""), "\(text)")
        #expect(text.contains("Response:"))
        #expect(text.contains("{ URL: \(urlString(GitHub.zen)) }"))
    }

    @Test func theAccessTokenPluginPutsTheBearerTokenInTheAuthorizationHeader() async {
        let token = UUID().uuidString
        let provider = MoyaProvider<HTTPBin>(
            stubClosure: MoyaProvider.immediatelyStub, plugins: [AccessTokenPlugin { _ in token }])
        let result = await send(provider, .bearer)
        #expect(result.value?.request?.value(forHTTPHeaderField: "Authorization") == "Bearer \(token)")
    }
}

/// Multipart uploads validated by status code (Moya's fix for validation being skipped on them).
@Suite struct MultipartValidationSpecTests {
    let provider = MoyaProvider<HTTPBin>(callbackQueue: DispatchQueue(label: "multipart"))

    @Test func aMultipartUploadWhoseStatusIsNotTheOneAcceptedFails() async throws {
        let result = await send(provider, .validatedUploadMultipart(try HTTPBin.sampleForm(), nil, [287]))
        #expect(result.value == nil)
        #expect(result.error != nil)
    }

    @Test func aMultipartUploadWhoseStatusIsASuccessCodeSucceeds() async throws {
        // Moya lists the codes with `ValidationType.successCodes.statusCodes`, which is internal to Moya.
        let result = await send(provider, .validatedUploadMultipart(try HTTPBin.sampleForm(), nil, Array(200..<300)))
        #expect(result.value != nil)
        #expect(result.error == nil, "\(result)")
    }
}
