import Foundation

/// Free text: messages and bodies searched for `name=value` pairs and URL passwords wherever they stand.
extension Redaction {
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
