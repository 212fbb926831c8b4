import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where the cassette transports meet the ``Transport`` seam: reading a request's body and timeout,
/// reading a response, and building one. Each is one small function, so that a change of the seam
/// changes these lines and nothing else of record and replay.
enum CassetteSeam {
    /// The body of `request`: in memory, or read from its file; `nil` when it has none.
    static func body(of request: TransportRequest) -> Data? {
        switch request.body {
        case .none: nil
        case .data(let data): data
        case .file(let file): try? Data(contentsOf: file)
        }
    }

    /// The timeout of `request`, in seconds: its own, else URLRequest's default.
    static func timeout(of request: TransportRequest) -> TimeInterval {
        request.timeout ?? request.urlRequest.timeoutInterval
    }

    /// What a recording keeps of `response`: its head, its body (read from its file for a download) and
    /// its metrics.
    static func answer(of response: TransportResponse, chunks: [HAR.Chunk]? = nil) -> RecordedAnswer {
        var body = response.data
        if let file = response.fileURL, let contents = try? Data(contentsOf: file) { body = contents }
        return RecordedAnswer(
            statusCode: response.statusCode, url: response.response?.url,
            httpVersion: head(of: response.source)?.httpVersion ?? response.metrics?.httpVersion,
            headers: fields(of: response.source), body: body, metrics: response.metrics, chunks: chunks)
    }

    /// The head of a stream, without its body.
    static func answer(of stream: TransportStream, body: Data, chunks: [HAR.Chunk]) -> RecordedAnswer {
        RecordedAnswer(
            statusCode: stream.statusCode, url: stream.response?.url, httpVersion: head(of: stream.source)?.httpVersion,
            headers: fields(of: stream.source), body: body, metrics: nil, chunks: chunks)
    }

    private static func head(of source: HTTPResponseSource) -> ResponseHead? {
        if case .head(let head) = source { return head }
        return nil
    }

    /// The header fields of a response in the order they came, repeated ones one by one; from an
    /// `HTTPURLResponse` (which has joined and reordered them), sorted by name.
    private static func fields(of source: HTTPResponseSource) -> [(name: String, value: String)] {
        if let head = head(of: source) { return head.fields }
        let fields = source.response?.allHeaderFields ?? [:]
        return fields.compactMap { key, value in (key as? String).map { ($0, "\(value)") } }.sorted {
            $0.name < $1.name
        }
    }

    /// The response a replay hands back: `body` in memory, or in `file` for a download.
    static func response(
        status: Int, url: URL, httpVersion: String, headers: [(name: String, value: String)], body: Data, file: URL?,
        metrics: TransferMetrics
    ) -> TransportResponse {
        var lines: [UInt8] = []
        for (name, value) in headers {
            lines += Array("\(name): \(value)\n".utf8)
        }
        let head = ResponseHead(url: url, statusCode: status, httpVersion: httpVersion, lines: lines)
        return TransportResponse(head: head, data: file == nil ? body : Data(), fileURL: file, metrics: metrics)
    }

    /// `stream` with its body read from `body` instead.
    static func stream(_ stream: TransportStream, body: AsyncThrowingStream<Data, any Error>) throws -> TransportStream
    {
        if let response = stream.response { return TransportStream(response: response, body: body) }
        throw URLError(.badServerResponse)
    }

    /// The stream a replay hands back.
    static func stream(
        status: Int, url: URL, httpVersion: String, headers: [(name: String, value: String)],
        body: AsyncThrowingStream<Data, any Error>
    ) throws -> TransportStream {
        var fields: [String: String] = [:]
        for (name, value) in headers {
            fields[name] = fields[name].map { "\($0), \(value)" } ?? value
        }
        guard
            let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: httpVersion, headerFields: fields)
        else { throw URLError(.badServerResponse) }
        return TransportStream(response: response, body: body)
    }
}
