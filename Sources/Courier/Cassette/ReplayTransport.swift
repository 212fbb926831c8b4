import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ``Transport`` that answers from a HAR 1.2 file, with no network: a cassette that
/// ``RecordingTransport`` wrote, or a HAR exported by a browser's devtools, mitmproxy, Charles or
/// Proxyman.
///
/// ```swift
/// let transport = try ReplayTransport(contentsOf: Bundle.module.url(forResource: "login", withExtension: "har")!)
/// let provider = Provider<Auth>(transport: transport)
/// ```
///
/// Each request is answered by the first unused recorded exchange that every one of ``matchers``
/// accepts; by default the method and the URL (the query in any order; a value the recorder hid matches
/// any value). Once used, an exchange answers no other request unless ``allowsRepeats`` is set. A
/// request that no exchange answers fails at once with ``CourierError/underlying(_:_:)`` carrying
/// ``CassetteError/noMatch(request:file:matchers:closest:)``, whose sentence names the request and the
/// closest exchanges with why each did not match.
///
/// Responses come back as they were recorded: the status (an error status is a response, which the
/// target's validation judges), the headers and the body; with their ``TransferMetrics`` made from the
/// recorded timings. A recorded redirect (a 3xx entry with a `Location`) is followed under ``policy``,
/// as the live transports follow one: the next hop is answered from the cassette too. A download gets
/// its body in a temporary file, and the progress callback hears of it; a streamed request gets its
/// body in the pieces and with the pauses it was recorded with (``pacing``). An exchange recorded
/// without a response (status 0: a failed or blocked request) fails with the recorded `URLError`.
///
/// HARs from elsewhere replay with their quirks: sizes of `-1`, base64 bodies, `_` extension fields,
/// entries for other hosts (which simply do not match), bodies stored decoded while the headers say
/// `Content-Encoding: gzip` (the header is dropped, the body not decoded again).
public final class ReplayTransport: Transport {
    /// The HAR file the exchanges come from.
    public let file: URL
    /// What a recorded exchange must share with a request to answer it.
    public let matchers: [RequestMatcher]
    /// Whether an exchange answers again once every exchange that matches has been used (the last one
    /// used is answered again); `false`: it fails as unmatched.
    public let allowsRepeats: Bool
    /// Whether streamed bodies keep their recorded pauses.
    public let pacing: ReplayPacing
    /// The redirects followed and the size limits, as on a live transport.
    public let policy: TransportPolicy
    private let cassette: CassetteFile
    /// The request of each entry, as the matchers see it.
    private let recorded: [RecordedRequest]
    private let uses: Locked<[Int]>
    /// Where requests that no exchange answers go instead of failing (a recording, for new episodes).
    private let fallback: (any Transport)?

    /// Reads the HAR file at `file` and answers from it.
    ///
    /// - Parameters:
    ///   - file: A HAR 1.2 file.
    ///   - matchers: What a recorded exchange must share with a request to answer it. Default:
    ///     `[.method, .url]`.
    ///   - allowsRepeats: Whether an exchange answers again once every matching one has been used.
    ///     Default: `false`.
    ///   - pacing: Whether streamed bodies keep their recorded pauses. Default: ``ReplayPacing/recorded``.
    ///   - policy: Redirects and size limits, as on a live transport. Default: ``TransportPolicy/init(maximumRedirects:maximumResponseBodySize:maximumDownloadSize:temporaryDirectory:)``.
    /// - Throws: ``CourierError/underlying(_:_:)`` with ``CassetteError/missingFile(_:)`` or
    ///   ``CassetteError/unreadableFile(_:reason:)``.
    public convenience init(
        contentsOf file: URL, matching matchers: [RequestMatcher] = [.method, .url], allowsRepeats: Bool = false,
        pacing: ReplayPacing = .recorded, policy: TransportPolicy = TransportPolicy()
    ) throws(CourierError) {
        self.init(
            cassette: try CassetteFile(contentsOf: file), matching: matchers, allowsRepeats: allowsRepeats,
            pacing: pacing, policy: policy, fallback: nil)
    }

