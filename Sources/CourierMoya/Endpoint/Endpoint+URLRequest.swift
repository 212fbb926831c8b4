import Courier

extension Endpoint {
    /// The `URLRequest` of the endpoint: its URL, method, headers, and the task's body and parameters,
    /// as Moya makes it.
    ///
    /// Courier's checks come first: the URL must be `http` or `https` with a host, and no header field
    /// may carry a line break (header injection). Moya's `fatalError` for a `requestCompositeParameters`
    /// task whose body encoding does not write a body is an error here.
    ///
    /// - Throws: ``MoyaError/requestMapping(_:)`` when the URL cannot be built or requested;
    ///   ``MoyaError/parameterEncoding(_:)`` when parameters cannot be encoded;
    ///   ``MoyaError/encodableMapping(_:)`` when an `Encodable` body cannot be encoded; the
    ///   `HeaderFieldError` of a header field that cannot be sent.
    public func urlRequest() throws -> URLRequest {
        do {
            try HeaderValidation.check(httpHeaderFields)
        } catch {
            throw error.underlyingError ?? error
        }
        // Parameters bound for the query join the URL string, so that the URL is parsed once.
        var urlString = url
        if case .requestParameters(let parameters, let encoding as URLEncoding) = task, !parameters.isEmpty,
            encoding.encodesInURL(method: method)
        {
            urlString = URLEncoding.string(url, appendingQuery: encoding.query(of: parameters))
        }
        guard !url.isEmpty, let requestURL = URL(string: urlString), requestURL.scheme != nil else {
            throw MoyaError.requestMapping(url)
        }
        do {
            try URLValidation.check(requestURL, written: urlString)
        } catch {
            throw MoyaError(error)
        }

        var request = URLRequest(url: requestURL)
        request.httpMethod = method.rawValue
        request.allHTTPHeaderFields = httpHeaderFields

        switch task {
        case .requestPlain, .uploadFile, .uploadMultipart, .downloadDestination:
            return request
        case .requestData(let data):
            request.httpBody = data
            return request
        case .requestJSONEncodable(let encodable):
            return try request.encoded(encodable, with: JSONEncoder())
        case .requestCustomJSONEncodable(let encodable, let encoder):
            return try request.encoded(encodable, with: encoder)
        case .requestParameters(let parameters, let encoding):
            if urlString != url { return request }  // Already in the URL.
            return try request.encoded(parameters, with: encoding)
        case .uploadCompositeMultipart(_, let urlParameters):
            return try request.encoded(urlParameters, with: URLEncoding(destination: .queryString))
        case .downloadParameters(let parameters, let encoding, _):
            return try request.encoded(parameters, with: encoding)
        case .requestCompositeData(let bodyData, let urlParameters):
            request.httpBody = bodyData
            return try request.encoded(urlParameters, with: URLEncoding(destination: .queryString))
        case .requestCompositeParameters(let bodyParameters, let bodyEncoding, let urlParameters):
            if let encoding = bodyEncoding as? URLEncoding, encoding.destination != .httpBody {
                throw MoyaError.parameterEncoding(
                    ParameterEncodingError(
                        "requestCompositeParameters needs a body encoding; use URLEncoding.httpBody, not a "
                            + "URLEncoding whose destination is the query or depends on the method"))
            }
            let withBody = try request.encoded(bodyParameters, with: bodyEncoding)
            return try withBody.encoded(urlParameters, with: URLEncoding(destination: .queryString))
        }
    }
}

extension URLRequest {
    /// The request with `value` as its JSON body (and `Content-Type: application/json` unless it has one).
    fileprivate func encoded(_ value: Encodable, with encoder: JSONEncoder) throws -> URLRequest {
        var request = self
        do {
            request.httpBody = try encoder.encode(AnyEncodable(value))
        } catch {
            throw MoyaError.encodableMapping(error)
        }
        if request.value(forHTTPHeaderField: "Content-Type") == nil {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return request
    }

    /// The request with `parameters` encoded into it by `encoding`.
    fileprivate func encoded(_ parameters: [String: Any], with encoding: ParameterEncoding) throws -> URLRequest {
        do {
            return try encoding.encode(self, with: parameters)
        } catch {
            throw MoyaError.parameterEncoding(error)
        }
    }
}

extension CourierError {
    /// The error a Courier check wrapped.
    fileprivate var underlyingError: Error? {
        if case .underlying(let error, _) = self { return error }
        return nil
    }
}
