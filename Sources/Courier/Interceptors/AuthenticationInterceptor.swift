import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Puts a token in every request and, when the server answers 401, refreshes the token and sends the
/// request again.
///
/// - Requests that answer 401 at the same time share one refresh (single flight); requests that start
///   while a refresh runs wait for it and go out with the new token.
/// - A request is retried once after a refresh: if it is refused again with the new token, it fails
///   with ``AuthenticationError/rejectedAfterRefresh``.
/// - A refresh that throws fails every request waiting for it with ``AuthenticationError/refreshFailed(_:)``,
///   and so does every request that was under way with the same token and is refused after the failure;
///   a request started after the failure may start a new refresh.
/// - At most `maximumRefreshes` refreshes run within `refreshInterval` seconds; past that requests fail
///   with ``AuthenticationError/excessiveRefresh`` rather than loop.
///
/// A target that conforms to ``AccessTokenAuthorizable`` and answers `nil` is sent without a token; one
/// that answers a scheme is sent with that scheme.
public final class AuthenticationInterceptor: RequestInterceptor {
    private let state: TokenState
    private let authorizationType: AuthorizationType

    /// Creates the interceptor.
    ///
    /// - Parameters:
    ///   - token: The token to start with.
    ///   - authorizationType: The scheme word before the token. Default: ``AuthorizationType/bearer``.
    ///   - maximumRefreshes: Refreshes allowed within `refreshInterval`. Default: 3.
    ///   - refreshInterval: The window, in seconds, over which refreshes are counted. Default: 30.
    ///   - refresh: Gives a new token for the expired one; throwing fails the waiting requests.
    public init(
        token: String, authorizationType: AuthorizationType = .bearer, maximumRefreshes: Int = 3,
        refreshInterval: TimeInterval = 30,
        refresh: @escaping @Sendable (_ expiredToken: String) async throws -> String
    ) {
        self.authorizationType = authorizationType
        state = TokenState(
            token: token, maximumRefreshes: maximumRefreshes, refreshInterval: refreshInterval, refresh: refresh)
    }

    /// The token requests are sent with now.
    public var token: String {
        get async { await state.currentToken() }
    }

    /// Sets `Authorization: <scheme> <token>`, waiting first for a refresh that is under way.
    public func adapt(_ request: URLRequest, for target: any TargetType) async throws -> URLRequest {
        var scheme = authorizationType
        if let authorizable = target as? any AccessTokenAuthorizable {
            guard let type = authorizable.authorizationType else { return request }
            scheme = type
        }
        var request = request
        HeaderValidation.set("\(scheme.value) \(await state.currentToken())", for: "Authorization", in: &request)
        return request
    }

    /// On 401, refreshes the token (or takes the one another request just refreshed) and retries.
    public func retry(
        _ request: URLRequest, for target: any TargetType, result: Result<Response, CourierError>, attempt: Int
    ) async -> RetryDecision {
        guard result.response?.statusCode == 401,
            let header = request.value(forHTTPHeaderField: "Authorization")
        else { return .doNotRetry }
        let sentToken = header.split(separator: " ", maxSplits: 1).last.map(String.init) ?? header
        // When did this request start? A refresh begun after that was made for this very request.
        let requestStart = RequestContext.current?.start
        do {
            try await state.renew(after: sentToken, requestStart: requestStart, attempt: attempt)
            return .retry
        } catch {
            return .doNotRetryWithError(error)
        }
    }
}

/// Why an ``AuthenticationInterceptor`` gave up on a request.
public enum AuthenticationError: Error, LocalizedError {
    /// The refresh closure threw this error.
    case refreshFailed(any Error)
    /// The request was refused again with a token that had just been refreshed.
    case rejectedAfterRefresh
    /// More refreshes were asked for within the refresh window than it allows.
    case excessiveRefresh

    /// A sentence saying what went wrong.
    public var errorDescription: String? {
        switch self {
        case .refreshFailed(let error): "The access token could not be refreshed: \(error.localizedDescription)"
        case .rejectedAfterRefresh: "The server refused the request again after the access token was refreshed."
        case .excessiveRefresh: "The access token was refreshed too many times in a short while."
        }
    }
}

/// The token and the refresh under way: the interceptor's shared state, behind one actor.
private actor TokenState {
    private var token: String
    private var refreshing: Task<String, any Error>?
    /// When each refreshed token's refresh began.
    private var refreshStarts: [String: ContinuousClock.Instant] = [:]
    private var refreshTimes: [Date] = []
    /// The last refresh that failed: the token it tried to renew, when it ended and why; `nil` once a
    /// refresh succeeds.
    private var lastFailure: (token: String, endedAt: ContinuousClock.Instant, error: any Error)?
    private let maximumRefreshes: Int
    private let refreshInterval: TimeInterval
    private let refresh: @Sendable (String) async throws -> String

    init(
        token: String, maximumRefreshes: Int, refreshInterval: TimeInterval,
        refresh: @escaping @Sendable (String) async throws -> String
    ) {
        self.token = token
        self.maximumRefreshes = maximumRefreshes
        self.refreshInterval = refreshInterval
        self.refresh = refresh
    }

    /// The current token, once any refresh under way has ended.
    func currentToken() async -> String {
        if let refreshing { _ = try? await refreshing.value }
        return token
    }

    /// Makes sure the token is newer than `sentToken`: joins the refresh under way, or starts one.
    func renew(after sentToken: String, requestStart: ContinuousClock.Instant?, attempt: Int) async throws {
        if let refreshing {
            _ = try await Self.outcome(of: refreshing)
            return
        }
        guard sentToken == token else { return }  // Another request refreshed it already.
        if let failure = lastFailure, failure.token == sentToken, let requestStart, requestStart < failure.endedAt {
            // This request was under way when the refresh of its token failed: it shares that failure
            // rather than starting another refresh.
            throw AuthenticationError.refreshFailed(failure.error)
        }
        if let refreshStart = refreshStarts[sentToken] {
            // The token came from a refresh begun after this request started: it was retried with it already.
            let retriedAfterRefresh = requestStart.map { refreshStart > $0 } ?? (attempt > 0)
            if retriedAfterRefresh { throw AuthenticationError.rejectedAfterRefresh }
        }
        let now = Date()
        refreshTimes.removeAll { now.timeIntervalSince($0) > refreshInterval }
        guard refreshTimes.count < maximumRefreshes else { throw AuthenticationError.excessiveRefresh }
        refreshTimes.append(now)

        let refresh = self.refresh
        let started = ContinuousClock.now
        let task = Task {
            do {
                let newToken = try await refresh(sentToken)
                self.finishRefresh(with: .success(newToken), of: sentToken, startedAt: started)
                return newToken
            } catch {
                self.finishRefresh(with: .failure(error), of: sentToken, startedAt: started)
                throw error
            }
        }
        refreshing = task
        _ = try await Self.outcome(of: task)
    }

    /// Installs the new token, or records the failure (before any waiter resumes), and ends the refresh.
    private func finishRefresh(
        with outcome: Result<String, any Error>, of sentToken: String, startedAt started: ContinuousClock.Instant
    ) {
        switch outcome {
        case .success(let newToken):
            token = newToken
            refreshStarts[newToken] = started
            lastFailure = nil
        case .failure(let error):
            lastFailure = (sentToken, .now, error)
        }
        refreshing = nil
    }

    private static func outcome(of task: Task<String, any Error>) async throws -> String {
        do {
            return try await task.value
        } catch {
            throw AuthenticationError.refreshFailed(error)
        }
    }
}
