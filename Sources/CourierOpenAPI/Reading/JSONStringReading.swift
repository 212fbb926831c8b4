/// JSON strings and their escapes.
extension JSONParser {
    /// A string, at its opening `"`; `position` ends past the closing one. Escapes are decoded (a
    /// surrogate pair of `\u` escapes is one character); raw control characters, unknown escapes and
    /// unpaired surrogates are errors.
    mutating func parseString() throws(DocumentReadError) -> String {
        let start = position + 1
        var offset = start
        let count = bytes.count
        // The common case: no escape, read straight out of the document.
        while offset < count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                position = offset + 1
                return DocumentText.string(bytes, start..<offset)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            offset += 1
        }
        var buffer = Array(UnsafeBufferPointer(rebasing: bytes[start..<offset]))
        position = offset
        while true {
            guard position < count else {
                throw error("the string that starts here is not closed", at: start - 1)
            }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &buffer)
            case 0..<0x20:
                let what = byte == 0x0A || byte == 0x0D ? "a line break" : DocumentText.describe(bytes, at: position)
                throw error("\(what) in a string must be escaped", at: position)
            default:
                buffer.append(byte)
                position += 1
            }
        }
    }

    /// The escape at `position` (its backslash), decoded into `buffer`.
    mutating func parseEscape(into buffer: inout [UInt8]) throws(DocumentReadError) {
        let escape = position
        let letter = byte(at: escape + 1)
        position += 2
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(letter)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try parseHex4(at: escape)
            var value = unit
            if unit >= 0xDC00 && unit <= 0xDFFF {
                throw error(
                    "the escape \\u\(hex(unit)) is the second half of a surrogate pair without its first", at: escape)
            }
            if unit >= 0xD800 && unit <= 0xDBFF {
                guard byte(at: position) == UInt8(ascii: "\\") && byte(at: position + 1) == UInt8(ascii: "u") else {
                    throw error(
                        "the escape \\u\(hex(unit)) is the first half of a surrogate pair without its second",
                        at: escape)
                }
                let second = position
                position += 2
                let low = try parseHex4(at: second)
                guard low >= 0xDC00 && low <= 0xDFFF else {
                    throw error(
                        "the escape \\u\(hex(unit)) is the first half of a surrogate pair without its second",
                        at: escape)
                }
                value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            }
            // Every value left is a scalar: surrogates were paired or refused above.
            DocumentText.appendUTF8(Unicode.Scalar(value) ?? "\u{FFFD}", to: &buffer)
        default:
            let what =
                letter > 0x20 && letter < 0x7F
                ? "'\\\(Character(Unicode.Scalar(letter)))'"
                : "a backslash before \(DocumentText.describe(bytes, at: escape + 1))"
            throw error("\(what) is not an escape of JSON", at: escape)
        }
    }

    /// The four hexadecimal digits at `position`, of the `\u` escape at `escape`.
    mutating func parseHex4(at escape: Int) throws(DocumentReadError) -> UInt32 {
        var value: UInt32 = 0
        for offset in position..<position + 4 {
            guard let digit = DocumentText.hexValue(byte(at: offset)) else {
                throw error("a \\u escape needs four hexadecimal digits", at: escape)
            }
            value = value << 4 | digit
        }
        position += 4
        return value
    }

    /// `value` as four hexadecimal digits.
    func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
