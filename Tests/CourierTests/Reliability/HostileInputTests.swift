import Foundation
import LoopbackServer
import TestSupport
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Header fields that could inject others are refused before anything is sent, wherever they come
/// from; hostile paths build predictable URLs.
@Suite struct HostileInputTests {
    /// A provider over a recording transport, with a recorder of every plugin hook.
    private func recordingProvider(
        plugins: [any PluginType] = [], interceptors: [any RequestInterceptor] = []
    ) -> (Provider<TestTarget>, ScriptedTransport, HookRecorder) {
        let transport = ScriptedTransport()
        let hooks = HookRecorder(name: "hooks")
        let provider = Provider<TestTarget>(
            transport: transport, plugins: plugins + [hooks], interceptors: interceptors)
        return (provider, transport, hooks)
    }

    /// The message of the ``HeaderFieldError`` `body` throws, recording an issue for anything else.
    private func headerErrorMessage(
        sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws(CourierError) -> Response
    ) async -> String? {
        let outcome = await result(body)
        guard case .failure(let failure) = outcome, case .underlying(let error as HeaderFieldError, nil) = failure
        else {
            Issue.record("expected a HeaderFieldError, got \(outcome)", sourceLocation: sourceLocation)
            return nil
        }
        // The request's error says what the header error says, and nothing more.
        #expect(failure.errorDescription == error.description, sourceLocation: sourceLocation)
        return error.description
    }

    private let base = URL(string: "https://api.example.com/v1")!

    // MARK: Headers

