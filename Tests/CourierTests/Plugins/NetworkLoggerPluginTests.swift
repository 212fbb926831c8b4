import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `NetworkLoggerPlugin`: what each option logs, for each attempt and each result, and that secrets never
/// reach the log.
@Suite struct NetworkLoggerPluginTests {
    private typealias LogOptions = NetworkLoggerPlugin.LogOptions

    private let url = "https://api.example.com/v1/items"
    private let target = TestTarget(
        baseURL: URL(string: "https://api.example.com/v1")!, path: "items", method: .post,
        task: .requestParameters(parameters: ["name": "ann", "password": "hunter2"], encoding: JSONEncoding.default),
        headers: ["Accept": "application/json", "Authorization": "Bearer abc"])

    /// Sends `target` through a transport answering `statusCode` and `body`, logged with `options`.
    private func log(
        _ options: LogOptions, statusCode: Int = 200, body: String = #"{"id":7}"#, target: TestTarget? = nil
    ) async throws -> LogSink {
        let sink = LogSink()
        let transport = ScriptedTransport { request, _ in
            TransportResponse(
                statusCode: statusCode, url: request.url, headers: ["Content-Type": "application/json"],
                data: Data(body.utf8))
        }
        let provider = Provider<TestTarget>(transport: transport, plugins: [sink.logger(options)])
        _ = try? await provider.request(target ?? self.target)
        return sink
    }

    // MARK: Options

    @Test func withoutOptionsOnlyTheRequestAndResponseLinesAreLogged() async throws {
        let sink = try await log([])
        #expect(sink.normalizedEvents == [["Request: POST \(url)"], ["Response: 200 POST \(url) (N ms)"]])
    }

    @Test func requestMethodAddsTheMethodEntry() async throws {
        let sink = try await log(.requestMethod)
        #expect(sink.events.first == ["Request: POST \(url)", "HTTP Request Method: POST"])
    }

