/// Which status codes a ``Provider`` accepts; any other status fails with ``CourierError/statusCode(_:)``.
public enum ValidationType: Sendable, Equatable {
    /// Every status code is a response; nothing is rejected.
    case none
    /// Only 2xx status codes are accepted.
    case successCodes
    /// 2xx and 3xx status codes are accepted.
    case successAndRedirectCodes
    /// Exactly the listed status codes are accepted.
    case customCodes([Int])

    /// The accepted status codes; empty for ``none``, meaning every code is accepted.
    public var statusCodes: [Int] {
        switch self {
        case .none: []
        case .successCodes: Array(200..<300)
        case .successAndRedirectCodes: Array(200..<400)
        case .customCodes(let codes): codes
        }
    }

    /// Whether a response with `statusCode` passes this validation.
    public func accepts(_ statusCode: Int) -> Bool {
        switch self {
        case .none: true
        case .successCodes: (200..<300).contains(statusCode)
        case .successAndRedirectCodes: (200..<400).contains(statusCode)
        case .customCodes(let codes): codes.contains(statusCode)
        }
    }
}
