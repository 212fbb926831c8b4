import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Case 1: target → `URLRequest`, Courier against the same request written by hand.
enum RequestBuildingCase {
    /// What a provider does before sending: the default endpoint mapping, then `Endpoint.urlRequest()`.
    static func courierRequest(for target: CatalogAPI) throws -> URLRequest {
        try Provider<CatalogAPI>.defaultEndpointMapping(for: target).urlRequest()
    }

    static func run(_ bench: PairedBenchmark) async throws -> CaseOutcome {
        let query = SearchQuery()
        let order = OrderDraft()
        var outcome = CaseOutcome(
            definition: "1. Request building: `Provider.defaultEndpointMapping(for:)` + `Endpoint.urlRequest()` "
                + "(what the provider does before plugins and sending) against the same URLRequest built by "
                + "hand with URLComponents.queryItems / JSONSerialization.data(withJSONObject:); the bench checks "
                + "that both requests are the same (URL, method, headers, and body bytes or, for JSON, the same "
                + "JSON value). Time per request. Row 1c (info): an `Encodable` body, "
                + "`.requestJSONEncodable` against `JSONEncoder().encode` by hand. Row 1d: the GET through CourierMoya's "
                + "`MoyaProvider.defaultEndpointMapping(for:)` + `Endpoint.urlRequest()`, its parameters a `[String: Any]`, "
                + "against `Provider`'s.")
        for (name, courier, baseline) in [
            ("GET, 10 query params", try courierRequest(for: .search(query)), try HandBuiltRequests.search(query)),
            (
                "POST, 20-field JSON", try courierRequest(for: .createOrder(order)),
                try HandBuiltRequests.createOrder(order)
            ),
            (
                "POST, Encodable", try courierRequest(for: .createOrderEncodable(order)),
                try HandBuiltRequests.createOrderEncodable(order)
            ),
        ] {
            for difference in RequestEquivalence.differences(courier, baseline) {
                outcome.notes.append("Case 1 \(name): the two requests differ, \(difference)")
            }
        }

        let get = try await bench.compare(
            courier: { count in try repeated(count) { blackHole(try courierRequest(for: .search(query))) } },
            baseline: { count in try repeated(count) { blackHole(try HandBuiltRequests.search(query)) } })
        outcome.rows.append(.time("1a Build GET (10 query params, 3 headers)", get, goal: .timeAtMost(1.3)))

        let post = try await bench.compare(
            courier: { count in try repeated(count) { blackHole(try courierRequest(for: .createOrder(order))) } },
            baseline: { count in try repeated(count) { blackHole(try HandBuiltRequests.createOrder(order)) } })
        outcome.rows.append(.time("1b Build POST (20-field JSON body)", post, goal: .timeAtMost(1.3)))

        let encodable = try await bench.compare(
            courier: { count in
                try repeated(count) { blackHole(try courierRequest(for: .createOrderEncodable(order))) }
            },
            baseline: { count in try repeated(count) { blackHole(try HandBuiltRequests.createOrderEncodable(order)) } })
        outcome.rows.append(.time("1c Build POST (Encodable body)", encodable, goal: .timeInfo))

        // The same GET through CourierMoya's `MoyaProvider`, its `[String: Any]` parameters an app's.
        for difference in RequestEquivalence.differences(
            try MoyaCatalog.request(for: query), try courierRequest(for: .search(query)))
        {
            outcome.notes.append("Case 1d: the two requests differ, \(difference)")
        }
        let moya = try await bench.compare(
            courier: { count in try repeated(count) { blackHole(try MoyaCatalog.request(for: query)) } },
            baseline: { count in try repeated(count) { blackHole(try courierRequest(for: .search(query))) } })
        outcome.rows.append(
            .time("1d Build GET through MoyaProvider (against Provider)", moya, goal: .timeAtMost(1.05)))
        return outcome
    }
}

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

/// The ten query parameters of the GET case, as an app holds them before a request.
///
/// The values only use characters that `URLComponents` and Courier escape alike (letters, digits,
/// `-`, and spaces, written `%20` by both), so both build the very same URL.
struct SearchQuery: Sendable {
    var text = "swift http client"
    var page = 3
    var perPage = 50
    var sort = "updated"
    var order = "desc"
    var language = "swift"
    var includeArchived = false
    var minimumStars = 100
    var since = "2024-01-01"
    var topic = "server side"

    /// The query as Courier parameters.
    var parameters: Parameters {
        [
            "q": text, "page": page, "per_page": perPage, "sort": sort, "order": order, "language": language,
            "include_archived": includeArchived, "min_stars": minimumStars, "since": since, "topic": topic,
        ]
    }
}

/// The twenty fields of the POST case's JSON body: strings, integers, decimals and booleans.
///
/// `Encodable` for the `requestJSONEncodable` variant, which writes the property names as keys.
struct OrderDraft: Sendable, Encodable {
    var customerID = 48_213
    var currency = "EUR"
    var total = 149.5
    var subtotal = 125.0
    var tax = 24.5
    var shipping = 0.0
    var itemCount = 3
    var couponCode = "SPRING-24"
    var giftWrap = false
    var expressDelivery = true
    var note = "Leave the parcel at the front desk"
    var street = "12 Market Street"
    var city = "Manchester"
    var postalCode = "M1 1AE"
    var country = "GB"
    var phone = "+44 161 555 0100"
    var email = "ann@example.com"
    var locale = "en-GB"
    var channel = "ios"
    var loyaltyPoints = 1_250

