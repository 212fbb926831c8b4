/// A header field Courier refuses to send, because it could break the request head (inject another
/// header or end the head early).
///
/// A request with such a field fails before anything is sent, stubbed or not, as
/// ``CourierError/underlying(_:_:)`` carrying this error. It names the field and never shows its value,
/// which may be a secret:
///
/// ```swift
/// if case .underlying(let error as HeaderFieldError, _) = courierError {
///     print(error.name, error.problem)   // Authorization valueContainsLineBreak
/// }
/// ```
public struct HeaderFieldError: Error, Sendable, Equatable, LocalizedError, CustomStringConvertible {
    /// What is wrong with a header field.
    public enum Problem: Sendable, Equatable {
        /// The name holds CR or LF.
        case nameContainsLineBreak
        /// The name is empty or holds a character an HTTP token may not (RFC 9110 §5.6.2).
        case nameIsNotAToken
        /// The value holds CR or LF.
        case valueContainsLineBreak
        /// The value holds NUL.
        case valueContainsNUL
    }

    /// The name of the field, as given.
    public let name: String
    /// What is wrong with it.
    public let problem: Problem

    /// Creates the error for the field `name`.
    init(name: String, problem: Problem) {
        self.name = name
        self.problem = problem
    }

    /// One sentence naming the field (escaped, so that the sentence cannot break a log line), never its
    /// value: `The header "X-Note" cannot be sent: its value contains CR or LF.`
    public var description: String {
        let reason =
            switch problem {
            case .nameContainsLineBreak: "its name contains CR or LF"
            case .nameIsNotAToken: "its name is not an HTTP token"
            case .valueContainsLineBreak: "its value contains CR or LF"
            case .valueContainsNUL: "its value contains NUL"
            }
        return "The header \(String(reflecting: name)) cannot be sent: \(reason)."
    }

    /// The same as ``description``.
    public var errorDescription: String? { description }
}
