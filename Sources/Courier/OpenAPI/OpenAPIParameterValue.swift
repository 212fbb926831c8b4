import Foundation

/// What a parameter's value is, as OpenAPI's serialisation styles see it: one value, a list, or an object's
/// fields.
public enum OpenAPIParameterShape: Sendable, Equatable {
    /// One value, as text.
    case scalar(String)
    /// A list of values, in order.
    case list([String])
    /// An object's fields, in order.
    case fields([OpenAPIField])
}

extension OpenAPIParameterShape {
    /// The value as one piece of text: a list's or an object's parts comma-separated (`a,b`, `name,value`).
    var text: String {
        switch self {
        case .scalar(let text): text
        case .list(let texts): texts.joined(separator: ",")
        case .fields(let fields): fields.map { "\($0.name),\($0.value)" }.joined(separator: ",")
        }
    }
}

/// A field of an object parameter: its name and its value as text.
public struct OpenAPIField: Sendable, Equatable {
    /// The field's name.
    public var name: String
    /// The field's value.
    public var value: String

    /// A field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A value that can be a path, query, header or cookie parameter of a generated target.
public protocol OpenAPIParameterValue: Sendable {
    /// The value's shape, for the parameter's style to write.
    var openAPIParameterShape: OpenAPIParameterShape { get }
}

extension String: OpenAPIParameterValue {
    /// The string itself.
    public var openAPIParameterShape: OpenAPIParameterShape { .scalar(self) }
}
extension Int: OpenAPIParameterValue {
    /// The number in decimal.
    public var openAPIParameterShape: OpenAPIParameterShape { .scalar(String(self)) }
}
extension Int32: OpenAPIParameterValue {
    /// The number in decimal.
    public var openAPIParameterShape: OpenAPIParameterShape { .scalar(String(self)) }
}
extension Int64: OpenAPIParameterValue {
    /// The number in decimal.
    public var openAPIParameterShape: OpenAPIParameterShape { .scalar(String(self)) }
}
extension Double: OpenAPIParameterValue {
    /// The number as JSON writes it (`1`, not `1.0`, for a whole number).
    public var openAPIParameterShape: OpenAPIParameterShape { .scalar(OpenAPINumberText.text(of: self)) }
}
extension Float: OpenAPIParameterValue {
    /// The number as JSON writes it.
    public var openAPIParameterShape: OpenAPIParameterShape { .scalar(OpenAPINumberText.text(of: Double(self))) }
}
extension Bool: OpenAPIParameterValue {
    /// `true` or `false`.
    public var openAPIParameterShape: OpenAPIParameterShape { .scalar(self ? "true" : "false") }
}
extension Date: OpenAPIParameterValue {
    /// The RFC 3339 date-time.
    public var openAPIParameterShape: OpenAPIParameterShape { .scalar(OpenAPICoding.text(of: self)) }
}
extension Data: OpenAPIParameterValue {
    /// The bytes in base64 (a `format: byte` parameter, gRPC gateways' page tokens).
    public var openAPIParameterShape: OpenAPIParameterShape { .scalar(base64EncodedString()) }
}
extension UUID: OpenAPIParameterValue {
    /// The UUID in lowercase, as most servers write it.
    public var openAPIParameterShape: OpenAPIParameterShape { .scalar(uuidString.lowercased()) }
}
extension OpenAPIDate: OpenAPIParameterValue {
    /// The day as written.
    public var openAPIParameterShape: OpenAPIParameterShape { .scalar(text) }
}
extension Array: OpenAPIParameterValue where Element: OpenAPIParameterValue {
    /// The elements' texts, in order (an element that is itself a list or an object is written
    /// comma-separated).
    public var openAPIParameterShape: OpenAPIParameterShape {
        .list(map { $0.openAPIParameterShape.text })
    }
}
extension Dictionary: OpenAPIParameterValue where Key == String, Value: OpenAPIParameterValue {
    /// The entries as an object's fields, sorted by name (a value that is itself a list or an object is
    /// written comma-separated, as in an array).
    public var openAPIParameterShape: OpenAPIParameterShape {
        .fields(
            sorted { $0.key < $1.key }.map { OpenAPIField(name: $0.key, value: $0.value.openAPIParameterShape.text) })
    }
}
extension OpenAPIValue: OpenAPIParameterValue {
    /// Scalars as text, arrays as lists, objects as their fields (sorted by name).
    public var openAPIParameterShape: OpenAPIParameterShape {
        switch self {
        case .array(let values): .list(values.map(\.scalarText))
        case .object(let object):
            .fields(object.sorted { $0.key < $1.key }.map { OpenAPIField(name: $0.key, value: $0.value.scalarText) })
        default: .scalar(scalarText)
        }
    }

    /// The value as one piece of text: a string as itself, anything else as its JSON.
    var scalarText: String {
        switch self {
        case .null: ""
        case .bool(let bool): bool ? "true" : "false"
        case .integer(let integer): String(integer)
        case .number(let number): OpenAPINumberText.text(of: number)
        case .string(let string): string
        case .array, .object:
            (try? JSONEncoder().encode(self)).flatMap { String(data: $0, encoding: .utf8) } ?? ""
        }
    }
}

extension OpenAPIParameterValue where Self: RawRepresentable & Encodable, RawValue: OpenAPIParameterValue {
    /// The raw value's shape: the generated enumerations are parameters as their raw value.
    public var openAPIParameterShape: OpenAPIParameterShape { rawValue.openAPIParameterShape }
}

extension OpenAPIParameterValue where Self: Encodable {
    /// An object model's fields as its JSON encoding has them, sorted by name (a field that is itself an
    /// object or array is written as JSON).
    public var openAPIParameterShape: OpenAPIParameterShape {
        guard let data = try? OpenAPICoding.encoder().encode(self),
            let value = try? JSONDecoder().decode(OpenAPIValue.self, from: data)
        else { return .fields([]) }
        return value.openAPIParameterShape
    }
}

/// Numbers as text, the same on every platform.
enum OpenAPINumberText {
    /// `1` for a whole number, the shortest round-tripping text otherwise.
    static func text(of number: Double) -> String {
        if number.isFinite, number.rounded() == number, abs(number) < 1e15 { return String(Int64(number)) }
        return "\(number)"
    }
}
