import Foundation

/// Which secrets are hidden from logs and `curl` commands, and what stands in their place.
///
/// Two lists of names decide it, both compared case-insensitively:
/// - a **header** is hidden when its name is one of ``headerNames`` or contains one of ``fieldNames``
///   (`X-Client-Secret`, `X-Refresh-Token`);
/// - a **field** (a URL query item, a form field, a multipart part, a JSON object key, at any depth) is
///   hidden when its name contains one of ``fieldNames`` or is one of ``headerNames`` (so an echoed
///   `"authorization"` key is hidden too). Form and query names are percent-decoded first:
///   `user%5Bpassword%5D` is the field `user[password]`.
///
/// Only values are replaced, by ``replacement``; names and every other value stay readable. A URL's
/// user-info password is hidden as well. A JSON string value that itself holds a query string or JSON
/// (an echoed request, a token response wrapped in a string) is redacted inside.
///
/// ```swift
/// let redaction = Redaction.default.adding(fieldNames: ["pin"])
/// redaction.redactedQuery("user=ann&pin=1234")  // "user=ann&pin=<redacted>"
/// ```
public struct Redaction: Sendable, Equatable {
    /// What a hidden value becomes.
    public let replacement: String
    /// The names, prepared for matching.
    private let matcher: RedactionMatcher

    /// The header names whose values are hidden, lowercased.
    public var headerNames: Set<String> { matcher.headerNameStrings }
    /// The parts of field names whose values are hidden, lowercased.
    public var fieldNames: [String] { matcher.fieldNameStrings }

    /// The headers ``default`` hides: credentials, cookies and the usual API-key and token headers.
    public static let defaultHeaderNames: [String] = [
        "Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie", "X-API-Key", "Api-Key", "ApiKey",
        "X-ApiKey", "X-Auth-Token", "X-Access-Token", "X-Session-Token", "X-CSRF-Token", "X-XSRF-Token",
        "X-Amz-Security-Token", "X-Goog-Api-Key", "Ocp-Apim-Subscription-Key",
    ]

    /// The field name parts ``default`` hides.
    public static let defaultFieldNames: [String] = [
        "password", "passwd", "token", "secret", "smscode", "apikey", "api_key",
    ]

    /// Hides ``defaultHeaderNames`` and ``defaultFieldNames`` behind `<redacted>`.
    public static let `default` = Redaction()

    /// Hides nothing: every value is logged as it is.
    public static let none = Redaction(headerNames: [], fieldNames: [])

    /// Creates a redaction.
    ///
    /// - Parameters:
    ///   - headerNames: Header names whose values are hidden. Default: ``defaultHeaderNames``.
    ///   - fieldNames: Parts of field names whose values are hidden. Default: ``defaultFieldNames``.
    ///   - replacement: What a hidden value becomes. Default: `<redacted>`.
    public init(
        headerNames: [String] = Redaction.defaultHeaderNames, fieldNames: [String] = Redaction.defaultFieldNames,
        replacement: String = "<redacted>"
    ) {
        self.replacement = replacement
        matcher = RedactionMatcher(
            headerNames: Set(headerNames.lazy.map { $0.lowercased() }.filter { !$0.isEmpty }),
            fieldNames: Array(Set(fieldNames.lazy.map { $0.lowercased() }.filter { !$0.isEmpty })).sorted())
    }

    /// This redaction with more names to hide.
    public func adding(headerNames: [String] = [], fieldNames: [String] = []) -> Redaction {
        Redaction(
            headerNames: Array(self.headerNames) + headerNames, fieldNames: self.fieldNames + fieldNames,
            replacement: replacement)
    }

    /// Two redactions are equal when they hide the same names behind the same replacement.
    public static func == (lhs: Redaction, rhs: Redaction) -> Bool {
        lhs.headerNames == rhs.headerNames && lhs.fieldNames == rhs.fieldNames && lhs.replacement == rhs.replacement
    }

    // MARK: Names

    /// Whether the value of the header `name` is hidden.
    public func hidesHeader(_ name: String) -> Bool {
        matcher.hidesHeader(name.utf8)
    }

    /// Whether the value of the query, form or JSON field `name` is hidden.
    public func hidesField(_ name: String) -> Bool {
        matcher.hidesField(name.utf8)
    }

    // MARK: Headers

    /// `value`, or ``replacement`` when the header `name` is hidden.
    public func redactedHeaderValue(_ value: String, forHeader name: String) -> String {
        hidesHeader(name) ? replacement : value
    }

    /// `headers` with the values of hidden headers replaced.
    public func redactedHeaders(_ headers: [String: String]) -> [String: String] {
        guard !matcher.isEmpty else { return headers }
        var result = headers
        for name in headers.keys where hidesHeader(name) {
            result[name] = replacement
        }
        return result
    }

    // MARK: URLs, queries and forms

