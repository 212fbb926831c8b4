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

    /// Whether a response with `statusCode` passes this validation.
    public func accepts(_ statusCode: Int) -> Bool {
        switch self {
        case .none: true
        case .customCodes(let codes): codes.contains(statusCode)
        default: acceptedRange?.contains(statusCode) ?? false
        }
    }

    /// The accepted codes of the cases that accept a range of them.
    private var acceptedRange: Range<Int>? {
        switch self {
        case .successCodes: 200..<300
        case .successAndRedirectCodes: 200..<400
        case .none, .customCodes: nil
        }
    }
}
