import Foundation

/// The redaction of bodies: `multipart/form-data` (RFC 7578) part by part, JSON at every depth, and
/// forms.
extension Redaction {
    /// `body` with the values of hidden fields replaced.
    ///
    /// A multipart body (by its `contentType`'s boundary, or because it starts with `--boundary` and a
    /// line break) has the content of each part whose field name is hidden replaced, and every other
    /// part redacted as a body of its own `Content-Type`, binary parts untouched. A JSON body (by its
    /// `contentType`, or because it starts with `{` or `[`) is parsed, redacted at every depth and
    /// written again with sorted keys; when nothing was hidden it is returned as it was. JSON that does
    /// not parse but names a hidden field is replaced as a whole. Any other UTF-8 body is read as
    /// `name=value` pairs joined by `&` (a form). Binary data is returned as it is.
    ///
    /// - Parameters:
    ///   - body: The body of a request or a response.
    ///   - contentType: The `Content-Type` header of the body, if known.
    public func redactedBody(_ body: Data, contentType: String?) -> Data {
        guard !body.isEmpty, !hidesNothing else { return body }
        if let boundary = Self.boundary(of: body, contentType: contentType),
            let redacted = redactedMultipart(body, boundary: boundary)
        {
            return redacted
        }
        if contentType?.lowercased().contains("json") == true || Self.startsLikeJSON(body) {
            if let redacted = redactedJSON(body) { return redacted }
            if let text = String(data: body, encoding: .utf8), mentionsAName(text) {
                return Data("\(replacement) (\(body.count) bytes of JSON that could not be parsed)".utf8)
            }
        }
        guard let text = String(data: body, encoding: .utf8), let redacted = redactedPairs(text[...]) else {
            return body
        }
        return Data(redacted.utf8)
    }

    /// `string` (a JSON string value, a message) redacted as a body of unknown type; `nil` when nothing
    /// in it is hidden.
    func redactedString(_ string: String) -> String? {
        let bytes = string.utf8
        guard bytes.contains(UInt8(ascii: "=")) || bytes.starts(with: "--".utf8) || Self.startsLikeJSON(bytes) else {
            return nil  // neither pairs, nor multipart, nor JSON
        }
        let data = Data(bytes)
        let redacted = redactedBody(data, contentType: nil)
        return redacted == data ? nil : String(decoding: redacted, as: UTF8.self)
    }

    /// Whether `text` names a header or field to hide, in any case, or holds a JSON `\u` escape that
    /// could spell one.
    private func mentionsAName(_ text: String) -> Bool {
        let text = text.lowercased()
        return text.containsBytes(of: #"\u"#) || headerNames.contains { text.containsBytes(of: $0) }
            || fieldNames.contains { text.containsBytes(of: $0) }
    }

    /// Whether the first byte that is not white space is `{` or `[`.
    private static func startsLikeJSON(_ bytes: some Sequence<UInt8>) -> Bool {
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    // MARK: JSON

    /// The JSON `data` redacted and written again, `data` itself when nothing was hidden, or `nil` when
    /// it is not JSON.
    private func redactedJSON(_ data: Data) -> Data? {
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            return nil
        }
        var changed = false
        let redacted = redactedJSONValue(object, changed: &changed)
        guard changed else { return data }
        let options: JSONSerialization.WritingOptions = [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes]
        return (try? JSONSerialization.data(withJSONObject: redacted, options: options)) ?? Data(replacement.utf8)
    }

    /// A parsed JSON value with the values of hidden keys replaced (a `null` stays) at every depth, and
    /// its strings redacted inside.
    private func redactedJSONValue(_ value: Any, changed: inout Bool) -> Any {
        switch value {
        case let object as [String: Any]:
            var result = object
            for (key, member) in object {
                if !hides(key) {
                    result[key] = redactedJSONValue(member, changed: &changed)
                } else if !(member is NSNull) {
                    result[key] = replacement
                    changed = true
                }
            }
            return result
        case let array as [Any]:
            return array.map { redactedJSONValue($0, changed: &changed) }
        case let string as String:
            guard let redacted = redactedString(string) else { return string }
            changed = true
            return redacted
        default:
            return value
        }
    }

    // MARK: Multipart

    /// The boundary of a multipart body: the `boundary` parameter of its `multipart/…` content type,
    /// else the one of the `--boundary` CRLF line it starts with (70 bytes at most, RFC 2046).
    private static func boundary(of body: Data, contentType: String?) -> String? {
        if let contentType, contentType.lowercased().hasPrefix("multipart/"),
            let boundary = parameter("boundary", in: contentType), !boundary.isEmpty
        {
            return boundary
        }
        let line = body.dropFirst(2).prefix(72)
        guard body.starts(with: "--".utf8), let end = line.firstIndex(of: 0x0D),
            line[end...].starts(with: [0x0D, 0x0A]),
            end > line.startIndex, line[..<end].allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { return nil }
        return String(decoding: line[..<end], as: UTF8.self)
    }

    /// `body` laid out as a multipart body with `boundary`, with the content of each part whose field
    /// name is hidden replaced by ``replacement``, and every other part's content redacted as a body of
    /// its own `Content-Type`; `nil` when `body` holds no part.
    private func redactedMultipart(_ body: Data, boundary: String) -> Data? {
        let delimiter = Data("\r\n--\(boundary)".utf8)
        let lineBreak = Data("\r\n".utf8)
        // The first delimiter may open the body, without a line break before it.
        var delimiterRange =
            body.starts(with: delimiter.dropFirst(2))
            ? body.startIndex..<body.startIndex + delimiter.count - 2 : body.range(of: delimiter)
        var output = Data()
        var copied = body.startIndex
        var sawPart = false
        while let start = delimiterRange {
            let next = body.range(of: delimiter, in: start.upperBound..<body.endIndex)
            delimiterRange = next
            // A part: the delimiter, CRLF, header lines, a blank line, the content, the next delimiter.
            guard let next, body[start.upperBound...].starts(with: lineBreak),
                let blank = body.range(of: lineBreak + lineBreak, in: start.upperBound..<next.lowerBound)
            else { continue }
            sawPart = true
            let head = String(decoding: body[start.upperBound..<blank.lowerBound], as: UTF8.self)
            let content = body[blank.upperBound..<next.lowerBound]
            let name = Self.headerValue("content-disposition", in: head).flatMap { Self.parameter("name", in: $0) }
            let redacted =
                name.map { hides($0.removingPercentEncoding ?? $0) } == true
                ? Data(replacement.utf8)
                : redactedBody(content, contentType: Self.headerValue("content-type", in: head))
            guard redacted != content else { continue }
            output.append(body[copied..<blank.upperBound])
            output.append(redacted)
            copied = next.lowerBound
        }
        guard sawPart else { return nil }
        output.append(body[copied...])
        return output
    }

    /// The value of the header line `name` (lowercased) in a part's head.
    private static func headerValue(_ name: String, in head: String) -> String? {
        for line in head.split(separator: "\r\n") {
            let pair = line.split(separator: ":", maxSplits: 1)
            if pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == name {
                return pair[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// The parameter `name` (lowercased) of a header value such as `form-data; name="a"`, unquoted.
    private static func parameter(_ name: String, in value: String) -> String? {
        for parameter in value.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == name else {
                continue
            }
            let value = pair[1].trimmingCharacters(in: .whitespaces)
            let quoted = value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"")
            return quoted ? String(value.dropFirst().dropLast()) : value
        }
        return nil
    }
}