    @Test func requestHeadersAddsTheRedactedHeaders() async throws {
        let sink = try await log(.requestHeaders)
        #expect(
            sink.events.first == [
                "Request: POST \(url)",
                #"Request Headers: ["Accept": "application/json", "Authorization": "<redacted>", "#
                    + #""Content-Type": "application/json"]"#,
            ])
    }

    @Test func headerValuesWithQuotesAreEscaped() async throws {
        var tagged = target
        tagged.headers = ["If-None-Match": #""v1""#]
        let sink = try await log(.requestHeaders, target: tagged)
        #expect(
            sink.events.first?.last
                == #"Request Headers: ["Content-Type": "application/json", "If-None-Match": "\"v1\""]"#)
    }

    @Test func requestBodyAddsTheRedactedBody() async throws {
        let sink = try await log(.requestBody)
        #expect(
            sink.events.first == [
                "Request: POST \(url)", #"Request Body: {"name":"ann","password":"<redacted>"}"#,
            ])
    }

    @Test func formatRequestAscURLLogsOneCurlCommandInsteadOfTheOtherEntries() async throws {
        let sink = try await log([.formatRequestAscURL, .requestMethod, .requestHeaders, .requestBody])
        let command = [
            "$ curl -v", "-X POST", "-H 'Accept: application/json'", "-H 'Authorization: <redacted>'",
            "-H 'Content-Type: application/json'", #"--data-raw '{"name":"ann","password":"<redacted>"}'"#,
            "'\(url)'",
        ].joined(separator: " \\\n    ")
        #expect(sink.events.first == ["Request: " + command])
    }

    @Test(arguments: [200, 302, 404, 500])
    func successResponseBodyAddsTheBodyOfResponsesBelow400(status: Int) async throws {
        let sink = try await log(.successResponseBody, statusCode: status)
        let body = #"Response Body: {"id":7}"#
        #expect(sink.events.last?.contains(body) == (status < 400))
    }

    @Test(arguments: [200, 302, 404, 500])
    func errorResponseBodyAddsTheBodyOfResponsesFrom400(status: Int) async throws {
        let sink = try await log(.errorResponseBody, statusCode: status)
        let body = #"Response Body: {"id":7}"#
        #expect(sink.events.last?.contains(body) == (status >= 400))
    }

    @Test func rejectedStatusLogsTheResponseTheErrorAndTheErrorBody() async throws {
        var rejected = target
        rejected.validationType = .successCodes
        let sink = try await log(.errorResponseBody, statusCode: 404, body: #"{"error":"missing"}"#, target: rejected)
        #expect(
            sink.normalizedEvents.last == [
                "Response: 404 POST \(url) (N ms)",
                "Error: The server answered 404 (not found) for POST \(url), a status code the validation of the "
                    + "request does not accept.",
                #"Response Body: {"error":"missing"}"#,
            ])
        let quiet = try await log(.successResponseBody, statusCode: 404, target: rejected)
        #expect(quiet.events.last?.count == 2)
    }

    @Test func defaultLogsOneLinePerRequestAndResponseAndVerboseAddsTheRest() async throws {
        #expect(LogOptions.default == [])
        #expect(
            LogOptions.verbose == [
                .requestMethod, .requestHeaders, .requestBody, .successResponseBody, .errorResponseBody, .metrics,
            ])
        #expect(NetworkLoggerPlugin.default.configuration.logOptions == .default)
        #expect(NetworkLoggerPlugin.verbose.configuration.logOptions == .verbose)
        #expect(NetworkLoggerPlugin.verbose.configuration.redaction == .default)
        #expect(NetworkLoggerPlugin.verbose.configuration.maximumBodyLength == 4096)

        let standard = try await log(.default)
        #expect(standard.identifiers == [["Request"], ["Response"]])
        let bare = try await log([.requestHeaders], target: try TestTarget.loopback("/echo"))
        #expect(bare.identifiers.first == ["Request"], "no `Request Headers: [:]` when there are none")
        let verbose = try await log(.verbose)
        #expect(
            verbose.identifiers == [
                ["Request", "HTTP Request Method", "Request Headers", "Request Body"], ["Response", "Response Body"],
            ])
    }

    // MARK: Responses and errors

    @Test func responseLineHasStatusMethodURLAndMilliseconds() async throws {
        let sink = LogSink()
        let transport = ScriptedTransport { request, _ in
            Thread.sleep(forTimeInterval: 0.05)
            return TransportResponse(statusCode: 201, url: request.url)
        }
        let provider = Provider<TestTarget>(transport: transport, plugins: [sink.logger([])])
        _ = try await provider.request(target)
        let line = try #require(sink.events.last?.first)
        let match = try #require(line.wholeMatch(of: /Response: 201 POST (\S+) \((\d+) ms\)/))
        #expect(match.1 == url)
        #expect(try #require(Int(match.2)) >= 50)
    }

    @Test func transportFailureLogsAFailedLineAndTheError() async throws {
        let sink = LogSink()
        let provider = Provider<TestTarget>(
            transport: ScriptedTransport { _, _ in throw URLError(.notConnectedToInternet) },
            plugins: [sink.logger(.verbose)])
        _ = try? await provider.request(target)
        let response = try #require(sink.normalizedEvents.last)
        #expect(response.count == 2)
        #expect(response.first == "Response: failed POST \(url) (N ms)")
        #expect(response.last?.hasPrefix("Error: ") == true)
        #expect(response.last?.contains("-1009") == true || response.last?.contains("connect") == true)
    }

    @Test func cancellationSaysTheRequestWasCancelled() async throws {
        let sink = LogSink()
        let provider = Provider<TestTarget>(
            transport: ScriptedTransport { _, _ in throw URLError(.cancelled) }, plugins: [sink.logger([])])
        _ = try? await provider.request(target)
        #expect(sink.events.last?.last == "Error: The request was cancelled.")
    }

    // MARK: Bodies

    @Test func longBodiesAreCutAndMarkedWithTheirLength() async throws {
        let sink = LogSink()
        let body = String(repeating: "abcdefghij", count: 10)
        let provider = Provider<TestTarget>(
            transport: ScriptedTransport(body: body),
            plugins: [sink.logger(.successResponseBody, maximumBodyLength: 25)])
        _ = try await provider.request(target)
        #expect(
            sink.events.last?.last == "Response Body: abcdefghijabcdefghijabcde… [cut at 25 bytes; 100 bytes in all]")

        let accents = LogSink()
        let cut = Provider<TestTarget>(
            transport: ScriptedTransport(body: "ééé"),
            plugins: [accents.logger(.successResponseBody, maximumBodyLength: 3)])
        _ = try await cut.request(target)
        #expect(accents.events.last?.last == "Response Body: é… [cut at 2 bytes; 6 bytes in all]")

        let exact = LogSink()
        let whole = Provider<TestTarget>(
            transport: ScriptedTransport(body: "ééé"),
            plugins: [exact.logger(.successResponseBody, maximumBodyLength: 6)])
        _ = try await whole.request(target)
        #expect(exact.events.last?.last == "Response Body: ééé")
    }

    @Test func binaryBodiesAreShownAsTheirSize() async throws {
        let sink = LogSink()
        let bytes = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10])
        var upload = target
        upload.task = .requestData(bytes)
        let provider = Provider<TestTarget>(
            transport: ScriptedTransport { request, _ in
                TransportResponse(statusCode: 200, url: request.url, data: bytes)
            },
            plugins: [sink.logger(.verbose)])
        _ = try await provider.request(upload)
        #expect(sink.events.first?.last == "Request Body: <6 bytes of binary data>")
        #expect(sink.events.last?.last == "Response Body: <6 bytes of binary data>")
    }

    @Test func customDataFormattersReceiveRedactedBodies() async throws {
        let sink = LogSink()
        let formatter = NetworkLoggerPlugin.Formatter(
            entry: { identifier, message, _ in "\(identifier) | \(message)" },
            requestData: { "request of \($0.count) bytes: \(String(decoding: $0, as: UTF8.self))" },
            responseData: { "response: \(String(decoding: $0, as: UTF8.self).uppercased())" })
        let plugin = NetworkLoggerPlugin(
            configuration: .init(formatter: formatter, output: sink.record, logOptions: .verbose))
        let provider = Provider<TestTarget>(
            transport: ScriptedTransport(body: #"{"token":"t0k"}"#), plugins: [plugin])
        _ = try await provider.request(target)
        #expect(
            sink.events.first?.last == #"Request Body | request of 38 bytes: {"name":"ann","password":"<redacted>"}"#)
        #expect(sink.events.last?.last == #"Response Body | response: {"TOKEN":"<REDACTED>"}"#)
    }

    @Test func bodiesAreNotFormattedWhenTheirOptionsAreOff() async throws {
        let calls = LogSink()
        let formatter = NetworkLoggerPlugin.Formatter(
            requestData: { _ in
                calls.record(items: ["request"])
                return ""
            },
            responseData: { _ in
                calls.record(items: ["response"])
                return ""
            })
        let sink = LogSink()
        for options in [LogOptions.default, [.requestMethod, .requestHeaders, .formatRequestAscURL]] {
            let plugin = NetworkLoggerPlugin(
                configuration: .init(formatter: formatter, output: sink.record, logOptions: options))
            let provider = Provider<TestTarget>(transport: ScriptedTransport(body: "{}"), plugins: [plugin])
            _ = try await provider.request(target)
        }
        #expect(calls.events.isEmpty)
        #expect(sink.events.count == 4)
    }

    // MARK: Retries, stubs and real requests

    @Test func retriedRequestLogsEachAttemptAndOneResponse() async throws {
        let sink = LogSink()
        let transport = ScriptedTransport { request, index in
            TransportResponse(statusCode: index == 0 ? 503 : 200, url: request.url)
        }
        let provider = Provider<TestTarget>(
            transport: transport, plugins: [sink.logger(.requestMethod)], interceptors: [RetryFirstFailure()])
        let response = try await provider.request(target)
        #expect(response.statusCode == 200)
        #expect(
            sink.normalizedEvents == [
                ["Request: POST \(url)", "HTTP Request Method: POST"],
                ["Request (retry 1): POST \(url)", "HTTP Request Method: POST"],
                ["Response: 200 POST \(url) (N ms)"],
            ])
    }

    @Test func stubbedRequestsAreLoggedWithTheirSampleBodies() async throws {
        let sink = LogSink()
        var stubbed = target
        stubbed.method = .get
        stubbed.task = .requestPlain
        stubbed.sampleData = Data(#"{"token":"abc","user":"ann"}"#.utf8)
        let provider = Provider<TestTarget>(stubClosure: Provider.immediatelyStub, plugins: [sink.logger(.verbose)])
        _ = try await provider.request(stubbed)
        #expect(
            sink.identifiers == [
                ["Request", "HTTP Request Method", "Request Headers"], ["Response", "Response Body"],
            ])
        #expect(sink.normalizedEvents.last?.first == "Response: 200 GET \(url) (N ms)")
        #expect(sink.events.last?.last == #"Response Body: {"token":"<redacted>","user":"ann"}"#)
    }

    @Test func loopbackRequestIsLoggedWithItsEchoRedacted() async throws {
        let sink = LogSink()
        let provider = Provider<TestTarget>(plugins: [sink.logger(.verbose)])
        let target = try TestTarget.loopback(
            "/echo",
            task: .requestParameters(parameters: ["q": "swift", "api_key": "k3y"], encoding: URLEncoding.default),
            headers: ["Authorization": "Bearer k3y", "X-Device": "courier-test"])
        let response = try await provider.request(target)
        #expect(String(decoding: response.data, as: UTF8.self).contains("k3y"))
        let base = try TestServer.baseURL().absoluteString
        let events = sink.normalizedEvents
        #expect(events.first?.first == "Request: GET \(base)/echo?api_key=<redacted>&q=swift")
        #expect(events.last?.first == "Response: 200 GET \(base)/echo?api_key=<redacted>&q=swift (N ms)")
        let body = try #require(events.last?.last)
        #expect(body.hasPrefix("Response Body: {"))
        #expect(body.contains(#""authorization":"<redacted>""#))
        #expect(body.contains(#""x-device":"courier-test""#))
        #expect(body.contains(#""query":"api_key=<redacted>&q=swift""#))
        #expect(!sink.text.contains("k3y"))
    }

    // MARK: Secrets

    @Test(arguments: SecretRequest.allCases)
    func secretsNeverReachTheLogWithAnyOptions(request: SecretRequest) async throws {
        let target = try request.target()
        for raw in 0..<(1 << 7) {  // every combination of the seven options
            let options = LogOptions(rawValue: raw)
            let sink = LogSink()
            let curls = CURLCapture()
            let provider = Provider<TestTarget>(plugins: [sink.logger(options), curls])
            let response = try await provider.request(target)
            // The secret did travel: the echo holds it in the query, the headers and the body.
            #expect(String(decoding: response.data, as: UTF8.self).components(separatedBy: secret).count >= 6)

            for text in [sink.text, curls.text] {
                #expect(!text.contains(secret), "options \(raw)")
                #expect(!text.contains("s3cr3t"), "options \(raw)")
            }
            #expect(curls.text.contains(request.visibleInRequest))
            #expect(curls.text.contains("-H 'Authorization: <redacted>'"))
            if options.contains(.requestBody) || options.contains(.formatRequestAscURL) {
                #expect(sink.text.contains(request.visibleInRequest), "options \(raw)")
            } else if !options.contains(.successResponseBody) {
                #expect(!sink.text.contains(request.visibleInRequest), "options \(raw)")
            }
            if options.contains(.successResponseBody) {
                #expect(sink.text.contains(request.visibleInEcho), "options \(raw)")
            }
            if options.contains(.requestHeaders) && !options.contains(.formatRequestAscURL) {
                #expect(sink.text.contains(#""X-Device": "courier-test""#), "options \(raw)")
            }
        }
    }

    @Test func withoutRedactionTheSecretIsLogged() async throws {
        let sink = LogSink()
        let provider = Provider<TestTarget>(plugins: [sink.logger(.verbose, redaction: .none)])
        _ = try await provider.request(try SecretRequest.form.target())
        #expect(sink.text.components(separatedBy: secret).count > 6)
    }

    // MARK: Output and entries

    @Test func defaultEntryFormatterStampsTheTimeInUTC() throws {
        let before = Date()
        let entry = NetworkLoggerPlugin.Formatter.defaultEntryFormatter(
            identifier: "Request", message: "GET \(url)", target: target)
        let match = try #require(
            entry.wholeMatch(of: /\[Courier\] (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z) Request: (.+)/))
        #expect(match.2 == "GET \(url)")
        let stamped = try Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(String(match.1))
        #expect(abs(stamped.timeIntervalSince(before)) < 2)
    }

    @Test func defaultOutputWritesEachItemOnItsOwnLineToStandardError() throws {
        let pipe = Pipe()
        let saved = dup(STDERR_FILENO)
        dup2(pipe.fileHandleForWriting.fileDescriptor, STDERR_FILENO)
        NetworkLoggerPlugin.Configuration.defaultOutput(target: target, items: ["first entry", "second entry"])
        dup2(saved, STDERR_FILENO)
        close(saved)
        try pipe.fileHandleForWriting.close()
        let written = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(written.contains("first entry\nsecond entry\n"))
    }
}

