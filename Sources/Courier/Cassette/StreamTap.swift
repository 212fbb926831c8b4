import Foundation

/// Reads a streamed body for its one reader, keeping a copy of each piece and the pause before it, and
/// hands them over once: when the body ends, fails, or its reader stops (the tap goes away).
///
/// `@unchecked Sendable`: only ``next()`` touches the state, and the one `AsyncThrowingStream` that
/// calls it calls it one call at a time.
final class StreamTap: @unchecked Sendable {
    private var iterator: TransportStream.Body.Iterator
    private var body = Data()
    private var chunks: [HAR.Chunk] = []
    private var last = ContinuousClock.now
    private var done: (@Sendable (Data, [HAR.Chunk], (any Error)?) -> Void)?
    private let settled: @Sendable () async -> Void

    /// A tap on `body` that calls `done` with the body read, its pieces, and the error it failed with;
    /// the body's end or failure reaches its reader once `settled` has returned (the recording is
    /// written by then).
    init(
        _ body: TransportStream.Body, done: @escaping @Sendable (Data, [HAR.Chunk], (any Error)?) -> Void,
        settled: @escaping @Sendable () async -> Void
    ) {
        iterator = body.makeAsyncIterator()
        self.done = done
        self.settled = settled
    }

    /// The next piece of the body, or `nil` at its end.
    func next() async throws -> Data? {
        do {
            guard let chunk = try await iterator.next() else {
                finish(nil)
                await settled()
                return nil
            }
            let now = ContinuousClock.now
            chunks.append(HAR.Chunk(size: chunk.count, delay: (now - last).milliseconds))
            last = now
            body.append(chunk)
            return chunk
        } catch {
            finish(error)
            await settled()
            throw error
        }
    }

    private func finish(_ error: (any Error)?) {
        let done = done
        self.done = nil
        done?(body, chunks, error)
    }

    deinit {
        finish(nil)
    }
}
