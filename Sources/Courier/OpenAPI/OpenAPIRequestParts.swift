import Foundation

/// The path (with its query) and the headers of a generated target's request, built parameter by
/// parameter as the document's styles say.
///
/// Generated targets build their `path` and `headers` with it: path parameters are filled into the
/// template, query parameters follow a `?` (Courier keeps a query written in `path` as a query, and the
/// escapes in it as they are), header and cookie parameters become header fields.
public struct OpenAPIRequestParts: Sendable {
    private var path: String
    private var query: [String] = []
    private var cookies: [String] = []
    /// The header fields so far.
    public private(set) var headers: [String: String] = [:]

    /// Parts for a path template such as `/pets/{petId}`.
    public init(path template: String) { path = template }

    /// The path with its parameters and the query, if any.
    public var pathAndQuery: String { query.isEmpty ? path : path + "?" + query.joined(separator: "&") }

    /// The header fields, with the cookies as one `Cookie` field; `nil` when there are none.
    public var headerFields: [String: String]? {
        var fields = headers
        if !cookies.isEmpty { fields["Cookie"] = cookies.joined(separator: "; ") }
        return fields.isEmpty ? nil : fields
    }

    /// Fills `{name}` of the template.
    public mutating func path(
        _ name: String, _ value: some OpenAPIParameterValue, style: OpenAPIParameterStyle = .simple,
        explode: Bool = false
    ) {
        let text = Self.pathText(name, value.openAPIParameterShape, style: style, explode: explode)
        path = path.replacingOccurrences(of: "{\(name)}", with: text)
    }

    /// Adds a query parameter; `nil` adds nothing.
    public mutating func query(
        _ name: String, _ value: (some OpenAPIParameterValue)?, style: OpenAPIParameterStyle = .form,
        explode: Bool = true, allowReserved: Bool = false
    ) {
        guard let value else { return }
        let pairs = Self.pairs(
            name, value, style: style, explode: explode, syntax: .query(allowReserved: allowReserved))
        query += pairs.map { "\($0.name)=\($0.value)" }
    }

    /// The name-value pairs a value is written as in `style`, as a query parameter or a form field (or,
    /// in `syntax` `.plain`, the parts of a multipart body), in order.
    static func pairs(
        _ name: String, _ value: some OpenAPIParameterValue, style: OpenAPIParameterStyle, explode: Bool,
        syntax: OpenAPIPairSyntax
    ) -> [(name: String, value: String)] {
        let escape = syntax.escape
        let key = escape(name)
        let shape = value.openAPIParameterShape
        let isScalar = if case .scalar = shape { true } else { false }
        if style == .deepObject, !isScalar, let tree = Self.tree(of: value) {
            return Self.deepObjectPairs(key, tree, syntax: syntax)
        }
        switch shape {
        case .scalar(let text):
            return [(key, escape(text))]
        case .list(let texts):
            switch (style, explode) {
            case (.spaceDelimited, _): return [(key, texts.map(escape).joined(separator: syntax.space))]
            case (.pipeDelimited, _): return [(key, texts.map(escape).joined(separator: "|"))]
            // OpenAPI leaves a list in this style undefined; the bracket convention it comes from
            // indexes the elements (`id[0]=3&id[1]=4`).
            case (.deepObject, _):
                return texts.enumerated().map { (syntax.member(key, String($0.offset)), escape($0.element)) }
            case (_, true): return texts.map { (key, escape($0)) }
            case (_, false): return [(key, texts.map(escape).joined(separator: ","))]
            }
        case .fields(let fields):
            switch (style, explode) {
            case (.deepObject, _): return fields.map { (syntax.member(key, escape($0.name)), escape($0.value)) }
            case (_, true): return fields.map { (escape($0.name), escape($0.value)) }
            case (_, false):
                return [(key, fields.map { escape($0.name) + "," + escape($0.value) }.joined(separator: ","))]
            }
        }
    }

    /// An encodable value as JSON sees it; `nil` for one that does not encode.
    private static func tree(of value: some OpenAPIParameterValue) -> OpenAPIValue? {
        guard let encodable = value as? any Encodable,
            let data = try? OpenAPICoding.encoder().encode(encodable)
        else { return nil }
        return try? JSONDecoder().decode(OpenAPIValue.self, from: data)
    }

    /// A `deepObject` value's pairs, nested as the bracket convention the style comes from writes them
    /// (OpenAPI defines one level of scalars only): `id[a][b]=1` for objects in objects, `id[0][a]=1`
    /// for lists (of objects), members sorted by name; an empty object or list writes nothing.
    private static func deepObjectPairs(
        _ key: String, _ value: OpenAPIValue, syntax: OpenAPIPairSyntax
    ) -> [(name: String, value: String)] {
        switch value {
        case .object(let object):
            object.sorted { $0.key < $1.key }.flatMap {
                deepObjectPairs(syntax.member(key, syntax.escape($0.key)), $0.value, syntax: syntax)
            }
        case .array(let values):
            values.enumerated().flatMap {
                deepObjectPairs(syntax.member(key, String($0.offset)), $0.element, syntax: syntax)
            }
        default: [(key, syntax.escape(value.scalarText))]
        }
    }

