// An app's API layer as Moya 15 apps write it, with only `import Moya` turned into `import CourierMoya`:
// a base protocol with defaults, a provider subclass with Moya's full initializer, an async wrapper of
// the app's own, an exhaustive switch over MoyaError, a plugin that prepares requests, a session with
// Alamofire's headers, and `Moya.`-qualified names.
import CourierMoya
import TestSupport
import Testing

/// The app's base protocol: every API of the store shares base URL, headers and validation.
protocol StoreTargetType: TargetType {}

extension StoreTargetType {
    var baseURL: URL { TestServer.baseURL }
    var headers: [String: String]? { ["Accept": "application/json", "X-Client": "store/1.0"] }
    var validationType: ValidationType { .successCodes }
}

enum StoreAPI {
    case products(category: String, page: Int)
    case product(id: Int)
    case createOrder(items: [[String: Any]], coupon: String?)
    case updateProfile(name: String, avatar: Data)
    case receipt(orderID: Int, to: URL)
}

extension StoreAPI: StoreTargetType {
    var path: String {
        switch self {
        case .products: return "/echo/products"
        case .product(let id): return "/echo/products/\(id)"
        case .createOrder: return "/echo/orders"
        case .updateProfile: return "/echo/profile"
        case .receipt(let orderID, _): return "/echo/orders/\(orderID)/receipt"
        }
    }

    var method: Moya.Method {
        switch self {
        case .products, .product, .receipt: return .get
        case .createOrder: return .post
        case .updateProfile: return .put
        }
    }

    var task: Moya.Task {
        switch self {
        case .products(let category, let page):
            return .requestParameters(parameters: ["category": category, "page": page], encoding: URLEncoding.default)
        case .product:
            return .requestPlain
        case .createOrder(let items, let coupon):
            var parameters: [String: Any] = ["items": items]
            if let coupon = coupon { parameters["coupon"] = coupon }
            return .requestParameters(parameters: parameters, encoding: JSONEncoding.default)
        case .updateProfile(let name, let avatar):
            let parts = [
                MultipartFormData(provider: .data(name.data(using: .utf8)!), name: "name"),
                MultipartFormData(
                    provider: .data(avatar), name: "avatar", fileName: "avatar.png", mimeType: "image/png"),
            ]
            return .uploadMultipart(parts)
        case .receipt(_, let file):
            return .downloadDestination { _, _ in (file, [.removePreviousFile, .createIntermediateDirectories]) }
        }
    }

    var sampleData: Data {
        switch self {
        case .product(let id): return "{\"id\": \(id), \"name\": \"Sample\"}".data(using: .utf8)!
        default: return Data()
        }
    }
}

/// The app's provider, which adds its plugins to every request, as apps subclass Moya's.
final class StoreProvider<T: TargetType>: MoyaProvider<T> {
    typealias Target = T

    override init(
        endpointClosure: @escaping MoyaProvider<T>.EndpointClosure = MoyaProvider.defaultEndpointMapping,
        requestClosure: @escaping MoyaProvider<T>.RequestClosure = MoyaProvider<T>.defaultRequestMapping,
        stubClosure: @escaping MoyaProvider<T>.StubClosure = MoyaProvider.neverStub,
        callbackQueue: DispatchQueue? = nil,
        session: Session = MoyaProvider<T>.defaultAlamofireSession(),
        plugins: [PluginType] = [],
        trackInflights: Bool = false
    ) {
        super.init(
            endpointClosure: endpointClosure, requestClosure: requestClosure, stubClosure: stubClosure,
            callbackQueue: callbackQueue, session: session, plugins: plugins + [ClientVersionPlugin()],
            trackInflights: trackInflights)
    }
}

/// A plugin of the app's own that stamps every request.
struct ClientVersionPlugin: PluginType {
    func prepare(_ request: URLRequest, target: TargetType) -> URLRequest {
        var request = request
        request.headers.add(name: "X-Client-Version", value: "42")
        return request
    }
}

/// The app's own async wrapper, which Moya does not have.
extension MoyaProvider {
    func request(_ target: Target) async throws -> Response {
        try await withCheckedThrowingContinuation { continuation in
            request(target) { result in
                continuation.resume(with: result)
            }
        }
    }
}

