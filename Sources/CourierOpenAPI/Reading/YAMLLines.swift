/// Characters, line breaks, comments and indentation: how the YAML parser moves through lines.
extension YAMLParser {
    /// Whether `byte` ends a line.
    @inline(__always) func isBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }

    /// Whether `byte` is a space or a tab.
    @inline(__always) func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// Whether `offset` is past the end or at a space, tab or line break.
    @inline(__always) func isWhitespaceOrEnd(at offset: Int) -> Bool {
        guard offset < bytes.count else { return true }
        let byte = bytes[offset]
        return byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Whether `byte` is one of `,[]{}`.
    @inline(__always) func isFlowIndicator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"): true
        default: false
        }
    }

    /// Moves past the line break at `position` (`\n`, `\r\n` or `\r`), if there is one.
    mutating func skipLineBreak() {
        if current == 0x0D {
            position += 1
            if current == 0x0A { position += 1 }
        } else if current == 0x0A {
            position += 1
        } else {
            return
        }
        lineStart = position
    }

    /// Moves past spaces and tabs.
    @inline(__always) mutating func skipBlanks() {
        while position < bytes.count && isBlank(bytes[position]) { position += 1 }
    }

    /// Whether `position` starts a comment: a `#` at the start of a line or after a space or tab.
    var atComment: Bool {
        current == UInt8(ascii: "#") && (position == lineStart || isBlank(byte(at: position - 1)))
    }

    /// Whether the rest of the line, from `position`, is empty or a comment.
    var atLineEnd: Bool { atEnd || isBreak(current) || atComment }

    /// Moves to the line break (or the end) that ends the line.
    mutating func skipRestOfLine() {
        while position < bytes.count && !isBreak(bytes[position]) { position += 1 }
    }

    /// Whether `position` is at the start of a line, at the document marker `---` (`marker` `-`) or
    /// `...` (`marker` `.`) followed by whitespace.
    func isDocumentMarker(_ marker: UInt8) -> Bool {
        position == lineStart && byte(at: position) == marker && byte(at: position + 1) == marker
            && byte(at: position + 2) == marker && isWhitespaceOrEnd(at: position + 3)
    }

    /// Whether `position` is at a document marker, either one.
    var atDocumentMarker: Bool { isDocumentMarker(UInt8(ascii: "-")) || isDocumentMarker(UInt8(ascii: ".")) }

    /// Whether only spaces come between the start of the line and `position`.
    var atIndentation: Bool {
        var offset = position - 1
        while offset >= lineStart {
            if bytes[offset] != 0x20 { return false }
            offset -= 1
        }
        return true
    }

    /// Moves past the rest of the current line, which may hold only blanks and a comment, and past the
    /// empty and comment lines after it, to the first character of the next line with content, and
    /// returns that line's indentation; `nil` at the end of the document or at a document marker.
    /// When `position` is already in the indentation of a line, that line is the first one looked at.
    /// A tab before a line's content is an error.
    mutating func moveToNextContent() throws(DocumentReadError) -> Int? {
        if !atIndentation {
            skipBlanks()
            // A value has just ended: a `#` here starts a comment even with no blank before it (`'a'#…`
            // after a quoted value, `[a]#…`), as established YAML parsers read it and documents write it.
            if current == UInt8(ascii: "#") { skipRestOfLine() }
            guard atEnd || isBreak(current) else {
                if current == UInt8(ascii: ":") {
                    throw error(
                        "a mapping value is not allowed here (a mapping cannot start on the line of its key, and a "
                            + "plain value cannot contain ': ', quote it)", at: position)
                }
                throw unexpected("the end of the line", at: position)
            }
            skipLineBreak()
        }
        while true {
            while current == 0x20 { position += 1 }
            let indent = position - lineStart
            if current == 0x09 {
                let tab = position
                skipBlanks()
                if !atLineEnd {
                    throw error("a tab is used for indentation here; YAML indents with spaces only", at: tab)
                }
            }
            if atComment { skipRestOfLine() }
            if atEnd { return nil }
            if isBreak(current) {
                skipLineBreak()
                continue
            }
            return atDocumentMarker ? nil : indent
        }
    }

    /// Moves past whitespace, line breaks and comments inside a flow collection. A document marker there
    /// is an error.
    mutating func skipFlowWhitespace() throws(DocumentReadError) {
        while position < bytes.count {
            let byte = bytes[position]
            if isBlank(byte) {
                position += 1
            } else if isBreak(byte) {
                skipLineBreak()
                if atDocumentMarker {
                    throw error("a document marker inside a flow collection (is a ']' or '}' missing?)", at: position)
                }
            } else if byte == UInt8(ascii: "#") {
                // No flow item starts with `#`: it is a comment here even right after a token (`['a'#…`).
                skipRestOfLine()
            } else {
                return
            }
        }
    }
}