    /// Adds a header parameter (style `simple`); `nil` adds nothing.
    public mutating func header(_ name: String, _ value: (some OpenAPIParameterValue)?, explode: Bool = false) {
        guard let value else { return }
        headers[name] = Self.simple(value.openAPIParameterShape, explode: explode)
    }

    /// Sets a header field the operation itself needs (`Content-Type`, `Accept`).
    public mutating func header(_ name: String, _ value: String) { headers[name] = value }

    /// Adds a cookie parameter (style `form`); `nil` adds nothing.
    public mutating func cookie(_ name: String, _ value: (some OpenAPIParameterValue)?, explode: Bool = true) {
        guard let value else { return }
        let escape = { (text: String) in OpenAPIEscaping.escape(text, allowReserved: false) }
        cookies.append("\(name)=" + Self.joined(value.openAPIParameterShape, explode: false, escape: escape))
    }

    private static func pathText(
        _ name: String, _ shape: OpenAPIParameterShape, style: OpenAPIParameterStyle, explode: Bool
    ) -> String {
        let escape = { (text: String) in OpenAPIEscaping.escape(text, allowReserved: false) }
        switch style {
        case .label:
            let separator = explode ? "." : ","
            return "." + pieces(shape, explode: explode, escape: escape).joined(separator: separator)
        case .matrix:
            switch shape {
            case .scalar(let text): return ";\(name)=\(escape(text))"
            case .list(let texts):
                return explode
                    ? texts.map { ";\(name)=\(escape($0))" }.joined()
                    : ";\(name)=" + texts.map(escape).joined(separator: ",")
            case .fields(let fields):
                return explode
                    ? fields.map { ";\(escape($0.name))=\(escape($0.value))" }.joined()
                    : ";\(name)=" + fields.map { escape($0.name) + "," + escape($0.value) }.joined(separator: ",")
            }
        default:
            return joined(shape, explode: explode, escape: escape)
        }
    }

    /// A value in the `simple` style, not escaped, as a header field holds it.
    static func simple(_ shape: OpenAPIParameterShape, explode: Bool) -> String {
        joined(shape, explode: explode, escape: { $0 })
    }

    /// The `simple` style: values joined by commas, an exploded object as `name=value` pairs.
    private static func joined(
        _ shape: OpenAPIParameterShape, explode: Bool, escape: (String) -> String
    ) -> String {
        pieces(shape, explode: explode, escape: escape).joined(separator: ",")
    }

    private static func pieces(
        _ shape: OpenAPIParameterShape, explode: Bool, escape: (String) -> String
    ) -> [String] {
        switch shape {
        case .scalar(let text): [escape(text)]
        case .list(let texts): texts.map(escape)
        case .fields(let fields):
            explode
                ? fields.map { "\(escape($0.name))=\(escape($0.value))" }
                : fields.flatMap { [escape($0.name), escape($0.value)] }
        }
    }
}

/// How the name-value pairs of a parameter or field are written: percent-escaped for a query or a
/// form body, as they are for the parts of a multipart body (whose names and contents are not escaped).
struct OpenAPIPairSyntax: Sendable {
    /// Escapes a name or a value.
    let escape: @Sendable (String) -> String
    /// The brackets of a member's name (`id[a]`), escaped or not.
    let open: String
    let close: String
    /// What joins a `spaceDelimited` list.
    let space: String

    /// `key[member]`.
    func member(_ key: String, _ member: String) -> String { key + open + member + close }

    /// A query's or a form body's: escaped, `allowReserved` keeping RFC 3986's reserved characters.
    static func query(allowReserved: Bool) -> Self {
        Self(
            escape: { OpenAPIEscaping.escape($0, allowReserved: allowReserved) }, open: "%5B", close: "%5D",
            space: "%20")
    }

    /// A multipart body's: names and values as they are.
    static let plain = Self(escape: { $0 }, open: "[", close: "]", space: " ")
}

/// Percent-escaping for parameters: RFC 3986's unreserved characters stay, the rest is `%XX` of its UTF-8.
enum OpenAPIEscaping {
    /// `text` escaped; with `allowReserved`, RFC 3986's reserved characters stay too (but never `&`, `=`,
    /// `#` or `+`, which would change what the query says).
    static func escape(_ text: String, allowReserved: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) || (allowReserved && isKeptReserved(byte)) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = Array("0123456789ABCDEF".utf8)
                result.unicodeScalars.append("%")
                result.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
                result.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 0x0F)]))
            }
        }
        return result
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    private static func isKeptReserved(_ byte: UInt8) -> Bool {
        ":/?[]@!$'()*,;".utf8.contains(byte)
    }
}
