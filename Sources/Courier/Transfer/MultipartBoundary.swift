/// The rules of RFC 2046 §5.1.1 for a multipart boundary, checked before a form given a boundary of
/// the caller's is sent, so that a boundary that could end the header or the body early (one holding
/// CR, LF or `"`) never reaches the wire.
///
/// A boundary is 1 to 70 characters among letters, digits, space and `'()+_,-./:=?`, and does not end
/// in a space. One holding a space or one of `()+,/:=?` is quoted in the `Content-Type` header.
enum MultipartBoundary {
    /// The longest boundary RFC 2046 allows.
    static let maximumLength = 70

    /// Throws ``CourierError/requestMapping(_:)`` with a sentence saying what is wrong with `boundary`.
    static func check(_ boundary: String) throws(CourierError) {
        guard let problem = problem(with: boundary) else { return }
        throw .requestMapping(
            "The multipart boundary \(String(reflecting: boundary)) cannot be used: \(problem); RFC 2046 allows "
                + "1 to 70 letters, digits, spaces and '()+_,-./:=? characters, not ending in a space.")
    }

    /// The `boundary` parameter of a multipart `Content-Type`: `boundary=<boundary>`, the boundary
    /// quoted when it holds a character a bare header parameter may not.
    static func parameter(for boundary: String) -> String {
        let needsQuotes = boundary.utf8.contains { !isTokenByte($0) }
        return "boundary=" + (needsQuotes ? "\"\(boundary)\"" : boundary)
    }

    /// What is wrong with `boundary`, or `nil` when it can be used.
    private static func problem(with boundary: String) -> String? {
        let count = boundary.utf8.count
        if count == 0 { return "it is empty" }
        if count > maximumLength { return "it is \(count) characters long" }
        if let bad = boundary.unicodeScalars.first(where: { !($0.isASCII && isBoundaryByte(UInt8($0.value))) }) {
            return "it contains \(String(reflecting: String(bad)))"
        }
        if boundary.hasSuffix(" ") { return "it ends in a space" }
        return nil
    }

    /// RFC 2046's `bchars`: `bcharsnospace` and space.
    private static func isBoundaryByte(_ byte: UInt8) -> Bool {
        if byte == UInt8(ascii: " ") { return true }
        return isLetterOrDigit(byte) || "'()+_,-./:=?".utf8.contains(byte)
    }

    /// A byte a header parameter may hold unquoted (an RFC 9110 token byte) among the boundary's.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        isLetterOrDigit(byte) || "'_-.".utf8.contains(byte)
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            false
        }
    }
}
