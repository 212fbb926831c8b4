/// Byte-level percent-encoding shared by URL building and ``URLEncoding``.
///
/// Works on UTF-8 bytes with lookup tables, so it behaves the same on every platform and never
/// goes through `NSString`.
enum PercentEncoding {
    /// Which bytes stay literal.
    struct AllowedSet: Sendable {
        fileprivate var table: [Bool]

        init(_ characters: String) {
            var table = [Bool](repeating: false, count: 256)
            for byte in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8 {
                table[Int(byte)] = true
            }
            for byte in characters.utf8 {
                table[Int(byte)] = true
            }
            self.table = table
        }

        /// Form values and keys: alphanumerics and `- . _ ~ / ?`.
        static let formComponent = AllowedSet("-._~/?")
        /// A path: unreserved, sub-delimiters, `:`, `@` and `/` (RFC 3986 `pchar` plus `/`).
        static let path = AllowedSet("-._~!$&'()*+,;=:@/")
        /// A query: what a path allows plus `?`.
        static let query = AllowedSet("-._~!$&'()*+,;=:@/?")
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// Appends `string` to `output`, escaping every byte outside `allowed` as `%XX` (uppercase hex).
    ///
    /// With `keepingEscapes`, a `%` followed by two hex digits is kept as written, so existing escapes
    /// are never encoded twice; a `%` that starts no escape becomes `%25`.
    static func append(
        _ string: String, to output: inout [UInt8], allowed: AllowedSet, keepingEscapes: Bool = false
    ) {
        var string = string
        string.withUTF8 { bytes in
            append(bytes, to: &output, allowed: allowed, keepingEscapes: keepingEscapes)
        }
    }

    /// Appends `bytes` to `output`, escaping as ``append(_:to:allowed:keepingEscapes:)`` does.
    static func append(
        _ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8], allowed: AllowedSet, keepingEscapes: Bool
    ) {
        let table = allowed.table
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if table[Int(byte)] {
                output.append(byte)
            } else if keepingEscapes, byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2])
            {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
            index += 1
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "A")...UInt8(ascii: "F"):
            true
        default: false
        }
    }
}
