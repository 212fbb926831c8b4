import Courier
import Dispatch
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private enum GitHub: TargetType {
    case zen
    case user(String)
    case avatar(URL)

    var baseURL: URL { loopbackBaseURL }
    var path: String {
        switch self {
        case .zen: return "/echo/zen"
        case .user(let name): return "/echo/users/\(name)"
        case .avatar: return "/echo/avatar"
        }
    }
    var method: Method {
        switch self {
        case .avatar: return .post
        default: return .get
        }
    }
    var task: HTTPTask {
        switch self {
        case .avatar(let file): return .uploadFile(file)
        default: return .requestPlain
        }
    }
    var headers: [String: String]? { nil }
}

/// An app's network layer written against Moya's `Completion` and `MoyaProviderType`.
private final class GitHubClient {
    let provider = Provider<GitHub>(callbackQueue: DispatchQueue(label: "github"))

    @discardableResult
    func request(_ target: GitHub, completion: @escaping Completion) -> Cancellable {
        provider.request(target, completion: completion)
    }
}

/// Moya's names around the provider, each used as Moya app code uses it.
@Suite struct MoyaProviderNamesTests {
    @Test func completionTypealiasCarriesTheResult() async throws {
        let client = GitHubClient()
        let result: Result<Response, CourierError> = await withCheckedContinuation { continuation in
            client.request(.user("ada")) { result in continuation.resume(returning: result) }
        }
        #expect(try result.get().map(Echo.self).path == "/echo/users/ada")
    }

    @Test func urlOfATargetJoinsBaseAndPath() throws {
        #expect(URL(target: GitHub.user("ada")).absoluteString == loopbackBaseURL.absoluteString + "/echo/users/ada")
        #expect(try URL(target: GitHub.zen) == Provider<GitHub>.defaultEndpointMapping(for: .zen).urlRequest().url)
    }

    @Test func endpointsAreEqualWhenTheirRequestsAre() throws {
        let provider = Provider<GitHub>()
        #expect(provider.endpoint(.zen) == provider.endpoint(.zen))
        #expect(provider.endpoint(.zen) != provider.endpoint(.user("ada")))
        #expect(provider.endpoint(.zen) != provider.endpoint(.zen).adding(newHTTPHeaderFields: ["X-A": "1"]))
        let a = URL(fileURLWithPath: "/tmp/a.png")
        let b = URL(fileURLWithPath: "/tmp/b.png")
        #expect(provider.endpoint(.avatar(a)) == provider.endpoint(.avatar(a)))
        #expect(provider.endpoint(.avatar(a)) != provider.endpoint(.avatar(b)))
    }

    @Test func endpointsServeAsDictionaryKeys() {
        let provider = Provider<GitHub>()
        var counts: [Endpoint: Int] = [:]
        for target in [GitHub.zen, .user("ada"), .zen] {
            counts[provider.endpoint(target), default: 0] += 1
        }
        #expect(counts.count == 2)
        #expect(counts[provider.endpoint(.zen)] == 2)
    }

    @Test func multipartEndpointsCompareTheirPartsNotTheirBoundaries() {
        func endpoint(_ text: String) -> Endpoint {
            Endpoint(
                url: "https://example.com/upload", sampleResponseClosure: { .networkResponse(200, Data()) },
                method: .post, task: .uploadMultipart([MultipartFormData(provider: .data(Data(text.utf8)), name: "f")]),
                httpHeaderFields: nil)
        }
        #expect(endpoint("a") == endpoint("a"))
        #expect(endpoint("a").hashValue == endpoint("a").hashValue)
        #expect(endpoint("a") != endpoint("b"))
    }

    @Test func cancellableTokenRunsItsActionOnce() {
        var runs = 0
        let token = CancellableToken { runs += 1 }
        #expect(!token.isCancelled)
        token.cancel()
        token.cancel()
        #expect(token.isCancelled)
        #expect(runs == 1)
        #expect(token.debugDescription == "Cancellable token (cancelled)")
    }

    @Test func progressResponseMadeFromAProgressObject() throws {
        let progress = Progress(totalUnitCount: 4)
        progress.completedUnitCount = 1
        let partial = ProgressResponse(progress: progress)
        #expect(partial.progress == 0.25)
        #expect(!partial.completed)
        #expect(partial.progressObject === progress)
        #expect(ProgressResponse(progress: Progress(totalUnitCount: 0)).progress == 0)

        let done = ProgressResponse(progress: progress, response: Response(statusCode: 200, data: Data()))
        #expect(done.completed)
        #expect(done.progress == 1)
        #expect(ProgressResponse(progress: 0.5).progressObject == nil)
    }

    @Test func progressBlockSeesMoyasFieldsOnARealRequest() async throws {
        let reports = Reports()
        let response: Response = try await withCheckedThrowingContinuation { continuation in
            Provider<GitHub>().request(
                .zen, callbackQueue: DispatchQueue(label: "q"),
                progress: { progress in reports.append(progress) },
                completion: { result in continuation.resume(with: result) })
        }
        let last = try #require(reports.all.last)
        #expect(last.completed)
        #expect(last.progress == 1)
        #expect(last.response == response)
    }
}
