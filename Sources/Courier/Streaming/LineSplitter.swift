import Foundation

/// Splits a byte stream into lines as its chunks arrive: a line ends with LF or CRLF, wherever the
/// chunks are cut (a CR ending one chunk and the LF starting the next are one line end).
///
/// A CR not followed by LF is not a line end: it stays in the line (at the very end of the stream, in
/// the last line). Lines are returned without their line end, as the bytes arrived (no decoding).
///
/// A line longer than ``maximumLineLength`` bytes (line end not counted) stops the splitter with
/// ``LineTooLong``, so that a stream without line ends cannot fill the memory: see ``consume(_:)``.
///
/// Split by another byte than LF (``recordSeparator``, for JSON text sequences), the pieces between two
/// of them are returned as they are, CRs and LFs included.
struct LineSplitter: Sendable {
    /// The default limit of ``maximumLineLength``: 1 MiB.
    static let defaultMaximumLineLength = 1 << 20

    /// The longest line accepted, in bytes, without its line end.
    let maximumLineLength: Int

    /// The byte that ends a line: LF, or ``recordSeparator``.
    let separator: UInt8

    /// The bytes of the line not yet ended.
    private var pending: [UInt8] = []

    /// A splitter at the start of a stream.
    ///
    /// - Parameters:
    ///   - maximumLineLength: The longest line accepted, in bytes, without its line end (a negative value
    ///     counts as 0).
    ///   - separator: The byte that ends a line: LF (a CR before it is part of the line end), or another
    ///     that is the line end alone.
    init(maximumLineLength: Int = LineSplitter.defaultMaximumLineLength, separator: UInt8 = LineSplitter.lineFeed) {
        self.maximumLineLength = max(0, maximumLineLength)
        self.separator = separator
    }

    /// Reads the next chunk of the stream and returns the lines it ends, in order, without their line
    /// ends.
    ///
    /// - Throws: ``LineTooLong`` when a line of the chunk, or the line it leaves unfinished, is longer
    ///   than ``maximumLineLength``. The lines the chunk ended before it are not returned; the stream
    ///   is meant to stop there. The splitter is then empty, as after ``finish()``.
    mutating func consume(_ chunk: Data) throws(LineTooLong) -> [Data] {
        var lines: [Data] = []
        // A CR before the line end is part of it only when the line end is LF.
        let endsWithCR = separator == Self.lineFeed
        let result: Result<Void, LineTooLong> = chunk.withUnsafeBytes { raw in
            let bytes = raw.assumingMemoryBound(to: UInt8.self)
            var lineStart = 0
            while lineStart < bytes.count,
                let lineEnd = UnsafeBufferPointer(rebasing: bytes[lineStart...]).firstIndex(of: separator)
            {
                let end = lineStart + lineEnd
                let tail = UnsafeBufferPointer(rebasing: bytes[lineStart..<end])
                lineStart = end + 1
                let line: Data
                if pending.isEmpty {
                    line = Data(
                        endsWithCR && tail.last == Self.carriageReturn
                            ? UnsafeBufferPointer(rebasing: tail.dropLast()) : tail)
                } else {
                    pending.append(contentsOf: tail)
                    if endsWithCR, pending.last == Self.carriageReturn { pending.removeLast() }
                    line = Data(pending)
                    pending.removeAll(keepingCapacity: true)
                }
                guard line.count <= maximumLineLength else { return .failure(LineTooLong(limit: maximumLineLength)) }
                lines.append(line)
            }
            if lineStart < bytes.count {
                pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[lineStart...]))
            }
            // A CR ending the chunk may be the start of a CRLF: it is not counted yet.
            let length = endsWithCR && pending.last == Self.carriageReturn ? pending.count - 1 : pending.count
            guard length <= maximumLineLength else { return .failure(LineTooLong(limit: maximumLineLength)) }
            return .success(())
        }
        if case .failure(let error) = result {
            pending = []
            throw error
        }
        return lines
    }

    /// Ends the stream: returns its last line when it has one not ended by a line end (and not empty),
    /// and makes the splitter ready for a new stream.
    ///
    /// - Throws: ``LineTooLong`` when that line, with the CR it may end with, is longer than
    ///   ``maximumLineLength``.
    mutating func finish() throws(LineTooLong) -> [Data] {
        defer { pending = [] }
        guard !pending.isEmpty else { return [] }
        guard pending.count <= maximumLineLength else { throw LineTooLong(limit: maximumLineLength) }
        return [Data(pending)]
    }

    /// LF, the line end of text.
    static let lineFeed = UInt8(ascii: "\n")
    /// RS (U+001E), which starts each JSON text of a JSON text sequence (RFC 7464, `application/json-seq`).
    static let recordSeparator: UInt8 = 0x1E
    private static let carriageReturn = UInt8(ascii: "\r")
}

/// A line of a streamed body was longer than a ``LineSplitter``'s ``LineSplitter/maximumLineLength``.
///
/// A request reading lines fails with it as ``CourierError/underlying(_:_:)``.
struct LineTooLong: Error, LocalizedError, Sendable, Equatable {
    /// The limit, in bytes.
    let limit: Int

    /// A sentence naming the limit.
    var errorDescription: String? {
        "A line of the response body is longer than the limit of \(limit) bytes; the stream was stopped there."
    }
}
