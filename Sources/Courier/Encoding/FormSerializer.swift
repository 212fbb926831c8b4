/// Writes parameters as `application/x-www-form-urlencoded` text: `key=value` pairs joined by `&`.
///
/// Keys are sorted at every depth; array order is kept; nested dictionaries become `a[b][c]`; the
/// brackets of nested keys are escaped like every other byte outside `A-Z a-z 0-9 - . _ ~ / ?`.
struct FormSerializer {
    let arrayEncoding: URLEncoding.ArrayEncoding
    let boolEncoding: URLEncoding.BoolEncoding

    /// The encoded pairs of `parameters`, without a leading `?`.
    func serialize<Value>(_ parameters: [String: Value]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(parameters.count * 16)
        for (key, value) in parameters.sorted(by: { $0.key < $1.key }) {
            let parameter = ParameterValue(value)
            if let text = parameter.formText(boolEncoding: boolEncoding) {
                // A plain value: the pair goes straight into the output, with no key buffer.
                if !output.isEmpty { output.append(UInt8(ascii: "&")) }
                PercentEncoding.append(key, to: &output, allowed: .formComponent)
                output.append(UInt8(ascii: "="))
                PercentEncoding.append(text, to: &output, allowed: .formComponent)
                continue
            }
            var escapedKey: [UInt8] = []
            PercentEncoding.append(key, to: &escapedKey, allowed: .formComponent)
            write(parameter, key: escapedKey, to: &output)
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static let openBracket: [UInt8] = Array("%5B".utf8)
    private static let closeBracket: [UInt8] = Array("%5D".utf8)

    private func write(_ value: ParameterValue, key: [UInt8], to output: inout [UInt8]) {
        switch value {
        case .dictionary(let dictionary):
            writeDictionary(dictionary, key: key, to: &output)
        case .sendableDictionary(let dictionary):
            writeDictionary(dictionary, key: key, to: &output)
        case .array(let array):
            for (index, element) in array.enumerated() {
                var childKey = key
                switch arrayEncoding {
                case .brackets:
                    childKey.append(contentsOf: Self.openBracket)
                    childKey.append(contentsOf: Self.closeBracket)
                case .noBrackets:
                    break
                case .indexInBrackets:
                    childKey.append(contentsOf: Self.openBracket)
                    childKey.append(contentsOf: String(index).utf8)
                    childKey.append(contentsOf: Self.closeBracket)
                }
                write(ParameterValue(element), key: childKey, to: &output)
            }
        default:
            appendPair(key: key, value: value.formText(boolEncoding: boolEncoding) ?? "", to: &output)
        }
    }

    private func writeDictionary<Value>(_ dictionary: [String: Value], key: [UInt8], to output: inout [UInt8]) {
        for (nestedKey, nested) in dictionary.sorted(by: { $0.key < $1.key }) {
            var childKey = key
            childKey.append(contentsOf: Self.openBracket)
            PercentEncoding.append(nestedKey, to: &childKey, allowed: .formComponent)
            childKey.append(contentsOf: Self.closeBracket)
            write(ParameterValue(nested), key: childKey, to: &output)
        }
    }

    private func appendPair(key: [UInt8], value: String, to output: inout [UInt8]) {
        if !output.isEmpty { output.append(UInt8(ascii: "&")) }
        output.append(contentsOf: key)
        output.append(UInt8(ascii: "="))
        PercentEncoding.append(value, to: &output, allowed: .formComponent)
    }
}

extension ParameterValue {
    /// The text of a plain value in a form, or `nil` for an array or a dictionary.
    fileprivate func formText(boolEncoding: URLEncoding.BoolEncoding) -> String? {
        switch self {
        case .bool(let bool):
            switch boolEncoding {
            case .numeric: bool ? "1" : "0"
            case .literal: bool ? "true" : "false"
            }
        case .number(let text), .nonFiniteNumber(let text), .string(let text):
            text
        case .null:
            ""
        case .other(let other):
            String(describing: other)
        case .array, .dictionary, .sendableDictionary:
            nil
        }
    }
}
