import Courier
import Dispatch
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private enum ZenAPI: TargetType {
    case zen
    case greeting(name: String)

    var baseURL: URL { loopbackBaseURL }
    var path: String { "/echo/zen" }
    var method: Method { .get }
    var headers: [String: String]? { nil }
    var task: HTTPTask {
        switch self {
        case .zen: return .requestPlain
        case .greeting(let name):
            return .requestParameters(parameters: ["name": name], encoding: URLEncoding.queryString)
        }
    }
}

/// Moya's initializer with `session:`, and its default session.
@Suite struct SessionInitializerTests {
    @Test func providerMadeWithASessionSendsThroughIt() async throws {
        let configuration = URLSessionConfiguration.default
        configuration.httpAdditionalHeaders = ["X-From-Session": "yes"]
        let session: Session = Session(configuration: configuration)
        let provider = Provider<ZenAPI>(
            endpointClosure: Provider.defaultEndpointMapping,
            requestClosure: Provider<ZenAPI>.defaultRequestMapping,
            stubClosure: Provider.neverStub,
            callbackQueue: nil,
            session: session,
            plugins: [],
            trackInflights: false)
        #expect(provider.transport is URLSessionTransport)
        let echo = try await provider.request(.greeting(name: "Ada")).map(Echo.self)
        #expect(echo.path == "/echo/zen")
        #expect(echo.query == "name=Ada")
        #expect(echo.headers["x-from-session"] == "yes")
    }

    @Test func sessionPropertyIsTheSessionGiven() async throws {
        let given = Provider<ZenAPI>.defaultSession()
        let provider = Provider<ZenAPI>(session: given)
        #expect(provider.session === given)
        #expect(try await provider.request(.zen).statusCode == 200)
        // Moya apps invalidate the provider's session; the requests travel over the transport's own.
        given.invalidateAndCancel()
        #expect(try await provider.request(.zen).statusCode == 200)
        #expect(Provider<ZenAPI>(transport: try CurlTransport()).session == nil)
    }

    @Test func defaultSessionHasTheDefaultConfiguration() async throws {
        let session = Provider<ZenAPI>.defaultSession()
        #expect(
            session.configuration.timeoutIntervalForRequest == URLSessionConfiguration.default.timeoutIntervalForRequest
        )
        let provider = Provider<ZenAPI>(session: Provider<ZenAPI>.defaultSession())
        #expect(try await provider.request(.zen).statusCode == 200)
    }

    @Test func sessionProviderAnswersTheCompletionAPI() async throws {
        let provider = Provider<ZenAPI>(callbackQueue: DispatchQueue(label: "callbacks"), session: .shared)
        let result: Result<Response, CourierError> = await withCheckedContinuation { continuation in
            let completion: Completion = { result in continuation.resume(returning: result) }
            provider.request(.zen, completion: completion)
        }
        #expect(try result.get().map(Echo.self).path == "/echo/zen")
    }
}
