import Foundation

/// An `application/x-www-form-urlencoded` body of a generated target, field by field (style `form`).
public struct OpenAPIFormBody: Sendable {
    private var parts = OpenAPIRequestParts(path: "")

    /// An empty form.
    public init() {}

    /// Adds a field, written in `style` as a query parameter would be (its Encoding Object's `style`,
    /// `explode` and `allowReserved`); `nil` adds nothing.
    public mutating func field(
        _ name: String, _ value: (some OpenAPIParameterValue)?, style: OpenAPIParameterStyle = .form,
        explode: Bool = true, allowReserved: Bool = false
    ) {
        parts.query(name, value, style: style, explode: explode, allowReserved: allowReserved)
    }

    /// The body's bytes.
    public var data: Data {
        let text = parts.pathAndQuery
        return Data((text.hasPrefix("?") ? String(text.dropFirst()) : text).utf8)
    }
}

/// A `multipart/form-data` body of a generated target, part by part, or one of another multipart media
/// type the document names (`multipart/related`, `multipart/mixed`), whose parts are written the same way.
public struct OpenAPIMultipartBody: Sendable {
    private var parts: [MultipartFormBodyPart] = []
    private let mediaType: String

    /// An empty `multipart/form-data` body.
    public init() {
        mediaType = MultipartMediaType.form
    }

    /// An empty body of `mediaType` (`multipart/related`), sent as ``MultipartFormData/mediaType``.
    public init(mediaType: String) {
        self.mediaType = mediaType
    }

    /// Adds a text part for each value (one for a scalar, one per element of a list); `nil` adds nothing.
    public mutating func field(_ name: String, _ value: (some OpenAPIParameterValue)?) {
        guard let value else { return }
        switch value.openAPIParameterShape {
        case .scalar(let text): parts.append(MultipartFormBodyPart(provider: .data(Data(text.utf8)), name: name))
        case .list(let texts):
            parts += texts.map { MultipartFormBodyPart(provider: .data(Data($0.utf8)), name: name) }
        case .fields(let fields):
            parts += fields.map { MultipartFormBodyPart(provider: .data(Data($0.value.utf8)), name: $0.name) }
        }
    }

    /// Adds a field written in `style` (its Encoding Object's `style` and `explode`, which OpenAPI 3.1
    /// applies to a multipart body): a text part for each name-value pair a form would have, names and
    /// contents not escaped (`deepObject`: a part `meta[size]` holding `2`); `nil` adds nothing.
    public mutating func field(
        _ name: String, _ value: (some OpenAPIParameterValue)?, style: OpenAPIParameterStyle, explode: Bool = true
    ) {
        guard let value else { return }
        let pairs = OpenAPIRequestParts.pairs(name, value, style: style, explode: explode, syntax: .plain)
        parts += pairs.map { MultipartFormBodyPart(provider: .data(Data($0.value.utf8)), name: $0.name) }
    }

    /// Adds a file part; `nil` adds nothing.
    public mutating func file(_ name: String, _ data: Data?, mimeType: String = "application/octet-stream") {
        guard let data else { return }
        parts.append(MultipartFormBodyPart(provider: .data(data), name: name, fileName: name, mimeType: mimeType))
    }

    /// Adds a file part for each element of `list` (OpenAPI writes a list's elements as parts of their
    /// own); `nil` adds nothing.
    public mutating func files(_ name: String, _ list: [Data]?, mimeType: String = "application/octet-stream") {
        for data in list ?? [] { file(name, data, mimeType: mimeType) }
    }

    /// Adds a part holding each element of `list` as JSON (a list of objects, or of lists: OpenAPI writes
    /// a list's elements as parts of their own); `nil` adds nothing.
    public mutating func jsonParts<Element: Encodable & Sendable>(_ name: String, _ list: [Element]?) {
        for element in list ?? [] { json(name, element) }
    }

    /// Adds a part holding a value as JSON; `nil` adds nothing, a value that cannot be encoded an empty part.
    public mutating func json(_ name: String, _ value: (some Encodable & Sendable)?) {
        guard let value else { return }
        let data = (try? OpenAPICoding.encoder().encode(value)) ?? Data()
        parts.append(MultipartFormBodyPart(provider: .data(data), name: name, mimeType: "application/json"))
    }

    /// Sets a header field on each part of the field `part` added so far (an Encoding Object's
    /// `headers`), written as a header parameter's `simple` style; `nil` sets nothing.
    public mutating func header(
        _ name: String, _ value: (some OpenAPIParameterValue)?, explode: Bool = false, part: String
    ) {
        guard let value else { return }
        let text = OpenAPIRequestParts.simple(value.openAPIParameterShape, explode: explode)
        for index in parts.indices where parts[index].name == part {
            let old = parts[index]
            parts[index] = MultipartFormBodyPart(
                provider: old.provider, name: old.name, fileName: old.fileName, mimeType: old.mimeType,
                headers: old.headers.merging([name: text]) { $1 })
        }
    }

    /// The form.
    public var form: MultipartFormData { MultipartFormData(mediaType: mediaType, parts: parts) }
}
