import Foundation

/// The JSON coders of generated code: dates as RFC 3339 (`format: date-time`), with or without fractional
/// seconds; bytes (`format: byte` and `binary`) written as base64, read from base64 (padded or not, or
/// base64url) or, when the text is none of them, as its UTF-8 bytes (a `format: binary` value a server
/// writes as it is); everything else as `JSONEncoder`/`JSONDecoder` do by default.
public enum OpenAPICoding {
    /// A decoder for documented response bodies.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dataDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            return bytes(from: text)
        }
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = date(from: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "\"\(text)\" is not an RFC 3339 date-time")
            }
            return date
        }
        return decoder
    }

    /// An encoder for request bodies.
    public static func encoder() -> JSONEncoder {
        configured(JSONEncoder())
    }

    /// An encoder for request bodies of JSON Lines (`application/jsonl`, `application/x-ndjson`): a list
    /// is written one element per line, each as ``encoder()`` writes it.
    public static func jsonLinesEncoder() -> JSONEncoder {
        sequenceEncoder(prefix: Data())
    }

    /// An encoder for request bodies that are JSON text sequences (RFC 7464, `application/json-seq`): a
    /// list is written one element per record (RS, the element's JSON text, LF), each as ``encoder()``
    /// writes it.
    public static func jsonSequenceEncoder() -> JSONEncoder {
        sequenceEncoder(prefix: Data([LineSplitter.recordSeparator]))
    }

    /// The JSON text of a parameter whose Parameter Object gives a JSON `content` instead of a `schema`
    /// (3GPP's query parameters: `single-nssai={"sst":1}`), as ``encoder()`` writes it, slashes left as
    /// they are; `nil` for `nil`, or for a value JSON cannot hold (a number that is not finite), which is
    /// then left out of the request.
    public static func jsonText(_ value: (some Encodable)?) -> String? {
        guard let value else { return nil }
        let encoder = encoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// An encoder writing a list's elements each after `prefix` and before an LF, as ``encoder()`` writes
    /// values.
    private static func sequenceEncoder(prefix: Data) -> JSONEncoder {
        configured(OpenAPISequenceEncoder(prefix: prefix))
    }

    /// `encoder` set as the generated code writes: dates as RFC 3339.
    private static func configured(_ encoder: JSONEncoder) -> JSONEncoder {
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(text(of: date))
        }
        return encoder
    }

    /// The bytes a JSON string of `format: byte` or `binary` holds: base64 (RFC 4648), padded or not,
    /// in either alphabet; else the text's own UTF-8 bytes.
    static func bytes(from text: String) -> Data {
        if let data = Data(base64Encoded: text) { return data }
        var normalized = String(
            String.UnicodeScalarView(text.unicodeScalars.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 }))
        if normalized.count % 4 != 0 { normalized += String(repeating: "=", count: 4 - normalized.count % 4) }
        return Data(base64Encoded: normalized) ?? Data(text.utf8)
    }

    /// The date an RFC 3339 `date-time` stands for (`2024-05-31T12:00:00Z`, `…T12:00:00.250+02:00`).
    public static func date(from text: String) -> Date? {
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) {
            return date
        }
        return try? Date(text, strategy: Date.ISO8601FormatStyle())
    }

    /// The RFC 3339 text of a date, in UTC, with milliseconds when it has any.
    public static func text(of date: Date) -> String {
        let whole = date.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970
        return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: !whole))
    }

    /// The members of the object `decoder` reads whose keys are not among `known`, each decoded as
    /// `Value`: a schema's `additionalProperties` beside its `properties`. A member that is not a `Value`
    /// is left out rather than failing the whole object, as an unknown enumeration value is kept: servers
    /// add members their documents do not describe.
    public static func additionalProperties<Value: Decodable>(
        _ type: Value.Type, from decoder: any Decoder, known: Set<String>
    ) throws -> [String: Value] {
        let container = try decoder.container(keyedBy: OpenAPICodingKey.self)
        var members: [String: Value] = [:]
        for key in container.allKeys where !known.contains(key.stringValue) {
            if let value = try? container.decode(Value.self, forKey: key) { members[key.stringValue] = value }
        }
        return members
    }

    /// Writes `members` into the object `encoder` writes, beside the declared properties.
    public static func encodeAdditionalProperties<Value: Encodable>(
        _ members: [String: Value], to encoder: any Encoder
    ) throws {
        var container = encoder.container(keyedBy: OpenAPICodingKey.self)
        for (key, value) in members {
            try container.encode(value, forKey: OpenAPICodingKey(key))
        }
    }
}
