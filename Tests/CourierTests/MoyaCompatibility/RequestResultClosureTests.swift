import Courier
import Dispatch
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private enum FeedAPI: TargetType {
    case feed
    case hanging

    var baseURL: URL { loopbackBaseURL }
    var path: String {
        switch self {
        case .feed: return "/echo/feed"
        case .hanging: return "/fault/no-headers"
        }
    }
    var method: Method { .get }
    var task: HTTPTask { .requestPlain }
    var headers: [String: String]? { nil }
}

private struct NoToken: Error {}

/// Moya's request closure, which hands its `URLRequest` to a callback.
@Suite struct RequestResultClosureTests {
    /// A provider whose request closure is written as Moya's documentation writes it.
    private static func provider(withSession: Bool) -> Provider<FeedAPI> {
        let requestClosure = { (endpoint: Endpoint, done: @escaping Provider<FeedAPI>.RequestResultClosure) in
            do {
                var request = try endpoint.urlRequest()
                request.timeoutInterval = 1
                request.setValue("closure", forHTTPHeaderField: "X-Made-By")
                done(.success(request))
            } catch let error as CourierError {
                done(.failure(error))
            } catch {
                done(.failure(.underlying(error, nil)))
            }
        }
        return withSession
            ? Provider<FeedAPI>(requestClosure: requestClosure, session: Provider<FeedAPI>.defaultSession())
            : Provider<FeedAPI>(requestClosure: requestClosure)
    }

    @Test(arguments: [false, true])
    func requestMadeInTheClosureIsTheOneSent(withSession: Bool) async throws {
        let provider = Self.provider(withSession: withSession)
        let response = try await provider.request(.feed)
        #expect(try response.map(Echo.self).headers["x-made-by"] == "closure")
        #expect(response.request?.timeoutInterval == 1)
    }

    @Test(arguments: [false, true])
    func timeoutSetInTheClosureReachesTheTransport(withSession: Bool) async throws {
        let provider = Self.provider(withSession: withSession)
        // The route never answers: only the one-second timeout from the closure ends the request.
        let elapsed = await seconds {
            let result = await result { () async throws(CourierError) in try await provider.request(.hanging) }
            guard case .failure(.underlying(let error, _)) = result else {
                Issue.record("expected a transport error, got \(result)")
                return
            }
            #expect((error as? URLError)?.code == .timedOut)
        }
        #expect(elapsed < FaultServer.prompt, "without the closure's timeout the request would wait 60 s")
    }

    @Test func closureThatCallsBackLaterFromAnotherThreadIsAwaited() async throws {
        let provider = Provider<FeedAPI>(requestClosure: { endpoint, done in
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) {
                done(Result { () throws(CourierError) in try endpoint.urlRequest() })
                done(.failure(.requestMapping("a second call is ignored")))
            }
        })
        #expect(try await provider.request(.feed).statusCode == 200)
    }

    @Test func failureEndsTheRequestWithThatErrorAndReachesNoPlugin() async throws {
        let recorder = HookRecorder(name: "r")
        let provider = Provider<FeedAPI>(
            requestClosure: { _, done in done(.failure(.underlying(NoToken(), nil))) },
            plugins: [recorder])
        let result: Result<Response, CourierError> = await withCheckedContinuation { continuation in
            provider.request(.feed, callbackQueue: DispatchQueue(label: "q")) { continuation.resume(returning: $0) }
        }
        guard case .failure(.underlying(let error, nil)) = result else {
            Issue.record("expected the closure's error, got \(result)")
            return
        }
        #expect(error is NoToken)
        #expect(recorder.events.isEmpty)
    }

    /// Moya's default mapping in its callback form, called from a request closure as Moya apps do, and
    /// the async default still chosen where a `RequestClosure` is expected.
    @Test func theDefaultRequestMappingHasMoyasCallbackForm() async throws {
        let provider = Provider<FeedAPI>(requestClosure: {
            (endpoint: Endpoint, done: @escaping Provider<FeedAPI>.RequestResultClosure) in
            Provider<FeedAPI>.defaultRequestMapping(for: endpoint) { result in
                done(
                    result.map { request in
                        var request = request
                        request.setValue("mapped", forHTTPHeaderField: "X-Made-By")
                        return request
                    })
            }
        })
        let response = try await provider.request(.feed)
        #expect(String(decoding: response.data, as: UTF8.self).contains("mapped"))
        let plain = Provider<FeedAPI>(requestClosure: Provider<FeedAPI>.defaultRequestMapping)
        #expect(try await plain.request(.feed).statusCode == 200)
    }
}
