import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Refuses header fields that would break the request head: the guard against header injection.
///
/// A name must be an HTTP token (RFC 9110 §5.6.2: letters, digits, `!#$%&'*+-.^_|~` and the
/// backtick); a value may not contain CR, LF or NUL. A field that fails is reported as a
/// ``HeaderFieldError``, which names the header and never shows its value.
package enum HeaderValidation {
    /// Throws for the first field (in name order) that cannot be sent.
    package static func check(_ fields: [String: String]?) throws(CourierError) {
        guard let fields, !fields.isEmpty else { return }
        // One pass over each field; names are sorted only to report the first bad one.
        guard fields.contains(where: { problem(name: $0.key, value: $0.value) != nil }) else { return }
        for name in fields.keys.sorted() {
            if let problem = problem(name: name, value: fields[name] ?? "") {
                throw .underlying(HeaderFieldError(name: name, problem: problem), nil)
            }
        }
    }

    /// Sets the header `name` of `request` to `value`, as `URLRequest.setValue(_:forHTTPHeaderField:)`
    /// does, except that a value that cannot be sent is kept rather than dropped.
    ///
    /// FoundationNetworking's `setValue` silently drops a value with CR or LF: the request would go out
    /// without the header (an `Authorization` missing for no visible reason). Kept, it reaches
    /// ``check(_:)``, which refuses the request with a clear error. Courier's own plugins and
    /// interceptors set the headers they compute (tokens) through here.
    package static func set(_ value: String, for name: String, in request: inout URLRequest) {
        if problem(name: name, value: value) == nil {
            request.setValue(value, forHTTPHeaderField: name)
            return
        }
        var fields = request.allHTTPHeaderFields ?? [:]
        for key in fields.keys where key.caseInsensitiveCompare(name) == .orderedSame {
            fields[key] = nil
        }
        fields[name] = value
        request.allHTTPHeaderFields = fields
    }

    /// What is wrong with a field, or `nil` when it can be sent: one pass over the name and one over
    /// the value when it can.
    private static func problem(name: String, value: String) -> HeaderFieldError.Problem? {
        if name.isEmpty || !name.utf8.allSatisfy(isTokenByte) {
            let hasBreak = name.utf8.contains { $0 == 0x0D || $0 == 0x0A }
            return hasBreak ? .nameContainsLineBreak : .nameIsNotAToken
        }
        var hasNUL = false
        for byte in value.utf8 where byte <= 0x0D {
            if byte == 0x0D || byte == 0x0A { return .valueContainsLineBreak }
            if byte == 0 { hasNUL = true }
        }
        return hasNUL ? .valueContainsNUL : nil
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
            UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "^"), UInt8(ascii: "`"),
            UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
