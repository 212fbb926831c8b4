import Courier

/// Every way a ``MoyaProvider`` request, or a ``Response`` mapping, can fail: Moya's `MoyaError`, with
/// its nine cases in Moya's order.
///
/// As in Moya 15, a status rejected by the target's `validationType` is
/// `.underlying(AFError.responseValidationFailed(reason: .unacceptableStatusCode(code:)), response)`
/// for a request sent over the network and `.underlying(MoyaError.statusCode(response), response)` for a
/// stub; network failures are `.underlying` with an ``AFError`` inside. (Courier's own `Provider` says
/// `.statusCode(response)` in both cases.)
public enum MoyaError: Swift.Error {
    /// The body could not be read as an image.
    case imageMapping(Response)
    /// The body is not JSON where JSON was asked for.
    case jsonMapping(Response)
    /// The body, or the value at the key path, is not a string.
    case stringMapping(Response)
    /// Decoding the body into a `Decodable` type failed.
    case objectMapping(Swift.Error, Response)
    /// Encoding an `Encodable` request body failed.
    case encodableMapping(Swift.Error)
    /// The status code was rejected by a response filter (or, for a stub, by validation, inside
    /// ``underlying(_:_:)``).
    case statusCode(Response)
    /// The request failed underneath; the response is attached where one arrived.
    case underlying(Swift.Error, Response?)
    /// The endpoint could not be turned into a request.
    case requestMapping(String)
    /// The task's parameters could not be encoded.
    case parameterEncoding(Swift.Error)
}

extension MoyaError {
    /// The response the error arrived with, or `nil` when none did.
    public var response: Response? {
        switch self {
        case .imageMapping(let response), .jsonMapping(let response), .stringMapping(let response),
            .objectMapping(_, let response), .statusCode(let response):
            response
        case .underlying(_, let response):
            response
        case .encodableMapping, .requestMapping, .parameterEncoding:
            nil
        }
    }

    /// The error this one wraps, or `nil` for the cases that wrap none.
    var underlyingError: Swift.Error? {
        switch self {
        case .objectMapping(let error, _), .encodableMapping(let error), .underlying(let error, _),
            .parameterEncoding(let error):
            error
        case .imageMapping, .jsonMapping, .stringMapping, .statusCode, .requestMapping:
            nil
        }
    }
}

extension MoyaError: LocalizedError {
    /// What went wrong, in a sentence; for ``underlying(_:_:)``, the wrapped error's description.
    public var errorDescription: String? {
        switch self {
        case .imageMapping: "The response body is not an image."
        case .jsonMapping: "The response body is not JSON."
        case .stringMapping: "The response body, or the value at the key path, is not a string."
        case .objectMapping: "The response body could not be decoded into the Decodable type."
        case .encodableMapping: "The request's Encodable body could not be encoded."
        case .statusCode: "The status code is not in the accepted range."
        case .underlying(let error, _): error.localizedDescription
        case .requestMapping: "The endpoint could not be turned into a URLRequest."
        case .parameterEncoding(let error):
            "The request's parameters could not be encoded: \(error.localizedDescription)"
        }
    }
}

extension MoyaError: CustomNSError {
    /// The ``errorDescription`` under `NSLocalizedDescriptionKey`, and the wrapped error, where there is
    /// one, under `NSUnderlyingErrorKey`.
    public var errorUserInfo: [String: Any] {
        var userInfo: [String: Any] = [:]
        userInfo[NSLocalizedDescriptionKey] = errorDescription
        userInfo[NSUnderlyingErrorKey] = underlyingError
        return userInfo
    }
}

extension MoyaError {
    /// A Courier error as Moya's, its response replaced by `response` when given (the ``Response``
    /// that threw it) and otherwise wrapped.
    init(_ error: CourierError, response: Response? = nil) {
        func moya(_ courier: Courier.Response) -> Response { response ?? Response(courier) }
        switch error {
        case .jsonMapping(let courier): self = .jsonMapping(moya(courier))
        case .stringMapping(let courier): self = .stringMapping(moya(courier))
        case .objectMapping(let error, let courier): self = .objectMapping(error, moya(courier))
        case .encodableMapping(let error): self = .encodableMapping(error)
        case .statusCode(let courier): self = .statusCode(moya(courier))
        case .underlying(let error, let courier): self = .underlying(error, courier.map(moya))
        case .requestMapping(let url): self = .requestMapping(url)
        case .parameterEncoding(let error): self = .parameterEncoding(error)
        }
    }
}
