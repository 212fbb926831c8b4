import Foundation

/// Any JSON value: what an OpenAPI schema without a type (a free-form value) decodes into.
public enum OpenAPIValue: Codable, Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number that fits in 64 bits, kept exactly (a `Double` holds integers exactly only up to
    /// 2^53, and ids above that are common).
    case integer(Int64)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([OpenAPIValue])
    /// An object.
    case object([String: OpenAPIValue])

    /// Decodes whatever JSON value is there.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let integer = try? container.decode(Int64.self) {
            self = .integer(integer)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([OpenAPIValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: OpenAPIValue].self))
        }
    }

    /// Encodes the value as the JSON it stands for.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let bool): try container.encode(bool)
        case .integer(let integer): try container.encode(integer)
        case .number(let number): try container.encode(number)
        case .string(let string): try container.encode(string)
        case .array(let array): try container.encode(array)
        case .object(let object): try container.encode(object)
        }
    }
}

/// A coding key of any name, for generated code that reads a key the model does not declare (a union's
/// discriminator).
public struct OpenAPICodingKey: CodingKey, Sendable {
    /// The key.
    public var stringValue: String
    /// Never an index.
    public var intValue: Int? { nil }

    /// The key `name`.
    public init(_ name: String) { stringValue = name }
    /// The key `stringValue`.
    public init?(stringValue: String) { self.stringValue = stringValue }
    /// Keys of generated code are never indexes.
    public init?(intValue: Int) { nil }
}
