import CourierMoya
import Testing

// Moya's public API, part 4: plugins (an app's own, with and without Moya's defaults), the request they
// are shown, and Moya's four plugins with every option. See MoyaPublicAPITests.swift for how the
// symbols were listed and counted.

/// A plugin of the app's own implementing every hook.
final class StampPlugin: PluginType {
    let heard = Recorder<[String]>([])

    func prepare(_ request: URLRequest, target: TargetType) -> URLRequest {
        var request = request
        request.setValue("prepared", forHTTPHeaderField: "X-Plugin")
        return request
    }

    func willSend(_ request: RequestType, target: TargetType) {
        heard.append("willSend \(request.request?.value(forHTTPHeaderField: "X-Plugin") ?? "-")")
        heard.append("sessionHeaders \(request.sessionHeaders["X-Session"] ?? "-")")
        _ = request.cURLDescription { command in
            self.heard.append(command.contains("curl") && command.contains("/echo/store") ? "curl" : command)
        }
    }

    func didReceive(_ result: Result<Response, MoyaError>, target: TargetType) {
        heard.append("didReceive \((try? result.get().statusCode) ?? -1)")
    }

    func process(_ result: Result<Response, MoyaError>, target: TargetType) -> Result<Response, MoyaError> {
        result.flatMap {
            .success(Response(statusCode: 299, data: $0.data, request: $0.request, response: $0.response))
        }
    }
}

/// A plugin that relies on every default of `PluginType`.
struct QuietPlugin: PluginType {}

@Suite struct MoyaPluginAPITests {
    private let request = URLRequest(url: URL(target: StoreAPI.plain))

    // Moya: PluginType, PluginType.prepare(_:target:), PluginType.willSend(_:target:), PluginType.didReceive(_:target:),
    // PluginType.process(_:target:), RequestType, RequestType.request, RequestType.sessionHeaders,
    // RequestType.cURLDescription(calling:)
    @Test func aPluginOfTheAppsOwnHooksIntoEveryRequest() async throws {
        let configuration = URLSessionConfiguration.default
        configuration.httpAdditionalHeaders = ["X-Session": "on"]
        let plugin = StampPlugin()
        let provider = MoyaProvider<StoreAPI>(session: Session(configuration: configuration), plugins: [plugin])
        let result = await answer(provider, .plain)
        #expect(try result.get().statusCode == 299)
        #expect(try echo(result).headers["x-plugin"] == "prepared")
        #expect(Set(plugin.heard.value) == ["willSend prepared", "sessionHeaders on", "curl", "didReceive 200"])
    }

    // Moya: PluginType.prepare(_:target:), PluginType.willSend(_:target:), PluginType.didReceive(_:target:),
    // PluginType.process(_:target:) (the default implementations)
    @Test func pluginDefaultsChangeNothing() throws {
        let plugin: PluginType = QuietPlugin()
        let result: Result<Response, MoyaError> = .success(Response(statusCode: 201, data: Data("x".utf8)))
        plugin.willSend(FakeRequest(request), target: StoreAPI.plain)
        plugin.didReceive(result, target: StoreAPI.plain)
        #expect(plugin.prepare(request, target: StoreAPI.plain) == request)
        #expect(try plugin.process(result, target: StoreAPI.plain).get() == result.get())
    }

    // Moya: AccessTokenPlugin, AccessTokenPlugin.init(tokenClosure:), AccessTokenPlugin.TokenClosure,
    // AccessTokenPlugin.tokenClosure, AccessTokenPlugin.prepare(_:target:)
    @Test func theAccessTokenPluginAuthorizesTheTargetsThatAsk() {
        let tokenClosure: AccessTokenPlugin.TokenClosure = { target in "token-for-\(target.path)" }
        let plugin = AccessTokenPlugin(tokenClosure: tokenClosure)
        #expect(plugin.tokenClosure(StoreAPI.plain) == "token-for-/echo/store")
        let authorized = plugin.prepare(request, target: StoreAPI.plain)
        #expect(authorized.value(forHTTPHeaderField: "Authorization") == "Bearer token-for-/echo/store")
        let multi = plugin.prepare(request, target: MultiTarget(StoreAPI.plain))
        #expect(multi.value(forHTTPHeaderField: "Authorization") == "Bearer token-for-/echo/store")
        #expect(plugin.prepare(request, target: MinimalTarget()).value(forHTTPHeaderField: "Authorization") == nil)
    }

