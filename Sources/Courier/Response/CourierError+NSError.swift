import Foundation

/// ``CourierError`` as an `NSError`, numbered as Moya numbers `MoyaError`, so that code (and crash
/// reporters) reading `domain`, `code` and `userInfo` see the same values after a port.
extension CourierError: CustomNSError {
    /// The error domain: `"Courier.CourierError"`, the name Swift would give it by default.
    public static var errorDomain: String { "Courier.CourierError" }

    /// The number of the case, in Moya's order: `imageMapping` 0, `jsonMapping` 1, `stringMapping` 2,
    /// `objectMapping` 3, `encodableMapping` 4, `statusCode` 5, `underlying` 6, `requestMapping` 7,
    /// `parameterEncoding` 8.
    public var errorCode: Int {
        switch self {
        case .imageMapping: 0
        case .jsonMapping: 1
        case .stringMapping: 2
        case .objectMapping: 3
        case .encodableMapping: 4
        case .statusCode: 5
        case .underlying: 6
        case .requestMapping: 7
        case .parameterEncoding: 8
        }
    }

    /// The ``errorDescription`` under `NSLocalizedDescriptionKey`, the ``failureReason`` under
    /// `NSLocalizedFailureReasonErrorKey`, and the ``underlyingError`` (when there is one) under
    /// `NSUnderlyingErrorKey`.
    public var errorUserInfo: [String: Any] {
        var userInfo: [String: Any] = [:]
        userInfo[NSLocalizedDescriptionKey] = errorDescription
        userInfo[NSLocalizedFailureReasonErrorKey] = failureReason
        userInfo[NSUnderlyingErrorKey] = underlyingError
        return userInfo
    }
}
