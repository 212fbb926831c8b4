/// A value that can make a `URLRequest`: Alamofire's `URLRequestConvertible`, which a
/// ``ParameterEncoding`` receives. `URLRequest` conforms.
public protocol URLRequestConvertible {
    /// The `URLRequest` this value stands for.
    ///
    /// - Throws: An error when no request can be made.
    func asURLRequest() throws -> URLRequest
}

extension URLRequestConvertible {
    /// The `URLRequest` this value stands for, or `nil` when ``asURLRequest()`` throws.
    public var urlRequest: URLRequest? { try? asURLRequest() }
}

extension URLRequest: URLRequestConvertible {
    /// The request itself.
    public func asURLRequest() throws -> URLRequest { self }
}

extension URLRequest {
    /// Creates a request for `url` with `method` and `headers`, as Alamofire's initializer does.
    ///
    /// - Throws: ``AFError/invalidURL(url:)`` when `url` is not a URL.
    public init(url: URLConvertible, method: HTTPMethod, headers: HTTPHeaders? = nil) throws {
        self.init(url: try url.asURL())
        httpMethod = method.rawValue
        allHTTPHeaderFields = headers?.dictionary
    }

    /// The request's method as an ``HTTPMethod``, or `nil` when it has none.
    public var method: HTTPMethod? {
        get { httpMethod.map(HTTPMethod.init(rawValue:)) }
        set { httpMethod = newValue?.rawValue }
    }

    /// Checks the request as Alamofire does before sending it: a `GET` request may not have a body.
    ///
    /// - Throws: ``AFError/urlRequestValidationFailed(reason:)`` with
    ///   ``AFError/URLRequestValidationFailureReason/bodyDataInGETRequest(_:)``.
    public func validate() throws {
        if method == .get, let body = httpBody {
            throw AFError.urlRequestValidationFailed(reason: .bodyDataInGETRequest(body))
        }
    }
}
