import Foundation

/// The media type of a multipart body (RFC 2046 §5.1): `multipart/form-data` for a form, or another
/// subtype a server asks for (`multipart/related`, `multipart/mixed`), checked before it is sent so that
/// the `Content-Type` header holds exactly one media type and one boundary.
enum MultipartMediaType {
    /// A form's media type (RFC 7578), the default.
    static let form = "multipart/form-data"

    /// Throws ``CourierError/requestMapping(_:)`` with a sentence saying what is wrong with `mediaType`.
    static func check(_ mediaType: String) throws(CourierError) {
        guard let problem = problem(with: mediaType) else { return }
        throw .requestMapping(
            "The multipart media type \(String(reflecting: mediaType)) cannot be used: \(problem); it must be "
                + "multipart/ and a subtype (multipart/related), with any parameters but boundary, which Courier adds.")
    }

    /// The `Content-Type` of a body of `mediaType` with `boundary`. A `multipart/related` body whose
    /// media type names no `type` gets `type="<rootType>"`, its first part's type (RFC 2387 §3.1 requires
    /// the parameter), when that part has one.
    static func contentType(_ mediaType: String, boundary: String, rootType: String?) -> String {
        var header = mediaType.trimmingCharacters(in: .whitespaces)
        if bareType(of: header) == "multipart/related", !parameterNames(of: header).contains("type"),
            let rootType
        {
            header += "; type=\"\(quotedText(rootType))\""
        }
        return header + "; " + MultipartBoundary.parameter(for: boundary)
    }

    /// What is wrong with `mediaType`, or `nil` when it can be used.
    private static func problem(with mediaType: String) -> String? {
        if let bad = mediaType.unicodeScalars.first(where: { $0.value < 0x20 || $0.value >= 0x7F }) {
            return "it contains \(String(reflecting: String(bad)))"
        }
        let bare = bareType(of: mediaType)
        guard bare.hasPrefix("multipart/"), bare.count > "multipart/".count,
            bare.dropFirst("multipart/".count).unicodeScalars.allSatisfy(isTokenScalar)
        else { return "it is no multipart media type" }
        if parameterNames(of: mediaType).contains("boundary") { return "it has a boundary of its own" }
        return nil
    }

    /// The type and subtype, lowercased, without parameters.
    private static func bareType(of mediaType: String) -> String {
        String(mediaType.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// The names of the parameters after the type, lowercased.
    private static func parameterNames(of mediaType: String) -> [String] {
        mediaType.split(separator: ";").dropFirst().map {
            String($0.prefix { $0 != "=" }).trimmingCharacters(in: .whitespaces).lowercased()
        }
    }

    /// `text` as the inside of a quoted string (RFC 9110 §5.6.4): `"` and `\` escaped.
    private static func quotedText(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    /// An RFC 9110 token character.
    private static func isTokenScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && scalar.value > 0x20 && scalar.value < 0x7F
            && !"\"(),/:;<=>?@[\\]{}".unicodeScalars.contains(scalar)
    }
}
