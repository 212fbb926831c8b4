import Foundation

/// Writes parameter values as JSON text (RFC 8259) with sorted keys.
///
/// Written by hand rather than with `JSONSerialization` so that the output (numbers especially) is the
/// same on every platform, and so that a value JSON cannot hold is an error with its key path instead
/// of an Objective-C exception.
struct JSONWriter {
    let prettyPrinted: Bool

    /// The JSON text of `value`.
    func data(for value: Any) throws(ParameterEncodingError) -> Data {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        try write(value, path: "", depth: 0, to: &output)
        return Data(output)
    }

    private func write(_ value: Any, path: String, depth: Int, to output: inout [UInt8]) throws(ParameterEncodingError)
    {
        switch ParameterValue(value) {
        case .null:
            output.append(contentsOf: "null".utf8)
        case .bool(let bool):
            output.append(contentsOf: (bool ? "true" : "false").utf8)
        case .number(let text):
            output.append(contentsOf: text.utf8)
        case .nonFiniteNumber(let text):
            throw ParameterEncodingError("JSON cannot hold the number \(text) at \(Self.describe(path))")
        case .string(let string):
            Self.appendString(string, to: &output)
        case .array(let array):
            output.append(UInt8(ascii: "["))
            for (index, element) in array.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(depth + 1, to: &output)
                try write(element, path: "\(path)[\(index)]", depth: depth + 1, to: &output)
            }
            if !array.isEmpty { newline(depth, to: &output) }
            output.append(UInt8(ascii: "]"))
        case .sendableDictionary(let dictionary):
            try writeDictionary(dictionary, path: path, depth: depth, to: &output)
        case .dictionary(let dictionary):
            try writeDictionary(dictionary, path: path, depth: depth, to: &output)
        case .other(let other):
            throw ParameterEncodingError(
                "JSON cannot hold a value of type \(type(of: other)) at \(Self.describe(path))")
        }
    }

    private func writeDictionary<Value>(
        _ dictionary: [String: Value], path: String, depth: Int, to output: inout [UInt8]
    ) throws(ParameterEncodingError) {
        output.append(UInt8(ascii: "{"))
        for (index, (key, element)) in dictionary.sorted(by: { $0.key < $1.key }).enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            newline(depth + 1, to: &output)
            Self.appendString(key, to: &output)
            output.append(contentsOf: (prettyPrinted ? ": " : ":").utf8)
            try write(element, path: path.isEmpty ? key : "\(path).\(key)", depth: depth + 1, to: &output)
        }
        if !dictionary.isEmpty { newline(depth, to: &output) }
        output.append(UInt8(ascii: "}"))
    }

    private func newline(_ depth: Int, to output: inout [UInt8]) {
        guard prettyPrinted else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }

    private static func describe(_ path: String) -> String {
        path.isEmpty ? "the top level" : "`\(path)`"
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends `string` as a quoted JSON string, escaping quotes, backslashes and control characters.
    static func appendString(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x00..<0x20:
                output.append(contentsOf: Array("\\u00".utf8))
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0x0F)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
