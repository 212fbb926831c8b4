import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private enum AuthAPI: TargetType, AccessTokenAuthorizable {
    case me

    var baseURL: URL { loopbackBaseURL }
    var path: String { "/echo/me" }
    var method: Method { .get }
    var task: HTTPTask { .requestPlain }
    var headers: [String: String]? { nil }
    var authorizationType: AuthorizationType? { .bearer }
}

/// Collects what a plugin written for Moya reads from the request in `willSend`.
private final class CurlCollector: PluginType, Sendable {
    private let collected = Locked((commands: [String](), sessionHeaderCounts: [Int]()))

    func willSend(_ request: RequestType, target: TargetType) {
        _ = request.authenticate(username: "ada", password: "secret", persistence: .none)
            .authenticate(with: URLCredential(user: "ada", password: "secret", persistence: .none))
            .cURLDescription { command in
                self.collected.withLock { $0.commands.append(command) }
            }
        let count = request.sessionHeaders.count
        collected.withLock { $0.sessionHeaderCounts.append(count) }
    }

    var seen: (commands: [String], sessionHeaderCounts: [Int]) {
        collected.withLock { $0 }
    }
}

/// Moya's names of the built-in plugins' types, each used as Moya app code uses it.
@Suite struct MoyaPluginNamesTests {
    @Test func loggerConfigurationNestsItsOptionsAndFormatterAsMoyaDoes() async throws {
        let lines = Lines()
        let options: NetworkLoggerPlugin.Configuration.LogOptions = [.requestMethod]
        let formatter = NetworkLoggerPlugin.Configuration.Formatter()
        let logger = NetworkLoggerPlugin(
            configuration: .init(formatter: formatter, output: { _, items in lines.append(items) }, logOptions: options)
        )
        _ = try await Provider<AuthAPI>(plugins: [logger]).request(.me)
        #expect(lines.all.contains { $0.contains("HTTP Request Method: GET") })
    }

    @Test func pluginClosuresHaveMoyasTypeNames() async throws {
        let tokenClosure: AccessTokenPlugin.TokenClosure = { _ in "t0ken" }
        let credentialClosure: CredentialsPlugin.CredentialClosure = { _ in nil }
        let changes = Lines()
        let activity: NetworkActivityPlugin.NetworkActivityClosure = { change, _ in changes.append(["\(change)"]) }
        let provider = Provider<AuthAPI>(plugins: [
            AccessTokenPlugin(tokenClosure: tokenClosure), CredentialsPlugin(credentialsClosure: credentialClosure),
            NetworkActivityPlugin(networkActivityClosure: activity),
        ])
        let echo = try await provider.request(.me).map(Echo.self)
        #expect(echo.headers["authorization"] == "Bearer t0ken")
        #expect(changes.all == ["began", "ended"])
    }

    @Test func requestTypeAnswersMoyasMethods() async throws {
        let collector = CurlCollector()
        _ = try await Provider<AuthAPI>(plugins: [collector]).request(.me)
        let seen = collector.seen
        #expect(seen.commands.count == 1)
        #expect(seen.commands.first?.hasPrefix("$ curl") == true)
        #expect(seen.commands.first?.contains("/echo/me") == true)
        #expect(seen.sessionHeaderCounts == [0])
    }
}

/// Lines written by a logger or a closure, from any thread.
private final class Lines: Sendable {
    private let lines = Locked<[String]>([])

    func append(_ items: [String]) {
        lines.withLock { $0.append(contentsOf: items) }
    }

    var all: [String] { lines.withLock { $0 } }
}
