import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Encodes parameters as `application/x-www-form-urlencoded` pairs, in the query or in the body.
///
/// The output is the form that servers behind Moya and Alamofire apps expect:
/// - keys are sorted at every depth, array order is kept;
/// - nested dictionaries are written `a[b][c]=v`, arrays per ``ArrayEncoding``, bools per ``BoolEncoding``;
/// - only `A-Z a-z 0-9 - . _ ~ / ?` stay literal; every other byte is `%XX` with uppercase hex
///   (a space is `%20`, `+` is `%2B`), brackets of nested keys included;
/// - `nil` and `NSNull` are written as an empty value, optionals as their wrapped value;
/// - a query already in the URL is kept as written and the new pairs follow it after `&`;
/// - in the body, `Content-Type: application/x-www-form-urlencoded; charset=utf-8` is set unless the
///   request already has a `Content-Type`.
public struct URLEncoding: ParameterEncoding {
    /// Where the encoded parameters go.
    public enum Destination: Sendable {
        /// The query for `GET`, `HEAD` and `DELETE` requests; the body for every other method.
        case methodDependent
        /// Always the query.
        case queryString
        /// Always the body.
        case httpBody
    }

    /// How array elements are keyed.
    public enum ArrayEncoding: Sendable {
        /// `key[]=a&key[]=b` (the brackets escaped as `%5B%5D`).
        case brackets
        /// `key=a&key=b`.
        case noBrackets
        /// `key[0]=a&key[1]=b` (the brackets escaped).
        case indexInBrackets
    }

    /// How `Bool` values are written.
    public enum BoolEncoding: Sendable {
        /// `1` and `0`.
        case numeric
        /// `true` and `false`.
        case literal
    }

    /// Method-dependent destination, bracketed arrays, numeric bools.
    public static var `default`: URLEncoding { URLEncoding() }
    /// Always in the query, bracketed arrays, numeric bools.
    public static var queryString: URLEncoding { URLEncoding(destination: .queryString) }
    /// Always in the body, bracketed arrays, numeric bools.
    public static var httpBody: URLEncoding { URLEncoding(destination: .httpBody) }

    /// Where the parameters go.
    public let destination: Destination
    /// How arrays are keyed.
    public let arrayEncoding: ArrayEncoding
    /// How bools are written.
    public let boolEncoding: BoolEncoding

    /// Creates an encoding.
    ///
    /// - Parameters:
    ///   - destination: Where the parameters go. Default: ``Destination/methodDependent``.
    ///   - arrayEncoding: How arrays are keyed. Default: ``ArrayEncoding/brackets``.
    ///   - boolEncoding: How bools are written. Default: ``BoolEncoding/numeric``.
    public init(
        destination: Destination = .methodDependent, arrayEncoding: ArrayEncoding = .brackets,
        boolEncoding: BoolEncoding = .numeric
    ) {
        self.destination = destination
        self.arrayEncoding = arrayEncoding
        self.boolEncoding = boolEncoding
    }

    /// The encoded pairs of `parameters` joined by `&`, without a leading `?`.
    public func query(_ parameters: Parameters) -> String {
        FormSerializer(arrayEncoding: arrayEncoding, boolEncoding: boolEncoding).serialize(parameters)
    }

    /// The encoded pairs of a dictionary of any values (CourierMoya's `[String: Any]` parameters).
    package func query(of parameters: [String: Any]) -> String {
        FormSerializer(arrayEncoding: arrayEncoding, boolEncoding: boolEncoding).serialize(parameters)
    }

    /// `string` escaped as a form key or value: only `A-Z a-z 0-9 - . _ ~ / ?` stay literal.
    package static func escaped(_ string: String) -> String {
        var output: [UInt8] = []
        PercentEncoding.append(string, to: &output, allowed: .formComponent)
        return String(decoding: output, as: UTF8.self)
    }

    /// Returns `request` with `parameters` in its query or body.
    ///
    /// - Throws: ``ParameterEncodingError`` when the parameters belong in the URL and the request has none.
    public func encode(_ request: URLRequest, with parameters: Parameters?) throws -> URLRequest {
        guard let parameters else { return request }
        var request = request
        if encodesInURL(method: request.httpMethod.map(HTTPMethod.init(rawValue:)) ?? .get) {
            guard let url = request.url else {
                throw ParameterEncodingError("URL encoding needs a request with a URL")
            }
            guard !parameters.isEmpty else { return request }
            request.url = try Self.url(url, appendingQuery: query(parameters))
        } else {
            if request.value(forHTTPHeaderField: "Content-Type") == nil {
                request.setValue(
                    "application/x-www-form-urlencoded; charset=utf-8", forHTTPHeaderField: "Content-Type")
            }
            request.httpBody = Data(query(parameters).utf8)
        }
        return request
    }

    /// Whether the parameters of a request with `method` go in its URL.
    package func encodesInURL(method: HTTPMethod) -> Bool {
        switch destination {
        case .methodDependent: [.get, .head, .delete].contains(method)
        case .queryString: true
        case .httpBody: false
        }
    }

    /// The URL string `string` with `query` after its existing query (joined by `&`), before any fragment.
    package static func string(_ string: String, appendingQuery query: String) -> String {
        guard !query.isEmpty else { return string }
        let utf8 = string.utf8
        let hash = utf8.firstIndex(of: UInt8(ascii: "#")) ?? utf8.endIndex
        let head = utf8[..<hash]
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count + query.utf8.count + 1)
        bytes.append(contentsOf: head)
        if let mark = head.firstIndex(of: UInt8(ascii: "?")) {
            if head.index(after: mark) != head.endIndex { bytes.append(UInt8(ascii: "&")) }
        } else {
            bytes.append(UInt8(ascii: "?"))
        }
        bytes.append(contentsOf: query.utf8)
        bytes.append(contentsOf: utf8[hash...])
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `url` with `query` after its existing query (joined by `&`), keeping the fragment.
    package static func url(_ url: URL, appendingQuery query: String) throws -> URL {
        guard !query.isEmpty else { return url }
        // One parse of the joined string; URLComponents is the fallback for anything unusual.
        if let result = URL(string: string(url.absoluteString, appendingQuery: query)) {
            return result
        }
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw ParameterEncodingError("cannot add a query to the URL \(url.absoluteString)")
        }
        if let existing = components.percentEncodedQuery, !existing.isEmpty {
            components.percentEncodedQuery = existing + "&" + query
        } else {
            components.percentEncodedQuery = query
        }
        guard let result = components.url else {
            throw ParameterEncodingError("cannot add the query \(query) to the URL \(url.absoluteString)")
        }
        return result
    }
}
