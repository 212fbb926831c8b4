import Courier

/// What came back for a request: status code, body, and the request and HTTP response behind them:
/// Moya's `Response`.
///
/// The filters check the status code and the maps read the body; each throws a ``MoyaError`` that keeps
/// this response attached.
public final class Response: CustomDebugStringConvertible, Equatable, Sendable {
    /// The HTTP status code.
    public let statusCode: Int
    /// The body. For a download it is empty; the body is in the destination file.
    public let data: Data
    /// The request that was sent, after every plugin.
    public let request: URLRequest?
    /// The HTTP response, or `nil` for a stub made without one.
    public let response: HTTPURLResponse?
    /// The same response as Courier's, whose maps this one's use.
    let courier: Courier.Response

    /// Creates a response.
    ///
    /// - Parameters:
    ///   - statusCode: The HTTP status code.
    ///   - data: The body.
    ///   - request: The request that was sent. Default: `nil`.
    ///   - response: The HTTP response. Default: `nil`.
    public init(statusCode: Int, data: Data, request: URLRequest? = nil, response: HTTPURLResponse? = nil) {
        self.statusCode = statusCode
        self.data = data
        self.request = request
        self.response = response
        courier = Courier.Response(statusCode: statusCode, data: data, request: request, response: response)
    }

    /// A Courier response as Moya's.
    init(_ courier: Courier.Response) {
        statusCode = courier.statusCode
        data = courier.data
        request = courier.request
        response = courier.response
        self.courier = courier
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
    }
}

extension Response {
    /// Returns the response if its status code is in `statusCodes`.
    ///
    /// - Throws: ``MoyaError/statusCode(_:)`` otherwise.
    public func filter<R: RangeExpression>(statusCodes: R) throws -> Response where R.Bound == Int {
        guard statusCodes.contains(statusCode) else { throw MoyaError.statusCode(self) }
        return self
    }

    /// Returns the response if its status code is `statusCode`.
    ///
    /// - Throws: ``MoyaError/statusCode(_:)`` otherwise.
    public func filter(statusCode: Int) throws -> Response {
        try filter(statusCodes: statusCode...statusCode)
    }

    /// Returns the response if its status code is in `200...299`.
    ///
    /// - Throws: ``MoyaError/statusCode(_:)`` otherwise.
    public func filterSuccessfulStatusCodes() throws -> Response {
        try filter(statusCodes: 200...299)
    }

    /// Returns the response if its status code is in `200...399`.
    ///
    /// - Throws: ``MoyaError/statusCode(_:)`` otherwise.
    public func filterSuccessfulStatusAndRedirectCodes() throws -> Response {
        try filter(statusCodes: 200...399)
    }

    /// The body parsed as JSON: a dictionary, an array or a single value.
    ///
    /// - Parameter failsOnEmptyData: Whether an empty body is an error; when `false` it gives `NSNull()`.
    ///   Default: `true`.
    /// - Throws: ``MoyaError/jsonMapping(_:)`` when the body is not JSON.
    public func mapJSON(failsOnEmptyData: Bool = true) throws -> Any {
        do {
            return try courier.mapJSON(failsOnEmptyData: failsOnEmptyData)
        } catch {
            throw MoyaError(error, response: self)
        }
    }

    /// The body as a UTF-8 string, or the string at a dot-separated key path into the JSON body.
    ///
    /// - Parameter keyPath: A path such as `"data.user.name"`, or `nil` for the whole body.
    /// - Throws: ``MoyaError/stringMapping(_:)`` when the body is not UTF-8, or the key path leads to no string.
    public func mapString(atKeyPath keyPath: String? = nil) throws -> String {
        do {
            return try courier.mapString(atKeyPath: keyPath)
        } catch {
            throw MoyaError(error, response: self)
        }
    }

    /// The body, or the value at a dot-separated key path into it, decoded as `D`.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - keyPath: A path such as `"data.items"`, or `nil` for the whole body.
    ///   - decoder: The decoder. Default: a new `JSONDecoder`.
    ///   - failsOnEmptyData: Whether an empty body is an error; when `false`, an empty body is decoded from
    ///     `{}`, else from `[{}]`. Default: `true`.
    /// - Throws: ``MoyaError/jsonMapping(_:)`` when the body is not JSON or the key path does not exist;
    ///   ``MoyaError/objectMapping(_:_:)`` with the `DecodingError` when decoding fails.
    public func map<D: Decodable>(
        _ type: D.Type, atKeyPath keyPath: String? = nil, using decoder: JSONDecoder = JSONDecoder(),
        failsOnEmptyData: Bool = true
    ) throws -> D {
        do {
            return try courier.map(type, atKeyPath: keyPath, using: decoder, failsOnEmptyData: failsOnEmptyData)
        } catch {
            throw MoyaError(error, response: self)
        }
    }
}
