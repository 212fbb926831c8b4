import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A response whose head has arrived and passed validation, and whose body is read as it comes: what
/// ``Provider/stream(_:)`` returns.
///
/// ```swift
/// let stream = try await provider.stream(.export)
/// print(stream.statusCode, stream.response?.value(forHTTPHeaderField: "Content-Type") ?? "")
/// for try await chunk in stream {
///     try file.write(contentsOf: chunk)
/// }
/// ```
///
/// The body is read once, from one task, in chunks of `Data` as they arrive; a slow reader pauses the
/// transfer instead of letting it pile up in memory. Leaving the loop early (dropping the iterator, or
/// the stream) or cancelling the reading task stops the transfer at once. Errors are ``CourierError``s:
/// ``CourierError/underlying(_:_:)`` with the head attached when the connection fails mid-body, a
/// cancelled error (``CourierError/isCancelled``) when the reading task is cancelled.
///
/// Plugins hear `didReceive` once, when the stream ends, with the head and no body;
/// ``Response/streamedByteCount`` says how many bytes went through. A stream read to its end, or left
/// by a reader that has what it wanted (a loop that breaks, a stream dropped), is a success; one that
/// failed mid-body, or whose reading task was cancelled, is that failure.
public struct StreamedResponse: AsyncSequence, Sendable {
    /// A chunk of the body.
    public typealias Element = Data
    /// What the iteration throws.
    public typealias Failure = CourierError

    /// The HTTP status code.
    public var statusCode: Int { head.statusCode }
    /// The HTTP response: headers, final URL; `nil` for a stub made without one.
    public var response: HTTPURLResponse? { head.response }
    /// The request that was sent, after every plugin and interceptor.
    public var request: URLRequest? { head.request }

    /// The head as a ``Response`` with an empty body.
    let head: Response
    let body: TransportStream.Body
    let ending: StreamEnding

    init(head: Response, body: TransportStream.Body, ending: StreamEnding) {
        self.head = head
        self.body = body
        self.ending = ending
        // A body let go before its end (a reader that has what it wanted) ends the stream for the
        // plugins as a success; one read to its end or failed has ended it already.
        body.whenLetGo { ending.end(nil) }
    }

    /// Starts the one iteration of the body.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: body.makeAsyncIterator(), ending: ending)
    }

    /// Steps through the chunks of the body.
    public struct Iterator: AsyncIteratorProtocol {
        /// A chunk of the body.
        public typealias Element = Data
        /// What `next` throws.
        public typealias Failure = CourierError

        private var base: TransportStream.Body.Iterator
        private let ending: StreamEnding

        init(base: TransportStream.Body.Iterator, ending: StreamEnding) {
            self.base = base
            self.ending = ending
        }

        /// The next chunk, or `nil` once the body has ended.
        public mutating func next() async throws(CourierError) -> Data? {
            do {
                guard let chunk = try await base.next() else {
                    ending.end(nil)
                    return nil
                }
                ending.received(chunk.count)
                return chunk
            } catch {
                throw ending.fail(error)
            }
        }
    }
}

/// The end of one streamed response: counts the bytes that reach the reader and tells the plugins,
/// once, how the stream ended: read to the end or left early by its reader (when its body is let go
/// first; see ``TransportStream/Body/whenLetGo(_:)``), both successes; or failed.
final class StreamEnding: Sendable {
    /// Hears how the stream ended: `nil` for its end, or the error; and the bytes read.
    typealias Report = @Sendable (_ error: CourierError?, _ byteCount: Int64) -> Void

    private let state = Locked((byteCount: Int64(0), isEnded: false))
    private let report: Report
    /// The head, attached to an error that comes mid-body.
    let head: Response

    init(head: Response, report: @escaping Report) {
        self.head = head
        self.report = report
    }

    func received(_ count: Int) {
        state.withLock { $0.byteCount += Int64(count) }
    }

    /// `error` as the ``CourierError`` the reader gets (the head attached), having told the plugins.
    func fail(_ error: any Error) -> CourierError {
        let error = CourierError(error, response: head)
        end(error)
        return error
    }

    /// Tells the plugins how the stream ended, the first time only.
    func end(_ error: CourierError?) {
        let byteCount = state.withLock { state -> Int64? in
            guard !state.isEnded else { return nil }
            state.isEnded = true
            return state.byteCount
        }
        if let byteCount { report(error, byteCount) }
    }

}
