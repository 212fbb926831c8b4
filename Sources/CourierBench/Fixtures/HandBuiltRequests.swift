import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The baseline of the request-building cases: the same requests as ``CatalogAPI`` builds, written by
/// hand with `URLComponents` and `JSONSerialization`.
enum HandBuiltRequests {
    /// Why a hand-built request could not be made.
    struct Failure: Error {}

    private static let ordersURL = URL(string: "https://api.example.com/v1/orders")!

    /// `GET /v1/search` with the query in the URL (items in name order, as Courier writes them).
    static func search(_ query: SearchQuery) throws -> URLRequest {
        guard var components = URLComponents(string: "https://api.example.com/v1/search") else { throw Failure() }
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
        guard let url = components.url else { throw Failure() }
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