/// The distinctive secret of the secret tests.
private let secret = "s3cr3t-VALUE-123"

/// A request to the loopback `/echo` carrying ``secret`` in every place a secret may travel.
enum SecretRequest: CaseIterable, Sendable {
    /// A form body.
    case form
    /// A JSON body.
    case json

    func target() throws -> TestTarget {
        let headers = [
            "Authorization": "Bearer \(secret)", "Cookie": "session=\(secret)", "X-API-Key": secret,
            "X-Device": "courier-test",
        ]
        let query: Parameters = ["token": secret, "page": 1]
        switch self {
        case .form:
            let body: Parameters = [
                "username": "ann", "password": secret, "user": ["password": secret], "smscode": secret,
            ]
            return try TestTarget.loopback(
                "/echo", method: .post,
                task: .requestCompositeParameters(
                    bodyParameters: body, bodyEncoding: URLEncoding.httpBody, urlParameters: query),
                headers: headers)
        case .json:
            let body: Parameters = [
                "username": "ann", "items": [["id": 1, "client_secret": secret] as Parameters], "smscode": secret,
                "password": secret,
            ]
            return try TestTarget.loopback(
                "/echo", method: .post,
                task: .requestCompositeParameters(
                    bodyParameters: body, bodyEncoding: JSONEncoding.default, urlParameters: query),
                headers: headers)
        }
    }

