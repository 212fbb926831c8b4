import Courier
import Dispatch
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private enum FeedAPI: TargetType {
    case latest
    case archive

    var baseURL: URL { URL(string: "https://feed.example.com")! }
    var path: String { self == .latest ? "/latest" : "/archive" }
    var method: Method { .get }
    var task: HTTPTask { .requestPlain }
    var headers: [String: String]? { nil }
    var sampleData: Data { Data(#"{"items":[]}"#.utf8) }
    var validationType: ValidationType { .successCodes }
}

/// A provider that answers stubs its own way, as Moya apps override `stubRequest`: the archive is
/// "offline" (503), everything else takes the default.
private final class OfflineArchiveProvider: Provider<FeedAPI>, @unchecked Sendable {
    override func stubRequest(
        _ target: FeedAPI, request: URLRequest, callbackQueue: DispatchQueue?, completion: @escaping Completion,
        endpoint: Endpoint, stubBehavior: StubBehavior
    ) -> CancellableToken {
        guard target == .archive else {
            return super.stubRequest(
                target, request: request, callbackQueue: callbackQueue, completion: completion, endpoint: endpoint,
                stubBehavior: stubBehavior)
        }
        completion(.success(Response(statusCode: 503, data: Data("offline".utf8), request: request)))
        return CancellableToken {}
    }
}

/// Counts what the plugins hear, and stamps the requests they prepare.
private final class HeardPlugin: PluginType, @unchecked Sendable {
    private let lock = NSLock()
    private var heard: [String] = []

    var events: [String] { lock.withLock { heard } }

    func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest {
        lock.withLock { heard.append("prepare") }
        var request = request
        request.setValue("yes", forHTTPHeaderField: "X-Prepared")
        return request
    }

    func willSend(_ request: any RequestType, target: any TargetType) {
        lock.withLock { heard.append("willSend") }
    }

    func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
        lock.withLock { heard.append("didReceive") }
    }
}

/// The answers a stub function gave, from any thread.
private final class Answers: @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [Result<Response, CourierError>] = []
    var all: [Result<Response, CourierError>] { lock.withLock { answers } }
    func append(_ answer: Result<Response, CourierError>) { lock.withLock { answers.append(answer) } }
}

/// A stub override in the way of Moya's own: it notifies the plugins first, then answers with the
/// request it got back.
private final class NotifyingProvider: Provider<FeedAPI>, @unchecked Sendable {
    override func stubRequest(
        _ target: FeedAPI, request: URLRequest, callbackQueue: DispatchQueue?, completion: @escaping Completion,
        endpoint: Endpoint, stubBehavior: StubBehavior
    ) -> CancellableToken {
        let request = notifyPluginsOfImpendingStub(for: request, target: target)
        let body = Data((request.value(forHTTPHeaderField: "X-Prepared") ?? "no").utf8)
        completion(.success(Response(statusCode: 200, data: body, request: request)))
        return CancellableToken {}
    }
}

/// An override in the shape of Moya's own `stubRequest`: notify the plugins, make the stub function,
/// run it now or after the delay on a queue, hand back the token.
private final class MoyaShapedProvider: Provider<FeedAPI>, @unchecked Sendable {
    let queue = DispatchQueue(label: "stubs")

    override func stubRequest(
        _ target: FeedAPI, request: URLRequest, callbackQueue: DispatchQueue?, completion: @escaping Completion,
        endpoint: Endpoint, stubBehavior: StubBehavior
    ) -> CancellableToken {
        let token = CancellableToken {}
        let prepared = notifyPluginsOfImpendingStub(for: request, target: target)
        let stub = createStubFunction(
            token, forTarget: target, withCompletion: completion, endpoint: endpoint, plugins: plugins,
            request: prepared)
        switch stubBehavior {
        case .delayed(let seconds): queue.asyncAfter(deadline: .now() + seconds, execute: stub)
        default: stub()
        }
        return token
    }
}

