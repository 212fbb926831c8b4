/// What a scalar's text is: a string, or by the core schema and tags null, a boolean or a number.
extension YAMLParser {
    /// The scalar `text` as a node: a plain, untagged one resolved by the YAML 1.2 core schema, a quoted
    /// or block one a string, a tagged one what its core tag (`!!str`, `!!int`, `!!float`, `!!bool`,
    /// `!!null`) makes of it; other tags leave a string. Written at `location`.
    mutating func resolve(_ text: String, plain: Bool, _ properties: YAMLProperties, at location: SourceLocation)
        throws(DocumentReadError) -> YAMLParsed
    {
        guard let tag = properties.tag else {
            let value = plain ? YAMLScalars.resolvePlain(text) : .string(text)
            return YAMLParsed(
                node: DocumentNode(value: value, location: location), text: text, isMergeKey: plain && text == "<<")
        }
        let value: DocumentNode.Value?
        switch tag {
        case Self.coreTagPrefix + "null": value = YAMLScalars.isNull(text) ? .null : nil
        case Self.coreTagPrefix + "bool": value = YAMLScalars.bool(text).map { .bool($0) }
        case Self.coreTagPrefix + "int": value = YAMLScalars.integer(text).map { .integer($0) }
        case Self.coreTagPrefix + "float":
            value = YAMLScalars.float(text).map { .number($0) } ?? YAMLScalars.integer(text).map { .number($0) }
        case Self.coreTagPrefix + "map", Self.coreTagPrefix + "seq", Self.coreTagPrefix + "omap",
            Self.coreTagPrefix + "set", Self.coreTagPrefix + "pairs":
            throw DocumentReadError(message: "the tag \(properties.tagName) cannot be on a scalar", location: location)
        default: value = .string(text)
        }
        guard let value else {
            throw DocumentReadError(
                message: "'\(text)' is not a valid value for the tag \(properties.tagName)", location: location)
        }
        return YAMLParsed(node: DocumentNode(value: value, location: location), text: text)
    }
}

/// The YAML 1.2 core schema's forms of null, booleans, integers and floats.
enum YAMLScalars {
    /// What a plain scalar is: null, a boolean, an integer, a float, or else a string.
    static func resolvePlain(_ text: String) -> DocumentNode.Value {
        guard let first = text.utf8.first else { return .null }
        switch first {
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"):
            if isNull(text) { return .null }
        case UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"):
            if let bool = bool(text) { return .bool(bool) }
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            if let integer = integer(text) { return .integer(integer) }
            if let float = float(text) { return .number(float) }
        default: break
        }
        return .string(text)
    }

    /// Whether `text` is null: empty, `~`, `null`, `Null` or `NULL`.
    static func isNull(_ text: String) -> Bool {
        switch text {
        case "", "~", "null", "Null", "NULL": true
        default: false
        }
    }

    /// The boolean `text` is: `true`, `True`, `TRUE`, `false`, `False` or `FALSE`.
    static func bool(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE": true
        case "false", "False", "FALSE": false
        default: nil
        }
    }

    /// The integer `text` is, in decimal without a `+` or leading zeros: `[-+]?[0-9]+`, `0o[0-7]+` or
    /// `0x[0-9a-fA-F]+`.
    static func integer(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return nil }
        if bytes.count > 2 && bytes[0] == UInt8(ascii: "0")
            && (bytes[1] == UInt8(ascii: "o") || bytes[1] == UInt8(ascii: "x"))
        {
            let radix: UInt32 = bytes[1] == UInt8(ascii: "o") ? 8 : 16
            var digits: [UInt32] = []
            for byte in bytes[2...] {
                guard let digit = DocumentText.hexValue(byte), digit < radix else { return nil }
                digits.append(digit)
            }
            return decimal(digits, radix: radix)
        }
        var start = 0
        let negative = bytes[0] == UInt8(ascii: "-")
        if negative || bytes[0] == UInt8(ascii: "+") { start = 1 }
        guard start < bytes.count, bytes[start...].allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else { return nil }
        while start < bytes.count - 1 && bytes[start] == UInt8(ascii: "0") { start += 1 }
        return (negative ? "-" : "") + String(decoding: bytes[start...], as: UTF8.self)
    }

    /// The float `text` is, as JSON writes numbers (`.5` is `0.5`, `1.` is `1.0`, no `+`), or `inf`,
    /// `-inf`, `nan`: `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, `[-+]?\.inf` and `\.nan`
    /// in any of their cases.
    static func float(_ text: String) -> String? {
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return "inf"
        case "-.inf", "-.Inf", "-.INF": return "-inf"
        case ".nan", ".NaN", ".NAN": return "nan"
        default: break
        }
        let bytes = Array(text.utf8)
        var index = 0
        func digits() -> [UInt8] {
            let start = index
            while index < bytes.count && bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            return Array(bytes[start..<index])
        }
        var sign = ""
        if index < bytes.count && (bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")) {
            if bytes[index] == UInt8(ascii: "-") { sign = "-" }
            index += 1
        }
        var whole = digits()
        var fraction: [UInt8]?
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            fraction = digits()
        }
        guard !whole.isEmpty || !(fraction ?? []).isEmpty else { return nil }
        var exponent = ""
        if index < bytes.count && bytes[index] | 0x20 == UInt8(ascii: "e") {
            let letter = bytes[index]
            index += 1
            var exponentSign = ""
            if index < bytes.count && (bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")) {
                exponentSign = String(UnicodeScalar(bytes[index]))
                index += 1
            }
            let power = digits()
            guard !power.isEmpty else { return nil }
            exponent = String(UnicodeScalar(letter)) + exponentSign + String(decoding: power, as: UTF8.self)
        }
        guard index == bytes.count, fraction != nil || !exponent.isEmpty else { return nil }
        while whole.count > 1 && whole[0] == UInt8(ascii: "0") { whole.removeFirst() }
        if whole.isEmpty { whole = [UInt8(ascii: "0")] }
        let point = fraction.map { "." + ($0.isEmpty ? "0" : String(decoding: $0, as: UTF8.self)) } ?? ""
        return sign + String(decoding: whole, as: UTF8.self) + point + exponent
    }

    /// The decimal text of the number whose `digits` (most significant first) are in base `radix`.
    static func decimal(_ digits: [UInt32], radix: UInt32) -> String {
        // Little-endian limbs of nine decimal digits each.
        var limbs: [UInt64] = [0]
        for digit in digits {
            var carry = UInt64(digit)
            for index in limbs.indices {
                let value = limbs[index] * UInt64(radix) + carry
                limbs[index] = value % 1_000_000_000
                carry = value / 1_000_000_000
            }
            if carry > 0 { limbs.append(carry) }
        }
        var text = String(limbs.last ?? 0)
        for limb in limbs.dropLast().reversed() {
            let part = String(limb)
            text += String(repeating: "0", count: 9 - part.count) + part
        }
        return text
    }
}