/// The app's error text, from an exhaustive switch over Moya's nine cases.
func storeMessage(for error: MoyaError) -> String {
    switch error {
    case .imageMapping: return "image"
    case .jsonMapping: return "json"
    case .stringMapping: return "string"
    case .objectMapping(let underlying, _): return "decoding: \(type(of: underlying))"
    case .encodableMapping: return "encoding"
    case .statusCode(let response): return "status \(response.statusCode)"
    case .underlying(let underlying, let response):
        if let afError = underlying.asAFError, let code = afError.responseCode { return "rejected \(code)" }
        return "network \(response?.statusCode ?? 0)"
    case .requestMapping(let url): return "url \(url)"
    case .parameterEncoding: return "parameters"
    }
}

/// The task cases, compared as apps compare them in their own tests.
extension Moya.Task: Equatable {
    /// Whether two tasks are the same case with the same values (encodables and closures aside).
    public static func == (lhs: Moya.Task, rhs: Moya.Task) -> Bool {
        switch (lhs, rhs) {
        case (.requestPlain, .requestPlain): return true
        case (.requestData(let a), .requestData(let b)): return a == b
        case (.requestJSONEncodable, .requestJSONEncodable): return true
        case (.requestCustomJSONEncodable, .requestCustomJSONEncodable): return true
        case (.requestParameters(let a, _), .requestParameters(let b, _)):
            return NSDictionary(dictionary: a) == NSDictionary(dictionary: b)
        case (.requestCompositeData, .requestCompositeData): return true
        case (.requestCompositeParameters, .requestCompositeParameters): return true
        case (.uploadFile(let a), .uploadFile(let b)): return a == b
        case (.uploadMultipart(let a), .uploadMultipart(let b)): return a == b
        case (.uploadCompositeMultipart(let a, _), .uploadCompositeMultipart(let b, _)): return a == b
        case (.downloadDestination, .downloadDestination): return true
        case (.downloadParameters, .downloadParameters): return true
        default: return false
        }
    }
}

struct Product: Decodable {
    let id: Int
    let name: String
}

@Suite struct StoreAppTests {
    @Test func theStoreAPISendsThroughTheAppsProviderSubclassAndAsyncWrapper() async throws {
        let provider = StoreProvider<StoreAPI>(plugins: [NetworkLoggerPlugin(configuration: .init(output: { _, _ in }))]
        )
        let response = try await provider.request(.products(category: "books", page: 2))
        let echo = try response.map(Echo.self)
        #expect(echo.query == "category=books&page=2")
        #expect(echo.headers["x-client"] == "store/1.0")
        #expect(echo.headers["x-client-version"] == "42")

        let order = try await provider.request(.createOrder(items: [["sku": "A1", "count": 2]], coupon: nil)).map(
            Echo.self)
        #expect(order.body == #"{"items":[{"count":2,"sku":"A1"}]}"#)

        let profile = try await provider.request(.updateProfile(name: "Ann", avatar: Data([1, 2, 3]))).map(Echo.self)
        #expect(profile.headers["content-type"]?.hasPrefix("multipart/form-data; boundary=") == true)
        #expect(profile.body.contains("name=\"avatar\"; filename=\"avatar.png\""))
    }

    @Test func aDownloadGoesToTheAppsDestination() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "store-\(UUID().uuidString)/receipt.json")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        _ = try await StoreProvider<StoreAPI>().request(.receipt(orderID: 7, to: file))
        let saved = try JSONDecoder().decode(Echo.self, from: Data(contentsOf: file))
        #expect(saved.path == "/echo/orders/7/receipt")
    }

    @Test func stubbedProductsDecodeAndRejectedStatusesReadAsTheAppExpects() async throws {
        let stubbed = StoreProvider<StoreAPI>(stubClosure: MoyaProvider.immediatelyStub)
        let product = try await stubbed.request(.product(id: 3)).map(Product.self)
        #expect(product.id == 3)

        enum Missing: StoreTargetType {
            case gone
            var path: String { "/status/404" }
            var method: Moya.Method { .get }
            var task: Moya.Task { .requestPlain }
        }
        do {
            _ = try await StoreProvider<Missing>().request(.gone)
            Issue.record("a 404 passed .successCodes validation")
        } catch let error as MoyaError {
            #expect(storeMessage(for: error) == "rejected 404")
        }
    }

    @Test func tasksCompareAsTheAppDefinesIt() {
        #expect(StoreAPI.product(id: 1).task == .requestPlain)
        #expect(StoreAPI.products(category: "a", page: 1).task == StoreAPI.products(category: "a", page: 1).task)
        #expect(StoreAPI.products(category: "a", page: 1).task != StoreAPI.products(category: "b", page: 1).task)
    }
}
