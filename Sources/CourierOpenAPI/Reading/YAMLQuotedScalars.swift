/// Single- and double-quoted scalars, their escapes and line folding.
extension YAMLParser {
    /// A single-quoted scalar, at its `'`: `''` is a quote, line breaks fold as in a plain scalar.
    mutating func parseSingleQuoted() throws(DocumentReadError) -> String {
        let start = position
        position += 1
        var text: [UInt8] = []
        while true {
            guard !atEnd else { throw error("the single-quoted string that starts here is not closed", at: start) }
            let byte = current
            if byte == UInt8(ascii: "'") {
                if self.byte(at: position + 1) == UInt8(ascii: "'") {
                    text.append(byte)
                    position += 2
                    continue
                }
                position += 1
                return String(decoding: text, as: UTF8.self)
            }
            if isBlank(byte) || isBreak(byte) {
                try foldWhitespace(into: &text, quoted: start)
            } else {
                text.append(byte)
                position += 1
            }
        }
    }

    /// A double-quoted scalar, at its `"`: escapes decoded, line breaks folded, an escaped line break
    /// joining its lines.
    mutating func parseDoubleQuoted() throws(DocumentReadError) -> String {
        let start = position
        position += 1
        var text: [UInt8] = []
        while true {
            guard !atEnd else { throw error("the double-quoted string that starts here is not closed", at: start) }
            let byte = current
            if byte == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: text, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                if isBreak(self.byte(at: position + 1)) {
                    position += 1
                    skipLineBreak()
                    try checkNoMarker(quoted: start)
                    skipBlanks()
                    while isBreak(current) {
                        text.append(0x0A)
                        skipLineBreak()
                        try checkNoMarker(quoted: start)
                        skipBlanks()
                    }
                } else {
                    try parseEscape(into: &text)
                }
            } else if isBlank(byte) || isBreak(byte) {
                try foldWhitespace(into: &text, quoted: start)
            } else {
                text.append(byte)
                position += 1
            }
        }
    }

    /// Reads blanks and line breaks inside a quoted scalar that starts at `quoted`: blanks before a line
    /// break and at the start of the next lines are dropped, one line break is a space, each further
    /// one a line feed; blanks not followed by a line break are kept.
    mutating func foldWhitespace(into text: inout [UInt8], quoted: Int) throws(DocumentReadError) {
        let blanks = position
        skipBlanks()
        guard isBreak(current) else {
            text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[blanks..<position]))
            return
        }
        var breaks = 0
        while isBreak(current) {
            skipLineBreak()
            breaks += 1
            try checkNoMarker(quoted: quoted)
            skipBlanks()
        }
        if breaks == 1 {
            text.append(0x20)
        } else {
            text.append(contentsOf: repeatElement(0x0A, count: breaks - 1))
        }
    }

    /// Refuses a document marker at the start of a line inside the quoted scalar that starts at `quoted`.
    mutating func checkNoMarker(quoted: Int) throws(DocumentReadError) {
        if atDocumentMarker {
            throw error("the quoted string that starts here is not closed before a document marker", at: quoted)
        }
    }

    /// The escape at `position` (its backslash) in a double-quoted scalar, decoded into `text`.
    mutating func parseEscape(into text: inout [UInt8]) throws(DocumentReadError) {
        let escape = position
        let letter = byte(at: escape + 1)
        position += 2
        let simple: [UInt8]
        switch letter {
        case UInt8(ascii: "0"): simple = [0]
        case UInt8(ascii: "a"): simple = [0x07]
        case UInt8(ascii: "b"): simple = [0x08]
        case UInt8(ascii: "t"), 0x09: simple = [0x09]
        case UInt8(ascii: "n"): simple = [0x0A]
        case UInt8(ascii: "v"): simple = [0x0B]
        case UInt8(ascii: "f"): simple = [0x0C]
        case UInt8(ascii: "r"): simple = [0x0D]
        case UInt8(ascii: "e"): simple = [0x1B]
        case 0x20, UInt8(ascii: "\""), UInt8(ascii: "/"), UInt8(ascii: "\\"): simple = [letter]
        case UInt8(ascii: "N"): simple = [0xC2, 0x85]
        case UInt8(ascii: "_"): simple = [0xC2, 0xA0]
        case UInt8(ascii: "L"): simple = [0xE2, 0x80, 0xA8]
        case UInt8(ascii: "P"): simple = [0xE2, 0x80, 0xA9]
        case UInt8(ascii: "x"), UInt8(ascii: "u"), UInt8(ascii: "U"):
            try parseCodeEscape(letter, at: escape, into: &text)
            return
        default:
            let what =
                letter > 0x20 && letter < 0x7F
                ? "'\\\(Character(Unicode.Scalar(letter)))'"
                : "a backslash before \(DocumentText.describe(bytes, at: escape + 1))"
            throw error("\(what) is not an escape of YAML", at: escape)
        }
        text.append(contentsOf: simple)
    }

    /// A `\x`, `\u` or `\U` escape (its `letter`) at `escape`, of 2, 4 or 8 hexadecimal digits; a `\u`
    /// surrogate pair, as JSON writes one, is one character.
    mutating func parseCodeEscape(_ letter: UInt8, at escape: Int, into text: inout [UInt8]) throws(DocumentReadError) {
        var value = try hexDigits(letter, at: escape)
        if value >= 0xD800 && value <= 0xDBFF && letter == UInt8(ascii: "u") && current == UInt8(ascii: "\\")
            && byte(at: position + 1) == UInt8(ascii: "u")
        {
            let second = position
            position += 2
            let low = try hexDigits(UInt8(ascii: "u"), at: second)
            guard low >= 0xDC00 && low <= 0xDFFF else {
                throw error("the escape is the first half of a surrogate pair without its second", at: escape)
            }
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw error("the escape is not a Unicode character (a lone surrogate, or past U+10FFFF)", at: escape)
        }
        DocumentText.appendUTF8(scalar, to: &text)
    }

    /// The hexadecimal digits of the escape `letter` at `escape`, at `position`.
    mutating func hexDigits(_ letter: UInt8, at escape: Int) throws(DocumentReadError) -> UInt32 {
        let count = letter == UInt8(ascii: "x") ? 2 : letter == UInt8(ascii: "u") ? 4 : 8
        var value: UInt32 = 0
        for offset in position..<position + count {
            guard let digit = DocumentText.hexValue(byte(at: offset)) else {
                throw error(
                    "the escape '\\\(Character(Unicode.Scalar(letter)))' needs \(count) hexadecimal digits", at: escape)
            }
            value = value << 4 | digit
        }
        position += count
        return value
    }
}
