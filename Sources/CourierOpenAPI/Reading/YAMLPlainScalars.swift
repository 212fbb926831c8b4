/// Plain (unquoted) scalars, over one line or more.
extension YAMLParser {
    /// Whether a plain scalar can start at `position`: not at an indicator, except `-`, `?` and `:`
    /// followed by a character that is not whitespace (nor, in a flow collection, a flow indicator).
    func canStartPlain(flow: Bool) -> Bool {
        guard position < bytes.count else { return false }
        switch bytes[position] {
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"):
            return !isWhitespaceOrEnd(at: position + 1) && !(flow && isFlowIndicator(byte(at: position + 1)))
        case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
            UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"),
            UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"),
            UInt8(ascii: "`"), 0x20, 0x09, 0x0A, 0x0D:
            return false
        default:
            return true
        }
    }

    /// Reads the rest of a plain scalar's line from `position`: up to `: ` (in a flow collection also
    /// `:` before a flow indicator, and flow indicators), ` #`, or the line's end. Returns the offset
    /// after its last character that is not a blank, where `position` is left too.
    mutating func scanPlainLine(flow: Bool) -> Int {
        var end = position
        let count = bytes.count
        while position < count {
            let byte = bytes[position]
            if byte == 0x20 || byte == 0x09 {
                if self.byte(at: position + 1) == UInt8(ascii: "#") { break }
                position += 1
                continue
            }
            if byte == 0x0A || byte == 0x0D { break }
            if byte == UInt8(ascii: ":")
                && (isWhitespaceOrEnd(at: position + 1) || (flow && isFlowIndicator(self.byte(at: position + 1))))
            {
                break
            }
            if flow && isFlowIndicator(byte) { break }
            position += 1
            end = position
        }
        position = end
        return end
    }

    /// A plain scalar whose first line `first` was read, with the lines that continue it (in block
    /// context, those indented more than `parentIndent`) folded in: one line break between two lines
    /// is a space, each further one a line feed. `position` is left after its last character.
    mutating func continuePlain(_ first: String, parentIndent: Int, flow: Bool) throws(DocumentReadError)
        -> String
    {
        var text: [UInt8]?
        while true {
            let saved = (position, lineStart)
            skipBlanks()
            guard isBreak(current) else {
                position = saved.0
                break
            }
            var breaks = 0
            var indent = 0
            repeat {
                skipLineBreak()
                breaks += 1
                while current == 0x20 { position += 1 }
                indent = position - lineStart
                skipBlanks()
            } while isBreak(current)
            let lineContent = position
            let ends =
                atEnd || atComment || (!flow && indent <= parentIndent)
                || (indent == 0 && lineContent == lineStart && atDocumentMarker)
            let end = ends ? lineContent : scanPlainLine(flow: flow)
            guard end > lineContent else {
                (position, lineStart) = saved
                break
            }
            if text == nil { text = Array(first.utf8) }
            if breaks == 1 {
                text?.append(0x20)
            } else {
                text?.append(contentsOf: repeatElement(0x0A, count: breaks - 1))
            }
            text?.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[lineContent..<end]))
        }
        guard let text else { return first }
        return String(decoding: text, as: UTF8.self)
    }
}
