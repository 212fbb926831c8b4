import Courier
import Foundation

/// The API of the request-building, plugin and stub cases, declared the Moya way.
///
/// `search` is a GET with ten query parameters and three headers; `createOrder` a POST with a JSON body
/// of twenty fields (as parameters, or as an `Encodable` value) and the same three headers. All ask for a
/// bearer token.
enum CatalogAPI: TargetType, AccessTokenAuthorizable {
    case search(SearchQuery)
    case createOrder(OrderDraft)
    case createOrderEncodable(OrderDraft)

    /// The base URL, parsed once as an app would keep it.
    static let base = URL(string: "https://api.example.com/v1")!

    /// The three header fields of every request.
    static let commonHeaders = [
        "Accept": "application/json",
        "Accept-Language": "en-GB",
        "User-Agent": "courier-bench/1.0",
    ]

    /// The body a stubbed request answers with.
    static let sample = Data(#"{"items":[],"total":0}"#.utf8)

    var baseURL: URL { Self.base }

    var path: String {
        switch self {
        case .search: "/search"
        case .createOrder, .createOrderEncodable: "/orders"
        }
    }

    var method: Method {
        switch self {
        case .search: .get
        case .createOrder, .createOrderEncodable: .post
        }
    }

    var task: HTTPTask {
        switch self {
        case .search(let query):
            .requestParameters(parameters: query.parameters, encoding: URLEncoding.default)
        case .createOrder(let order):
            .requestParameters(parameters: order.parameters, encoding: JSONEncoding.default)
        case .createOrderEncodable(let order):
            .requestJSONEncodable(order)
        }
    }

    var headers: [String: String]? { Self.commonHeaders }

    var sampleData: Data { Self.sample }

    var authorizationType: AuthorizationType? { .bearer }
}
