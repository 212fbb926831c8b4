/// A caseless type that stands for one enumeration of an OpenAPI document and says the type of its values.
///
/// `courier-openapi` declares one in the namespace's `Enumerations` for each enumeration it generates;
/// nothing else needs to conform.
public protocol OpenAPIEnumerationValues: Sendable {
    /// The type of the values as the document writes them: `String`, `Int` or `Double`.
    associatedtype RawValue: Codable & Hashable & Sendable & OpenAPIParameterValue
}

/// A value of an enumeration of an OpenAPI document: one of the values the document lists or any other a
/// server sends, kept as it came.
///
/// A generated enumeration is a type alias of this type, and its listed values are static members of it:
///
/// ```swift
/// public typealias PetStatus = OpenAPIEnumeration<Petstore.Enumerations.PetStatus>
/// let status: Petstore.PetStatus = .available
/// ```
///
/// A value the document does not list decodes too (an API that adds a value does not break the decoding
/// of every answer that carries it): compare it with the listed ones, or read its `rawValue`.
///
/// One generic type instead of a struct per enumeration: the compiler writes the code that copies,
/// compares, decodes and encodes a value once, here, not once for each of a large document's hundreds of
/// enumerations.
public struct OpenAPIEnumeration<Values: OpenAPIEnumerationValues>: RawRepresentable, Hashable, Sendable {
    /// The value as the document writes it; values it does not list are kept too.
    public var rawValue: Values.RawValue

    /// The value for a raw value, listed or not.
    @inlinable
    public init(rawValue: Values.RawValue) { self.rawValue = rawValue }
}

extension OpenAPIEnumeration: Codable {
    /// Decodes the raw value, listed or not.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Values.RawValue.self)
    }

    /// Encodes the raw value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension OpenAPIEnumeration: OpenAPIParameterValue {
    /// The raw value's shape: a parameter of an enumeration's type is written as its raw value.
    public var openAPIParameterShape: OpenAPIParameterShape { rawValue.openAPIParameterShape }
}

extension OpenAPIEnumeration: CustomStringConvertible {
    /// The raw value as text, as the document writes it.
    public var description: String { "\(rawValue)" }
}
