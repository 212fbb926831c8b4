import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A target resolved into what a request needs: URL, method, task, headers and a stub answer.
///
/// A ``Provider``'s `endpointClosure` makes one for each target; change it there to add headers or
/// replace the task for every request of a provider.
public struct Endpoint: Sendable {
    /// What a stubbed request answers with.
    public enum SampleResponse: Sendable {
        /// A response with this status code and body.
        case networkResponse(Int, Data)
        /// This HTTP response and body.
        case response(HTTPURLResponse, Data)
        /// A failure, as if the network had failed with this error.
        case networkError(any Error)
    }

    /// The full URL, as a string.
    public let url: String
    /// Makes the stub answer; called once for each stubbed request.
    public let sampleResponseClosure: SampleResponseClosure

    /// What gives a stubbed answer.
    public typealias SampleResponseClosure = @Sendable () -> SampleResponse
    /// The HTTP method.
    public let method: Method
    /// What the request carries.
    public let task: HTTPTask
    /// The header fields, or `nil` for none.
    public let httpHeaderFields: [String: String]?

    /// Creates an endpoint.
    public init(
        url: String, sampleResponseClosure: @escaping @Sendable () -> SampleResponse, method: Method,
        task: HTTPTask, httpHeaderFields: [String: String]?
    ) {
        self.url = url
        self.sampleResponseClosure = sampleResponseClosure
        self.method = method
        self.task = task
        self.httpHeaderFields = httpHeaderFields
    }

    /// A copy with `newHTTPHeaderFields` added; a new value replaces an existing one of the same name
    /// (names compared case-insensitively).
    public func adding(newHTTPHeaderFields: [String: String]) -> Endpoint {
        var fields = httpHeaderFields ?? [:]
        for (name, value) in newHTTPHeaderFields {
            if let existing = fields.keys.first(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) {
                fields.removeValue(forKey: existing)
            }
            fields[name] = value
        }
        return Endpoint(
            url: url, sampleResponseClosure: sampleResponseClosure, method: method, task: task,
            httpHeaderFields: fields)
    }

    /// A copy with `task` in place of the current task.
    public func replacing(task: HTTPTask) -> Endpoint {
        Endpoint(
            url: url, sampleResponseClosure: sampleResponseClosure, method: method, task: task,
            httpHeaderFields: httpHeaderFields)
    }