    /// The string of `url` with hidden query and fragment values and its user-info password replaced.
    public func redactedURL(_ url: URL) -> String {
        redactedURLString(url.absoluteString)
    }

    /// `string`, a URL, with hidden query and fragment values and its user-info password replaced.
    func redactedURLString(_ string: String) -> String {
        guard !matcher.isEmpty else { return string }
        var string = string
        let redacted = string.withUTF8 { bytes -> [UInt8]? in
            let at = UInt8(ascii: "@")
            guard matcher.mayMention(bytes) || bytes.contains(at) else { return nil }
            let hash = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
            let mark = bytes[..<hash].firstIndex(of: UInt8(ascii: "?")) ?? hash
            let head = Self.rebased(bytes, 0..<mark)
            let query = mark < hash ? Self.rebased(bytes, mark + 1..<hash) : nil
            let fragment = hash < bytes.count ? Self.rebased(bytes, hash + 1..<bytes.count) : nil
            let newHead = bytes.contains(at) ? redactedUserInfo(head) : nil
            let newQuery = query.flatMap(redactedPairs)
            let newFragment = fragment.flatMap(redactedPairs)
            guard newHead != nil || newQuery != nil || newFragment != nil else { return nil }
            var result = newHead ?? Array(head)
            if let query {
                result.append(UInt8(ascii: "?"))
                result.append(contentsOf: newQuery ?? Array(query))
            }
            if let fragment {
                result.append(UInt8(ascii: "#"))
                result.append(contentsOf: newFragment ?? Array(fragment))
            }
            return result
        }
        return redacted.map { String(decoding: $0, as: UTF8.self) } ?? string
    }

    /// `query`, a URL query or an `application/x-www-form-urlencoded` body, with the values of hidden
    /// fields replaced; every other byte is kept.
    public func redactedQuery(_ query: String) -> String {
        guard !matcher.isEmpty else { return query }
        var query = query
        let redacted = query.withUTF8 { matcher.mayMention($0) ? redactedPairs($0) : nil }
        return redacted.map { String(decoding: $0, as: UTF8.self) } ?? query
    }

