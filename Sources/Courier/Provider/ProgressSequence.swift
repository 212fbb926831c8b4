/// The progress of one request, as ``Provider/requestWithProgress(_:)->ProgressSequence`` reports it: fractions rising to
/// 1.0, the last one `completed` with the ``Response``; the request's failure is thrown as the
/// ``CourierError`` it is.
public struct ProgressSequence: AsyncSequence, Sendable {
    /// One step of the transfer.
    public typealias Element = ProgressResponse
    /// What the iteration throws.
    public typealias Failure = CourierError

    private let stream: AsyncThrowingStream<ProgressResponse, any Error>

    init(stream: AsyncThrowingStream<ProgressResponse, any Error>) {
        self.stream = stream
    }

    /// Starts the iteration; ending it early cancels the request.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: stream.makeAsyncIterator())
    }

    /// Steps through the progress of the request.
    public struct Iterator: AsyncIteratorProtocol {
        /// One step of the transfer.
        public typealias Element = ProgressResponse
        /// What `next` throws.
        public typealias Failure = CourierError

        var base: AsyncThrowingStream<ProgressResponse, any Error>.Iterator

        /// The next step, or `nil` once the request has ended.
        public mutating func next() async throws(CourierError) -> ProgressResponse? {
            do {
                return try await base.next()
            } catch let error as CourierError {
                throw error
            } catch {
                throw .underlying(error, nil)
            }
        }

        /// The next step, or `nil` once the request has ended.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(CourierError)
            -> ProgressResponse?
        {
            do {
                return try await base.next(isolation: actor)
            } catch let error as CourierError {
                throw error
            } catch {
                throw .underlying(error, nil)
            }
        }
    }
}