    // Moya: CredentialsPlugin, CredentialsPlugin.init(credentialsClosure:), CredentialsPlugin.CredentialClosure,
    // CredentialsPlugin.willSend(_:target:), RequestType.authenticate(with:),
    // RequestType.authenticate(username:password:persistence:)
    @Test func theCredentialsPluginAuthenticatesTheRequest() {
        let credentials: CredentialsPlugin.CredentialClosure = { target in
            target.path == "/echo/store" ? URLCredential(user: "ann", password: "pw", persistence: .none) : nil
        }
        let plugin = CredentialsPlugin(credentialsClosure: credentials)
        let sent = FakeRequest(request)
        plugin.willSend(sent, target: StoreAPI.plain)
        #expect(sent.credential?.user == "ann" && sent.credential?.password == "pw")
        let skipped = FakeRequest(request)
        plugin.willSend(skipped, target: MinimalTarget())
        #expect(skipped.credential == nil)
        let byName = FakeRequest(request).authenticate(username: "bo", password: "x", persistence: .forSession)
        #expect(byName.credential?.user == "bo" && byName.credential?.persistence == .forSession)
    }

    // Moya: NetworkActivityPlugin, NetworkActivityPlugin.init(networkActivityClosure:),
    // NetworkActivityPlugin.NetworkActivityClosure, NetworkActivityPlugin.willSend(_:target:),
    // NetworkActivityPlugin.didReceive(_:target:), NetworkActivityChangeType, NetworkActivityChangeType.began,
    // NetworkActivityChangeType.ended
    @Test func theNetworkActivityPluginReportsBeginAndEnd() async {
        let changes = Recorder<[String]>([])
        let closure: NetworkActivityPlugin.NetworkActivityClosure = { change, target in
            switch change {
            case .began: changes.append("began \(target.path)")
            case .ended: changes.append("ended \(target.path)")
            }
        }
        let plugin = NetworkActivityPlugin(networkActivityClosure: closure)
        plugin.willSend(FakeRequest(request), target: MinimalTarget())
        plugin.didReceive(.failure(.requestMapping("")), target: MinimalTarget())
        #expect(changes.value == ["began /echo/minimal", "ended /echo/minimal"])
        _ = await answer(MoyaProvider<StoreAPI>(plugins: [plugin]), .plain)
        #expect(changes.value.suffix(2) == ["began /echo/store", "ended /echo/store"])
    }

    // Moya: NetworkLoggerPlugin, NetworkLoggerPlugin.init(configuration:), NetworkLoggerPlugin.configuration,
    // NetworkLoggerPlugin.willSend(_:target:), NetworkLoggerPlugin.didReceive(_:target:),
    // NetworkLoggerPlugin.Configuration, NetworkLoggerPlugin.Configuration.init(formatter:output:logOptions:),
    // NetworkLoggerPlugin.Configuration.OutputType, NetworkLoggerPlugin.Configuration.formatter,
    // NetworkLoggerPlugin.Configuration.output, NetworkLoggerPlugin.Configuration.logOptions,
    // NetworkLoggerPlugin.Configuration.Formatter, NetworkLoggerPlugin.Configuration.Formatter.init(entry:requestData:responseData:),
    // NetworkLoggerPlugin.Configuration.Formatter.entry, NetworkLoggerPlugin.Configuration.Formatter.requestData,
    // NetworkLoggerPlugin.Configuration.Formatter.responseData, NetworkLoggerPlugin.Configuration.Formatter.EntryFormatterType,
    // NetworkLoggerPlugin.Configuration.Formatter.DataFormatterType, NetworkLoggerPlugin.Configuration.LogOptions.verbose
    @Test func theLoggerWritesEntriesThroughTheAppsFormatterAndOutput() async throws {
        let logged = Recorder<[[String]]>([])
        let entry: NetworkLoggerPlugin.Configuration.Formatter.EntryFormatterType = { identifier, message, _ in
            "\(identifier)=\(message)"
        }
        let bytes: NetworkLoggerPlugin.Configuration.Formatter.DataFormatterType = { "\($0.count) bytes" }
        var formatter = NetworkLoggerPlugin.Configuration.Formatter(
            entry: entry, requestData: bytes, responseData: bytes)
        formatter.responseData = { _ in "response body" }
        let output: NetworkLoggerPlugin.Configuration.OutputType = { _, items in logged.append(items) }
        var configuration = NetworkLoggerPlugin.Configuration(
            formatter: formatter, output: output, logOptions: .default)
        configuration.logOptions = .verbose
        let logger = NetworkLoggerPlugin(configuration: configuration)
        #expect(logger.configuration.formatter.entry("A", "b", StoreAPI.plain) == "A=b")
        #expect(logger.configuration.formatter.requestData(Data("abc".utf8)) == "3 bytes")
        logger.configuration.output(StoreAPI.plain, ["direct"])

        _ = try await answer(MoyaProvider<StoreAPI>(plugins: [logger]), .data(Data("body".utf8))).get()
        let requestEntries = try #require(logged.value.dropFirst().first)
        #expect(requestEntries.first?.hasPrefix("Request=") == true && requestEntries.contains("Request Body=4 bytes"))
        #expect(requestEntries.contains("HTTP Request Method=PUT"))
        #expect(requestEntries.contains { $0.hasPrefix("Request Headers=") })
        let response = try #require(logged.value.last)
        #expect(response.first?.hasPrefix("Response=") == true && response.last == "Response Body=response body")

        logger.willSend(FakeRequest(nil), target: StoreAPI.plain)
        logger.didReceive(.failure(.requestMapping("nowhere")), target: StoreAPI.plain)
        #expect(logged.value.suffix(2).map(\.count) == [1, 1])
        #expect(logged.value.last?.first?.hasPrefix("Error=") == true)
    }

