import CourierMoya
import TestSupport
import Testing

/// A token store an interceptor refreshes, as apps write one.
private final class Tokens: @unchecked Sendable {
    private let lock = NSLock()
    private var token = "expired"
    private var refreshes = 0
    var current: String { lock.withLock { token } }
    var refreshCount: Int { lock.withLock { refreshes } }
    func refresh() {
        lock.withLock {
            token = "fresh"
            refreshes += 1
        }
    }
}

/// An interceptor written as Alamofire's documentation writes one: a bearer token in `adapt`; on a
/// 401, a refresh and a retry.
private final class TokenInterceptor: RequestInterceptor, @unchecked Sendable {
    let tokens: Tokens
    var retried: [(count: Int, status: Int?)] = []

    init(tokens: Tokens) { self.tokens = tokens }

    func adapt(
        _ urlRequest: URLRequest, for session: Session, completion: @escaping (Result<URLRequest, Error>) -> Void
    ) {
        var request = urlRequest
        request.headers.add(.authorization(bearerToken: tokens.current))
        // The loopback server answers 401 until the token is fresh.
        if tokens.current != "fresh", let url = request.url,
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        {
            components.queryItems = (components.queryItems ?? []) + [URLQueryItem(name: "status", value: "401")]
            request.url = components.url
        }
        completion(.success(request))
    }

    func retry(
        _ request: Request, for session: Session, dueTo error: Error, completion: @escaping (RetryResult) -> Void
    ) {
        let status = (request.task?.response as? HTTPURLResponse)?.statusCode
        retried.append((request.retryCount, status))
        guard status == 401, request.retryCount < 2 else { return completion(.doNotRetryWithError(error)) }
        tokens.refresh()
        completion(.retry)
    }
}

@Suite struct InterceptorTests {
    @Test func anInterceptorRefreshesTheTokenAndRetriesA401() async throws {
        let tokens = Tokens()
        let interceptor = TokenInterceptor(tokens: tokens)
        let provider = MoyaProvider<Loopback>(session: Session(interceptor: interceptor))
        let echo = try await send(provider, .echo).get().map(Echo.self)
        #expect(echo.headers["authorization"] == "Bearer fresh")
        #expect(tokens.refreshCount == 1)
        #expect(interceptor.retried.count == 1)
        #expect(interceptor.retried.first?.count == 0)
        #expect(interceptor.retried.first?.status == 401)
    }

    @Test func aRetrierThatGivesUpWithAnErrorFailsTheRequestWithRequestRetryFailed() async {
        struct Refused: Error {}
        let provider = MoyaProvider<Loopback>(
            session: Session(
                interceptor: Retrier { _, _, _, completion in completion(.doNotRetryWithError(Refused())) }))
        let result = await send(provider, .status(500))
        guard case .failure(.underlying(let error, let response?)) = result,
            case .requestRetryFailed(let retryError, let originalError)? = error.asAFError
        else {
            Issue.record("expected AFError.requestRetryFailed with the response, got \(result)")
            return
        }
        #expect(retryError is Refused)
        #expect(originalError.asAFError?.responseCode == 500)
        #expect(response.statusCode == 500)
    }

    @Test func anAdapterThatFailsFailsTheRequestWithRequestAdaptationFailed() async {
        struct NoToken: Error {}
        let provider = MoyaProvider<Loopback>(
            session: Session(interceptor: Adapter { _, _, completion in completion(.failure(NoToken())) }))
        guard case .failure(.underlying(AFError.requestAdaptationFailed(let error), nil)) = await send(provider, .echo)
        else {
            Issue.record("expected AFError.requestAdaptationFailed")
            return
        }
        #expect(error is NoToken)
    }

    @Test func aStatusNothingRejectsIsAResponseThatNoRetrierHearsOf() async throws {
        enum Open: TargetType {
            case unauthorized
            var baseURL: URL { TestServer.baseURL }
            var path: String { "/status/401" }
            var method: Moya.Method { .get }
            var task: Task { .requestPlain }
            var headers: [String: String]? { nil }
        }
        final class Counting: RequestInterceptor, @unchecked Sendable {
            var asked = 0
            func retry(
                _ request: Request, for session: Session, dueTo error: Error,
                completion: @escaping (RetryResult) -> Void
            ) {
                asked += 1
                completion(.retry)
            }
        }
        let counting = Counting()
        let response = try await send(MoyaProvider<Open>(session: Session(interceptor: counting)), .unauthorized).get()
        #expect(response.statusCode == 401)
        #expect(counting.asked == 0)
    }

    @Test func alamofiresRetryPolicyRetriesAServerErrorWithBackoff() async {
        final class Attempts: PluginType, @unchecked Sendable {
            var count = 0
            func willSend(_ request: RequestType, target: TargetType) { count += 1 }
        }
        let attempts = Attempts()
        let policy = RetryPolicy(retryLimit: 2, exponentialBackoffScale: 0.01)
        let provider = MoyaProvider<Loopback>(session: Session(interceptor: policy), plugins: [attempts])
        guard case .failure(.underlying(let error, let response?)) = await send(provider, .status(503)) else {
            Issue.record("expected the 503 to fail validation after the retries")
            return
        }
        #expect(error.asAFError?.responseCode == 503)
        #expect(response.statusCode == 503)
        // The first attempt and two retries, each one prepared and announced again, as with Alamofire.
        #expect(attempts.count == 3)
    }

    @Test func alamofiresInterceptorFactoriesNameThePolicies() async throws {
        let sessions = [
            Session(interceptor: .retryPolicy), Session(interceptor: .connectionLostRetryPolicy(retryLimit: 1)),
            Session(interceptor: .retryPolicy(retryLimit: 1, exponentialBackoffScale: 0.01)),
            Session(interceptor: .interceptor(adapters: [], retriers: [RetryPolicy()])),
        ]
        #expect(sessions[0].interceptor is RetryPolicy)
        #expect(sessions[1].interceptor is ConnectionLostRetryPolicy)
        #expect((sessions[2].interceptor as? RetryPolicy)?.retryLimit == 1)
        #expect((sessions[3].interceptor as? Interceptor)?.retriers.count == 1)
        let response = try await send(MoyaProvider<Loopback>(session: sessions[2]), .echo).get()
        #expect(response.statusCode == 200)
    }
}
