import Foundation

/// Which secrets are hidden from logs and `curl` commands, and what stands in their place.
///
/// Two lists of names decide it, both compared case-insensitively, for headers and fields alike: a
/// **header** (`X-Client-Secret`) or a **field** (a URL query item, a form field, a multipart part, a
/// JSON object key at any depth) is hidden when its name is one of ``headerNames`` or contains one of
/// ``fieldNames``; so an echoed `"authorization"` key is hidden too. Form and query names are
/// percent-decoded first: `user%5Bpassword%5D` is the field `user[password]`.
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
    /// The header names whose values are hidden, lowercased.
    public let headerNames: Set<String>
    /// The parts of field names whose values are hidden, lowercased and sorted.
    public let fieldNames: [String]
    /// ``fieldNames`` as UTF-8, for the search of every name.
    private let fieldNameBytes: [[UInt8]]
    /// Bit `n` set when one of ``headerNames`` is `n` bytes long (63 for any longer): a name of another
    /// length is none of them.
    private let headerNameLengths: UInt64

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
        self.headerNames = Set(headerNames.map { $0.lowercased() }.filter { !$0.isEmpty })
        self.fieldNames = Set(fieldNames.map { $0.lowercased() }.filter { !$0.isEmpty }).sorted()
        fieldNameBytes = self.fieldNames.map { Array($0.utf8) }
        headerNameLengths = self.headerNames.reduce(0) { $0 | 1 << UInt64(min($1.utf8.count, 63)) }
    }

    /// This redaction with more names to hide.
    public func adding(headerNames: [String] = [], fieldNames: [String] = []) -> Redaction {
        Redaction(
            headerNames: Array(self.headerNames) + headerNames, fieldNames: self.fieldNames + fieldNames,
            replacement: replacement)
    }

    /// Whether there is no name to hide.
    var hidesNothing: Bool { headerNames.isEmpty && fieldNames.isEmpty }

    // MARK: Names and headers

    /// Whether the value of the header `name` is hidden.
    public func hidesHeader(_ name: String) -> Bool {
        hides(name)
    }

    /// Whether the value of the query, form or JSON field `name` is hidden.
    public func hidesField(_ name: String) -> Bool {
        hides(name)
    }

    /// Whether `name`, lowercased, is one of the header names or contains one of the field names.
    func hides(_ name: String) -> Bool {
        guard !hidesNothing else { return false }
        // Names are mostly lowercase ASCII already: lowercase (a new string) only those that are not.
        var name = name.utf8.contains { (0x41...0x5A).contains($0) || $0 >= 0x80 } ? name.lowercased() : name
        if headerNames.contains(name) { return true }
        return name.withUTF8 { name in
            fieldNameBytes.contains { field in field.withUnsafeBufferPointer { name.containsBytes(of: $0) } }
        }
    }

    /// `value`, or ``replacement`` when the header `name` is hidden.
    public func redactedHeaderValue(_ value: String, forHeader name: String) -> String {
        hides(name) ? replacement : value
    }

    /// `headers` with the values of hidden headers replaced.
    public func redactedHeaders(_ headers: [String: String]) -> [String: String] {
        var result = headers
        for name in headers.keys where hides(name) {
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
    ///
    /// One scan of the bytes; a new string is made only when something is hidden (most URLs hide
    /// nothing, and the logger redacts every URL it writes).
    func redactedURLString(_ string: String) -> String {
        guard !hidesNothing else { return string }
        var string = string
        let (head, hidden) =
            string.withUTF8 { bytes -> (end: Int, ranges: [Range<Int>])? in
                let fragment = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
                let query = bytes[..<fragment].firstIndex(of: UInt8(ascii: "?"))
                let headEnd = query ?? fragment
                if bytes[..<headEnd].contains(UInt8(ascii: "@")) { return nil }
                var ranges: [Range<Int>] = []
                if let query { hiddenValues(in: bytes, from: query + 1, to: fragment, into: &ranges) }
                if fragment < bytes.count {
                    hiddenValues(in: bytes, from: fragment + 1, to: bytes.count, into: &ranges)
                }
                return (headEnd, ranges)
            } ?? (-1, [])
        if head < 0 { return redactedURLStringWithUserInfo(string) }
        guard !hidden.isEmpty else { return string }
        return replacing(hidden, in: string)
    }

    /// ``redactedURLString(_:)`` for a URL with user info, whose password is hidden too.
    private func redactedURLStringWithUserInfo(_ string: String) -> String {
        let (beforeFragment, fragment) = Self.split(string[...], at: "#")
        let (head, query) = Self.split(beforeFragment, at: "?")
        var result = redactedUserInfo(head) ?? String(head)
        if let query {
            result += "?" + (redactedPairs(query) ?? String(query))
        }
        if let fragment {
            result += "#" + (redactedPairs(fragment) ?? String(fragment))
        }
        return result
    }

    /// `text` before and after the first `separator`, or all of it and `nil` when there is none.
    private static func split(_ text: Substring, at separator: Unicode.Scalar) -> (Substring, Substring?) {
        guard let index = text.utf8.firstIndex(of: UInt8(ascii: separator)) else { return (text, nil) }
        return (text[..<index], text[text.utf8.index(after: index)...])
    }

    /// `string` with the byte ranges `hidden` (in order, apart) replaced by ``replacement``.
    private func replacing(_ hidden: [Range<Int>], in string: String) -> String {
        let bytes = Array(string.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + hidden.count * replacement.utf8.count)
        var copied = 0
        for range in hidden {
            result += bytes[copied..<range.lowerBound]
            result += replacement.utf8
            copied = range.upperBound
        }
        result += bytes[copied...]
        return String(decoding: result, as: UTF8.self)
    }

    /// Appends to `ranges` the values of the hidden fields among the `name=value` pairs, joined by `&`,
    /// of `bytes[start..<end]`.
    private func hiddenValues(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, into ranges: inout [Range<Int>]
    ) {
        var pairStart = start
        while pairStart < end {
            var pairEnd = pairStart
            var equals = -1
            while pairEnd < end, bytes[pairEnd] != UInt8(ascii: "&") {
                if equals < 0, bytes[pairEnd] == UInt8(ascii: "=") { equals = pairEnd }
                pairEnd += 1
            }
            if equals >= 0, hidesFormName(UnsafeBufferPointer(rebasing: bytes[pairStart..<equals])) {
                ranges.append((equals + 1)..<pairEnd)
            }
            pairStart = pairEnd + 1
        }
    }

    /// Whether the form field whose name is `name` (as written: `+` a space, `%XX` escapes) is hidden,
    /// read from its bytes without making a string for the usual, plain ASCII names.
    private func hidesFormName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard
            !name.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") || $0 >= 0x80 })
        else { return hidesFormName(Substring(String(decoding: name, as: UTF8.self))) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: name.count) { buffer in
            for index in 0..<name.count {
                let byte = name[index]
                buffer[index] = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
            }
            let lowercased = UnsafeBufferPointer(buffer)
            for field in fieldNameBytes where field.withUnsafeBufferPointer({ lowercased.containsBytes(of: $0) }) {
                return true
            }
            guard headerNameLengths & 1 << UInt64(min(name.count, 63)) != 0 else { return false }
            return headerNames.contains(String(decoding: lowercased, as: UTF8.self))
        }
    }

    /// `head`, a URL without query or fragment, with the password of its user info replaced; `nil` when
    /// it has none.
    private func redactedUserInfo(_ head: Substring) -> String? {
        guard head.utf8.contains(UInt8(ascii: "@")), let components = URLComponents(string: String(head)),
            var url = components.string, let password = components.rangeOfPassword
        else { return nil }
        url.replaceSubrange(password, with: replacement)
        return url
    }

    /// `query`, a URL query or an `application/x-www-form-urlencoded` body, with the values of hidden
    /// fields replaced; every other byte is kept.
    public func redactedQuery(_ query: String) -> String {
        redactedPairs(query[...]) ?? query
    }

    /// `text` read as `name=value` pairs joined by `&`, with hidden values replaced; `nil` when none is.
    func redactedPairs(_ text: Substring) -> String? {
        guard !hidesNothing, text.utf8.contains(UInt8(ascii: "=")) else { return nil }
        var string = String(text)
        let hidden = string.withUTF8 { bytes in
            var ranges: [Range<Int>] = []
            hiddenValues(in: bytes, from: 0, to: bytes.count, into: &ranges)
            return ranges
        }
        return hidden.isEmpty ? nil : replacing(hidden, in: string)
    }

    /// Whether the form field written `name` is hidden: `+` is a space and `%XX` escapes are decoded.
    func hidesFormName(_ name: Substring) -> Bool {
        // Most names are plain: decode only those that hold a `+` or a `%`.
        guard name.utf8.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) else {
            return hides(String(name))
        }
        let spaced = name.replacingOccurrences(of: "+", with: " ")
        return hides(spaced.removingPercentEncoding ?? spaced)
    }
}
