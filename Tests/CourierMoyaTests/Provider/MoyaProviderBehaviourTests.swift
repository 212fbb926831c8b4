import CourierMoya
import TestSupport
import Testing

/// An API declared as a Moya app declares it, against the loopback server.
enum Shelf: TargetType {
    case books(page: Int)
    case add(title: String)
    case missing
    case slow

    var baseURL: URL { TestServer.baseURL }
    var path: String {
        switch self {
        case .books: return "/echo/books"
        case .add: return "/echo/books"
        case .missing: return "/status/404"
        case .slow: return "/echo/slow"
        }
    }
    var method: Moya.Method {
        switch self {
        case .add: return .post
        default: return .get
        }
    }
    var task: Task {
        switch self {
        case .books(let page):
            return .requestParameters(parameters: ["page": page], encoding: URLEncoding.queryString)
        case .add(let title):
            return .requestParameters(parameters: ["title": title], encoding: JSONEncoding.default)
        case .missing:
            return .requestPlain
        case .slow:
            return .requestParameters(parameters: ["delay": 5_000], encoding: URLEncoding.queryString)
        }
    }
    var headers: [String: String]? { ["X-App": "shelf"] }
    var validationType: ValidationType {
        switch self {
        case .missing: return .successCodes
        default: return .none
        }
    }
    var sampleData: Data { Data(#"{"sample":true}"#.utf8) }
}

@Suite struct MoyaProviderBehaviourTests {
    @Test func aRequestGoesOverTheNetworkWithItsParametersAndHeaders() async throws {
        let provider = MoyaProvider<Shelf>()
        let echo = try await send(provider, .books(page: 2)).get().map(Echo.self)
        #expect(echo.method == "GET")
        #expect(echo.path == "/echo/books")
        #expect(echo.query == "page=2")
        #expect(echo.headers["x-app"] == "shelf")
        // Moya's default session sends Alamofire's default headers.
        #expect(echo.headers["accept-language"] != nil)
        #expect(echo.headers["user-agent"]?.contains("CourierMoya") == true)

        let added = try await send(provider, .add(title: "Dune")).get().map(Echo.self)
        #expect(added.body == #"{"title":"Dune"}"#)
        #expect(added.headers["content-type"] == "application/json")
    }

    @Test func aStatusTheTargetRejectsIsAnAlamofireValidationErrorFromTheNetwork() async {
        let result = await send(MoyaProvider<Shelf>(), .missing)
        guard case .failure(.underlying(let error, let response?)) = result,
            case .responseValidationFailed(reason: .unacceptableStatusCode(code: 404))? = error.asAFError
        else {
            Issue.record("expected an Alamofire validation error with the response, got \(result)")
            return
        }
        #expect(response.statusCode == 404)
    }

    @Test func aStatusTheTargetRejectsIsAStatusCodeErrorInsideUnderlyingFromAStub() {
        let provider = MoyaProvider<Shelf>(
            endpointClosure: { target in
                Endpoint(
                    url: URL(target: target).absoluteString, sampleResponseClosure: { .networkResponse(404, Data()) },
                    method: target.method, task: target.task, httpHeaderFields: target.headers)
            }, stubClosure: MoyaProvider.immediatelyStub)
        var result: Result<Response, MoyaError>?
        provider.request(.missing) { result = $0 }
        // An immediate stub with no callback queue answers before `request` returns.
        guard case .failure(.underlying(MoyaError.statusCode(let inner), let outer?))? = result else {
            Issue.record("expected .underlying(MoyaError.statusCode), got \(String(describing: result))")
            return
        }
        #expect(inner.statusCode == 404)
        #expect(outer === inner)
    }

    @Test func aCancelledNetworkRequestEndsWithExplicitlyCancelled() async {
        let provider = MoyaProvider<Shelf>()
        let result: Result<Response, MoyaError> = await withCheckedContinuation { continuation in
            let token = provider.request(.slow, callbackQueue: DispatchQueue(label: "cancel")) {
                continuation.resume(returning: $0)
            }
            // A Cancellable may be cancelled from any thread.
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { token.cancel() }
        }
        guard case .failure(.underlying(let error, nil)) = result, case .explicitlyCancelled? = error.asAFError else {
            Issue.record("expected AFError.explicitlyCancelled, got \(result)")
            return
        }
    }

    @Test func aRefusedConnectionIsASessionTaskFailure() async throws {
        enum Nowhere: TargetType {
            case ping
            var baseURL: URL { URL(string: "http://127.0.0.1:9")! }
            var path: String { "/ping" }
            var method: Moya.Method { .get }
            var task: Task { .requestPlain }
            var headers: [String: String]? { nil }
        }
        let result = await send(MoyaProvider<Nowhere>(), .ping)
        guard case .failure(.underlying(AFError.sessionTaskFailed(let error as URLError), nil)) = result else {
            Issue.record("expected AFError.sessionTaskFailed with a URLError, got \(result)")
            return
        }
        #expect(error.code == .cannotConnectToHost)
    }

    @Test func theSameTargetIsSentByCouriersProviderToo() async throws {
        // The target enum is a Courier TargetType: Courier's own provider sends it, its task read as
        // Courier's, with the `[String: Any]` parameters encoded the same way.
        let viaMoya = try await send(MoyaProvider<Shelf>(), .books(page: 3)).get().map(Echo.self)
        let viaCourier = try await CourierProviderBridge.echo(of: .books(page: 3))
        #expect(viaCourier.query == viaMoya.query)
        #expect(viaCourier.path == viaMoya.path)
    }

    @Test func pluginsHearEachStepInMoyasOrder() async throws {
        final class Log: PluginType, @unchecked Sendable {
            private let lock = NSLock()
            private var events: [String] = []
            var all: [String] { lock.withLock { events } }
            func prepare(_ request: URLRequest, target: TargetType) -> URLRequest {
                lock.withLock { events.append("prepare") }
                var request = request
                request.setValue("yes", forHTTPHeaderField: "X-Prepared")
                return request
            }
            func willSend(_ request: RequestType, target: TargetType) {
                lock.withLock {
                    events.append("willSend \(request.request?.value(forHTTPHeaderField: "X-Prepared") ?? "-")")
                }
            }
            func didReceive(_ result: Result<Response, MoyaError>, target: TargetType) {
                lock.withLock { events.append("didReceive") }
            }
            func process(_ result: Result<Response, MoyaError>, target: TargetType) -> Result<Response, MoyaError> {
                lock.withLock { events.append("process") }
                return result
            }
        }
        let log = Log()
        let echo = try await send(MoyaProvider<Shelf>(plugins: [log]), .books(page: 1)).get().map(Echo.self)
        #expect(echo.headers["x-prepared"] == "yes")
        #expect(log.all == ["prepare", "willSend yes", "didReceive", "process"])
    }
}