    init(
        cassette: CassetteFile, matching matchers: [RequestMatcher], allowsRepeats: Bool, pacing: ReplayPacing,
        policy: TransportPolicy, fallback: (any Transport)?
    ) {
        file = cassette.url
        self.cassette = cassette
        recorded = cassette.entries.map { RecordedRequest($0.request, dialect: cassette.dialect) }
        self.matchers = matchers
        self.allowsRepeats = allowsRepeats
        self.pacing = pacing
        self.policy = policy
        self.fallback = fallback
        uses = Locked(Array(repeating: 0, count: cassette.entries.count))
    }

    /// The recorded exchanges no request has used yet, counting from 1 as the error messages do.
    public var unusedEntries: [Int] {
        uses.withLock { uses in uses.indices.filter { uses[$0] == 0 }.map { $0 + 1 } }
    }

    /// Answers `request` from the cassette, following recorded redirects.
    ///
    /// - Throws: ``CourierError/underlying(_:_:)`` with ``CassetteError/noMatch(request:file:matchers:closest:)``
    ///   when no exchange answers; the recorded `URLError` for an exchange without a response;
    ///   ``ResponseSizeLimitExceeded`` past the policy's limits; `URLError(.httpTooManyRedirects)`;
    ///   `CancellationError` when the task is cancelled.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        try Task.checkCancellation()
        guard let answer = try resolve(request) else { return try await unanswered().send(request) }
        let body = answer.entry.response.body(cassette.dialect)
        let isDownload = request.destination == .temporaryFile
        let limit = isDownload ? policy.maximumDownloadSize : policy.maximumResponseBodySize
        if let limit, Int64(body.count) > limit {
            throw ResponseSizeLimitExceeded(limit: limit, isDownload: isDownload)
        }
        report(body: body, sent: answer.bytesSent, to: request.progress)
        var file: URL?
        if isDownload {
            let url = TemporaryFiles.newURL(for: "download", in: policy.temporaryDirectory)
            try body.write(to: url)
            file = url
        }
        return CassetteSeam.response(
            status: answer.entry.response.status, url: answer.url, httpVersion: answer.entry.response.version,
            headers: answer.entry.response.headerFields(for: body), body: body, file: file,
            metrics: answer.entry.metrics(
                redirects: answer.redirects, bytesSent: answer.bytesSent, bytesReceived: body.count))
    }

    /// Answers `request` from the cassette with its body in the pieces it was recorded in, after their
    /// recorded pauses when ``pacing`` is ``ReplayPacing/recorded``.
    ///
    /// - Throws: What ``send(_:)`` throws before a response.
    public func stream(_ request: TransportRequest) async throws -> TransportStream {
        try Task.checkCancellation()
        guard let answer = try resolve(request) else { return try await unanswered().stream(request) }
        let response = answer.entry.response
        let body = response.body(cassette.dialect)
        let pieces = Pieces(response.pieces(of: body), paced: pacing == .recorded)
        return try CassetteSeam.stream(
            status: response.status, url: answer.url, httpVersion: response.version,
            headers: response.headerFields(for: body), body: AsyncThrowingStream { try await pieces.next() })
    }

    /// The exchange that answers `request` once recorded redirects are followed, or `nil` when none does
    /// and there is a fallback.
    private func resolve(_ request: TransportRequest) throws -> Answer? {
        var current = request.urlRequest
        var body = CassetteSeam.body(of: request)
        let bytesSent = body?.count ?? 0
        var redirects = 0
        while true {
            var live = current
            live.httpBody = body
            guard let index = try pick(live, isFirstHop: redirects == 0) else { return nil }
            let entry = cassette.entries[index]
            let url = entry.response.finalURL.flatMap { URL(string: $0) } ?? current.url ?? file
            if entry.response.status == 0 {
                throw entry.response.failure(for: current, timeout: CassetteSeam.timeout(of: request))
            }
            guard policy.maximumRedirects > 0,
                let redirect = try Redirect.next(
                    after: entry.response.status, location: entry.response.location, from: current)
            else { return Answer(entry: entry, url: url, redirects: redirects, bytesSent: bytesSent) }
            guard redirects < policy.maximumRedirects else {
                throw URLError(
                    .httpTooManyRedirects,
                    userInfo: [
                        NSLocalizedDescriptionKey:
                            "More than \(policy.maximumRedirects) redirects (TransportPolicy.maximumRedirects).",
                        NSURLErrorFailingURLErrorKey: current.url ?? file,
                    ])
            }
            redirects += 1
            current = redirect.request
            if !redirect.keepsBody { body = nil }
        }
    }

    /// The exchange that answers a request, and how it was reached.
    private struct Answer {
        let entry: HAR.Entry
        let url: URL
        let redirects: Int
        let bytesSent: Int
    }

    /// The index of the exchange that answers `request`, marked used: the first unused one every matcher
    /// accepts, else (``allowsRepeats``) the last used one; `nil` when none does and a fallback takes the
    /// first hop.
    private func pick(_ request: URLRequest, isFirstHop: Bool) throws -> Int? {
        let placeholder = cassette.placeholder
        let reasons = recorded.map { past in matchers.compactMap { $0.mismatch(request, past, placeholder) } }
        let matching = reasons.indices.filter { reasons[$0].isEmpty }
        let chosen = uses.withLock { uses -> Int? in
            guard let index = matching.first(where: { uses[$0] == 0 }) ?? (allowsRepeats ? matching.last : nil)
            else { return nil }
            uses[index] += 1
            return index
        }
        if let chosen { return chosen }
        if fallback != nil, isFirstHop { return nil }
        throw CourierError.underlying(
            CassetteError.noMatch(
                request: "\(request.httpMethod ?? "GET") \(request.url?.absoluteString ?? "")", file: file,
                matchers: matchers.map(\.description),
                closest: Self.closest(to: request, recorded: recorded, reasons: reasons, used: Set(matching))),
            nil)
    }

    /// The three recorded requests nearest to `request`: those turned down by fewest matchers, those of
    /// its host and path first.
    private static func closest(
        to request: URLRequest, recorded: [RecordedRequest], reasons: [[String]], used: Set<Int>
    ) -> [CassetteError.Candidate] {
        let live = URLParts(request.url?.absoluteString ?? "")
        func distance(_ index: Int) -> (Int, Int, Int) {
            let past = URLParts(recorded[index].url)
            return (reasons[index].count, past.host == live.host ? 0 : 1, past.path == live.path ? 0 : 1)
        }
        return recorded.indices.sorted { distance($0) < distance($1) }.prefix(3).map { index in
            CassetteError.Candidate(
                entry: index + 1, request: recorded[index].summary,
                reasons: used.contains(index)
                    ? ["it answered an earlier request; allowsRepeats lets it answer again"] : reasons[index])
        }
    }

    /// Tells `progress` of the body sent, then of the body received, 64 KiB at a time.
    private func report(body: Data, sent: Int, to progress: (@Sendable (TransferProgress) -> Void)?) {
        guard let progress else { return }
        let sent = Int64(sent)
        let expected = Int64(body.count)
        for received in stride(from: 0, to: expected, by: 1 << 16) + [expected] {
            progress(
                TransferProgress(
                    bytesSent: sent, bytesExpectedToSend: sent, bytesReceived: received,
                    bytesExpectedToReceive: expected))
        }
    }

    /// The transport that takes the requests no exchange answers: ``resolve(_:)`` returns `nil` only
    /// when there is one.
    private func unanswered() throws -> any Transport {
        guard let fallback else { throw URLError(.resourceUnavailable) }
        return fallback
    }
}

/// Whether a replayed stream keeps the pauses it was recorded with.
public enum ReplayPacing: Sendable, Equatable {
    /// Each piece of a streamed body comes after its recorded pause, as a server sent it: a chat reply
    /// appears token by token.
    case recorded
    /// Every piece comes at once, for tests that need not wait.
    case immediate
}

/// The pieces of a replayed stream, handed out one by one after their pauses.
private final class Pieces: Sendable {
    private let pieces: [(data: Data, delay: Double)]
    private let paced: Bool
    private let position = Locked(0)

    init(_ pieces: [(data: Data, delay: Double)], paced: Bool) {
        self.pieces = pieces
        self.paced = paced
    }

    func next() async throws -> Data? {
        let index = position.withLock { index in
            defer { index += 1 }
            return index
        }
        guard index < pieces.count else { return nil }
        if paced, pieces[index].delay > 0 {
            try await Task.sleep(for: .seconds(clamping: pieces[index].delay / 1000))
        }
        return pieces[index].data
    }
}