    /// `name=value` pairs joined by `&` with hidden values replaced, or `nil` when none is hidden.
    private func redactedPairs(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let ampersand = UInt8(ascii: "&")
        let equalsSign = UInt8(ascii: "=")
        guard bytes.contains(equalsSign) else { return nil }
        // Built only from the first hidden value on; most texts have none.
        var result: [UInt8]?
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != ampersand { end += 1 }
            var equals = start
            while equals < end && bytes[equals] != equalsSign { equals += 1 }
            if equals < end, hidesFormField(Self.rebased(bytes, start..<equals)) {
                if result == nil {
                    result = Array(bytes[..<start])
                    result?.reserveCapacity(bytes.count + replacement.utf8.count)
                }
                result?.append(contentsOf: bytes[start...equals])
                result?.append(contentsOf: replacement.utf8)
            } else {
                result?.append(contentsOf: bytes[start..<end])
            }
            if end < bytes.count { result?.append(ampersand) }
            start = end + 1
        }
        return result
    }

    /// Whether the form or query field whose name is written `name` is hidden.
    private func hidesFormField(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        matcher.mayMention(name) && matcher.hidesField(Self.decodedFormName(name))
    }

    /// A form field name as sent: `+` is a space and `%XX` escapes are decoded where they are valid.
    private static func decodedFormName(_ name: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(name.count)
        var index = 0
        while index < name.count {
            let byte = name[index]
            if byte == UInt8(ascii: "+") {
                result.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), index + 2 < name.count, let high = hexValue(name[index + 1]),
                let low = hexValue(name[index + 2])
            {
                result.append(high << 4 | low)
                index += 2
            } else {
                result.append(byte)
            }
            index += 1
        }
        return result
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `head` (a URL before its query) with the password of its user info replaced, or `nil` when it
    /// has none.
    private func redactedUserInfo(_ head: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let separator = Array("://".utf8)
        guard head.count >= separator.count,
            let scheme = (0...(head.count - separator.count)).first(where: {
                head[$0..<$0 + separator.count].elementsEqual(separator)
            })
        else { return nil }
        let authorityStart = scheme + separator.count
        let authorityEnd = head[authorityStart...].firstIndex(of: UInt8(ascii: "/")) ?? head.count
        guard let at = head[authorityStart..<authorityEnd].lastIndex(of: UInt8(ascii: "@")),
            let colon = head[authorityStart..<at].firstIndex(of: UInt8(ascii: ":"))
        else { return nil }
        return Array(head[...colon]) + Array(replacement.utf8) + Array(head[at...])
    }

    /// The bytes of `range` in `bytes`, indexed from 0.
    private static func rebased(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UnsafeBufferPointer<
        UInt8
    > {
        UnsafeBufferPointer(rebasing: bytes[range])
    }

    // MARK: Bodies

    /// `body` with the values of hidden fields replaced.
    ///
    /// A body that names no hidden field (and holds no escape that could spell one) is returned as it
    /// is, unparsed. A multipart body (by its `contentType`'s boundary, or because it starts with
    /// `--boundary` and a line break) has the content of each part whose field name is hidden replaced,
    /// and every other part redacted as a body of its own `Content-Type`, binary parts untouched. A
    /// JSON body (by its `contentType`, or because it starts with `{` or `[`) is parsed, redacted at
    /// every depth and written again with sorted keys; when nothing was hidden it is returned as it was. JSON that does not parse but names a hidden field is replaced as a whole.
    /// Any other UTF-8 body is read as `name=value` pairs joined by `&` (a form). Binary data is
    /// returned as it is.
    ///
    /// - Parameters:
    ///   - body: The body of a request or a response.
    ///   - contentType: The `Content-Type` header of the body, if known.
    public func redactedBody(_ body: Data, contentType: String?) -> Data {
        guard !body.isEmpty, body.withUnsafeBytes({ matcher.mayMention($0.bindMemory(to: UInt8.self)) }) else {
            return body
        }
        if let boundary = Self.multipartBoundary(of: contentType) ?? Self.inferredMultipartBoundary(of: body),
            let redacted = redactedMultipart(body, boundary: boundary)
        {
            return redacted
        }
        let isJSON = contentType.map { $0.lowercased().contains("json") } ?? false
        if isJSON || Self.startsLikeJSON(body) {
            if let redacted = redactedJSONData(body) { return redacted }
            if let text = String(data: body, encoding: .utf8), matcher.mayMention(text, percentEscapes: false) {
                return Data("\(replacement) (\(body.count) bytes of JSON that could not be parsed)".utf8)
            }
        }
        guard String(data: body, encoding: .utf8) != nil else { return body }
        let redacted = body.withUnsafeBytes { redactedPairs($0.bindMemory(to: UInt8.self)) }
        return redacted.map { Data($0) } ?? body
    }

    /// `text`, a body or any message, redacted as ``redactedBody(_:contentType:)`` reads it; then the
    /// `name=value` pairs and URL passwords found anywhere in it (an error message quoting a failing
    /// URL: `…/login?token=abc, NSErrorFailingURLKey=…`) are redacted too.
    public func redactedText(_ text: String) -> String {
        var changed = false
        let redacted = redactedString(text, changed: &changed)
        return redactedEmbeddedSecrets(changed ? redacted : text)
    }

    /// The JSON `data` redacted and written again, `data` itself when nothing was hidden, or `nil` when
    /// it is not JSON.
    private func redactedJSONData(_ data: Data) -> Data? {
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            return nil
        }
        var changed = false
        let redacted = redactedJSON(object, changed: &changed)
        guard changed else { return data }
        guard
            let written = try? JSONSerialization.data(
                withJSONObject: redacted, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        else {
            return Data(replacement.utf8)
        }
        return written
    }

    /// A parsed JSON value with the values of hidden keys replaced at every depth.
    private func redactedJSON(_ value: Any, changed: inout Bool) -> Any {
        if let object = value as? [String: Any] {
            var result = object
            for (key, member) in object {
                if hidesField(key) {
                    guard !(member is NSNull) else { continue }
                    result[key] = replacement
                    changed = true
                } else {
                    result[key] = redactedJSON(member, changed: &changed)
                }
            }
            return result
        }
        if let array = value as? [Any] {
            return array.map { redactedJSON($0, changed: &changed) }
        }
        if let string = value as? String {
            return redactedString(string, changed: &changed)
        }
        return value
    }

    /// A string that may itself hold JSON or `name=value` pairs, redacted inside.
    private func redactedString(_ string: String, changed: inout Bool) -> String {
        guard matcher.mayMention(string) else { return string }
        if let boundary = Self.inferredMultipartBoundary(of: string.utf8) {
            let data = Data(string.utf8)
            if let redacted = redactedMultipart(data, boundary: boundary) {
                guard redacted != data else { return string }
                changed = true
                return String(decoding: redacted, as: UTF8.self)
            }
        }
        if Self.startsLikeJSON(string.utf8) {
            let data = Data(string.utf8)
            if let redacted = redactedJSONData(data) {
                guard redacted != data else { return string }
                changed = true
                return String(decoding: redacted, as: UTF8.self)
            }
            if matcher.mayMention(string, percentEscapes: false) {
                changed = true
                return replacement
            }
        }
        var string = string
        guard let redacted = string.withUTF8(redactedPairs) else { return string }
        changed = true
        return String(decoding: redacted, as: UTF8.self)
    }

    /// Whether the first byte that is not white space is `{` or `[`.
    private static func startsLikeJSON(_ bytes: some Sequence<UInt8>) -> Bool {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): continue
            case UInt8(ascii: "{"), UInt8(ascii: "["): return true
            default: return false
            }
        }
        return false
    }
}
