import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What came back for a request: status code, body, and the request and HTTP response behind them.
///
/// The filters check the status code and the maps read the body; each throws a ``CourierError`` that
/// keeps this response attached.
public final class Response: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The HTTP status code.
    public let statusCode: Int
    /// The body. For a download it is empty and the body is in ``fileURL``.
    public let data: Data
    /// The request that was sent, after every plugin and interceptor.
    public let request: URLRequest?
    /// The HTTP response, or `nil` for a stub made without one.
    public var response: HTTPURLResponse? { source.response }
    private let source: HTTPResponseSource
    /// Where a download's body was written, or `nil` for other requests.
    public let fileURL: URL?
    /// How the transfer went (phases, bytes, connection), when the transport measured it; `nil` for
    /// stubs and transports that measure nothing.
    public let metrics: TransferMetrics?
    /// For the head of a response streamed with ``Provider/stream(_:)``, as plugins hear of it once the
    /// stream has ended: the body bytes that reached the reader (the body itself is not kept, ``data``
    /// is empty). `nil` for every other response.
    public let streamedByteCount: Int64?

    /// Creates a response.
    ///
    /// - Parameters:
    ///   - statusCode: The HTTP status code.
    ///   - data: The body.
    ///   - request: The request that was sent. Default: `nil`.
    ///   - response: The HTTP response. Default: `nil`.
    public convenience init(
        statusCode: Int, data: Data, request: URLRequest? = nil, response: HTTPURLResponse? = nil
    ) {
        self.init(statusCode: statusCode, data: data, request: request, response: response, fileURL: nil)
    }

    /// Creates a response whose body was written to `fileURL`, with the transfer's metrics.
    public convenience init(
        statusCode: Int, data: Data, request: URLRequest?, response: HTTPURLResponse?, fileURL: URL?,
        metrics: TransferMetrics? = nil
    ) {
        self.init(
            statusCode: statusCode, data: data, request: request, source: .built(response), fileURL: fileURL,
            metrics: metrics)
    }

    /// Creates a response whose HTTP response comes from `source` (a transport's head, built on first
    /// use).
    init(
        statusCode: Int, data: Data, request: URLRequest?, source: HTTPResponseSource, fileURL: URL?,
        metrics: TransferMetrics?, streamedByteCount: Int64? = nil
    ) {
        self.statusCode = statusCode
        self.data = data
        self.request = request
        self.source = source
        self.fileURL = fileURL
        self.metrics = metrics
        self.streamedByteCount = streamedByteCount
    }

    /// `Status Code: 200, Data Length: 42`.
    public var description: String {
        "Status Code: \(statusCode), Data Length: \(data.count)"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// Two responses are equal when their status codes, bodies and HTTP responses are.
    public static func == (lhs: Response, rhs: Response) -> Bool {
        lhs.statusCode == rhs.statusCode && lhs.data == rhs.data && lhs.response == rhs.response
            && lhs.fileURL == rhs.fileURL
    }
}

extension Response {
    /// Returns the response if its status code is in `statusCodes`.
    ///
    /// - Throws: ``CourierError/statusCode(_:)`` otherwise.
    public func filter<R: RangeExpression>(statusCodes: R) throws(CourierError) -> Response where R.Bound == Int {
        guard statusCodes.contains(statusCode) else { throw .statusCode(self) }
        return self
    }

    /// Returns the response if its status code is `statusCode`.
    ///
    /// - Throws: ``CourierError/statusCode(_:)`` otherwise.
    public func filter(statusCode: Int) throws(CourierError) -> Response {
        try filter(statusCodes: statusCode...statusCode)
    }

    /// Returns the response if its status code is in `200...299`.
    ///
    /// - Throws: ``CourierError/statusCode(_:)`` otherwise.
    public func filterSuccessfulStatusCodes() throws(CourierError) -> Response {
        try filter(statusCodes: 200...299)
    }

    /// Returns the response if its status code is in `200...399`.
    ///
    /// - Throws: ``CourierError/statusCode(_:)`` otherwise.
    public func filterSuccessfulStatusAndRedirectCodes() throws(CourierError) -> Response {
        try filter(statusCodes: 200...399)
    }

    /// The body parsed as JSON: a dictionary, an array or a single value.
    ///
    /// - Parameter failsOnEmptyData: Whether an empty body is an error. When `false`, an empty body gives
    ///   `NSNull()`. Default: `true`.
    /// - Throws: ``CourierError/jsonMapping(_:)`` when the body is not JSON (or is empty and that fails).
    public func mapJSON(failsOnEmptyData: Bool = true) throws(CourierError) -> Any {
        if data.isEmpty && !failsOnEmptyData { return NSNull() }
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw .jsonMapping(self)
        }
    }

    /// The body as a UTF-8 string, or the string at a dot-separated key path into the JSON body.
    ///
    /// - Parameter keyPath: A path such as `"data.user.name"`, or `nil` for the whole body.
    /// - Throws: ``CourierError/stringMapping(_:)`` when the body is not UTF-8, or the key path does not
    ///   lead to a string.
    public func mapString(atKeyPath keyPath: String? = nil) throws(CourierError) -> String {
        guard let keyPath else {
            guard let string = String(data: data, encoding: .utf8) else { throw .stringMapping(self) }
            return string
        }
        guard let json = try? mapJSON(), let string = JSONKeyPath(keyPath).value(in: json) as? String else {
            throw .stringMapping(self)
        }
        return string
    }

    /// The body, or the value at a dot-separated key path into it, decoded as `D`.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - keyPath: A path such as `"data.items"` (numeric components index arrays), or `nil` for the body.
    ///   - decoder: The decoder to use. Default: a new `JSONDecoder`.
    ///   - failsOnEmptyData: Whether an empty body is an error. When `false`, an empty body is decoded, as
    ///     Moya does, from `{}`, else from `[{}]` (so `[T]` gives one `T` made from `{}`, never `[]`), else
    ///     it fails with ``CourierError/objectMapping(_:_:)``; the key path is not used. Default: `true`.
    /// - Throws: ``CourierError/jsonMapping(_:)`` when the body is not JSON or the key path does not exist;
    ///   ``CourierError/objectMapping(_:_:)`` with the `DecodingError` when decoding fails.
    public func map<D: Decodable>(
        _ type: D.Type, atKeyPath keyPath: String? = nil, using decoder: JSONDecoder = JSONDecoder(),
        failsOnEmptyData: Bool = true
    ) throws(CourierError) -> D {
        if data.isEmpty && !failsOnEmptyData {
            // Moya's order: an empty object, then an array of one empty object, then the empty body.
            for standIn in ["{}", "[{}]"] {
                if let value = try? decoder.decode(D.self, from: Data(standIn.utf8)) { return value }
            }
        }
        var json = data
        if let keyPath, !keyPath.isEmpty, !data.isEmpty || failsOnEmptyData {
            guard let value = JSONKeyPath(keyPath).value(in: try mapJSON()) else { throw .jsonMapping(self) }
            do {
                json = try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
            } catch {
                throw .jsonMapping(self)
            }
        } else if data.isEmpty && failsOnEmptyData {
            throw .jsonMapping(self)
        }
        do {
            return try decoder.decode(D.self, from: json)
        } catch {
            throw .objectMapping(error, self)
        }
    }
}