@Suite struct StubRequestOverrideTests {
    @Test func anOverrideWrittenAsMoyasAnswersOnceAndPluginsHearOnce() async throws {
        let plugin = HeardPlugin()
        let provider = MoyaShapedProvider(stubClosure: Provider.immediatelyStub, plugins: [plugin])
        let response = try await provider.request(.latest)
        #expect(response.data == FeedAPI.latest.sampleData)
        #expect(plugin.events == ["prepare", "willSend", "didReceive"])
        let delayed = MoyaShapedProvider(stubClosure: Provider.delayedStub(0.05), plugins: [plugin])
        #expect(try await delayed.request(.archive).data == FeedAPI.archive.sampleData)
    }

    @Test func theStubFunctionOutsideTheProviderValidatesAndTellsThePlugins() async throws {
        let plugin = HeardPlugin()
        let provider = Provider<FeedAPI>(
            endpointClosure: { target in
                Endpoint(
                    url: URL(target: target).absoluteString, sampleResponseClosure: { .networkResponse(500, Data()) },
                    method: target.method, task: target.task, httpHeaderFields: nil)
            }, plugins: [plugin])
        let request = URLRequest(url: URL(target: FeedAPI.latest))
        let answers = Answers()
        let stub = provider.createStubFunction(
            CancellableToken {}, forTarget: .latest, withCompletion: { answers.append($0) },
            endpoint: provider.endpoint(.latest), plugins: [plugin], request: request)
        stub()
        guard case .failure(.statusCode(let response)) = answers.all.first else {
            Issue.record("a 500 is not a success code")
            return
        }
        #expect(response.statusCode == 500)
        #expect(plugin.events == ["didReceive"])
        let cancelled = CancellableToken {}
        cancelled.cancel()
        provider.createStubFunction(
            cancelled, forTarget: .latest, withCompletion: { answers.append($0) },
            endpoint: provider.endpoint(.latest), plugins: [], request: request)()
        guard case .failure(let error) = answers.all.last, answers.all.count == 2 else {
            Issue.record("a cancelled token ends the stub with an error")
            return
        }
        #expect(error.isCancelled)
    }

    @Test func notifyingPluginsFromAnOverrideDoesNotNotifyThemTwice() async throws {
        let plugin = HeardPlugin()
        let provider = NotifyingProvider(stubClosure: Provider.immediatelyStub, plugins: [plugin])
        let response = try await provider.request(.latest)
        #expect(String(decoding: response.data, as: UTF8.self) == "yes")
        #expect(plugin.events == ["prepare", "willSend", "didReceive"])
    }

    @Test func notifyingPluginsOutsideTheProvidersPathPreparesAndAnnounces() throws {
        let plugin = HeardPlugin()
        let provider = NotifyingProvider(stubClosure: Provider.immediatelyStub, plugins: [plugin])
        let request = URLRequest(url: try #require(URL(string: "https://feed.example.com/latest")))
        let prepared = provider.notifyPluginsOfImpendingStub(for: request, target: .latest)
        #expect(prepared.value(forHTTPHeaderField: "X-Prepared") == "yes")
        #expect(plugin.events == ["prepare", "willSend"])
    }

    @Test func aSubclassAnswersStubsItsOwnWayAndTheProviderStillValidates() async throws {
        let provider = OfflineArchiveProvider(stubClosure: Provider.immediatelyStub)
        let latest = try await provider.request(.latest)
        #expect(latest.data == FeedAPI.latest.sampleData)
        await #expect {
            _ = try await provider.request(.archive)
        } throws: { error in
            guard case CourierError.statusCode(let response) = error else { return false }
            return response.statusCode == 503 && response.data == Data("offline".utf8)
        }
    }

    @Test func cancellingADelayedStubEndsItThroughTheToken() async throws {
        let provider = OfflineArchiveProvider(stubClosure: Provider.delayedStub(30))
        let task = Task { try await provider.request(.latest) }
        try await Task.sleep(nanoseconds: 50_000_000)
        task.cancel()
        let started = Date()
        await #expect {
            _ = try await task.value
        } throws: { error in
            (error as? CourierError)?.isCancelled == true
        }
        #expect(Date().timeIntervalSince(started) < 20, "the 30 s delay was cut short")
    }
}
