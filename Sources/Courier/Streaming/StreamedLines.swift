import Foundation

extension StreamedResponse {
    /// The body as lines of text, as they arrive: each line ends with LF or CRLF (not part of the
    /// line), and a last line without one counts too. Bytes that are not UTF-8 read as U+FFFD.
    ///
    /// ```swift
    /// for try await line in try await provider.stream(.logs).lines {
    ///     print(line)
    /// }
    /// ```
    ///
    /// A line longer than 1 MiB fails the iteration with ``CourierError/underlying(_:_:)``, so that a
    /// body without line ends cannot fill the memory.
    public var lines: StreamedLines {
        StreamedLines(stream: self)
    }

    /// The body as one `T` per line (newline-delimited JSON, say), decoded as the lines arrive; lines
    /// that are empty or only white space are skipped.
    ///
    /// ```swift
    /// for try await change in try await provider.stream(.changes).lines(decoding: Change.self) {
    ///     apply(change)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type of each line.
    ///   - decoder: The decoder. Default: a new `JSONDecoder`.
    /// - Returns: A sequence whose iteration fails with ``CourierError/objectMapping(_:_:)`` (the line as
    ///   the response's ``Response/data``) at a line that does not decode.
    public func lines<T: Decodable>(
        decoding type: T.Type, using decoder: JSONDecoder = JSONDecoder()
    ) -> DecodedLines<T> {
        DecodedLines(stream: self, decoder: decoder, separator: LineSplitter.lineFeed)
    }

    /// The body as a JSON text sequence (RFC 7464, `application/json-seq`): one `T` per record, each
    /// record the JSON text after an RS (U+001E), decoded as the records arrive; a JSON text may span
    /// lines. Records that are empty or only white space are skipped.
    ///
    /// ```swift
    /// for try await feature in try await provider.stream(.features).records(decoding: Feature.self) {
    ///     draw(feature)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type of each record.
    ///   - decoder: The decoder. Default: a new `JSONDecoder`.
    /// - Returns: A sequence whose iteration fails with ``CourierError/objectMapping(_:_:)`` (the record
    ///   as the response's ``Response/data``) at a record that does not decode, and with
    ///   ``CourierError/underlying(_:_:)`` at one longer than 1 MiB.
    public func records<T: Decodable>(
        decoding type: T.Type, using decoder: JSONDecoder = JSONDecoder()
    ) -> DecodedLines<T> {
        DecodedLines(stream: self, decoder: decoder, separator: LineSplitter.recordSeparator)
    }
}

/// The body of a ``StreamedResponse`` as lines of text: see ``StreamedResponse/lines``.
public struct StreamedLines: AsyncSequence, Sendable {
    /// A line, without its line end.
    public typealias Element = String
    /// What the iteration throws.
    public typealias Failure = CourierError

    let stream: StreamedResponse

    /// Starts the one iteration of the body.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: LineIterator(stream: stream))
    }

    /// Steps through the lines of the body.
    public struct Iterator: AsyncIteratorProtocol {
        /// A line, without its line end.
        public typealias Element = String
        /// What `next` throws.
        public typealias Failure = CourierError

        var base: LineIterator

        /// The next line, or `nil` once the body has ended.
        public mutating func next() async throws(CourierError) -> String? {
            try await base.next().map { String(decoding: $0, as: UTF8.self) }
        }
    }
}

/// The body of a ``StreamedResponse`` decoded line by line, or record by record: see
/// ``StreamedResponse/lines(decoding:using:)`` and ``StreamedResponse/records(decoding:using:)``.
public struct DecodedLines<T: Decodable>: AsyncSequence, Sendable {
    /// A decoded line.
    public typealias Element = T
    /// What the iteration throws.
    public typealias Failure = CourierError

    let stream: StreamedResponse
    let decoder: JSONDecoder
    /// The byte that ends each value: LF, or RS for a JSON text sequence.
    let separator: UInt8

    /// Starts the one iteration of the body.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: LineIterator(stream: stream, separator: separator), decoder: decoder, head: stream.head)
    }

    /// Steps through the decoded lines of the body.
    public struct Iterator: AsyncIteratorProtocol {
        /// A decoded line.
        public typealias Element = T
        /// What `next` throws.
        public typealias Failure = CourierError

        var base: LineIterator
        let decoder: JSONDecoder
        let head: Response

        /// The next decoded line, or `nil` once the body has ended.
        public mutating func next() async throws(CourierError) -> T? {
            while let line = try await base.next() {
                if line.isJSONWhiteSpace { continue }
                do {
                    return try decoder.decode(T.self, from: line)
                } catch {
                    throw .objectMapping(
                        error,
                        Response(
                            statusCode: head.statusCode, data: line, request: head.request, response: head.response))
                }
            }
            return nil
        }
    }
}

/// The lines of a ``StreamedResponse`` as bytes, split by ``LineSplitter`` as the chunks arrive.
struct LineIterator {
    private var chunks: StreamedResponse.Iterator
    private let head: Response
    private var splitter: LineSplitter
    private var pending: [Data] = []
    private var index = 0
    private var isFinished = false

    init(stream: StreamedResponse, separator: UInt8 = LineSplitter.lineFeed) {
        chunks = stream.makeAsyncIterator()
        head = stream.head
        splitter = LineSplitter(separator: separator)
    }

    mutating func next() async throws(CourierError) -> Data? {
        while true {
            if index < pending.count {
                defer { index += 1 }
                return pending[index]
            }
            guard !isFinished else { return nil }
            pending = []
            index = 0
            let chunk = try await chunks.next()
            do throws(LineTooLong) {
                if let chunk {
                    pending = try splitter.consume(chunk)
                } else {
                    isFinished = true
                    pending = try splitter.finish()
                }
            } catch {
                isFinished = true
                throw .underlying(error, head)
            }
        }
    }
}
