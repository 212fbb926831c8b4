extension DocumentNode {
    /// The tree as JSON text (RFC 8259), keys in their order; `indent` spaces per level (0 for one line).
    /// A number that JSON cannot write as it was written (YAML's `.5`, `+1.5`) is written as the same
    /// value; one it cannot write at all (YAML's `.inf`, `.nan`) is `null`.
    func jsonText(indent: Int = 2) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1 << 16)
        writeJSON(into: &bytes, indent: indent, depth: 0)
        if indent > 0 { bytes.append(UInt8(ascii: "\n")) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends this value as JSON to `bytes`, `depth` levels in.
    private func writeJSON(into bytes: inout [UInt8], indent: Int, depth: Int) {
        switch value {
        case .null: bytes.append(contentsOf: Array("null".utf8))
        case .bool(let bool): bytes.append(contentsOf: Array((bool ? "true" : "false").utf8))
        case .integer(let text), .number(let text): bytes.append(contentsOf: Array(Self.jsonNumber(text).utf8))
        case .string(let string): Self.writeJSONString(string, into: &bytes)
        case .array(let items):
            guard !items.isEmpty else {
                bytes.append(contentsOf: Array("[]".utf8))
                return
            }
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.newline(into: &bytes, indent: indent, depth: depth + 1)
                item.writeJSON(into: &bytes, indent: indent, depth: depth + 1)
            }
            Self.newline(into: &bytes, indent: indent, depth: depth)
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            guard object.count > 0 else {
                bytes.append(contentsOf: Array("{}".utf8))
                return
            }
            bytes.append(UInt8(ascii: "{"))
            for (index, entry) in object.entries.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.newline(into: &bytes, indent: indent, depth: depth + 1)
                Self.writeJSONString(entry.key, into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                if indent > 0 { bytes.append(UInt8(ascii: " ")) }
                entry.value.writeJSON(into: &bytes, indent: indent, depth: depth + 1)
            }
            Self.newline(into: &bytes, indent: indent, depth: depth)
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// A line break and the indentation of `depth`, when indenting.
    private static func newline(into bytes: inout [UInt8], indent: Int, depth: Int) {
        guard indent > 0 else { return }
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * depth))
    }

    /// `string` as a JSON string: quotes, backslashes and control characters escaped.
    private static func writeJSONString(_ string: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x00..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: Array("\\u00".utf8))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A number as JSON writes it: as written when that is JSON's grammar, else the same value.
    static func jsonNumber(_ text: String) -> String {
        if isJSONNumber(text) { return text }
        guard let value = Double(text), value.isFinite else { return "null" }
        return "\(value)"
    }

    /// Whether `text` is a number in JSON's grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private static func isJSONNumber(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        func digits() -> Int {
            let count = bytes.prefix { (0x30...0x39).contains($0) }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        if bytes.first == UInt8(ascii: "0") {
            bytes = bytes.dropFirst()
        } else if digits() == 0 {
            return false
        }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits() > 0 else { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }
}
