import Foundation
import LoopbackServer
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Secrets never reach the logger or a `curl` command, with any of the 128 combinations of log options.
///
/// `NetworkLoggerPluginTests.secretsNeverReachTheLogWithAnyOptions` covers secrets a target sets itself
/// (authorization, cookie and API-key headers, query and form and JSON fields); these cover the rest:
/// credentials added by plugins, configured names, cookies set by the server, multipart fields, URL
/// passwords, errors, error bodies and retried attempts.
@Suite struct SecretsTests {
    private static let secret = "Sup3r-S3cret-Value"

    /// Sends `target` once for every combination of log options and returns everything logged and
    /// every `cURLDescription()`, after checking that the request did carry the secret.
    ///
    /// `cURLDescription()` hides the names of ``Redaction/default``; with another `redaction` only the
    /// logger (its `curl` option included) is checked.
    private func everythingLogged(
        _ target: TestTarget, plugins: [any PluginType] = [], interceptors: [any RequestInterceptor] = [],
        redaction: Redaction = .default, transport: any Transport = URLSessionTransport()
    ) async -> String {
        var logged = ""
        for raw in 0..<(1 << 7) {  // every combination of the seven options
            let sink = SecretSink(capturesCURLDescriptions: redaction == .default)
            let logger = NetworkLoggerPlugin(
                configuration: .init(
                    output: sink.record, logOptions: NetworkLoggerPlugin.LogOptions(rawValue: raw),
                    redaction: redaction))
            let provider = Provider<TestTarget>(
                transport: transport, plugins: plugins + [logger, sink], interceptors: interceptors)
            _ = try? await provider.request(target)
            logged += sink.text
        }
        return logged
    }

    @Test func credentialsAddedByPluginsNeverReachTheLog() async throws {
        let basic = Data("ann:\(Self.secret)".utf8).base64EncodedString()
        let plugins: [any PluginType] = [
            CredentialsPlugin { _ in URLCredential(user: "ann", password: Self.secret, persistence: .none) },
            HeaderPlugin(name: "X-Auth-Token", value: Self.secret),
            HeaderPlugin(name: "Proxy-Authorization", value: "Bearer \(Self.secret)"),
        ]
        let logged = await everythingLogged(try TestTarget.loopback("/echo"), plugins: plugins)
        #expect(!logged.isEmpty)
        #expect(!logged.contains(Self.secret))
        #expect(!logged.contains(basic))
        #expect(logged.contains("Authorization: <redacted>"))
        #expect(logged.contains("Proxy-Authorization: <redacted>"))
        #expect(logged.contains(#""authorization":"<redacted>""#), "the echoed header is hidden too")
    }

    /// A server that sets a secret cookie (`/set-cookie`) and answers 401 with secrets in its body
    /// (`/expired`), without the secret in any URL.
    private static func secretServer() throws -> LoopbackServer {
        try LoopbackServer { request in
            switch request.path {
            case "/set-cookie":
                var response = ServerResponse.text("ok")
                response.headers.append(HeaderField(name: "Set-Cookie", value: "session=\(secret); HttpOnly"))
                return response
            case "/expired":
                return .json(["error": "expired", "refresh_token": secret, "detail": "token=\(secret)"], status: 401)
            default:
                return StandardRoutes.handle(request)
            }
        }
    }

    @Test func configuredHeaderAndFieldNamesNeverReachTheLog() async throws {
        let redaction = Redaction.default.adding(headerNames: ["X-Device-Secret"], fieldNames: ["pin"])
        let target = try TestTarget.loopback(
            "/echo", method: .post,
            task: .requestCompositeParameters(
                bodyParameters: [
                    "pin": Self.secret, "card": ["card_pin": Self.secret, "holder": "ann"] as Parameters,
                ],
                bodyEncoding: JSONEncoding.default, urlParameters: ["pin": Self.secret, "page": 2]),
            headers: ["X-Device-Secret": Self.secret])
        let logged = await everythingLogged(target, redaction: redaction)
        #expect(!logged.contains(Self.secret))
        #expect(logged.contains("page=2&pin=<redacted>"))
        #expect(logged.contains(#""holder":"ann""#))
        #expect(logged.contains("-H 'X-Device-Secret: <redacted>'"), "the logger's curl option")
    }

