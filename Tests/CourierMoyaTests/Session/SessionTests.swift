import CourierMoya
import TestSupport
import Testing

/// Requests to the loopback server, as an app's API declares them.
enum Loopback: TargetType {
    case echo
    case delayed(milliseconds: Int)
    case status(Int)
    case redirect(to: String)

    var baseURL: URL { TestServer.baseURL }
    var path: String {
        switch self {
        case .echo, .delayed: return "/echo"
        case .status(let code): return "/status/\(code)"
        case .redirect: return "/respond"
        }
    }
    var method: Moya.Method { .get }
    var task: Task {
        switch self {
        case .echo, .status:
            return .requestPlain
        case .delayed(let milliseconds):
            return .requestParameters(parameters: ["delay": milliseconds], encoding: URLEncoding.queryString)
        case .redirect(let location):
            return .requestParameters(
                parameters: ["status": 302, "header.Location": location], encoding: URLEncoding.queryString)
        }
    }
    var headers: [String: String]? { nil }
    var validationType: ValidationType { .successCodes }
}

/// Alamofire's `Session`, as Moya apps make and configure it.
@Suite struct SessionTests {
    @Test func theConfigurationsHeadersAndTimeoutsApply() async throws {
        let configuration = URLSessionConfiguration.af.default
        configuration.headers.add(name: "X-From-Session", value: "yes")
        let echo = try await send(MoyaProvider<Loopback>(session: Session(configuration: configuration)), .echo).get()
            .map(Echo.self)
        #expect(echo.headers["x-from-session"] == "yes")
        #expect(echo.headers["accept-encoding"]?.contains("gzip") == true)

        // A wait for data longer than the configuration allows fails as a timeout, well before the answer.
        let impatient = URLSessionConfiguration.af.default
        impatient.timeoutIntervalForRequest = 1
        let result = await send(
            MoyaProvider<Loopback>(session: Session(configuration: impatient)), .delayed(milliseconds: 20_000))
        guard case .failure(.underlying(AFError.sessionTaskFailed(let error as URLError), _)) = result else {
            Issue.record("expected a timeout inside AFError.sessionTaskFailed, got \(result)")
            return
        }
        #expect(error.code == .timedOut)
    }

    @Test func moyasDefaultSessionDoesNotStartRequestsItselfAndCarriesAlamofiresHeaders() {
        let session = MoyaProvider<Loopback>.defaultAlamofireSession()
        #expect(!session.startRequestsImmediately)
        #expect(session.sessionConfiguration.headers["Accept-Language"] != nil)
        #expect(session.sessionConfiguration.headers["User-Agent"]?.contains("CourierMoya") == true)
    }

    @Test func aSessionThatDoesNotFollowRedirectsHandsBackTheRedirect() async throws {
        let follow = try await send(MoyaProvider<Loopback>(), .redirect(to: "/echo/followed")).get()
        #expect(try follow.map(Echo.self).path == "/echo/followed")

        enum Redirects: TargetType {
            case moved
            var baseURL: URL { TestServer.baseURL }
            var path: String { "/respond" }
            var method: Moya.Method { .get }
            var task: Task {
                .requestParameters(
                    parameters: ["status": 302, "header.Location": "/echo"], encoding: URLEncoding.queryString)
            }
            var headers: [String: String]? { nil }
        }
        let stay = MoyaProvider<Redirects>(session: Session(redirectHandler: Redirector.doNotFollow))
        let response = try await send(stay, .moved).get()
        #expect(response.statusCode == 302)
        #expect(response.response?.value(forHTTPHeaderField: "Location") == "/echo")
    }

    @Test func cancelAllRequestsCancelsWhatIsInFlight() async {
        let session = Session()
        let provider = MoyaProvider<Loopback>(session: session)
        let result: Result<Response, MoyaError> = await withCheckedContinuation { continuation in
            provider.request(.delayed(milliseconds: 5_000), callbackQueue: DispatchQueue(label: "all")) {
                continuation.resume(returning: $0)
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { session.cancelAllRequests() }
        }
        guard case .failure(.underlying(AFError.explicitlyCancelled, nil)) = result else {
            Issue.record("expected AFError.explicitlyCancelled, got \(result)")
            return
        }
    }

    @Test func invalidatingTheURLSessionEndsWhatIsInFlightAndRefusesNewRequests() async {
        let session = Session()
        let provider = MoyaProvider<Loopback>(session: session)
        let result: Result<Response, MoyaError> = await withCheckedContinuation { continuation in
            provider.request(.delayed(milliseconds: 5_000), callbackQueue: DispatchQueue(label: "invalid")) {
                continuation.resume(returning: $0)
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { session.session.invalidateAndCancel() }
        }
        guard case .failure(.underlying(AFError.sessionInvalidated, nil)) = result else {
            Issue.record("expected AFError.sessionInvalidated, got \(result)")
            return
        }
        guard case .failure(.underlying(AFError.sessionInvalidated, nil)) = await send(provider, .echo) else {
            Issue.record("a request after the invalidation was sent")
            return
        }
    }

    @Test func aGETWithABodyIsRefusedBeforeAnyPluginPreparesIt() async {
        enum Odd: TargetType {
            case getWithBody
            var baseURL: URL { TestServer.baseURL }
            var path: String { "/echo" }
            var method: Moya.Method { .get }
            var task: Task { .requestData(Data("body".utf8)) }
            var headers: [String: String]? { nil }
        }
        final class Heard: PluginType, @unchecked Sendable {
            var events: [String] = []
            func willSend(_ request: RequestType, target: TargetType) { events.append("willSend") }
            func didReceive(_ result: Result<Response, MoyaError>, target: TargetType) { events.append("didReceive") }
        }
        let heard = Heard()
        let result = await send(MoyaProvider<Odd>(plugins: [heard]), .getWithBody)
        guard
            case .failure(.underlying(AFError.urlRequestValidationFailed(.bodyDataInGETRequest(let body)), nil)) =
                result
        else {
            Issue.record("expected AFError.urlRequestValidationFailed, got \(result)")
            return
        }
        #expect(body == Data("body".utf8))
        #expect(heard.events == ["didReceive"])
    }
}
