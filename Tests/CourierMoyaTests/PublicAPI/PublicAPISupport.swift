import CourierMoya
import TestSupport
import Testing

// The API and the test doubles the public-API tests share, written as a Moya app writes them.

/// An item the store API sends and receives as JSON.
struct StoreItem: Codable, Equatable {
    let itemName: String
    let price: Int
}

/// A store API on the loopback server: one case for each `Task` a Moya app can send.
enum StoreAPI {
    case plain
    case data(Data)
    case jsonItem(StoreItem)
    case snakeCaseItem(StoreItem)
    case search(query: String, page: Int)
    case compositeData(Data, page: Int)
    case compositeParameters(StoreItem, page: Int)
    case upload(file: URL)
    case multipart([MultipartFormData])
    case compositeMultipart([MultipartFormData], page: Int)
    case download(to: URL)
    case downloadEcho(page: Int, to: URL)
    case status(Int, ValidationType)
    case bytes(Int)
    case hang
}

extension StoreAPI: TargetType, AccessTokenAuthorizable {
    var baseURL: URL { TestServer.baseURL }

    var path: String {
        switch self {
        case .status(let code, _): return "/status/\(code)"
        case .bytes(let count): return "/bytes/\(count)"
        case .download: return "/bytes/1000"
        case .hang: return "/fault/no-headers"
        default: return "/echo/store"
        }
    }

    var method: Moya.Method {
        switch self {
        case .plain, .search, .status, .bytes, .download, .downloadEcho, .hang: return .get
        case .data, .compositeData, .upload: return .put
        case .jsonItem, .snakeCaseItem, .compositeParameters, .multipart, .compositeMultipart: return .post
        }
    }

    var task: Moya.Task {
        switch self {
        case .plain, .status, .bytes, .hang:
            return .requestPlain
        case .data(let data):
            return .requestData(data)
        case .jsonItem(let item):
            return .requestJSONEncodable(item)
        case .snakeCaseItem(let item):
            let encoder = JSONEncoder()
            encoder.keyEncodingStrategy = .convertToSnakeCase
            return .requestCustomJSONEncodable(item, encoder: encoder)
        case .search(let query, let page):
            return .requestParameters(parameters: ["q": query, "page": page], encoding: URLEncoding.queryString)
        case .compositeData(let data, let page):
            return .requestCompositeData(bodyData: data, urlParameters: ["page": page])
        case .compositeParameters(let item, let page):
            return .requestCompositeParameters(
                bodyParameters: ["itemName": item.itemName, "price": item.price], bodyEncoding: JSONEncoding.default,
                urlParameters: ["page": page])
        case .upload(let file):
            return .uploadFile(file)
        case .multipart(let parts):
            return .uploadMultipart(parts)
        case .compositeMultipart(let parts, let page):
            return .uploadCompositeMultipart(parts, urlParameters: ["page": page])
        case .download(let file):
            return .downloadDestination(StoreAPI.destination(file))
        case .downloadEcho(let page, let file):
            return .downloadParameters(
                parameters: ["page": page], encoding: URLEncoding.default, destination: StoreAPI.destination(file))
        }
    }

    var headers: [String: String]? { ["X-App": "store"] }

    var sampleData: Data { Data(#"{"itemName":"sample","price":1}"#.utf8) }

    var validationType: ValidationType {
        if case .status(_, let validation) = self { return validation }
        return .successCodes
    }

    var authorizationType: AuthorizationType? {
        if case .plain = self { return .bearer }
        return nil
    }

    /// A destination that moves the download to `file`, replacing what is there.
    static func destination(_ file: URL) -> DownloadDestination {
        return { _, _ in (file, [.removePreviousFile, .createIntermediateDirectories]) }
    }
}

/// A target that implements only what `TargetType` requires, relying on Moya's defaults.
struct MinimalTarget: TargetType {
    var baseURL: URL { TestServer.baseURL }
    var path: String { "/echo/minimal" }
    var method: Moya.Method { .get }
    var task: Task { .requestPlain }
    var headers: [String: String]? { nil }
}

/// A request a plugin is handed in a unit test of the plugin, as Moya apps fake one.
final class FakeRequest: RequestType {
    let request: URLRequest?
    let sessionHeaders: [String: String]
    private(set) var credential: URLCredential?

    init(_ request: URLRequest?, sessionHeaders: [String: String] = [:]) {
        self.request = request
        self.sessionHeaders = sessionHeaders
    }

    func authenticate(username: String, password: String, persistence: URLCredential.Persistence) -> Self {
        authenticate(with: URLCredential(user: username, password: password, persistence: persistence))
    }

    func authenticate(with credential: URLCredential) -> Self {
        self.credential = credential
        return self
    }

    func cURLDescription(calling handler: @escaping (String) -> Void) -> Self {
        handler("$ curl \(request?.url?.absoluteString ?? "")")
        return self
    }
}

/// Waits until `start` calls the function it is handed, and returns what it was called with; a second
/// call is recorded as an issue (see `firstValue` for why the value goes through a lock).
func answer<Value>(
    sourceLocation: SourceLocation = #_sourceLocation, _ start: (@escaping (Value) -> Void) -> Void
) async -> Value {
    await firstValue(start) { call in
        Issue.record("the completion was called \(call) times", sourceLocation: sourceLocation)
    }
}

/// The result of one request of `target` through `provider`, its completion on a queue of its own.
func answer<Target: TargetType>(_ provider: MoyaProvider<Target>, _ target: Target) async -> Result<
    Moya.Response, MoyaError
> {
    await answer { done in
        provider.request(target, callbackQueue: DispatchQueue(label: "api.callbacks"), completion: done)
    }
}

/// The `Echo` of a response from the loopback server's `/echo` route.
func echo(_ result: Result<Moya.Response, MoyaError>) throws -> Echo {
    try result.get().map(Echo.self)
}

/// A file in a new temporary folder, with `contents` when given.
func temporaryFile(_ name: String, contents: Data? = nil) throws -> URL {
    let folder = try TestFiles.path("moya-api")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent(name)
    if let contents { try contents.write(to: file) }
    return file
}