    /// The `URLRequest` for this endpoint: URL, method, headers, and the task's body and parameters.
    ///
    /// Header fields are checked first, so that no header can inject another: a name must be an HTTP
    /// token (letters, digits, `!#$%&'*+-.^_|~` and the backtick, so never CR or LF) and a value may
    /// not contain CR, LF or NUL. A ``Provider`` checks the final request again, after every interceptor
    /// and plugin, before it is sent.
    ///
    /// The URL must be an `http` or `https` URL with a host; any other (`ftp://…`, `http:///get`,
    /// `http:/127.0.0.1`) is refused here, for stubbed requests as for real ones, with a sentence saying
    /// why (`The URL "ftp://example.com/x" cannot be requested: its scheme is "ftp", …`).
    ///
    /// - Throws: ``CourierError/requestMapping(_:)`` when the URL cannot be built (with the URL) or is
    ///   not an `http` or `https` URL with a host (with a sentence starting `The URL `);
    ///   ``CourierError/underlying(_:_:)`` with a ``HeaderFieldError`` when a header field cannot be sent
    ///   (it names the header and never shows its value); ``CourierError/parameterEncoding(_:)`` when parameters cannot be
    ///   encoded; ``CourierError/encodableMapping(_:)`` when an `Encodable` body cannot be encoded.
    public func urlRequest() throws(CourierError) -> URLRequest {
        try HeaderValidation.check(httpHeaderFields)
        // Parameters bound for the query join the URL string, so that the URL is parsed once.
        var urlString = url
        if !url.isEmpty, let (parameters, encoding) = queryParameters, !parameters.isEmpty {
            urlString = URLEncoding.string(url, appendingQuery: encoding.query(parameters))
        }
        guard !url.isEmpty, let requestURL = URL(string: urlString), requestURL.scheme != nil else {
            throw .requestMapping(url)
        }
        try URLValidation.check(requestURL, written: urlString)
        var request = URLRequest(url: requestURL)
        request.httpMethod = method.rawValue
        if let fields = httpHeaderFields, !fields.isEmpty {
            // One assignment when no two names differ only in case (the usual case, and much cheaper
            // than a `setValue` for each on Linux); otherwise `setValue`, which merges them.
            if Set(fields.keys.lazy.map { $0.lowercased() }).count == fields.count {
                request.allHTTPHeaderFields = fields
            } else {
                for (name, value) in fields {
                    request.setValue(value, forHTTPHeaderField: name)
                }
            }
        }

        switch task {
        case .requestPlain, .uploadFile, .uploadMultipart, .uploadCompositeMultipart, .downloadDestination:
            return request
        case .requestData(let data), .requestCompositeData(let data, _):
            request.httpBody = data
            return request
        case .requestJSONEncodable(let value):
            return try Self.encodeJSON(value, with: JSONEncoder(), into: request)
        case .requestCustomJSONEncodable(let value, let encoder):
            return try Self.encodeJSON(value, with: encoder, into: request)
        case .requestParameters(let parameters, let encoding), .downloadParameters(let parameters, let encoding, _):
            guard queryParameters == nil else { return request }  // Already in the URL.
            return try Self.encode(parameters, with: encoding, into: request)
        case .requestCompositeParameters(let bodyParameters, let bodyEncoding, _):
            if let urlEncoding = bodyEncoding as? URLEncoding, urlEncoding.destination != .httpBody {
                throw .parameterEncoding(
                    ParameterEncodingError(
                        "requestCompositeParameters needs a body encoding; use URLEncoding.httpBody, not a "
                            + "URLEncoding whose destination is the query or depends on the method"))
            }
            return try Self.encode(bodyParameters, with: bodyEncoding, into: request)
        }
    }

    /// The task's parameters that go in the query, with the encoding that writes them: the URL
    /// parameters of composite tasks, and the parameters of a ``URLEncoding`` that puts them in the URL
    /// for this method.
    private var queryParameters: (Parameters, URLEncoding)? {
        switch task {
        case .requestCompositeData(_, let urlParameters), .requestCompositeParameters(_, _, let urlParameters),
            .uploadCompositeMultipart(_, let urlParameters):
            (urlParameters, .queryString)
        case .requestParameters(let parameters, let encoding as URLEncoding),
            .downloadParameters(let parameters, let encoding as URLEncoding, _):
            encoding.encodesInURL(method: method) ? (parameters, encoding) : nil
        default:
            nil
        }
    }

    private static func encode(
        _ parameters: Parameters, with encoding: any ParameterEncoding, into request: URLRequest
    ) throws(CourierError) -> URLRequest {
        do {
            return try encoding.encode(request, with: parameters)
        } catch {
            throw CourierError(error, otherwise: CourierError.parameterEncoding)
        }
    }

    private static func encodeJSON(
        _ value: any Encodable & Sendable, with encoder: JSONEncoder, into request: URLRequest
    ) throws(CourierError) -> URLRequest {
        var request = request
        do {
            request.httpBody = try encoder.encode(value)
        } catch {
            throw .encodableMapping(error)
        }
        if request.value(forHTTPHeaderField: "Content-Type") == nil {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return request
    }
}

/// Whether and how a ``Provider`` answers a request from its ``Endpoint/sampleResponseClosure``.
public enum StubBehavior: Sendable {
    /// Send the request for real.
    case never
    /// Answer with the sample response at once.
    case immediate
    /// Answer with the sample response after the given number of seconds.
    case delayed(seconds: TimeInterval)
}
