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
    private let fixture = LoggerFixture()
    private var url: String { fixture.url }
    private var target: TestTarget { fixture.target }

    /// Sends `target` through a transport answering `statusCode` and `body`, logged with `options`.
    private func log(
        _ options: LogOptions, statusCode: Int = 200, body: String = #"{"id":7}"#, target: TestTarget? = nil
    ) async throws -> LogSink {
        try await fixture.log(options, statusCode: statusCode, body: body, target: target)
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
}
