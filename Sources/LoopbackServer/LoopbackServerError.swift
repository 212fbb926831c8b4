#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failure to set up the listening socket (socket, bind, listen, ...), carrying the system error.
public struct LoopbackServerError: Error, CustomStringConvertible {
    /// The system call or step that failed, e.g. `"bind"`.
    public let operation: String

    /// The `errno` value reported by the system (0 when there was none).
    public let code: Int32

    /// Creates an error for `operation` with the system error `code`.
    public init(operation: String, code: Int32) {
        self.operation = operation
        self.code = code
    }

    /// A readable message such as `bind failed: Address already in use (errno 98)`.
    public var description: String {
        guard code != 0 else { return "\(operation) failed" }
        return "\(operation) failed: \(String(cString: strerror(code))) (errno \(code))"
    }

    /// An error for `operation` using the current value of `errno`.
    static func fromErrno(_ operation: String) -> LoopbackServerError {
        LoopbackServerError(operation: operation, code: errno)
    }
}
