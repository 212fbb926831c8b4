import Courier
import Dispatch
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private enum ShopAPI: TargetType {
    case items

    var baseURL: URL { loopbackBaseURL }
    var path: String { "/echo/items" }
    var method: Method { .get }
    var task: HTTPTask { .requestPlain }
    var headers: [String: String]? { ["Accept": "application/json"] }
}

/// Adds a header to every request, as an app's default plugin might.
private struct AppHeaderPlugin: PluginType {
    func prepare(_ request: URLRequest, target: TargetType) -> URLRequest {
        var request = request
        request.setValue("shop-app/1.0", forHTTPHeaderField: "X-Client")
        return request
    }
}

/// An app's provider, written as Moya apps subclass `MoyaProvider`: it overrides the designated
/// initializer with Moya's labels and adds its default plugins. (Courier's `Provider` is
/// `@unchecked Sendable`; a subclass restates it, or the compiler warns.)
private final class AppProvider<T: TargetType>: Provider<T>, @unchecked Sendable {
    override init(
        endpointClosure: @escaping EndpointClosure = Provider<T>.defaultEndpointMapping,
        requestClosure: @escaping RequestClosure = Provider<T>.defaultRequestMapping,
        stubClosure: @escaping StubClosure = Provider<T>.neverStub,
        callbackQueue: DispatchQueue? = nil,
        session: Session = Provider<T>.defaultSession(),
        plugins: [PluginType] = [],
        trackInflights: Bool = false
    ) {
        super.init(
            endpointClosure: endpointClosure, requestClosure: requestClosure, stubClosure: stubClosure,
            callbackQueue: callbackQueue, session: session, plugins: [AppHeaderPlugin()] + plugins,
            trackInflights: trackInflights)
    }
}

/// A subclass with its own stored state and an initializer of its own, as Eidolon's `OnlineProvider`.
private final class TaggedProvider<T: TargetType>: Provider<T>, @unchecked Sendable {
    let tag: String

    init(tag: String, stubClosure: @escaping StubClosure = Provider<T>.neverStub, plugins: [PluginType] = []) {
        self.tag = tag
        super.init(stubClosure: stubClosure, session: Provider<T>.defaultSession(), plugins: plugins)
    }
}

/// A subclass that overrides `endpoint(_:)`, as Moya allows.
private final class VersionedProvider<T: TargetType>: Provider<T>, @unchecked Sendable {
    override func endpoint(_ token: T) -> Endpoint {
        super.endpoint(token).adding(newHTTPHeaderFields: ["X-API-Version": "2"])
    }
}

/// A subclass that overrides the completion `request` to see every result first, as apps did for
/// global error handling.
private final class AuditingProvider<T: TargetType>: Provider<T>, @unchecked Sendable {
    let statuses = Counter()

    @discardableResult
    override func request(
        _ target: T, callbackQueue: DispatchQueue? = .none, progress: ProgressBlock? = .none,
        completion: @escaping Completion
    ) -> Cancellable {
        super.request(target, callbackQueue: callbackQueue, progress: progress) { result in
            if case .success = result { self.statuses.increment() }
            completion(result)
        }
    }
}

/// Subclassing `Provider` the Moya way.
@Suite struct ProviderSubclassTests {
    @Test func subclassAddsItsDefaultPluginsToEveryRequest() async throws {
        let recorder = HookRecorder(name: "caller")
        let provider = AppProvider<ShopAPI>(plugins: [recorder])
        let echo = try await provider.request(.items).map(Echo.self)
        #expect(echo.headers["x-client"] == "shop-app/1.0")
        #expect(echo.headers["x-prepared-by"] == "caller")
        #expect(provider.plugins.count == 2)
        #expect(recorder.events == ["prepare", "willSend", "didReceive", "process"])
    }

    @Test func subclassWorksWithTheCompletionAPIAndStubs() async throws {
        let provider = TaggedProvider<ShopAPI>(tag: "stubbed", stubClosure: Provider.immediatelyStub)
        let result: Result<Response, CourierError> = await withCheckedContinuation { continuation in
            provider.request(.items, callbackQueue: DispatchQueue(label: "q")) { continuation.resume(returning: $0) }
        }
        #expect(provider.tag == "stubbed")
        #expect(try result.get().statusCode == 200)
        #expect(try result.get().request?.url?.path == "/echo/items")
    }

    @Test func overriddenEndpointIsTheOneSent() async throws {
        let echo = try await VersionedProvider<ShopAPI>().request(.items).map(Echo.self)
        #expect(echo.headers["x-api-version"] == "2")
        #expect(echo.headers["accept"] == "application/json")
    }

    @Test func overriddenRequestSeesEveryResultBeforeTheCaller() async throws {
        let provider = AuditingProvider<ShopAPI>()
        let seenBefore: Int = await withCheckedContinuation { continuation in
            provider.request(.items, callbackQueue: DispatchQueue(label: "q")) { _ in
                continuation.resume(returning: provider.statuses.value)
            }
        }
        #expect(seenBefore == 1)
    }

    @Test func subclassIsAProviderType() async throws {
        func send<P: ProviderType>(_ provider: P, _ target: P.Target) async -> Result<Response, CourierError> {
            await withCheckedContinuation { continuation in
                _ = provider.request(target, callbackQueue: DispatchQueue(label: "q"), progress: nil) { result in
                    continuation.resume(returning: result)
                }
            }
        }
        let result = await send(AppProvider<ShopAPI>(), .items)
        #expect(try result.get().map(Echo.self).headers["x-client"] == "shop-app/1.0")
    }
}
