import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A response whose head has arrived and whose body is still coming: what ``Transport/stream(_:)``
/// hands back.
///
/// The body is read once, from one task, as chunks of `Data` in the order they came. Ending the
/// iteration early (dropping the iterator, or the stream itself) or cancelling the reading task stops
/// the transfer at once.
public struct TransportStream: Sendable {
    /// The HTTP status code.
    public var statusCode: Int
    /// The HTTP response (headers, final URL), when there is one.
    public var response: HTTPURLResponse? { source.response }
    var source: HTTPResponseSource
    /// The body, as it arrives.
    public let body: Body

    /// A stream whose body comes from `body`, for transports of your own.
    ///
    /// - Parameters:
    ///   - response: The response head.
    ///   - body: The body's chunks; its termination handler should stop the transfer.
    public init(response: HTTPURLResponse, body: AsyncThrowingStream<Data, any Error>) {
        statusCode = response.statusCode
        source = .built(response)
        self.body = Body(.stream(body))
    }

    /// A stream of a response that has already arrived whole: its body is one chunk.
    public init(_ response: TransportResponse) {
        statusCode = response.statusCode
        source = response.source
        body = Body(.buffer(StreamBuffer(chunks: [response.data])))
    }

    /// A stream whose body a transport fills through `buffer`.
    init(statusCode: Int, source: HTTPResponseSource, buffer: StreamBuffer) {
        self.statusCode = statusCode
        self.source = source
        body = Body(.buffer(buffer))
    }

    /// The body of a ``TransportStream``: chunks of `Data` as they arrive.
    public struct Body: AsyncSequence, Sendable {
        /// A chunk of the body.
        public typealias Element = Data

        enum Source: Sendable {
            case buffer(StreamBuffer)
            case stream(AsyncThrowingStream<Data, any Error>)
        }

        /// Stops the transfer when the last copy of the body goes, read or not.
        private let owner: Owner

        init(_ source: Source) {
            owner = Owner(source)
        }

        var source: Source { owner.source }

        /// Starts the one iteration of the body.
        public func makeAsyncIterator() -> Iterator {
            Iterator(owner: owner)
        }

        /// Steps through the chunks of the body.
        public struct Iterator: AsyncIteratorProtocol {
            private let owner: Owner
            private let ending: Ending
            private var base: AsyncThrowingStream<Data, any Error>.Iterator?

            init(owner: Owner) {
                self.owner = owner
                ending = Ending(owner)
                if case .stream(let stream) = owner.source { base = stream.makeAsyncIterator() }
            }

            /// The next chunk, or `nil` once the body has ended.
            public mutating func next() async throws -> Data? {
                if var base {
                    defer { self.base = base }
                    return try await base.next()
                }
                guard case .buffer(let buffer) = owner.source else { return nil }
                return try await buffer.next()
            }
        }

        /// Runs `handler` once, when the body is let go: its iterator or its last copy goes, whether
        /// read to the end or not (a reader that stopped early). Any handler set before is replaced.
        func whenLetGo(_ handler: @escaping @Sendable () -> Void) {
            owner.letGo.withLock { $0 = handler }
        }

        /// Holds the body's source; stops the transfer when it goes.
        final class Owner: Sendable {
            let source: Source
            /// Runs once, when the body is let go (see ``whenLetGo(_:)``).
            let letGo = Locked<(@Sendable () -> Void)?>(nil)

            init(_ source: Source) {
                self.source = source
            }

            func stop() {
                if case .buffer(let buffer) = source { buffer.terminate() }
                let handler = letGo.withLock { handler in
                    defer { handler = nil }
                    return handler
                }
                handler?()
            }

            deinit {
                stop()
            }
        }

        /// Stops the transfer when the iterator goes.
        final class Ending: Sendable {
            let owner: Owner

            init(_ owner: Owner) {
                self.owner = owner
            }

            deinit {
                owner.stop()
            }
        }
    }
}

extension Transport {
    /// Sends `request` with ``send(_:)`` and hands back its response once it has arrived whole, its body
    /// as one chunk: the default for transports that cannot stream.
    public func stream(_ request: TransportRequest) async throws -> TransportStream {
        TransportStream(try await send(request))
    }
}

extension TransportStream.Body {
    /// A body with no bytes.
    static var empty: Self { Self(.buffer(StreamBuffer(chunks: []))) }

    /// `data` in chunks of `size` bytes.
    init(chunksOf data: Data, size: Int) {
        var chunks: [Data] = []
        var offset = data.startIndex
        while offset < data.endIndex {
            let end = data.index(offset, offsetBy: size, limitedBy: data.endIndex) ?? data.endIndex
            chunks.append(data[offset..<end])
            offset = end
        }
        self.init(.buffer(StreamBuffer(chunks: chunks)))
    }

    /// Up to `limit` bytes from the start of the body; the rest is not read (the transfer stops when
    /// the body goes).
    func prefix(_ limit: Int) async -> Data {
        var start = Data()
        var iterator = makeAsyncIterator()
        while start.count < limit, let chunk = try? await iterator.next() {
            start.append(chunk.prefix(limit - start.count))
        }
        return start
    }
}
