/// Writes parameters as `application/x-www-form-urlencoded` text: `key=value` pairs joined by `&`.
///
/// Keys are sorted at every depth; array order is kept; nested dictionaries become `a[b][c]`; the
/// brackets of nested keys are escaped like every other byte outside `A-Z a-z 0-9 - . _ ~ / ?`.
struct FormSerializer {
    let arrayEncoding: URLEncoding.ArrayEncoding
    let boolEncoding: URLEncoding.BoolEncoding

    /// The encoded pairs of `parameters`, without a leading `?`.
    func serialize(_ parameters: [String: any Sendable]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(parameters.count * 16)
        for key in parameters.keys.sorted() {
            guard let value = parameters[key] else { continue }
            var escapedKey: [UInt8] = []
            PercentEncoding.append(key, to: &escapedKey, allowed: .formComponent)
            write(value, key: escapedKey, to: &output)
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static let openBracket: [UInt8] = Array("%5B".utf8)
    private static let closeBracket: [UInt8] = Array("%5D".utf8)

    private func write(_ value: Any, key: [UInt8], to output: inout [UInt8]) {
        switch ParameterValue(value) {
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
                write(element, key: childKey, to: &output)
            }
        case .bool(let bool):
            let text =
                switch boolEncoding {
                case .numeric: bool ? "1" : "0"
                case .literal: bool ? "true" : "false"
                }
            appendPair(key: key, value: text, to: &output)
        case .number(let text), .nonFiniteNumber(let text):
            appendPair(key: key, value: text, to: &output)
        case .string(let string):
            appendPair(key: key, value: string, to: &output)
        case .null:
            appendPair(key: key, value: "", to: &output)
        case .other(let other):
            appendPair(key: key, value: String(describing: other), to: &output)
        }
    }

    private func writeDictionary<Value>(_ dictionary: [String: Value], key: [UInt8], to output: inout [UInt8]) {
        for nestedKey in dictionary.keys.sorted() {
            guard let nested = dictionary[nestedKey] else { continue }
            var childKey = key
            childKey.append(contentsOf: Self.openBracket)
            PercentEncoding.append(nestedKey, to: &childKey, allowed: .formComponent)
            childKey.append(contentsOf: Self.closeBracket)
            write(nested, key: childKey, to: &output)
        }
    }

    private func appendPair(key: [UInt8], value: String, to output: inout [UInt8]) {
        if !output.isEmpty { output.append(UInt8(ascii: "&")) }
        output.append(contentsOf: key)
        output.append(UInt8(ascii: "="))
        PercentEncoding.append(value, to: &output, allowed: .formComponent)
    }
}
