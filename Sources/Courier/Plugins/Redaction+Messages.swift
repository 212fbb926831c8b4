/// Redaction of secrets written inside free text, such as an error message that quotes a URL.
extension Redaction {
    /// `text` with the value of every hidden `name=value` pair found anywhere in it replaced, and the
    /// password of every `scheme://user:password@host` in it.
    ///
    /// A name is the run of letters, digits and `_ - . [ ] %` just before an `=`; its value runs up to
    /// white space or one of `& , ; " ' ) } > #`. Used for messages, whose pairs are not laid out as
    /// a form: `Error …{NSErrorFailingURLStringKey=https://h/login?token=abc, …}`.
    func redactedEmbeddedSecrets(_ text: String) -> String {
        guard !headerNames.isEmpty || !fieldNames.isEmpty else { return text }
        let bytes = Array(text.utf8)
        guard bytes.contains(UInt8(ascii: "=")) || bytes.contains(UInt8(ascii: "@")) else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var changed = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "="), let end = hiddenValueEnd(after: index, in: bytes, written: output) {
                output.append(byte)
                output.append(contentsOf: replacement.utf8)
                index = end
                changed = true
                continue
            }
            if byte == UInt8(ascii: ":"), let passwordEnd = userInfoPasswordEnd(at: index, in: bytes) {
                output.append(byte)
                output.append(contentsOf: replacement.utf8)
                index = passwordEnd
                changed = true
                continue
            }
            output.append(byte)
            index += 1
        }
        return changed ? String(decoding: output, as: UTF8.self) : text
    }

    /// Where the value after the `=` at `equals` ends, when the name written just before it is hidden.
    private func hiddenValueEnd(after equals: Int, in bytes: [UInt8], written: [UInt8]) -> Int? {
        var nameStart = written.count
        while nameStart > 0, Self.isNameByte(written[nameStart - 1]) {
            nameStart -= 1
        }
        guard nameStart < written.count else { return nil }
        let written = String(decoding: written[nameStart...], as: UTF8.self)
        guard hidesField(written.removingPercentEncoding ?? written),
            !bytes[(equals + 1)...].starts(with: replacement.utf8)  // already hidden
        else { return nil }
        var end = equals + 1
        while end < bytes.count, !Self.endsValue(bytes[end]) {
            end += 1
        }
        return end
    }

    /// For the `:` at `colon` that separates the user and the password of a URL's user info
    /// (`scheme://user:password@host`), where the password ends (at the `@`).
    private func userInfoPasswordEnd(at colon: Int, in bytes: [UInt8]) -> Int? {
        // The user runs back to `://`, without white space, `/` or `@`.
        var userStart = colon
        while userStart > 0, !Self.endsValue(bytes[userStart - 1]), bytes[userStart - 1] != UInt8(ascii: "/"),
            bytes[userStart - 1] != UInt8(ascii: "@")
        {
            userStart -= 1
        }
        guard userStart >= 3, bytes[userStart - 3..<userStart].elementsEqual("://".utf8), userStart < colon else {
            return nil
        }
        var end = colon + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "@") {
            if Self.endsValue(bytes[end]) || bytes[end] == UInt8(ascii: "/") { return nil }
            end += 1
        }
        guard end < bytes.count, end > colon + 1, !bytes[(colon + 1)..<end].elementsEqual(replacement.utf8) else {
            return nil
        }
        return end
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "%"):
            true
        default:
            false
        }
    }

    private static func endsValue(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: "&"),
            UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: ")"),
            UInt8(ascii: "}"), UInt8(ascii: ">"), UInt8(ascii: "#"):
            true
        default:
            false
        }
    }
}
