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

@Suite struct StubRequestOverrideTests {
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