    // Moya: NetworkLoggerPlugin.default, NetworkLoggerPlugin.verbose, NetworkLoggerPlugin.Configuration.LogOptions,
    // NetworkLoggerPlugin.Configuration.LogOptions.init(rawValue:), NetworkLoggerPlugin.Configuration.LogOptions.rawValue,
    // NetworkLoggerPlugin.Configuration.LogOptions.requestMethod, NetworkLoggerPlugin.Configuration.LogOptions.requestBody,
    // NetworkLoggerPlugin.Configuration.LogOptions.requestHeaders, NetworkLoggerPlugin.Configuration.LogOptions.formatRequestAscURL,
    // NetworkLoggerPlugin.Configuration.LogOptions.successResponseBody, NetworkLoggerPlugin.Configuration.LogOptions.errorResponseBody,
    // NetworkLoggerPlugin.Configuration.LogOptions.default, NetworkLoggerPlugin.Configuration.LogOptions.verbose,
    // NetworkLoggerPlugin.Configuration.defaultOutput(target:items:),
    // NetworkLoggerPlugin.Configuration.Formatter.defaultDataFormatter(_:),
    // NetworkLoggerPlugin.Configuration.Formatter.defaultEntryFormatter(identifier:message:target:)
    @Test func theLoggersOptionsAndDefaultsAreMoyas() async throws {
        typealias Options = NetworkLoggerPlugin.Configuration.LogOptions
        let each: [Options] = [
            .requestMethod, .requestBody, .requestHeaders, .formatRequestAscURL, .successResponseBody,
            .errorResponseBody,
        ]
        #expect(each.map(\.rawValue) == [1, 2, 4, 8, 16, 32])
        #expect(Options.default == [.requestMethod, .requestHeaders] && Options(rawValue: 5) == .default)
        #expect(Options.verbose == Options(rawValue: 1 | 2 | 4 | 16 | 32))
        #expect(NetworkLoggerPlugin.default.configuration.logOptions == .default)
        #expect(NetworkLoggerPlugin.verbose.configuration.logOptions == .verbose)
        typealias Formatter = NetworkLoggerPlugin.Configuration.Formatter
        #expect(Formatter.defaultDataFormatter(Data("héllo".utf8)) == "héllo")
        let line = Formatter.defaultEntryFormatter(identifier: "Response", message: "ok", target: StoreAPI.plain)
        #expect(line.hasPrefix("Moya_Logger: [") && line.hasSuffix("] Response: ok"))
        NetworkLoggerPlugin.Configuration.defaultOutput(target: StoreAPI.plain, items: ["Moya API test: defaultOutput"])

        let commands = Recorder<[String]>([])
        let curl = NetworkLoggerPlugin(
            configuration: .init(
                output: { _, items in commands.update { $0 += items } }, logOptions: .formatRequestAscURL))
        _ = await answer(MoyaProvider<StoreAPI>(plugins: [curl]), .plain)
        #expect(commands.value.first?.contains("curl") == true)
        #expect(commands.value.first?.contains(URL(target: StoreAPI.plain).absoluteString) == true)
    }

    // Moya: Alamofire.Request.sessionHeaders
    @Test func anAlamofireRequestIsARequestType() {
        let configuration = URLSessionConfiguration.default
        configuration.httpAdditionalHeaders = ["X-Session": "on"]
        let session = Session(configuration: configuration)
        let dataRequest = session.request(URL(target: StoreAPI.plain))
        let requestType: RequestType = dataRequest
        #expect(requestType.sessionHeaders == ["X-Session": "on"])
        withExtendedLifetime(session) { _ = dataRequest.cancel() }
    }
}