    @Test(arguments: [
        ("X-Note", "a\r\nX-Injected: yes", #"The header "X-Note" cannot be sent: its value contains CR or LF."#),
        ("X-Note", "a\nb", #"The header "X-Note" cannot be sent: its value contains CR or LF."#),
        ("X-Note", "a\rb", #"The header "X-Note" cannot be sent: its value contains CR or LF."#),
        ("X-Note", "a\u{0}b", #"The header "X-Note" cannot be sent: its value contains NUL."#),
        (
            "X-Evil\r\nX-Injected", "1",
            #"The header "X-Evil\r\nX-Injected" cannot be sent: its name contains CR or LF."#
        ),
        ("X Evil", "1", #"The header "X Evil" cannot be sent: its name is not an HTTP token."#),
        ("X-Evil:", "1", #"The header "X-Evil:" cannot be sent: its name is not an HTTP token."#),
        ("", "1", #"The header "" cannot be sent: its name is not an HTTP token."#),
    ])
    func targetHeadersThatCouldInjectAreRefusedBeforeSending(name: String, value: String, message: String) async {
        let (provider, transport, hooks) = recordingProvider()
        let target = TestTarget(baseURL: base, path: "/items", headers: ["Accept": "*/*", name: value])
        let reported = await headerErrorMessage { () async throws(CourierError) in
            try await provider.request(target)
        }
        #expect(reported == message)
        #expect(transport.requests.isEmpty)
        #expect(hooks.events.isEmpty, "no plugin hears of a request that cannot be sent")
    }

    @Test func endpointURLRequestRefusesTheHeaderAndNeverShowsItsValue() {
        let endpoint = Endpoint(
            url: "https://api.example.com", sampleResponseClosure: { .networkResponse(200, Data()) }, method: .get,
            task: .requestPlain, httpHeaderFields: ["Authorization": "Bearer s3cr3t\r\nX-Admin: 1"])
        let error = #expect(throws: CourierError.self) { try endpoint.urlRequest() }
        let description = error?.errorDescription ?? ""
        #expect(description == #"The header "Authorization" cannot be sent: its value contains CR or LF."#)
        #expect(!description.contains("s3cr3t"))
    }

    @Test func headerNamesAddedByPluginsAreCheckedBeforeSending() async {
        struct Injecting: PluginType {
            func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest {
                var request = request
                request.setValue("1", forHTTPHeaderField: "X-Trace\r\nX-Admin")
                return request
            }
        }
        let (provider, transport, hooks) = recordingProvider(plugins: [Injecting()])
        let reported = await headerErrorMessage { () async throws(CourierError) in
            try await provider.request(TestTarget(baseURL: base, path: "/items"))
        }
        #expect(reported?.hasPrefix(#"The header "X-Trace\r\nX-Admin" cannot be sent"#) == true)
        #expect(transport.requests.isEmpty)
        #expect(hooks.events == ["prepare"], "plugins prepared it, but none heard willSend")
    }

    @Test func headersAddedByInterceptorsAreCheckedBeforeSending() async {
        struct Injecting: RequestInterceptor {
            func adapt(_ request: URLRequest, for target: any TargetType) async throws -> URLRequest {
                var request = request
                request.allHTTPHeaderFields = ["Authorization\nX-Admin": "Bearer t"]
                return request
            }
        }
        let (provider, transport, _) = recordingProvider(interceptors: [Injecting()])
        let reported = await headerErrorMessage { () async throws(CourierError) in
            try await provider.request(TestTarget(baseURL: base, path: "/items"))
        }
        #expect(reported == #"The header "Authorization\nX-Admin" cannot be sent: its name contains CR or LF."#)
        #expect(transport.requests.isEmpty)
    }

    @Test func aTokenWithALineBreakNeverReachesTheWire() async throws {
        let (server, counter) = try countingServer()
        defer { server.stop() }
        let plugin = AccessTokenPlugin { _ in "t0ken\r\nX-Admin: 1" }
        let provider = Provider<TokenTarget>(plugins: [plugin])
        let outcome = await result { () async throws(CourierError) in
            try await provider.request(TokenTarget(baseURL: server.baseURL))
        }
        // FoundationNetworking's `URLRequest.setValue` would drop the value silently; the plugin keeps
        // it, so that the request is refused with a clear error.
        guard case .failure(.underlying(let error as HeaderFieldError, nil)) = outcome else {
            Issue.record("expected the token to be refused, got \(outcome)")
            return
        }
        let message = error.description
        #expect(message == #"The header "Authorization" cannot be sent: its value contains CR or LF."#)
        #expect(!message.contains("t0ken"), "the message never shows the value")
        #expect(counter.value == 0)
    }

    @Test func aRefreshedTokenWithALineBreakIsRefused() async throws {
        let (server, counter) = try countingServer()
        defer { server.stop() }
        let interceptor = AuthenticationInterceptor(token: "t0ken\nX-Admin: 1", refresh: { _ in "unused" })
        let provider = Provider<TestTarget>(interceptors: [interceptor])
        let outcome = await result { () async throws(CourierError) in
            try await provider.request(TestTarget(baseURL: server.baseURL, path: "/echo"))
        }
        guard case .failure(.underlying(let error as HeaderFieldError, nil)) = outcome else {
            Issue.record("expected the token to be refused, got \(outcome)")
            return
        }
        let message = error.description
        #expect(message == #"The header "Authorization" cannot be sent: its value contains CR or LF."#)
        #expect(counter.value == 0)
    }

    @Test func theValidatingSetterKeepsWhatFoundationWouldDrop() {
        #if canImport(FoundationNetworking)
            // What a plugin of one's own gets from FoundationNetworking: the value is dropped.
            var plain = URLRequest(url: base)
            plain.setValue("Bearer a\r\nb", forHTTPHeaderField: "Authorization")
            #expect(plain.value(forHTTPHeaderField: "Authorization") == nil)
        #endif
        var request = URLRequest(url: base)
        request.setValue("old", forHTTPHeaderField: "authorization")
        HeaderValidation.set("Bearer a\r\nb", for: "Authorization", in: &request)
        #expect(request.allHTTPHeaderFields == ["Authorization": "Bearer a\r\nb"])
        HeaderValidation.set("Bearer fine", for: "Authorization", in: &request)
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer fine")
    }

    @Test func unusualButValidHeadersAreSentAsTheyAre() async throws {
        let target = try TestTarget.loopback(
            "/echo", headers: ["X-Odd_Name.1~": "tab\there; naïve ☃", "X-Empty": ""])
        let echo = try await Provider<TestTarget>().request(target).map(Echo.self)
        #expect(echo.headers["x-odd_name.1~"] == "tab\there; naïve ☃")
    }

    // MARK: Paths

    @Test(arguments: [
        ("../../etc/passwd", "https://api.example.com/v1/../../etc/passwd"),
        ("/files/%00", "https://api.example.com/v1/files/%00"),
        ("/files/a\u{0}b", "https://api.example.com/v1/files/a%00b"),
        ("/files/%zz%4", "https://api.example.com/v1/files/%25zz%254"),
        ("/café/ü", "https://api.example.com/v1/caf%C3%A9/%C3%BC"),
        ("/a b/c#d", "https://api.example.com/v1/a%20b/c%23d"),
        ("/a\r\nHost: evil", "https://api.example.com/v1/a%0D%0AHost:%20evil"),
        ("/search?q=a b&x=ü", "https://api.example.com/v1/search?q=a%20b&x=%C3%BC"),
        ("/%2e%2e/admin", "https://api.example.com/v1/%2e%2e/admin"),
    ])
    func hostilePathsBuildPredictableURLs(path: String, expected: String) throws {
        let endpoint = Provider<TestTarget>.defaultEndpointMapping(for: TestTarget(baseURL: base, path: path))
        #expect(endpoint.url == expected)
        #expect(try endpoint.urlRequest().url?.absoluteString == expected)
    }

    @Test func aVeryLongSegmentIsKeptWhole() throws {
        let segment = String(repeating: "a", count: 100_000)
        let endpoint = Provider<TestTarget>.defaultEndpointMapping(for: TestTarget(baseURL: base, path: segment))
        #expect(endpoint.url == "https://api.example.com/v1/" + segment)
        #expect(try endpoint.urlRequest().url?.absoluteString.count == 27 + 100_000)
    }

    @Test func aPathTooLongForTheServerIsItsAnswerNotACrash() async throws {
        // The loopback server accepts request heads of up to 64 KiB and answers 431 beyond.
        let target = try TestTarget.loopback("/echo/" + String(repeating: "é", count: 40_000))
        let response = try await Provider<TestTarget>().request(target)
        #expect(response.statusCode == 431)
    }

    @Test(arguments: [
        ("/echo/../../etc/passwd", "/etc/passwd"),
        ("/echo/a/./b/../c", "/echo/a/c"),
        ("/echo/%2e%2e/x", "/echo/%2e%2e/x"),
        ("/echo/%00", "/echo/%00"),
        ("/echo/café", "/echo/caf%C3%A9"),
    ])
    func whatTheServerReceivesForHostilePaths(path: String, received: String) async throws {
        // libcurl resolves dot segments before sending (`..` cannot climb above the root) and sends
        // escapes as they are. Both `/echo` and the 404 of an unknown path answer with the path.
        struct Answer: Decodable { let path: String }
        let response = try await Provider<TestTarget>().request(try TestTarget.loopback(path))
        #expect(try response.map(Answer.self).path == received)
    }
}

/// A target on a given server that asks for a bearer token.
private struct TokenTarget: TargetType, AccessTokenAuthorizable {
    var baseURL: URL
    var path: String { "/echo" }
    var method: Method { .get }
    var task: HTTPTask { .requestPlain }
    var headers: [String: String]? { nil }
    var authorizationType: AuthorizationType? { .bearer }
}
