/// How the length of a request body is determined.
enum BodyFraming {
    /// No body.
    case none
    /// Exactly this many bytes follow the head.
    case length(Int64)
    /// The body uses the chunked transfer coding.
    case chunked

    /// Whether any body bytes are expected (a chunked body may still turn out empty).
    var expectsBytes: Bool {
        switch self {
        case .none: return false
        case .length(let count): return count > 0
        case .chunked: return true
        }
    }

    /// The framing declared by `head`.
    ///
    /// Throws `.malformed` for invalid or conflicting `Content-Length` / `Transfer-Encoding` fields and
    /// `.codingNotImplemented` for transfer codings other than `chunked`.
    init(of head: RequestHead) throws(ConnectionFailure) {
        let transferEncodings = head.headers.values(named: "Transfer-Encoding")
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingWhitespace().lowercased() }
        let lengths = head.headers.values(named: "Content-Length")
            .flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .map { $0.trimmingWhitespace() }
        if !transferEncodings.isEmpty {
            guard lengths.isEmpty else { throw .malformed }
            guard transferEncodings == ["chunked"] else {
                throw transferEncodings.last == "chunked" ? .codingNotImplemented : .malformed
            }
            self = .chunked
        } else if let first = lengths.first {
            guard lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.utf8.count <= 18,
                first.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                let count = Int64(first)
            else { throw .malformed }
            self = .length(count)
        } else {
            self = .none
        }
    }
}
