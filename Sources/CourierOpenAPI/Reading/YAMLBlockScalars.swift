/// Literal and folded block scalars.
extension YAMLParser {
    /// A literal (`|`) or folded (`>`) block scalar, at its indicator, inside a node whose collection is
    /// indented `parentIndent`. Its header may give the indentation of its lines (a digit, counted from
    /// `parentIndent`) and its chomping (`-` strips the final line breaks, `+` keeps them all, neither
    /// keeps one). `position` is left at the start of the first line after it.
    mutating func parseBlockScalar(parentIndent: Int, _ properties: YAMLProperties) throws(DocumentReadError)
        -> YAMLParsed
    {
        let scalarLocation = location(at: position)
        let folded = current == UInt8(ascii: ">")
        position += 1
        var chomping: UInt8?
        var increment: Int?
        while !isWhitespaceOrEnd(at: position) {
            let byte = current
            if (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")) && chomping == nil {
                chomping = byte
            } else if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") && increment == nil {
                increment = Int(byte - UInt8(ascii: "0"))
            } else {
                throw error(
                    "a block scalar's header takes a chomping indicator ('-' or '+') and an indentation digit "
                        + "(1 to 9), not \(DocumentText.describe(bytes, at: position))", at: position)
            }
            position += 1
        }
        skipBlanks()
        if atComment { skipRestOfLine() }
        guard atEnd || isBreak(current) else {
            throw unexpected("the end of the block scalar's header line", at: position)
        }
        skipLineBreak()
        let indent = try blockScalarIndent(parentIndent: parentIndent, increment: increment)
        var text: [UInt8] = []
        var breaks = 0
        var hasContent = false
        var lineBreak = false
        var previousMoreIndented = false
        while true {
            let lineBegin = position
            while current == 0x20 && position - lineStart < indent { position += 1 }
            if isBreak(current) {
                breaks += 1
                skipLineBreak()
                continue
            }
            if atEnd || position - lineStart < indent || (indent == 0 && atDocumentMarker) {
                position = lineBegin
                break
            }
            let moreIndented = isBlank(current)
            if hasContent {
                if folded && !previousMoreIndented && !moreIndented {
                    if breaks == 0 { text.append(0x20) }
                } else {
                    text.append(0x0A)
                }
            }
            text.append(contentsOf: repeatElement(0x0A, count: breaks))
            breaks = 0
            hasContent = true
            previousMoreIndented = moreIndented
            let content = position
            skipRestOfLine()
            text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[content..<position]))
            lineBreak = isBreak(current)
            skipLineBreak()
        }
        if chomping != UInt8(ascii: "-") && hasContent && lineBreak { text.append(0x0A) }
        if chomping == UInt8(ascii: "+") { text.append(contentsOf: repeatElement(0x0A, count: breaks)) }
        return try resolve(String(decoding: text, as: UTF8.self), plain: false, properties, at: scalarLocation)
    }

    /// The indentation of a block scalar's lines, from `position` at the start of its first line: the
    /// header's `increment` past `parentIndent`, or that of its first line that is not empty. A leading
    /// empty line with more spaces than that first line is an error. No content line gives `Int.max`.
    mutating func blockScalarIndent(parentIndent: Int, increment: Int?) throws(DocumentReadError) -> Int {
        if let increment { return max(parentIndent, 0) + increment }
        var offset = position
        var widest = 0
        var widestOffset = position
        while true {
            let lineBegin = offset
            while byte(at: offset) == 0x20 { offset += 1 }
            let spaces = offset - lineBegin
            let byte = self.byte(at: offset)
            if byte == 0x0A || byte == 0x0D {
                if spaces > widest { (widest, widestOffset) = (spaces, lineBegin) }
                offset += byte == 0x0D && self.byte(at: offset + 1) == 0x0A ? 2 : 1
                continue
            }
            let minimum = parentIndent + 1
            if offset >= bytes.count || spaces < minimum { return Int.max }
            if spaces > 0 || !isMarker(at: offset) {
                if widest > spaces {
                    throw error(
                        "an empty line at the start of a block scalar has more spaces than its first line of text",
                        at: widestOffset)
                }
                return spaces
            }
            return Int.max
        }
    }

    /// Whether a document marker starts at `offset`, which is at the start of a line.
    func isMarker(at offset: Int) -> Bool {
        let first = byte(at: offset)
        return (first == UInt8(ascii: "-") || first == UInt8(ascii: ".")) && byte(at: offset + 1) == first
            && byte(at: offset + 2) == first && isWhitespaceOrEnd(at: offset + 3)
    }
}
