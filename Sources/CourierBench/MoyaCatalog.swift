import CourierMoya

/// ``CatalogAPI``'s search as a Moya app declares it, for case 1d: `MoyaProvider`'s request building
/// against `Provider`'s.
enum MoyaCatalog: TargetType {
    case search(SearchQuery)

    /// The base URL, parsed once as an app would keep it.
    static let base = URL(string: "https://api.example.com/v1")!

    var baseURL: URL { Self.base }
    var path: String { "/search" }
    var method: Moya.Method { .get }
    var task: Task {
        switch self {
        case .search(let query):
            return .requestParameters(parameters: query.moyaParameters, encoding: URLEncoding.default)
        }
    }
    var headers: [String: String]? {
        ["Accept": "application/json", "Accept-Language": "en-GB", "User-Agent": "courier-bench/1.0"]
    }

    /// What a `MoyaProvider` does before sending: the default endpoint mapping, then
    /// `Endpoint.urlRequest()`.
    static func request(for query: SearchQuery) throws -> URLRequest {
        try MoyaProvider<MoyaCatalog>.defaultEndpointMapping(for: .search(query)).urlRequest()
    }
}

extension SearchQuery {
    /// The query as a Moya app's parameters, built as ``parameters`` is for Courier.
    var moyaParameters: [String: Any] {
        [
            "q": text, "page": page, "per_page": perPage, "sort": sort, "order": order, "language": language,
            "include_archived": includeArchived, "min_stars": minimumStars, "since": since, "topic": topic,
        ]
    }
}
