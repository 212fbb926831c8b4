import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every way a Courier request can fail, each carrying what a caller needs to act on it.
///
/// Where a response arrived it is attached (``response``), so its status code and body can be read.
public enum CourierError: Error, LocalizedError {
    /// The body is not JSON (or is empty) where JSON was asked for, or a key path does not exist.
    case jsonMapping(Response)
    /// The body, or the value at the key path, is not a string.
    case stringMapping(Response)
    /// Decoding the body into a `Decodable` type failed; the decoding error and the response are kept.
    case objectMapping(any Error, Response)
    /// Encoding an `Encodable` request body failed.
    case encodableMapping(any Error)
    /// The status code was rejected by the target's ``ValidationType`` or a response filter.
    case statusCode(Response)
    /// The request failed underneath: a transport error, a cancellation, a stubbed network error.
    /// The response is attached where one arrived.
    case underlying(any Error, Response?)
    /// The endpoint could not be turned into a request: a URL that cannot be built (the string is the
    /// URL), or a header field that cannot be sent, such as one with CR or LF in it (the string is a
    /// sentence naming the header; see ``Endpoint/urlRequest()``).
    case requestMapping(String)
    /// The task's parameters could not be encoded.
    case parameterEncoding(any Error)

    /// The response the error arrived with, or `nil` when none did.
    public var response: Response? {
        switch self {
        case .jsonMapping(let response), .stringMapping(let response), .objectMapping(_, let response),
            .statusCode(let response):
            response
        case .underlying(_, let response):
            response
        case .encodableMapping, .requestMapping, .parameterEncoding:
            nil
        }
    }

    /// Whether the request ended because it was cancelled (its Swift task or its ``Cancellable``).
    public var isCancelled: Bool {
        guard case .underlying(let error, _) = self else { return false }
        return Self.isCancellation(error)
    }

    /// Whether `error` is a cancellation: `CancellationError` or `URLError.cancelled`.
    static func isCancellation(_ error: any Error) -> Bool {
        if error is CancellationError { return true }
        if let urlError = error as? URLError { return urlError.code == .cancelled }
        if let courierError = error as? CourierError { return courierError.isCancelled }
        return false
    }

    /// The error a cancelled request ends with: `.underlying(URLError(.cancelled), nil)`.
    static var cancelled: CourierError { .underlying(URLError(.cancelled), nil) }

    /// A sentence saying what went wrong.
    public var errorDescription: String? {
        switch self {
        case .jsonMapping(let response):
            "The response (status \(response.statusCode), \(response.data.count) bytes) could not be read as JSON, "
                + "or the requested key path is not in it."
        case .stringMapping(let response):
            "The response (status \(response.statusCode)) could not be read as a string."
        case .objectMapping(let error, let response):
            "The response (status \(response.statusCode)) could not be decoded: \(Self.describe(error))"
        case .encodableMapping(let error):
            "The request body could not be encoded: \(Self.describe(error))"
        case .statusCode(let response):
            "The status code \(response.statusCode) is not an accepted status code."
        case .underlying(let error, let response):
            if isCancelled {
                "The request was cancelled."
            } else if error is BusinessError {
                Self.describe(error)  // The server's message, meant for the user as it is.
            } else if let response {
                "\(Self.describe(error)) (status \(response.statusCode))"
            } else {
                Self.describe(error)
            }
        case .requestMapping(let detail):
            HeaderValidation.isHeaderMessage(detail)
                ? detail : "A request could not be made for the URL \"\(detail)\"."
        case .parameterEncoding(let error):
            "The parameters could not be encoded: \(Self.describe(error))"
        }
    }

    private static func describe(_ error: any Error) -> String {
        if let localized = error as? any LocalizedError, let description = localized.errorDescription {
            return description
        }
        return String(describing: error)
    }
}
