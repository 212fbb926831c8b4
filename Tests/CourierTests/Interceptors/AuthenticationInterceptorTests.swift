import Foundation
import LoopbackServer
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `AuthenticationInterceptor` against a loopback server that accepts one token.
@Suite struct AuthenticationInterceptorTests {
    /// A server that answers 200 to `Authorization: Bearer <accepted>` (or whatever `accepts` allows)
    /// and 401 to anything else, counting requests.
    private func authServer(accepts: @escaping @Sendable (String?) -> Bool) throws -> (LoopbackServer, Counter) {
        let counter = Counter()
        let server = try LoopbackServer { request in
            counter.increment()
            let header = request.header("Authorization")
            return accepts(header)
                ? .json(["authorization": header ?? ""]) : .json(["error": "unauthorized"], status: 401)
        }
        return (server, counter)
    }

    /// A refresh closure that counts its calls, waits a little, and answers `token` (or throws).
    private func refresher(
        _ calls: Counter, answer token: String?
    ) -> @Sendable (String) async throws -> String {
        { _ in
            calls.increment()
            try await Task.sleep(nanoseconds: 150_000_000)
            guard let token else { throw URLError(.userAuthenticationRequired) }
            return token
        }
    }

    @Test func theTokenIsSentWithTheScheme() async throws {
        let (server, _) = try authServer { _ in true }
        defer { server.stop() }
        let interceptor = AuthenticationInterceptor(token: "t0", refresh: { _ in "t1" })
        let provider = Provider<TestTarget>(interceptors: [interceptor])
        let response = try await provider.request(TestTarget(baseURL: server.baseURL, path: "/"))
        #expect(try response.mapString(atKeyPath: "authorization") == "Bearer t0")
    }

