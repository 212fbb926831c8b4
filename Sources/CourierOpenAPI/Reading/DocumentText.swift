/// What the JSON and YAML readers share about the bytes they read: UTF-8 checks, how a character is
/// named in a message, and how deep a document may nest.
enum DocumentText {
    /// How deeply collections may nest: deeper input is an error, not a stack overflow.
    static let maximumDepth = 256

    /// The offset of the first byte of `bytes` that is not part of well-formed UTF-8 (an overlong form, a
    /// surrogate, a value past U+10FFFF or a cut sequence included), or `nil` when all of it is.
    /// With `controls` it also stops at C0 control characters other than tab, line feed and carriage
    /// return, and at DEL, which YAML does not allow anywhere.
    static func firstInvalidByte(in bytes: UnsafeBufferPointer<UInt8>, controls: Bool) -> Int? {
        var offset = 0
        let count = bytes.count
        while offset < count {
            let byte = bytes[offset]
            if byte < 0x80 {
                if controls && (byte == 0x7F || (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D)) {
                    return offset
                }
                offset += 1
                continue
            }
            guard let length = sequenceLength(bytes, at: offset) else { return offset }
            offset += length
        }
        return nil
    }

    /// The length of the well-formed UTF-8 sequence of more than one byte that starts at `offset`.
    private static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
        let first = bytes[offset]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch first {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return nil
        }
        guard offset + length <= bytes.count else { return nil }
        let second = bytes[offset + 1]
        guard second >= low && second <= high else { return nil }
        for index in offset + 2..<offset + length where bytes[index] & 0xC0 != 0x80 { return nil }
        return length
    }

    /// The reason to give for the byte at `offset` that ``firstInvalidByte(in:controls:)`` stopped at.
    static func invalidByteMessage(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> String {
        let byte = bytes[offset]
        if byte < 0x80 { return "the control character \(hex(byte)) is not allowed in a document" }
        if offset == 0 && bytes.count >= 2 && (byte == 0xFE || byte == 0xFF) {
            return "the document is UTF-16 or UTF-32 (it starts with a byte order mark); only UTF-8 is read"
        }
        return "the byte \(hex(byte)) is not valid UTF-8"
    }

    /// How the character at `offset` is named in a message: `'x'`, "a line break", "the end of the document".
    static func describe(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the document" }
        let byte = bytes[offset]
        switch byte {
        case 0x0A, 0x0D: return "a line break"
        case 0x09: return "a tab"
        case 0x20: return "a space"
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        case 0x80...:
            var end = offset + 1
            while end < bytes.count && end < offset + 4 && bytes[end] & 0xC0 == 0x80 { end += 1 }
            return "'\(String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self))'"
        default: return "the control character \(hex(byte))"
        }
    }

    /// `byte` as `0x1F`.
    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x\(digits[Int(byte >> 4)])\(digits[Int(byte & 0x0F)])"
    }

    /// Appends the UTF-8 form of `scalar` to `buffer`.
    static func appendUTF8(_ scalar: Unicode.Scalar, to buffer: inout [UInt8]) {
        let value = scalar.value
        switch value {
        case 0..<0x80:
            buffer.append(UInt8(value))
        case 0x80..<0x800:
            buffer.append(UInt8(0xC0 | (value >> 6)))
            buffer.append(UInt8(0x80 | (value & 0x3F)))
        case 0x800..<0x10000:
            buffer.append(UInt8(0xE0 | (value >> 12)))
            buffer.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
            buffer.append(UInt8(0x80 | (value & 0x3F)))
        default:
            buffer.append(UInt8(0xF0 | (value >> 18)))
            buffer.append(UInt8(0x80 | ((value >> 12) & 0x3F)))
            buffer.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
            buffer.append(UInt8(0x80 | (value & 0x3F)))
        }
    }

    /// The value of the hexadecimal digit `byte`, if it is one.
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }

    /// A string of the bytes `range` of `bytes` (checked to be UTF-8 before).
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}
