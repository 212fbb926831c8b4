/// Reads a JSON document (RFC 8259, strictly: no comments, no trailing commas, no leading zeros, UTF-8
/// only, an optional byte order mark skipped) into a ``DocumentNode`` that knows where each value was
/// written.
enum JSONReader {
    /// The document `bytes`, read from `file` (the name given in locations and errors).
    static func read(_ bytes: [UInt8], file: String) throws(DocumentReadError) -> DocumentNode {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(DocumentReadError) -> DocumentNode in
                var parser = JSONParser(bytes: buffer, file: file)
                return try parser.parseDocument()
            }
        }
        return try result.get()
    }
}

/// The state of reading one JSON document: the bytes, how far the reading is, and how deep.
struct JSONParser {
    /// The document.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next byte to read.
    var position = 0
    /// How many arrays and objects the reading is inside.
    var depth = 0
    /// Names the line and column of offsets.
    var locator: TextLocator

    /// A parser at the start of `bytes`.
    init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.locator = TextLocator(bytes: bytes, file: file)
    }

    /// The byte at `offset`, or 0 past the end.
    @inline(__always) func byte(at offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }

    /// An error saying `message` at `offset`.
    mutating func error(_ message: String, at offset: Int) -> DocumentReadError {
        locator.error(message, at: offset)
    }

    /// An error for the byte at `offset`, which is not what `expected` names.
    mutating func unexpected(_ expected: String, at offset: Int) -> DocumentReadError {
        error("expected \(expected), found \(DocumentText.describe(bytes, at: offset))", at: offset)
    }

    /// The whole document: one value, with only whitespace around it.
    mutating func parseDocument() throws(DocumentReadError) -> DocumentNode {
        if let bad = DocumentText.firstInvalidByte(in: bytes, controls: false) {
            throw error(DocumentText.invalidByteMessage(bytes, at: bad), at: bad)
        }
        if byte(at: 0) == 0xEF && byte(at: 1) == 0xBB && byte(at: 2) == 0xBF { position = 3 }
        skipWhitespace()
        let node = try parseValue()
        skipWhitespace()
        guard position >= bytes.count else {
            throw unexpected("the end of the document after its value", at: position)
        }
        return node
    }

    /// Skips spaces, tabs and line breaks.
    @inline(__always) mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// A value, at `position` (whitespace skipped before).
    mutating func parseValue() throws(DocumentReadError) -> DocumentNode {
        let start = position
        switch byte(at: start) {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""):
            let location = locator.location(at: start)
            return DocumentNode(value: .string(try parseString()), location: location)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        default: throw unexpected("a value", at: start)
        }
    }

    /// `true`, `false` or `null`, spelled `word`.
    mutating func parseLiteral(_ word: StaticString, _ value: DocumentNode.Value) throws(DocumentReadError)
        -> DocumentNode
    {
        let start = position
        let count = word.utf8CodeUnitCount
        for index in 0..<count where byte(at: start + index) != word.utf8Start[index] {
            throw error("expected \(word), found \(DocumentText.describe(bytes, at: start + index))", at: start + index)
        }
        position += count
        if isWordByte(byte(at: position)) {
            throw error("unexpected \(DocumentText.describe(bytes, at: position)) after \(word)", at: position)
        }
        return DocumentNode(value: value, location: locator.location(at: start))
    }

    /// Whether `byte` is a letter or digit (which may not follow a literal or a number).
    func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...:
            true
        default: false
        }
    }

    /// Enters an array or an object starting at `start`, refusing to go past ``DocumentText/maximumDepth``.
    mutating func enter(at start: Int) throws(DocumentReadError) {
        depth += 1
        if depth > DocumentText.maximumDepth {
            throw error("arrays and objects nest more than \(DocumentText.maximumDepth) deep", at: start)
        }
    }

    /// An array, at its `[`.
    mutating func parseArray() throws(DocumentReadError) -> DocumentNode {
        let start = position
        let location = locator.location(at: start)
        try enter(at: start)
        position += 1
        var elements: [DocumentNode] = []
        skipWhitespace()
        if byte(at: position) == UInt8(ascii: "]") {
            position += 1
        } else {
            while true {
                skipWhitespace()
                elements.append(try parseValue())
                skipWhitespace()
                let next = byte(at: position)
                position += 1
                if next == UInt8(ascii: ",") { continue }
                if next == UInt8(ascii: "]") { break }
                position -= 1
                throw unexpected(
                    "',' or ']' in the array that starts at \(location.line):\(location.column)", at: position)
            }
        }
        depth -= 1
        return DocumentNode(value: .array(elements), location: location)
    }

    /// An object, at its `{`. A key written twice keeps its last value.
    mutating func parseObject() throws(DocumentReadError) -> DocumentNode {
        let start = position
        let location = locator.location(at: start)
        try enter(at: start)
        position += 1
        var object = DocumentObject()
        skipWhitespace()
        if byte(at: position) == UInt8(ascii: "}") {
            position += 1
        } else {
            while true {
                skipWhitespace()
                guard byte(at: position) == UInt8(ascii: "\"") else {
                    throw unexpected("a key (a string in double quotes)", at: position)
                }
                let key = try parseString()
                skipWhitespace()
                guard byte(at: position) == UInt8(ascii: ":") else {
                    throw unexpected("':' after the key", at: position)
                }
                position += 1
                skipWhitespace()
                object.set(try parseValue(), for: key)
                skipWhitespace()
                let next = byte(at: position)
                position += 1
                if next == UInt8(ascii: ",") { continue }
                if next == UInt8(ascii: "}") { break }
                position -= 1
                throw unexpected(
                    "',' or '}' in the object that starts at \(location.line):\(location.column)", at: position)
            }
        }
        depth -= 1
        return DocumentNode(value: .object(object), location: location)
    }

    /// A number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, an integer when it has neither
    /// fraction nor exponent.
    mutating func parseNumber() throws(DocumentReadError) -> DocumentNode {
        let start = position
        var integer = true
        if byte(at: position) == UInt8(ascii: "-") { position += 1 }
        let first = byte(at: position)
        if first == UInt8(ascii: "0") {
            position += 1
            if isDigit(byte(at: position)) { throw error("a number cannot start with 0 followed by digits", at: start) }
        } else if isDigit(first) {
            skipDigits()
        } else {
            throw unexpected("a digit", at: position)
        }
        if byte(at: position) == UInt8(ascii: ".") {
            integer = false
            position += 1
            guard isDigit(byte(at: position)) else { throw unexpected("a digit after the decimal point", at: position) }
            skipDigits()
        }
        if byte(at: position) | 0x20 == UInt8(ascii: "e") {
            integer = false
            position += 1
            if byte(at: position) == UInt8(ascii: "+") || byte(at: position) == UInt8(ascii: "-") { position += 1 }
            guard isDigit(byte(at: position)) else { throw unexpected("a digit in the exponent", at: position) }
            skipDigits()
        }
        if isWordByte(byte(at: position)) || byte(at: position) == UInt8(ascii: ".") {
            throw error("unexpected \(DocumentText.describe(bytes, at: position)) in a number", at: position)
        }
        let text = DocumentText.string(bytes, start..<position)
        return DocumentNode(value: integer ? .integer(text) : .number(text), location: locator.location(at: start))
    }

    /// Whether `byte` is an ASCII digit.
    @inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// Moves past ASCII digits.
    @inline(__always) mutating func skipDigits() {
        while position < bytes.count && isDigit(bytes[position]) { position += 1 }
    }
}