    @Test func concurrent401sShareOneRefresh() async throws {
        let (server, counter) = try authServer { $0 == "Bearer fresh" }
        defer { server.stop() }
        let refreshes = Counter()
        let interceptor = AuthenticationInterceptor(token: "expired", refresh: refresher(refreshes, answer: "fresh"))
        let provider = Provider<TestTarget>(interceptors: [interceptor])
        let target = TestTarget(baseURL: server.baseURL, path: "/", validationType: .successCodes)
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<20 {
                group.addTask { try await provider.request(target).statusCode }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 200, count: 20))
        #expect(refreshes.value == 1)
        #expect(counter.value <= 40)
        #expect(await interceptor.token == "fresh")
    }

    @Test func aFailedRefreshFailsEveryWaitingRequest() async throws {
        let (server, _) = try authServer { $0 == "Bearer fresh" }
        defer { server.stop() }
        let refreshes = Counter()
        let interceptor = AuthenticationInterceptor(token: "expired", refresh: refresher(refreshes, answer: nil))
        let provider = Provider<TestTarget>(interceptors: [interceptor])
        let target = TestTarget(baseURL: server.baseURL, path: "/")
        let errors = await withTaskGroup(of: CourierError?.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    if case .failure(let error) = await result({ () async throws(CourierError) in
                        try await provider.request(target)
                    }) {
                        return error
                    }
                    return nil
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(errors.count == 20)
        for error in errors {
            guard case .underlying(let underlying, let response)? = error,
                case .refreshFailed(let cause)? = underlying as? AuthenticationError
            else {
                Issue.record("expected a refresh failure, got \(String(describing: error))")
                continue
            }
            #expect((cause as? URLError)?.code == .userAuthenticationRequired)
            #expect(response?.statusCode == 401)
        }
        #expect(refreshes.value == 1)
    }

    @Test func aRequestRefusedAfterItsTokensRefreshFailedSharesThatFailure() async throws {
        // "/slow" answers its 401 after 600 ms, long after the refresh started by "/" has failed
        // (150 ms): it was sent with the same token while that refresh ran, so it fails with the same
        // error instead of starting a second refresh.
        let server = try LoopbackServer { request in
            if request.path == "/slow" { Thread.sleep(forTimeInterval: 0.6) }
            return .json(["error": "unauthorized"], status: 401)
        }
        defer { server.stop() }
        let refreshes = Counter()
        let interceptor = AuthenticationInterceptor(token: "expired", refresh: refresher(refreshes, answer: nil))
        let provider = Provider<TestTarget>(interceptors: [interceptor])
        async let slow = result { () async throws(CourierError) in
            try await provider.request(TestTarget(baseURL: server.baseURL, path: "/slow"))
        }
        let fast = await result { () async throws(CourierError) in
            try await provider.request(TestTarget(baseURL: server.baseURL, path: "/"))
        }
        for outcome in [fast, await slow] {
            guard case .failure(.underlying(let underlying, let response)) = outcome,
                case .refreshFailed(let cause)? = underlying as? AuthenticationError
            else {
                Issue.record("expected a refresh failure, got \(outcome)")
                continue
            }
            #expect((cause as? URLError)?.code == .userAuthenticationRequired)
            #expect(response?.statusCode == 401)
        }
        #expect(refreshes.value == 1)
        // A request started after the failure may try again.
        _ = await result { () async throws(CourierError) in
            try await provider.request(TestTarget(baseURL: server.baseURL, path: "/"))
        }
        #expect(refreshes.value == 2)
    }

    @Test func aRequestRefusedAgainAfterRefreshFailsInsteadOfLooping() async throws {
        let (server, counter) = try authServer { _ in false }
        defer { server.stop() }
        let refreshes = Counter()
        let interceptor = AuthenticationInterceptor(token: "old", refresh: refresher(refreshes, answer: "new"))
        let provider = Provider<TestTarget>(interceptors: [interceptor])
        let error = await #expect(throws: CourierError.self) {
            try await provider.request(TestTarget(baseURL: server.baseURL, path: "/"))
        }
        guard case .underlying(let underlying, _)? = error,
            case .rejectedAfterRefresh? = underlying as? AuthenticationError
        else {
            Issue.record("expected rejectedAfterRefresh, got \(String(describing: error))")
            return
        }
        #expect(refreshes.value == 1)
        #expect(counter.value == 2)
    }

    @Test func aRefreshedTokenThatExpiresLaterIsRefreshedAgainEvenAfterOtherRetries() async throws {
        let valid = ServerScript(validToken: "Bearer t1")
        let server = try LoopbackServer { request in valid.answer(request) }
        defer { server.stop() }
        let refreshes = Counter()
        let interceptor = AuthenticationInterceptor(
            token: "t0",
            refresh: { _ in
                refreshes.increment()
                return "t\(refreshes.value)"
            })
        let provider = Provider<TestTarget>(
            interceptors: [interceptor, RetryPolicy(exponentialBackoffScale: 0.01, jitter: 0)])
        let target = TestTarget(baseURL: server.baseURL, path: "/", validationType: .successCodes)
        #expect(try await provider.request(target).statusCode == 200)  // t0 → 401 → refresh → t1
        valid.expire(next: "Bearer t2", failingOnceWith: 503)
        #expect(try await provider.request(target).statusCode == 200)  // t1 → 503 → retry → 401 → refresh → t2
        #expect(refreshes.value == 2)
    }

    @Test func refreshesAreBoundedWithinTheWindow() async throws {
        let (server, _) = try authServer { _ in false }
        defer { server.stop() }
        let refreshes = Counter()
        // A window far longer than the test, so that a loaded machine cannot let it pass between requests.
        let interceptor = AuthenticationInterceptor(
            token: "t", maximumRefreshes: 2, refreshInterval: 3600,
            refresh: { _ in
                refreshes.increment()
                return "t\(refreshes.value)"
            })
        let provider = Provider<TestTarget>(interceptors: [interceptor])
        var last: CourierError?
        for _ in 0..<4 {
            last = await #expect(throws: CourierError.self) {
                try await provider.request(TestTarget(baseURL: server.baseURL, path: "/"))
            }
        }
        guard case .underlying(let underlying, _)? = last, case .excessiveRefresh? = underlying as? AuthenticationError
        else {
            Issue.record("expected excessiveRefresh, got \(String(describing: last))")
            return
        }
        #expect(refreshes.value == 2)
    }

    @Test func otherFailuresAreLeftAlone() async throws {
        let transport = ScriptedTransport(statusCode: 403)
        let refreshes = Counter()
        let interceptor = AuthenticationInterceptor(token: "t", refresh: refresher(refreshes, answer: "u"))
        let provider = Provider<TestTarget>(transport: transport, interceptors: [interceptor])
        let response = try await provider.request(
            TestTarget(baseURL: URL(string: "https://api.example.com")!, path: "x"))
        #expect(response.statusCode == 403)
        #expect(refreshes.value == 0)
        #expect(transport.requests.count == 1)
    }

    @Test func targetsThatAskForNoTokenGetNone() async throws {
        let transport = ScriptedTransport()
        let interceptor = AuthenticationInterceptor(token: "t", refresh: { _ in "u" })
        let provider = Provider<AuthTarget>(transport: transport, interceptors: [interceptor])
        _ = try await provider.request(.open)
        _ = try await provider.request(.custom)
        #expect(transport.requests.map { $0.value(forHTTPHeaderField: "Authorization") } == ["stale", "Token t"])
    }
}

/// A target whose cases ask for different authorization.
enum AuthTarget: TargetType, AccessTokenAuthorizable {
    case open, bearer, basic, custom

    var baseURL: URL { URL(string: "https://api.example.com")! }
    var path: String { "auth" }
    var method: Method { .get }
    var task: HTTPTask { .requestPlain }
    var headers: [String: String]? { ["Authorization": "stale"] }

    var authorizationType: AuthorizationType? {
        switch self {
        case .open: nil
        case .bearer: .bearer
        case .basic: .basic
        case .custom: .custom("Token")
        }
    }
}

/// A server script: accepts one token, and can expire it and fail the next request once.
final class ServerScript: Sendable {
    private let state: Locked<(validToken: String, failOnce: Int?)>

    init(validToken: String) {
        state = Locked((validToken, nil))
    }

    func expire(next token: String, failingOnceWith status: Int) {
        state.withLock { $0 = (token, status) }
    }

    func answer(_ request: ServerRequest) -> ServerResponse {
        state.withLock { state in
            if let status = state.failOnce {
                state.failOnce = nil
                return .json(["error": "busy"], status: status)
            }
            return request.header("Authorization") == state.validToken
                ? .json(["ok": true]) : .json(["error": "unauthorized"], status: 401)
        }
    }
}
