/// Names the line and column of any byte offset of a document: its line starts are found once, and
/// columns (in Unicode scalars) are counted on from the last offset asked for on the same line, so the
/// readers, which ask in increasing order, count each line once however long it is.
struct TextLocator {
    /// The file named in every location.
    let file: String
    /// The document's bytes.
    private let bytes: UnsafeBufferPointer<UInt8>
    /// The offset at which each line starts, in order (the first is 0). A line ends at `\n`, at `\r\n`
    /// or at a lone `\r`.
    private var lineStarts: [Int] = [0]
    /// The line (an index of `lineStarts`), offset and column last counted.
    private var counted = (line: 0, offset: 0, column: 1)

    /// A locator for `bytes`, read from `file`.
    init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.file = file
        var offset = 0
        let count = bytes.count
        while offset < count {
            let byte = bytes[offset]
            offset += 1
            if byte == 0x0A {
                lineStarts.append(offset)
            } else if byte == 0x0D {
                if offset < count && bytes[offset] == 0x0A { offset += 1 }
                lineStarts.append(offset)
            }
        }
    }

    /// The line (from 0) that `offset` is on.
    private func lineIndex(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Where `offset` is (an offset past the end is the end).
    mutating func location(at offset: Int) -> SourceLocation {
        let offset = max(0, min(offset, bytes.count))
        let line = lineIndex(of: offset)
        if line != counted.line || offset < counted.offset {
            counted = (line, lineStarts[line], 1)
        }
        var column = counted.column
        var index = counted.offset
        while index < offset {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        counted = (line, offset, column)
        return SourceLocation(file: file, line: line + 1, column: column)
    }

    /// An error saying `message` at `offset`.
    mutating func error(_ message: String, at offset: Int) -> DocumentReadError {
        DocumentReadError(message: message, location: location(at: offset))
    }
}
