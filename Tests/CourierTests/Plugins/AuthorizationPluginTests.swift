import Courier
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `AccessTokenPlugin` and `CredentialsPlugin` set one `Authorization` header, only where asked.
@Suite struct AuthorizationPluginTests {
    @Test func accessTokenFollowsEachTargetsAuthorizationType() async throws {
        let transport = ScriptedTransport()
        let plugin = AccessTokenPlugin { _ in "abc" }
        let provider = Provider<AuthTarget>(transport: transport, plugins: [plugin])
        for target in [AuthTarget.open, .bearer, .basic, .custom] {
            _ = try await provider.request(target)
        }
        #expect(
            transport.requests.map { $0.value(forHTTPHeaderField: "Authorization") } == [
                "stale", "Bearer abc", "Basic abc", "Token abc",
            ])
    }

    @Test func accessTokenReplacesRatherThanAppends() async throws {
        let plugin = AccessTokenPlugin { _ in "fresh" }
        let provider = Provider<MultiTarget>(plugins: [plugin])
        let target = try TestTarget.loopback("/echo", headers: ["Authorization": "Bearer old"])
        struct Wrapped: TargetType, AccessTokenAuthorizable {
            let inner: TestTarget
            var baseURL: URL { inner.baseURL }
            var path: String { inner.path }
            var method: Method { inner.method }
            var task: HTTPTask { inner.task }
            var headers: [String: String]? { inner.headers }
            var authorizationType: AuthorizationType? { .bearer }
        }
        let echo = try await provider.request(MultiTarget(Wrapped(inner: target)), as: Echo.self)
        #expect(echo.headers["authorization"] == "Bearer fresh")
    }

    @Test func targetsThatDoNotAskGetNoToken() async throws {
        let transport = ScriptedTransport()
        let provider = Provider<TestTarget>(transport: transport, plugins: [AccessTokenPlugin { _ in "abc" }])
        _ = try await provider.request(TestTarget(baseURL: URL(string: "https://api.example.com")!, path: "x"))
        #expect(transport.requests.first?.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test func credentialsAreSentAsBasicAuthentication() async throws {
        let plugin = CredentialsPlugin { _ in URLCredential(user: "ann", password: "p:ss", persistence: .none) }
        let echo = try await Provider<TestTarget>(plugins: [plugin]).request(
            try TestTarget.loopback("/echo"), as: Echo.self)
        #expect(echo.headers["authorization"] == "Basic " + Data("ann:p:ss".utf8).base64EncodedString())
    }

    @Test func noCredentialLeavesTheRequestAlone() async throws {
        let transport = ScriptedTransport()
        let provider = Provider<TestTarget>(transport: transport, plugins: [CredentialsPlugin { _ in nil }])
        _ = try await provider.request(TestTarget(baseURL: URL(string: "https://api.example.com")!, path: "x"))
        #expect(transport.requests.first?.value(forHTTPHeaderField: "Authorization") == nil)
    }
}
