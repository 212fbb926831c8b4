import Courier
import CourierExamples
import Foundation
import LoopbackServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The login example: a facade over the command enum; secrets stay out of the log.
@Suite struct LoginTests {
    private func smscode(_ client: LoginClient, _ user: String) async -> Result<String, CourierError> {
        await withCheckedContinuation { continuation in
            client.smscode(username: user) { continuation.resume(returning: $0) }
        }
    }

    @Test func targetsBuildTheDocumentedRequests() throws {
        let login = try Provider<LoginAPI>.defaultEndpointMapping(
            for: .login(username: "ann", password: "p w", smscode: "1234")
        ).urlRequest()
        #expect(login.url?.absoluteString == "http://127.0.0.1:5000/login/")
        #expect(login.httpBody == Data("password=p%20w&smscode=1234&username=ann".utf8))
        let other = try Provider<LoginAPI>.defaultEndpointMapping(for: .otherRequest).urlRequest()
        #expect(other.url?.absoluteString == "http://127.0.0.1:5000/login/otherRequest/")
        #expect(other.httpMethod == "GET")
    }

    @Test func aCodeThenALoginGiveASession() async throws {
        let backend = try DemoBackend.start()
        defer { backend.stop() }
        let client = LoginClient(provider: Provider(endpointClosure: rebasing(onto: backend.baseURL)))
        let code = try await smscode(client, "ann").get()
        #expect(code.count == 4)
        let session = try await client.login(username: "ann", password: DemoBackend.password, smscode: code)
        #expect(session.username == "ann")
        #expect(try await client.otherRequest() == "other request answered")
    }

    @Test func aWrongCodeIsRefused() async throws {
        let backend = try DemoBackend.start()
        defer { backend.stop() }
        let client = LoginClient(provider: Provider(endpointClosure: rebasing(onto: backend.baseURL)))
        _ = try await smscode(client, "bob").get()
        let error = await #expect(throws: CourierError.self) {
            try await client.login(username: "bob", password: DemoBackend.password, smscode: "0000x")
        }
        #expect(error?.response?.statusCode == 401)
    }

    @Test func thePasswordAndCodeNeverReachTheLog() async throws {
        let backend = try DemoBackend.start()
        defer { backend.stop() }
        let lines = LogLines()
        let logger = NetworkLoggerPlugin(
            configuration: .init(output: { _, items in lines.append(items) }, logOptions: .verbose))
        let client = LoginClient(
            provider: Provider(endpointClosure: rebasing(onto: backend.baseURL), plugins: [logger]))
        let code = try await smscode(client, "ann").get()
        let session = try await client.login(username: "ann", password: DemoBackend.password, smscode: code)
        let log = lines.all.joined(separator: "\n")
        #expect(log.contains("username=ann"))
        #expect(!log.contains(DemoBackend.password))
        #expect(!log.contains("correct%20horse"))
        // The code is four digits, which a port, a time or a byte count in the log may hold too: it is
        // looked for where the body would show it.
        #expect(!log.contains("smscode=\(code)") && !log.contains(#""smscode":"\#(code)""#))
        #expect(log.contains("smscode=<redacted>") && log.contains(#""smscode":"<redacted>""#))
        #expect(!log.contains(session.token))
    }
}

/// Log output collected from any thread.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ items: [String]) {
        lock.withLock { lines.append(contentsOf: items) }
    }

    var all: [String] { lock.withLock { lines } }
}