    /// The cookie the server sets goes to a jar of this test's own: in the shared one it would reach
    /// every later request to 127.0.0.1 from the other tests.
    @Test func cookiesSentAndSetNeverReachTheLog() async throws {
        let server = try Self.secretServer()
        defer { server.stop() }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = HTTPCookieStorage.sharedCookieStorage(
            forGroupContainerIdentifier: "courier-secrets-\(UUID().uuidString)")
        let transport = URLSessionTransport(configuration: configuration)
        let target = TestTarget(
            baseURL: server.baseURL, path: "/set-cookie", headers: ["Cookie": "session=\(Self.secret)"])
        let response = try await Provider<TestTarget>(transport: transport).request(target)
        #expect(response.response?.value(forHTTPHeaderField: "Set-Cookie")?.contains(Self.secret) == true)
        #expect(configuration.httpCookieStorage?.cookies?.first?.value == Self.secret, "the jar took the cookie")
        #expect(!(HTTPCookieStorage.shared.cookies ?? []).contains { $0.value == Self.secret })
        let logged = await everythingLogged(target, transport: transport)
        #expect(!logged.contains(Self.secret))
        #expect(logged.contains("Cookie: <redacted>"))
    }

    @Test func multipartSecretFieldsNeverReachTheLog() async throws {
        let form = MultipartFormData(
            boundary: "courier-test-boundary",
            parts: [
                MultipartFormBodyPart(provider: .data(Data("ann".utf8)), name: "username"),
                MultipartFormBodyPart(provider: .data(Data(Self.secret.utf8)), name: "password"),
                MultipartFormBodyPart(provider: .data(Data(Self.secret.utf8)), name: "user[api_key]"),
                MultipartFormBodyPart(
                    provider: .data(Data(#"{"token":"\#(Self.secret)"}"#.utf8)), name: "meta", fileName: "meta.json",
                    mimeType: "application/json"),
            ])
        let target = try TestTarget.loopback("/echo", method: .post, task: .uploadMultipart(form))
        let logged = await everythingLogged(target)
        #expect(!logged.contains(Self.secret))
        #expect(logged.contains("name=\"username\"\r\n\r\nann"))
    }

    @Test func passwordsInURLsNeverReachTheLog() async throws {
        let base = try TestServer.baseURL()
        let url = try #require(URL(string: "http://ann:\(Self.secret)@127.0.0.1:\(base.port ?? 0)"))
        let target = TestTarget(
            baseURL: url, path: "/echo",
            task: .requestParameters(parameters: ["access_token": Self.secret], encoding: URLEncoding.queryString))
        let logged = await everythingLogged(target)
        #expect(!logged.contains(Self.secret))
        #expect(logged.contains("ann:<redacted>@127.0.0.1"))
    }

    @Test func failuresAndErrorBodiesNeverRevealSecrets() async throws {
        let port = try refusedURL().port ?? 0
        let refused = TestTarget(
            baseURL: try #require(URL(string: "http://ann:\(Self.secret)@127.0.0.1:\(port)")), path: "/login",
            task: .requestParameters(parameters: ["token": Self.secret], encoding: URLEncoding.queryString),
            headers: ["Authorization": "Bearer \(Self.secret)"])
        let refusedLog = await everythingLogged(refused)
        #expect(refusedLog.contains("Error: "))
        #expect(!refusedLog.contains(Self.secret))

        let server = try Self.secretServer()
        defer { server.stop() }
        let rejected = TestTarget(baseURL: server.baseURL, path: "/expired", validationType: .successCodes)
        let rejectedLog = await everythingLogged(rejected)
        #expect(rejectedLog.contains(#""error":"expired""#))
        #expect(!rejectedLog.contains(Self.secret))
    }

    @Test func everyRetriedAttemptIsRedacted() async throws {
        let (server, counter) = try countingServer()
        defer { server.stop() }
        let target = TestTarget(
            baseURL: server.baseURL, path: "/status/503", headers: ["Authorization": "Bearer \(Self.secret)"])
        let retry = RetryPolicy(retryLimit: 1, exponentialBackoffScale: 0.001, jitter: 0)
        let logged = await everythingLogged(target, interceptors: [retry])
        #expect(counter.value == 2 * 128, "each of the 128 combinations sends twice")
        #expect(logged.contains("Request (retry 1)"))
        #expect(!logged.contains(Self.secret))
    }
}

/// The redaction of multipart bodies and of secrets quoted inside messages, byte for byte.
@Suite struct EmbeddedSecretRedactionTests {
    private let form =
        "--b\r\nContent-Disposition: form-data; name=\"user\"\r\n\r\nann\r\n"
        + "--b\r\nContent-Disposition: form-data; name=\"password\"\r\n\r\nhunter2\r\n"
        + "--b\r\nContent-Disposition: form-data; name=\"meta\"; filename=\"a.json\"\r\n"
        + "Content-Type: application/json\r\n\r\n{\"token\":\"t0k\"}\r\n--b--\r\n"

    @Test func multipartBodiesAreRedactedPartByPart() {
        let expected = form.replacingOccurrences(of: "hunter2", with: "<redacted>")
            .replacingOccurrences(of: "t0k", with: "<redacted>")
        let typed = Redaction.default.redactedBody(Data(form.utf8), contentType: "multipart/form-data; boundary=b")
        #expect(String(decoding: typed, as: UTF8.self) == expected)
        let inferred = Redaction.default.redactedBody(Data(form.utf8), contentType: nil)
        #expect(String(decoding: inferred, as: UTF8.self) == expected)
        #expect(Redaction.default.redactedText(form) == expected)
    }

    @Test func multipartBodiesWithBinaryPartsAreStillRedacted() {
        var body = Data("--b\r\nContent-Disposition: form-data; name=\"blob\"\r\n\r\n".utf8)
        body.append(Data([0xFF, 0xFE, 0x00, 0x80]))
        body.append(Data("\r\n--b\r\nContent-Disposition: form-data; name=\"api_key\"\r\n\r\nk3y\r\n--b--\r\n".utf8))
        let redacted = Redaction.default.redactedBody(body, contentType: "multipart/form-data; boundary=b")
        #expect(redacted.count == body.count - 3 + 10)
        #expect(redacted.range(of: Data("k3y".utf8)) == nil)
        #expect(redacted.range(of: Data([0xFF, 0xFE, 0x00, 0x80])) != nil)
    }

    @Test func secretsQuotedInsideErrorMessagesAreRedacted() {
        let message =
            #"Error Domain=NSURLErrorDomain Code=-1004 "(null)" UserInfo={NSErrorFailingURLStringKey="#
            + #"http://ann:pw@h:1/login?token=abc&page=2, NSLocalizedDescription=Failed, password=x}"#
        #expect(
            Redaction.default.redactedText(message)
                == #"Error Domain=NSURLErrorDomain Code=-1004 "(null)" UserInfo={NSErrorFailingURLStringKey="#
                + #"http://ann:<redacted>@h:1/login?token=<redacted>&page=2, NSLocalizedDescription=Failed, "#
                + #"password=<redacted>}"#)
        #expect(Redaction.none.redactedText(message) == message)
    }
}

/// Collects what a logger writes and the `cURLDescription()` of every attempt.
private final class SecretSink: PluginType, Sendable {
    private let recorded = Locked<[String]>([])
    private let capturesCURLDescriptions: Bool

    init(capturesCURLDescriptions: Bool) {
        self.capturesCURLDescriptions = capturesCURLDescriptions
    }

    var text: String { recorded.withLock { $0.joined(separator: "\n") } }

    func record(target: any TargetType, items: [String]) {
        recorded.withLock { $0.append(contentsOf: items) }
    }

    func willSend(_ request: any RequestType, target: any TargetType) {
        guard capturesCURLDescriptions else { return }
        let command = request.cURLDescription()
        recorded.withLock { $0.append(command) }
    }
}

/// Sets one header on every request, as a plugin.
private struct HeaderPlugin: PluginType {
    let name: String
    let value: String

    func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest {
        var request = request
        request.setValue(value, forHTTPHeaderField: name)
        return request
    }
}