    /// The body as Courier parameters.
    var parameters: Parameters {
        [
            "customer_id": customerID, "currency": currency, "total": total, "subtotal": subtotal, "tax": tax,
            "shipping": shipping, "item_count": itemCount, "coupon_code": couponCode, "gift_wrap": giftWrap,
            "express_delivery": expressDelivery, "note": note, "street": street, "city": city,
            "postal_code": postalCode, "country": country, "phone": phone, "email": email, "locale": locale,
            "channel": channel, "loyalty_points": loyaltyPoints,
        ]
    }

    /// The body as a `JSONSerialization` object, as hand-written code builds it: a dictionary of its own
    /// rather than ``parameters`` converted, so that neither side of case 1 times a conversion.
    var jsonObject: [String: Any] {
        [
            "customer_id": customerID, "currency": currency, "total": total, "subtotal": subtotal, "tax": tax,
            "shipping": shipping, "item_count": itemCount, "coupon_code": couponCode, "gift_wrap": giftWrap,
            "express_delivery": expressDelivery, "note": note, "street": street, "city": city,
            "postal_code": postalCode, "country": country, "phone": phone, "email": email, "locale": locale,
            "channel": channel, "loyalty_points": loyaltyPoints,
        ]
    }
}

/// The baseline of the request-building cases: the same requests as ``CatalogAPI`` builds, written by
/// hand with `URLComponents` and `JSONSerialization`.
enum HandBuiltRequests {
    private static let ordersURL = URL(string: "https://api.example.com/v1/orders")!

    /// `GET /v1/search` with the query in the URL (items in name order, as Courier writes them).
    static func search(_ query: SearchQuery) throws -> URLRequest {
        guard var components = URLComponents(string: "https://api.example.com/v1/search") else {
            throw BenchFailure("URLComponents could not build the search URL")
        }
        components.queryItems = [
            URLQueryItem(name: "include_archived", value: query.includeArchived ? "1" : "0"),
            URLQueryItem(name: "language", value: query.language),
            URLQueryItem(name: "min_stars", value: String(query.minimumStars)),
            URLQueryItem(name: "order", value: query.order),
            URLQueryItem(name: "page", value: String(query.page)),
            URLQueryItem(name: "per_page", value: String(query.perPage)),
            URLQueryItem(name: "q", value: query.text),
            URLQueryItem(name: "since", value: query.since),
            URLQueryItem(name: "sort", value: query.sort),
            URLQueryItem(name: "topic", value: query.topic),
        ]
        guard let url = components.url else { throw BenchFailure("URLComponents could not build the search URL") }
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        setCommonHeaders(on: &request)
        return request
    }

    /// `POST /v1/orders` with the order as a JSON body, written the way hand-written code usually is (no
    /// options: `.sortedKeys` would make `JSONSerialization` about three times slower on Linux).
    static func createOrder(_ order: OrderDraft) throws -> URLRequest {
        var request = URLRequest(url: ordersURL)
        request.httpMethod = "POST"
        setCommonHeaders(on: &request)
        request.httpBody = try JSONSerialization.data(withJSONObject: order.jsonObject, options: [])
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        return request
    }

    /// `POST /v1/orders` with the order encoded by a `JSONEncoder`.
    static func createOrderEncodable(_ order: OrderDraft) throws -> URLRequest {
        var request = URLRequest(url: ordersURL)
        request.httpMethod = "POST"
        setCommonHeaders(on: &request)
        request.httpBody = try JSONEncoder().encode(order)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        return request
    }

    private static func setCommonHeaders(on request: inout URLRequest) {
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("en-GB", forHTTPHeaderField: "Accept-Language")
        request.setValue("courier-bench/1.0", forHTTPHeaderField: "User-Agent")
    }
}

/// Checks that Courier and a baseline built the same request, so that a comparison is fair.
enum RequestEquivalence {
    /// The ways `courier` and `baseline` differ, as sentences; empty when they are the same request.
    static func differences(_ courier: URLRequest, _ baseline: URLRequest) -> [String] {
        var differences: [String] = []
        if courier.url?.absoluteString != baseline.url?.absoluteString {
            differences.append(
                "URL: Courier \(courier.url?.absoluteString ?? "nil"), baseline \(baseline.url?.absoluteString ?? "nil")"
            )
        }
        if courier.httpMethod != baseline.httpMethod {
            differences.append(
                "method: Courier \(courier.httpMethod ?? "nil"), baseline \(baseline.httpMethod ?? "nil")")
        }
        if courier.allHTTPHeaderFields ?? [:] != baseline.allHTTPHeaderFields ?? [:] {
            differences.append(
                "headers: Courier \(courier.allHTTPHeaderFields ?? [:]), baseline \(baseline.allHTTPHeaderFields ?? [:])"
            )
        }
        if courier.httpBody != baseline.httpBody, !sameJSON(courier.httpBody, baseline.httpBody) {
            let courierText = courier.httpBody.map { String(decoding: $0, as: UTF8.self) } ?? "nil"
            let baselineText = baseline.httpBody.map { String(decoding: $0, as: UTF8.self) } ?? "nil"
            differences.append("body: Courier \(courierText), baseline \(baselineText)")
        }
        return differences
    }

    /// Whether both bodies parse as JSON and hold the same value (key order and number spelling aside).
    private static func sameJSON(_ first: Data?, _ second: Data?) -> Bool {
        guard let first, let second,
            let firstValue = try? JSONSerialization.jsonObject(with: first) as? NSDictionary,
            let secondValue = try? JSONSerialization.jsonObject(with: second) as? NSDictionary
        else { return false }
        return firstValue.isEqual(secondValue)
    }
}
