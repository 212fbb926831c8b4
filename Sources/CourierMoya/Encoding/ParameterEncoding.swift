import Courier

/// Parameters of a request: Alamofire's `Parameters`, string keys and values of any type (strings,
/// numbers, bools, `nil`, arrays and nested dictionaries).
public typealias Parameters = [String: Any]

/// Encodes parameters into a request: Alamofire's `ParameterEncoding`.
///
/// ``URLEncoding`` and ``JSONEncoding`` conform; so does an encoding of an app's own, written as for
/// Alamofire:
///
/// ```swift
/// struct JSONArrayEncoding: ParameterEncoding {
///     func encode(_ urlRequest: URLRequestConvertible, with parameters: Parameters?) throws -> URLRequest {
///         var request = try urlRequest.asURLRequest()
///         request.httpBody = try JSONSerialization.data(withJSONObject: parameters?["items"] ?? [])
///         return request
///     }
/// }
/// ```
public protocol ParameterEncoding {
    /// Returns the request of `urlRequest` with `parameters` encoded into it.
    ///
    /// - Parameters:
    ///   - urlRequest: The request to encode into.
    ///   - parameters: The parameters, or `nil` for none.
    /// - Throws: What `urlRequest.asURLRequest()` throws, or an error (an ``AFError`` for Alamofire's own
    ///   encodings) when the parameters cannot be encoded.
    func encode(_ urlRequest: URLRequestConvertible, with parameters: Parameters?) throws -> URLRequest
}

/// Encodes parameters as `application/x-www-form-urlencoded` pairs, in the query or in the body:
/// Alamofire's `URLEncoding`, which is Courier's (sorted keys, bracketed arrays, numeric or literal
/// bools, RFC 3986 escaping).
public typealias URLEncoding = Courier.URLEncoding
/// Encodes parameters as a JSON object in the body: Alamofire's `JSONEncoding`, which is Courier's.
public typealias JSONEncoding = Courier.JSONEncoding

extension Courier.URLEncoding: ParameterEncoding {
    /// Returns the request with `parameters` in its query or its body, as Alamofire's does.
    ///
    /// - Throws: ``AFError/parameterEncodingFailed(reason:)`` with
    ///   ``AFError/ParameterEncodingFailureReason/missingURL`` when the parameters belong in the URL and the
    ///   request has none.
    public func encode(_ urlRequest: URLRequestConvertible, with parameters: Parameters?) throws -> URLRequest {
        var request = try urlRequest.asURLRequest()
        guard let parameters else { return request }
        if encodesInURL(method: request.method ?? .get) {
            guard let url = request.url else { throw AFError.parameterEncodingFailed(reason: .missingURL) }
            guard !parameters.isEmpty else { return request }
            request.url = try Self.url(url, appendingQuery: query(of: parameters))
        } else {
            if request.value(forHTTPHeaderField: "Content-Type") == nil {
                request.setValue(
                    "application/x-www-form-urlencoded; charset=utf-8", forHTTPHeaderField: "Content-Type")
            }
            request.httpBody = Data(query(of: parameters).utf8)
        }
        return request
    }

    /// The `key=value` pairs of one parameter, escaped, as Alamofire's `queryComponents(fromKey:value:)`.
    ///
    /// - Parameters:
    ///   - key: The parameter's name.
    ///   - value: Its value: a string, number, bool, array or dictionary.
    /// - Returns: The escaped name and value of every pair the parameter makes, in order.
    public func queryComponents(fromKey key: String, value: Any) -> [(String, String)] {
        query(of: [key: value]).split(separator: "&", omittingEmptySubsequences: false).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
    }

    /// `string` percent-escaped as a query key or value, as Alamofire's `escape(_:)`: only
    /// `A-Z a-z 0-9 - . _ ~ / ?` stay literal.
    public func escape(_ string: String) -> String {
        Self.escaped(string)
    }
}

extension Courier.JSONEncoding: ParameterEncoding {
    /// Returns the request with `parameters` as its JSON body, as Alamofire's does.
    ///
    /// - Throws: ``AFError/parameterEncodingFailed(reason:)`` with
    ///   ``AFError/ParameterEncodingFailureReason/jsonEncodingFailed(error:)`` when a value cannot be JSON
    ///   (NaN, a date, a type of the app's own).
    public func encode(_ urlRequest: URLRequestConvertible, with parameters: Parameters?) throws -> URLRequest {
        try encode(urlRequest, withJSONObject: parameters)
    }

    /// Returns the request with `jsonObject` (a dictionary, an array or a single value) as its JSON
    /// body, as Alamofire's `encode(_:withJSONObject:)`; `nil` leaves the request as it is.
    ///
    /// - Throws: ``AFError/parameterEncodingFailed(reason:)`` with
    ///   ``AFError/ParameterEncodingFailureReason/jsonEncodingFailed(error:)`` when a value cannot be JSON.
    public func encode(_ urlRequest: URLRequestConvertible, withJSONObject jsonObject: Any? = nil) throws
        -> URLRequest
    {
        var request = try urlRequest.asURLRequest()
        guard let jsonObject else { return request }
        do {
            request.httpBody = try jsonData(for: jsonObject)
        } catch {
            throw AFError.parameterEncodingFailed(reason: .jsonEncodingFailed(error: error))
        }
        if request.value(forHTTPHeaderField: "Content-Type") == nil {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return request
    }
}

extension ParameterEncoding {
    /// The encoding as a Courier `ParameterEncoding`: Courier's own encodings as they are, an app's own
    /// through ``MoyaParameterEncoding``.
    var courierEncoding: any Courier.ParameterEncoding {
        if let encoding = self as? Courier.URLEncoding { return encoding }
        if let encoding = self as? Courier.JSONEncoding { return encoding }
        return MoyaParameterEncoding(base: self)
    }
}

/// An app's own ``ParameterEncoding`` as a Courier `ParameterEncoding`, for a Courier `Provider` that
/// sends a CourierMoya target.
struct MoyaParameterEncoding: Courier.ParameterEncoding, @unchecked Sendable {
    let base: any ParameterEncoding

    func encode(_ request: URLRequest, with parameters: Courier.Parameters?) throws -> URLRequest {
        try base.encode(request, with: parameters.map(ParameterBox.unboxed))
    }
}

/// A parameter value of a `[String: Any]` dictionary, carried in Courier's `Parameters`, whose
/// encoders unwrap it.
struct ParameterBox: WrappedParameter, @unchecked Sendable {
    let wrappedParameter: Any

    /// `parameters` as Courier's `Parameters`.
    static func parameters(_ parameters: [String: Any]) -> Courier.Parameters {
        parameters.mapValues { ParameterBox(wrappedParameter: $0) }
    }

    /// Courier's `Parameters` back as a `[String: Any]` dictionary.
    static func unboxed(_ parameters: Courier.Parameters) -> [String: Any] {
        parameters.mapValues { ($0 as? ParameterBox)?.wrappedParameter ?? $0 }
    }
}
