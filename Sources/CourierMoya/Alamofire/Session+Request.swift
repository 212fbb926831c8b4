import Courier

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The session of Alamofire's top-level calls, ``Session/default``: `AF.request(…)`.
nonisolated(unsafe) public let AF = Session.default

extension Session {
    /// Changes the `URLRequest` a ``Session/request(_:method:parameters:encoding:headers:interceptor:requestModifier:)``
    /// makes, before its parameters are encoded (to set its timeout, say). An error it throws fails the
    /// request: as it is when it is an ``AFError``, else inside ``AFError/createURLRequestFailed(error:)``.
    public typealias RequestModifier = (inout URLRequest) throws -> Void

    /// A request for `convertible` with these parameters and headers, as Alamofire's
    /// `Session.request`.
    ///
    /// ```swift
    /// AF.request("https://httpbin.org/post", method: .post, parameters: ["name": "Ada"], encoding: JSONEncoding.default)
    ///     .validate()
    ///     .responseDecodable(of: Reply.self) { response in … }
    /// ```
    ///
    /// - Parameters:
    ///   - convertible: The URL.
    ///   - method: The method. Default: `.get`.
    ///   - parameters: The parameters, or `nil` for none. Default: `nil`.
    ///   - encoding: Where and how the parameters go. Default: `URLEncoding.default`, the query for `GET`,
    ///     `HEAD` and `DELETE`, else a form body.
    ///   - headers: The request's headers, besides the session's. Default: none.
    ///   - interceptor: Adapts and retries this request, before the session's interceptor. Default: none.
    ///   - requestModifier: Changes the `URLRequest` before the parameters are encoded. Default: none.
    /// - Returns: The request, to add validations and response handlers to.
    public func request(
        _ convertible: URLConvertible, method: HTTPMethod = .get, parameters: Parameters? = nil,
        encoding: ParameterEncoding = URLEncoding.default, headers: HTTPHeaders? = nil,
        interceptor: RequestInterceptor? = nil, requestModifier: RequestModifier? = nil
    ) -> DataRequest {
        let convertible = EncodedURLRequest(
            url: convertible, method: method, parameters: parameters, encoding: encoding, headers: headers,
            requestModifier: requestModifier)
        return request(convertible, interceptor: interceptor)
    }

    /// A request of the `URLRequest` that `convertible` makes (for each attempt).
    ///
    /// - Parameters:
    ///   - convertible: Makes the `URLRequest`: a `URLRequest`, or a router of the app's own.
    ///   - interceptor: Adapts and retries this request, before the session's interceptor. Default: none.
    /// - Returns: The request, to add validations and response handlers to.
    public func request(_ convertible: URLRequestConvertible, interceptor: RequestInterceptor? = nil) -> DataRequest {
        let request = DataRequest(convertible: convertible, session: self, interceptor: interceptor)
        request.launch(attempting: true)
        return request
    }

    /// The interceptor of `request`: its own, then the session's, as Alamofire composes them.
    func interceptor(for request: Request) -> RequestInterceptor? {
        switch (request.interceptor, interceptor) {
        case (let own?, let shared?): Interceptor(interceptors: [own, shared])
        case (let own?, nil): own
        case (nil, let shared?): shared
        case (nil, nil): nil
        }
    }
}

/// The `URLRequest` of ``Session/request(_:method:parameters:encoding:headers:interceptor:requestModifier:)``:
/// the URL, method and headers, then the modifier, then the encoded parameters.
private struct EncodedURLRequest: URLRequestConvertible {
    let url: URLConvertible
    let method: HTTPMethod
    let parameters: Parameters?
    let encoding: ParameterEncoding
    let headers: HTTPHeaders?
    let requestModifier: Session.RequestModifier?

    func asURLRequest() throws -> URLRequest {
        var request = try URLRequest(url: url, method: method, headers: headers)
        try requestModifier?(&request)
        return try encoding.encode(request, with: parameters)
    }
}
