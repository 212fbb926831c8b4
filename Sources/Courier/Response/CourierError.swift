import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every way a Courier request can fail, each carrying what a caller needs to act on it.
///
/// Where a response arrived it is attached (``response``), so its status code and body can be read.
/// Image decoding is left to the app: there is no case for it.
/// Every description of it (``errorDescription``,
/// `localizedDescription`, `String(describing:)`, `String(reflecting:)`) is one sentence naming the
/// request, with the secrets of ``Redaction/default`` hidden: see `CourierError+Description.swift`.
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
    /// The request failed underneath: a transport error, a cancellation, a stubbed network error, a
    /// header field that cannot be sent (``HeaderFieldError``). The response is attached where one arrived.
    case underlying(any Error, Response?)
    /// The endpoint could not be turned into a request. The string is the URL when it cannot be
    /// built; otherwise it is a sentence, starting with `The `, saying why: a URL that is not `http` or
    /// `https` or has no host, a multipart boundary that breaks RFC 2046. See
    /// ``Endpoint/urlRequest()``.
    case requestMapping(String)
    /// The task's parameters could not be encoded.
    case parameterEncoding(any Error)

    /// The response the error arrived with, or `nil` when none did.
    public var response: Response? {
        switch self {
        case .jsonMapping(let response), .stringMapping(let response),
            .objectMapping(_, let response), .statusCode(let response):
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

    /// `error` as a ``CourierError``: itself when it is one, ``cancelled`` when it is a cancellation,
    /// otherwise what `wrap` makes of it. Every place that turns an error into a ``CourierError`` goes
    /// through here.
    init(_ error: any Error, otherwise wrap: (any Error) -> CourierError) {
        if let error = error as? CourierError {
            self = error
        } else if Self.isCancellation(error) {
            self = .cancelled
        } else {
            self = wrap(error)
        }
    }

    /// `error` as a ``CourierError``: itself, ``cancelled``, or `.underlying(error, response)`.
    init(_ error: any Error, response: Response? = nil) {
        self.init(error) { .underlying($0, response) }
    }

    /// The error a cancelled request ends with: `.underlying(URLError(.cancelled), nil)`.
    static var cancelled: CourierError { .underlying(URLError(.cancelled), nil) }

    /// The error this one wraps: the decoding, encoding or
    /// transport error of ``objectMapping(_:_:)``, ``encodableMapping(_:)``, ``parameterEncoding(_:)``
    /// and ``underlying(_:_:)``; `nil` for the other cases.
    public var underlyingError: (any Error)? {
        switch self {
        case .objectMapping(let error, _), .encodableMapping(let error), .underlying(let error, _),
            .parameterEncoding(let error):
            error
        case .jsonMapping, .stringMapping, .statusCode, .requestMapping:
            nil
        }
    }
}

extension Result<Response, CourierError> {
    /// The response of the result, whether it succeeded or failed with one attached.
    var response: Response? {
        switch self {
        case .success(let response): response
        case .failure(let error): error.response
        }
    }
}
