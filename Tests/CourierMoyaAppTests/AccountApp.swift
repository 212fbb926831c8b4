// A second app's API layer, Moya-style: a class target with stored properties and a token, an
// app-wide default validation, a request closure with a timeout, an endpoint closure adding headers,
// an activity plugin, a MultiTarget provider, a Session subclass, and cancellables of the app's own.
import CourierMoya
import TestSupport
import Testing

/// The app's default: every target accepts 2xx only, unless it says otherwise.
extension TargetType {
    var validationType: ValidationType { .successCodes }
}

/// A target as a class with stored properties, as some apps write one.
final class AccountRequest: TargetType, AccessTokenAuthorizable {
    let baseURL: URL
    let path: String
    let method: Moya.Method
    let task: Moya.Task
    let headers: [String: String]?
    let authorizationType: AuthorizationType?

    init(path: String, method: Moya.Method = .get, parameters: [String: Any]? = nil, authorized: Bool = true) {
        baseURL = TestServer.baseURL
        self.path = path
        self.method = method
        task = parameters.map { .requestParameters(parameters: $0, encoding: URLEncoding.queryString) } ?? .requestPlain
        headers = nil
        authorizationType = authorized ? .bearer : nil
    }
}

/// The app's session type, a subclass of Alamofire's.
final class AppSession: Session {}

/// A cancellable of the app's own, for code paths that make no request.
final class NothingToCancel: Cancellable {
    var isCancelled = false
    func cancel() { isCancelled = true }
}

enum AccountService {
    static let requestClosure = { (endpoint: Endpoint, done: MoyaProvider<AccountRequest>.RequestResultClosure) in
        do {
            var request = try endpoint.urlRequest()
            request.timeoutInterval = 20
            done(.success(request))
        } catch MoyaError.requestMapping(let url) {
            done(.failure(MoyaError.requestMapping(url)))
        } catch MoyaError.parameterEncoding(let error) {
            done(.failure(MoyaError.parameterEncoding(error)))
        } catch {
            done(.failure(MoyaError.underlying(error, nil)))
        }
    }

    static let endpointClosure = { (target: AccountRequest) -> Endpoint in
        MoyaProvider<AccountRequest>.defaultEndpointMapping(for: target)
            .adding(newHTTPHeaderFields: ["X-Device": "test-device"])
    }

    static func provider(activity: @escaping NetworkActivityPlugin.NetworkActivityClosure) -> MoyaProvider<
        AccountRequest
    > {
        let configuration = URLSessionConfiguration.af.default
        configuration.timeoutIntervalForRequest = 30
        return MoyaProvider<AccountRequest>(
            endpointClosure: endpointClosure, requestClosure: requestClosure,
            session: AppSession(configuration: configuration, startRequestsImmediately: false),
            plugins: [
                AccessTokenPlugin { _ in "token-123" },
                NetworkActivityPlugin(networkActivityClosure: activity),
            ])
    }
}

@Suite struct AccountAppTests {
    @Test func theClassTargetCarriesTheTokenTheDeviceHeaderAndItsParameters() async throws {
        final class Activity: @unchecked Sendable {
            private let lock = NSLock()
            private var changes: [NetworkActivityChangeType] = []
            var all: [NetworkActivityChangeType] { lock.withLock { changes } }
            func add(_ change: NetworkActivityChangeType) { lock.withLock { changes.append(change) } }
        }
        let activity = Activity()
        let provider = AccountService.provider { change, _ in activity.add(change) }
        let target = AccountRequest(path: "/echo/me", parameters: ["fields": "name"])
        let echo = try await send(provider, target).get().map(Echo.self)
        #expect(echo.headers["authorization"] == "Bearer token-123")
        #expect(echo.headers["x-device"] == "test-device")
        #expect(echo.query == "fields=name")
        #expect(activity.all == [.began, .ended])
    }

    @Test func theAppWideValidationRejectsA500() async {
        let provider = AccountService.provider { _, _ in }
        let result = await send(provider, AccountRequest(path: "/status/500", authorized: false))
        guard case .failure(.underlying(let error, _)) = result, error.asAFError?.responseCode == 500 else {
            Issue.record("expected the app's default validation to reject the 500, got \(result)")
            return
        }
    }

    @Test func aMultiTargetProviderSendsTargetsOfSeveralAPIs() async throws {
        let provider = MoyaProvider<MultiTarget>()
        let account = try await send(provider, MultiTarget(AccountRequest(path: "/echo/account"))).get().map(Echo.self)
        let store = try await send(provider, .target(StoreAPI.product(id: 9))).get().map(Echo.self)
        #expect(account.path == "/echo/account")
        #expect(store.path == "/echo/products/9")
    }

    @Test func cancellablesOfTheAppsOwnAndConcurrencysTaskStillWork() async {
        var pending: [Cancellable] = [NothingToCancel()]
        pending.append(
            MoyaProvider<AccountRequest>(stubClosure: MoyaProvider.delayedStub(10)).request(AccountRequest(path: "/x"))
            { _ in })
        for cancellable in pending {
            cancellable.cancel()
        }
        let allCancelled = pending.allSatisfy { $0.isCancelled }
        #expect(allCancelled)
        // Moya's `Task` hides Swift's, as it does with Moya: apps name the other one in full.
        let answer = await _Concurrency.Task { 42 }.value
        #expect(answer == 42)
    }

    @Test func alamofiresDefaultHeadersAreAvailableAsADictionary() {
        let headers = HTTPHeaders.default.dictionary
        #expect(headers["Accept-Encoding"]?.contains("gzip") == true)
        #expect(headers.keys.contains("User-Agent"))
    }
}