    /// A non-secret field as the request body shows it.
    var visibleInRequest: String {
        switch self {
        case .form: "username=ann"
        case .json: #""username":"ann""#
        }
    }

    /// The same field inside the echo's JSON string of the body.
    var visibleInEcho: String {
        switch self {
        case .form: "username=ann"
        case .json: #"\"username\":\"ann\""#
        }
    }
}

/// Every output call of a logger, in order.
private final class LogSink: Sendable {
    private let recorded = Locked<[[String]]>([])

    /// The items of each output call.
    var events: [[String]] { recorded.withLock { $0 } }

    /// ``events`` with every `(12 ms)` written `(N ms)`.
    var normalizedEvents: [[String]] {
        events.map { $0.map { $0.replacing(/\(\d+ ms\)/, with: "(N ms)") } }
    }

    /// The identifier (the text before the first `: `) of each entry of ``events``.
    var identifiers: [[String]] {
        events.map { $0.map { String($0.prefix { $0 != ":" }) } }
    }

    /// Everything logged.
    var text: String { events.joined().joined(separator: "\n") }

    func record(target: any TargetType, items: [String]) {
        record(items: items)
    }

    func record(items: [String]) {
        recorded.withLock { $0.append(items) }
    }

    /// A logger with `options` whose entries are `identifier: message`, recorded here.
    func logger(
        _ options: NetworkLoggerPlugin.LogOptions, redaction: Redaction = .default, maximumBodyLength: Int = 4096
    ) -> NetworkLoggerPlugin {
        NetworkLoggerPlugin(
            configuration: .init(
                formatter: .init(entry: { identifier, message, _ in "\(identifier): \(message)" }),
                output: record, logOptions: options, redaction: redaction, maximumBodyLength: maximumBodyLength))
    }
}

/// Records the `cURLDescription()` of every attempt.
private final class CURLCapture: PluginType, Sendable {
    private let recorded = Locked<[String]>([])

    var text: String { recorded.withLock { $0.joined(separator: "\n") } }

    func willSend(_ request: any RequestType, target: any TargetType) {
        let command = request.cURLDescription()
        recorded.withLock { $0.append(command) }
    }
}

/// Retries the first failed attempt once.
private struct RetryFirstFailure: RequestInterceptor {
    func retry(
        _ request: URLRequest, for target: any TargetType, result: Result<Response, CourierError>, attempt: Int
    ) async -> RetryDecision {
        attempt == 0 ? .retry : .doNotRetry
    }
}

/// The logger's timestamps read as Foundation's ISO 8601 style writes them.
@Suite struct LogTimestampTests {
    @Test(arguments: [0, 1.5, 86_399.999, 1_764_690_123.004, 1_764_690_123.999, 4_102_444_800.25, -1.5] as [Double])
    func timestampsAreISO8601WithMillisecondsInUTC(seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        let expected = date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        #expect(LogTimestamp.format(date) == expected)
        // Twice within the same second: the kept part is reused.
        #expect(LogTimestamp.format(date) == expected)
    }
}
