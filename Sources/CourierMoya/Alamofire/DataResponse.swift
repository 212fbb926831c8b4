import Courier

/// What a ``DataRequest``'s response handler gets: Alamofire's `DataResponse`, the request, the
/// response, the body and the serialized result.
///
/// ```swift
/// AF.request("https://api.example.com/user").responseDecodable(of: User.self) { response in
///     switch response.result {
///     case .success(let user): show(user)
///     case .failure(let error): print(error, response.response?.statusCode ?? 0)
///     }
/// }
/// ```
public struct DataResponse<Success, Failure: Error> {
    /// The `URLRequest` of the last attempt, `nil` when none was made.
    public let request: URLRequest?
    /// The HTTP response of the last attempt, `nil` when none arrived.
    public let response: HTTPURLResponse?
    /// The body of the response, `nil` when none arrived or it was empty.
    public let data: Data?
    /// The `URLSession` metrics of the transfer: always `nil` here, since Courier's transports are not
    /// `URLSession` tasks.
    public let metrics: URLSessionTaskMetrics?
    /// How long the serializer took, in seconds.
    public let serializationDuration: TimeInterval
    /// The serialized value, or why there is none.
    public let result: Result<Success, Failure>

    /// The serialized value, `nil` on failure.
    public var value: Success? {
        guard case .success(let value) = result else { return nil }
        return value
    }

    /// Why there is no value, `nil` on success.
    public var error: Failure? {
        guard case .failure(let error) = result else { return nil }
        return error
    }

    /// Creates a response.
    ///
    /// - Parameters:
    ///   - request: The `URLRequest` of the last attempt.
    ///   - response: The HTTP response.
    ///   - data: The body.
    ///   - metrics: The `URLSession` metrics, if any.
    ///   - serializationDuration: How long serializing took, in seconds.
    ///   - result: The serialized value, or the error.
    public init(
        request: URLRequest?, response: HTTPURLResponse?, data: Data?, metrics: URLSessionTaskMetrics?,
        serializationDuration: TimeInterval, result: Result<Success, Failure>
    ) {
        self.request = request
        self.response = response
        self.data = data
        self.metrics = metrics
        self.serializationDuration = serializationDuration
        self.result = result
    }

    /// The same response with `result` in place of this one's.
    func with<NewSuccess, NewFailure>(_ result: Result<NewSuccess, NewFailure>) -> DataResponse<NewSuccess, NewFailure>
    {
        DataResponse<NewSuccess, NewFailure>(
            request: request, response: response, data: data, metrics: metrics,
            serializationDuration: serializationDuration, result: result)
    }
}

/// A ``DataResponse`` whose failure is an ``AFError``, as every response handler of a ``DataRequest``
/// gets.
public typealias AFDataResponse<Success> = DataResponse<Success, AFError>

/// A result whose failure is an ``AFError``.
public typealias AFResult<Success> = Result<Success, AFError>

extension DataResponse: CustomStringConvertible, CustomDebugStringConvertible {
    /// The result, as `success(…)` or `failure(…)`.
    public var description: String {
        "\(result)"
    }

    /// The method and URL of the request, the status, headers and body size of the response, the
    /// serialization time and the result, one per line; secrets (`Authorization`, cookies, tokens in
    /// the URL) hidden as Courier's logs hide them.
    public var debugDescription: String {
        guard let request else { return "[Request]: None\n[Result]: \(result)" }
        let url = request.url.map { Redaction.default.redactedURL($0) } ?? "None"
        var lines = ["[Request]: \(request.httpMethod ?? "GET") \(url)"]
        if let response {
            lines.append("[Response]: \(response.statusCode)")
            let headers = response.allHeaderFields.map { name, value in
                "\(name): \(Redaction.default.redactedHeaderValue("\(value)", forHeader: "\(name)"))"
            }.sorted()
            lines.append("[Response Headers]: \(headers.isEmpty ? "None" : headers.joined(separator: "; "))")
            lines.append("[Response Body]: \(data.map { "\($0.count) bytes" } ?? "None")")
        } else {
            lines.append("[Response]: None")
        }
        lines.append("[Network Duration]: None")
        lines.append("[Serialization Duration]: \(serializationDuration)s")
        lines.append("[Result]: \(result)")
        return lines.joined(separator: "\n")
    }
}

extension DataResponse {
    /// The response with its value transformed by `transform`; a failure stays as it is.
    ///
    /// - Parameter transform: Makes the new value from the value.
    /// - Returns: The response with the new value.
    public func map<NewSuccess>(_ transform: (Success) -> NewSuccess) -> DataResponse<NewSuccess, Failure> {
        with(result.map(transform))
    }

    /// The response with its value transformed by `transform`, or failed with what it throws; a
    /// failure stays as it is.
    ///
    /// - Parameter transform: Makes the new value from the value; may throw.
    /// - Returns: The response with the new value or the error.
    public func tryMap<NewSuccess>(_ transform: (Success) throws -> NewSuccess) -> DataResponse<NewSuccess, Error> {
        switch result {
        case .success(let value):
            do {
                return with(Result<NewSuccess, Error>.success(try transform(value)))
            } catch {
                return with(Result<NewSuccess, Error>.failure(error))
            }
        case .failure(let error):
            return with(Result<NewSuccess, Error>.failure(error))
        }
    }

    /// The response with its error transformed by `transform`; a value stays as it is.
    ///
    /// - Parameter transform: Makes the new error from the error.
    /// - Returns: The response with the new error.
    public func mapError<NewFailure: Error>(_ transform: (Failure) -> NewFailure) -> DataResponse<Success, NewFailure> {
        with(result.mapError(transform))
    }

    /// The response with its error transformed by `transform`, or replaced by what it throws; a value
    /// stays as it is.
    ///
    /// - Parameter transform: Makes the new error from the error; may throw.
    /// - Returns: The response with the new error.
    public func tryMapError<NewFailure: Error>(_ transform: (Failure) throws -> NewFailure) -> DataResponse<
        Success, Error
    > {
        switch result {
        case .success(let value):
            return with(Result<Success, Error>.success(value))
        case .failure(let error):
            do {
                return with(Result<Success, Error>.failure(try transform(error)))
            } catch {
                return with(Result<Success, Error>.failure(error))
            }
        }
    }
}
