import Foundation

/// A calendar day as OpenAPI's `format: date` writes it (`2024-05-31`), kept as the text it is: a day has
/// no time zone, so turning it into a `Date` is the caller's choice of one.
public struct OpenAPIDate: Codable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The day as written, `YYYY-MM-DD`.
    public var text: String

    /// A day from its text.
    public init(_ text: String) { self.text = text }
    /// A day from a literal: `"2024-05-31"`.
    public init(stringLiteral text: String) { self.text = text }

    /// Decodes the day from a JSON string.
    public init(from decoder: any Decoder) throws { text = try decoder.singleValueContainer().decode(String.self) }
    /// Encodes the day as a JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    /// The text.
    public var description: String { text }
}
