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
    func redactedURLString(_ string: String) -> String {
        guard !hidesNothing else { return string }
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
        // One pass; text is copied only once a pair turns out to be hidden (most URLs hold none).
        let bytes = text.utf8
        var result = ""
        var copied = bytes.startIndex
        var pairStart = bytes.startIndex
        var equals: String.Index?
        func endPair(at end: String.Index) {
            guard let equals, hidesFormName(text[pairStart..<equals]) else { return }
            let value = bytes.index(after: equals)
            result += text[copied..<value]
            result += replacement
            copied = end
        }
        var index = bytes.startIndex
        while index < bytes.endIndex {
            switch bytes[index] {
            case UInt8(ascii: "&"):
                endPair(at: index)
                pairStart = bytes.index(after: index)
                equals = nil
            case UInt8(ascii: "=") where equals == nil:
                equals = index
            default:
                break
            }
            index = bytes.index(after: index)
        }
        endPair(at: bytes.endIndex)
        return copied == bytes.startIndex ? nil : result + text[copied...]
    }

    /// Whether the form field written `name` is hidden: `+` is a space and `%XX` escapes are decoded.
    private func hidesFormName(_ name: Substring) -> Bool {
        // Most names are plain: decode only those that hold a `+` or a `%`.
        guard name.utf8.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) else {
            return hides(String(name))
        }
        let spaced = name.replacingOccurrences(of: "+", with: " ")
        return hides(spaced.removingPercentEncoding ?? spaced)
    }

    // MARK: Free text

    /// `text`, a body or any message, redacted as ``redactedBody(_:contentType:)`` reads it; then the
    /// `name=value` pairs and URL passwords found anywhere in it (an error message quoting a failing
    /// URL: `…/login?token=abc, NSErrorFailingURLKey=…`) are redacted too.
    public func redactedText(_ text: String) -> String {
        redactedEmbeddedSecrets(redactedString(text) ?? text)
    }

    /// `text` with the value of every hidden `name=value` pair found anywhere in it replaced, and the
    /// password of every `scheme://user:password@`: for messages, whose pairs are not laid out as a form
    /// (`Error …{NSErrorFailingURLStringKey=https://h/login?token=abc, …}`).
    ///
    /// A name is a run of letters, digits and `_ . [ ] % -` just before a `=`; a value runs up to white
    /// space or one of `& , ; " ' ) } > #`. One pass over the bytes, however long or odd the text (a
    /// regular expression here backtracked on long runs of name characters, past what ICU allows).
    func redactedEmbeddedSecrets(_ text: String) -> String {
        guard !hidesNothing else { return text }
        let bytes = text.utf8
        var result = ""
        var copied = bytes.startIndex
        /// The end of the value starting at `start`; the last one found serves every start before it.
        var valueEnd = bytes.startIndex
        func endOfValue(from start: String.Index, stoppingAt stops: (UInt8) -> Bool) -> String.Index {
            var end = start
            while end < bytes.endIndex, !stops(bytes[end]) { end = bytes.index(after: end) }
            return end
        }
        func hide(_ value: Range<String.Index>) {
            guard value.lowerBound > copied, !value.isEmpty, !text[value.lowerBound...].hasPrefix(replacement)
            else { return }
            result += text[copied..<value.lowerBound] + replacement
            copied = value.upperBound
        }
        var index = bytes.startIndex
        var nameStart = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            let next = bytes.index(after: index)
            if byte == UInt8(ascii: "="), nameStart < index {
                if valueEnd < next { valueEnd = endOfValue(from: next, stoppingAt: Self.endsValue) }
                let name = String(text[nameStart..<index])
                let decoded = name.utf8.contains(UInt8(ascii: "%")) ? name.removingPercentEncoding : nil
                if hides(decoded ?? name) { hide(next..<valueEnd) }
            } else if byte == UInt8(ascii: ":"), text[next...].hasPrefix("//") {
                // `://user:password@`: the user runs up to `:`, the password up to `@`.
                let userStart = bytes.index(next, offsetBy: 2)
                let userEnd = endOfValue(from: userStart) {
                    Self.endsValue($0) || $0 == 0x2F || $0 == 0x40 || $0 == 0x3A
                }
                if userEnd > userStart, userEnd < bytes.endIndex, bytes[userEnd] == UInt8(ascii: ":") {
                    let passwordStart = bytes.index(after: userEnd)
                    let passwordEnd = endOfValue(from: passwordStart) { Self.endsValue($0) || $0 == 0x2F || $0 == 0x40 }
                    if passwordEnd < bytes.endIndex, bytes[passwordEnd] == UInt8(ascii: "@") {
                        hide(passwordStart..<passwordEnd)
                    }
                }
            }
            if !Self.isNameByte(byte) { nameStart = next }
            index = next
        }
        return copied == bytes.startIndex ? text : result + text[copied...]
    }

    /// Whether `byte` may be part of a name: a letter, a digit or one of `_ . [ ] % -`.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "["),
            UInt8(ascii: "]"), UInt8(ascii: "%"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    /// Whether `byte` ends a value: white space or one of `& , ; " ' ) } > #`.
    private static func endsValue(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x09...0x0D, 0x20, UInt8(ascii: "&"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\""),
            UInt8(ascii: "'"), UInt8(ascii: ")"), UInt8(ascii: "}"), UInt8(ascii: ">"), UInt8(ascii: "#"):
            true
        default:
            false
        }
    }
}
