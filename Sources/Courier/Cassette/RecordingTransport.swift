import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ``Transport`` that sends every request through another and writes each exchange to a HAR 1.2 file:
/// a cassette that ``ReplayTransport`` answers from later, without a network.
///
/// ```swift
/// let transport = RecordingTransport(
///     recording: URLSessionTransport(),
///     to: URL(fileURLWithPath: "Cassettes/login.har"))
/// let provider = Provider<Auth>(transport: transport)
/// ```
///
/// Each exchange is in the file by the time its response is returned: the file is written anew after
/// every exchange, into a temporary file renamed over the old one, so a crash leaves the last whole
/// file. Concurrent requests are written in the order they started. The file starts empty: what it
/// held before the first exchange is replaced (a ``Cassette`` in the mode
/// ``CassetteMode/recordNewEpisodes`` adds to it instead).
///
/// An entry holds the request (method, URL, headers, query, cookies, body as text or base64 with its
/// MIME type and, for a form, its fields), the response (status, headers, cookies, the body as the
/// client read it, redirect URL), the timings of its ``TransferMetrics``, the server's address and the
/// HTTP version. A download's body is read from its file; a streamed body is recorded when it ends,
/// with the size and pause of each piece (`_chunks`), so that a replay can pace it. A request that
/// failed without a response is recorded with status 0 and its error (`_error`, `_errorCode`); a
/// cancelled one is not recorded.
///
/// Secrets never reach the file: ``redaction`` replaces, as the logger does, the values of credential
/// and cookie headers and of query, form, multipart and JSON fields named like secrets (in requests and
/// responses alike) with its placeholder, `<redacted>` by default, always the same one, so that a
/// recording made again differs only where the exchange did. A replay matches a placeholder with any
/// value.
public final class RecordingTransport: Transport {
    /// The file the exchanges are written to.
    public let file: URL
    /// What is hidden, and what stands in its place.
    public let redaction: Redaction
    private let transport: any Transport
    private let recording: Locked<Recording>
    /// Where entries are made and the file written, one exchange after another: off Swift's cooperative
    /// pool, as an atomic write ends with `fsync`, which can take long on a busy disk.
    private let writer = DispatchQueue(label: "Courier.RecordingTransport")

    /// The file's contents, and a place for every exchange under way in the order it started.
    private struct Recording {
        var cassette: CassetteFile
        /// One per exchange started: its entry once it has ended, `nil` while it runs or if it was
        /// cancelled.
        var slots: [OpenAPIValue?] = []
    }

    /// Creates a transport that sends through `transport` and records every exchange to `file`.
    ///
    /// - Parameters:
    ///   - transport: The transport that sends the requests.
    ///   - file: The HAR file to write; its folder is made if need be, and its contents are replaced at
    ///     the first exchange.
    ///   - redaction: What is hidden from the file. Default: ``Redaction/default`` (credentials,
    ///     cookies, API keys, tokens, passwords); add names with ``Redaction/adding(headerNames:fieldNames:)``.
    public convenience init(recording transport: any Transport, to file: URL, redaction: Redaction = .default) {
        self.init(
            recording: transport, into: CassetteFile(new: file, placeholder: redaction.replacement),
            redaction: redaction)
    }

    /// Creates a transport that records after the entries `cassette` already holds.
    init(recording transport: any Transport, into cassette: CassetteFile, redaction: Redaction) {
        self.transport = transport
        file = cassette.url
        self.redaction = redaction
        recording = Locked(Recording(cassette: cassette))
    }

    /// Sends `request` through the recorded transport and writes the exchange before returning its
    /// response.
    ///
    /// - Throws: What the recorded transport throws (the failure is recorded first, unless it is a
    ///   cancellation); ``CourierError/underlying(_:_:)`` with ``CassetteError/cannotWrite(_:reason:)``
    ///   when the file cannot be written.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let exchange = start(request)
        let response: TransportResponse
        do {
            response = try await transport.send(request)
        } catch {
            try await record(exchange, failure: error) { nil }
            throw error
        }
        do {
            try await record(exchange, failure: nil) { CassetteSeam.answer(of: response) }
        } catch {
            if let file = response.fileURL { TemporaryFiles.remove(file) }
            throw error
        }
        return response
    }

    /// Opens `request` through the recorded transport and hands its body on as it arrives; the exchange
    /// is written when the body ends (or its reader stops: then with what was read).
    ///
    /// - Throws: What the recorded transport throws, recorded first unless it is a cancellation.
    public func stream(_ request: TransportRequest) async throws -> TransportStream {
        let exchange = start(request)
        let stream: TransportStream
        do {
            stream = try await transport.stream(request)
        } catch {
            try await record(exchange, failure: error) { nil }
            throw error
        }
        let tap = StreamTap(stream.body) { [self] body, chunks, failure in
            // A reader that stopped early (cancelled) leaves the body it read: that is recorded.
            let failure = failure.flatMap { CourierError.isCancellation($0) ? nil : $0 }
            writer.async {
                try? self.finish(
                    exchange, answer: CassetteSeam.answer(of: stream, body: body, chunks: chunks), failure: failure)
            }
        } settled: { [writer] in
            await withCheckedContinuation { continuation in writer.async { continuation.resume() } }
        }
        return try CassetteSeam.stream(stream, body: AsyncThrowingStream { try await tap.next() })
    }

    /// An exchange under way: its place in the file, the request, and when it started.
    private struct Exchange: Sendable {
        let slot: Int
        let request: URLRequest
        let body: Data?
        let started: Date
        let clock: ContinuousClock.Instant
    }

    /// Takes the next place in the file for `request`.
    private func start(_ request: TransportRequest) -> Exchange {
        let slot = recording.withLock { recording in
            recording.slots.append(nil)
            return recording.slots.count - 1
        }
        return Exchange(
            slot: slot, request: request.urlRequest, body: CassetteSeam.body(of: request), started: Date(),
            clock: .now)
    }

    /// Records `exchange` with the answer `answer` makes (a download's file is read then) or `failure`,
    /// on the writer's queue, and returns once the file is written.
    private func record(
        _ exchange: Exchange, failure: (any Error)?, answer: @escaping @Sendable () -> RecordedAnswer?
    ) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            writer.async { [self] in
                continuation.resume(with: Result { try finish(exchange, answer: answer(), failure: failure) })
            }
        }
    }

    /// Fills the place of `exchange` with its entry (none for a cancellation) and writes the file.
    private func finish(_ exchange: Exchange, answer: RecordedAnswer?, failure: (any Error)?) throws {
        if let failure, CourierError.isCancellation(failure) { return }
        let entry = HAR.Entry(
            recording: exchange.request, body: exchange.body, started: exchange.started,
            elapsed: ContinuousClock.now - exchange.clock, answer: answer, failure: failure, redaction: redaction)
        let tree: OpenAPIValue
        do {
            tree = try CassetteFile.tree(of: entry)
        } catch {
            throw CourierError.underlying(
                CassetteError.cannotWrite(file, reason: ErrorText.ending(ErrorText.describe(error))), nil)
        }
        try recording.withLock { recording in
            recording.slots[exchange.slot] = tree
            try recording.cassette.write(entries: recording.cassette.trees + recording.slots.compactMap { $0 })
        }
    }
}
