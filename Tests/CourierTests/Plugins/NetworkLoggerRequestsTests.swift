import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `NetworkLoggerPlugin` on retries, stubs and real requests, with secrets, and its output.
@Suite struct NetworkLoggerRequestsTests {
    private typealias LogOptions = NetworkLoggerPlugin.LogOptions
    private let fixture = LoggerFixture()
    private var url: String { fixture.url }
    private var target: TestTarget { fixture.target }

    /// Sends `target` through a transport answering `statusCode` and `body`, logged with `options`.
    private func log(
        _ options: LogOptions, statusCode: Int = 200, body: String = #"{"id":7}"#, target: TestTarget? = nil
    ) async throws -> LogSink {
        try await fixture.log(options, statusCode: statusCode, body: body, target: target)
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

    // MARK: Streams and failures as they went out

    /// A reader that stops once it has what it wanted (the demo's chat reader at `done`) ends a request
    /// that succeeded: the log says so, with the URL the request was sent to.
    @Test(arguments: TransportKind.allCases)
    func aStreamLeftByItsReaderIsLoggedAsTheSuccessItWas(kind: TransportKind) async throws {
        let sink = LogSink()
        let server = try TestServer.baseURL()
        let provider = Provider<TestTarget>(
            endpointClosure: { target in
                var endpoint = Provider<TestTarget>.defaultEndpointMapping(for: target)
                endpoint = Endpoint(
                    url: endpoint.url.replacingOccurrences(of: "http://127.0.0.1:8080", with: server.absoluteString),
                    sampleResponseClosure: endpoint.sampleResponseClosure, method: endpoint.method,
                    task: endpoint.task, httpHeaderFields: endpoint.httpHeaderFields)
                return endpoint
            }, transport: try kind.make(), plugins: [sink.logger([])])
        let declared = TestTarget(baseURL: URL(string: "http://127.0.0.1:8080")!, path: "/stream/chat?interval=1")
        for try await event in provider.events(declared) where event.event == "done" { break }
        let response = try #require(sink.events.joined().last { $0.hasPrefix("Response: ") })
        #expect(response.hasPrefix("Response: 200 GET \(server.absoluteString)/stream/chat"), "\(response)")
        #expect(!sink.events.joined().contains { $0.hasPrefix("Error: ") }, "\(sink.events)")
    }

    /// A failure with no response names the request as it went out, not the target's declared URL.
    @Test func aFailedRequestIsLoggedWithTheURLItWasSentTo() async throws {
        let sink = LogSink()
        let refused = try refusedURL()
        let provider = Provider<TestTarget>(
            endpointClosure: { target in
                let endpoint = Provider<TestTarget>.defaultEndpointMapping(for: target)
                return Endpoint(
                    url: refused.absoluteString + "/rewritten", sampleResponseClosure: endpoint.sampleResponseClosure,
                    method: endpoint.method, task: endpoint.task, httpHeaderFields: endpoint.httpHeaderFields)
            }, plugins: [sink.logger([])])
        let declared = TestTarget(baseURL: URL(string: "http://127.0.0.1:8080")!, path: "/declared")
        _ = try? await provider.request(declared)
        let response = try #require(sink.events.joined().last { $0.hasPrefix("Response: ") })
        #expect(response.hasPrefix("Response: failed GET \(refused.absoluteString)/rewritten"), "\(response)")
    }
}
