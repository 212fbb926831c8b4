import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a replay makes of a recorded response, whoever recorded it.
extension HAR.Response {
    /// The body as a client reads it (HAR stores bodies decoded; base64 ones are decoded here), its text
    /// turned into bytes as `dialect` says.
    func body(_ dialect: HAR.Dialect) -> Data {
        HAR.bytes(
            text: content?.text, encoding: content?.encoding,
            mimeType: content?.mimeType.flatMap { $0.isEmpty ? nil : $0 } ?? HAR.value(of: "Content-Type", in: headers),
            dialect: dialect)
    }

    /// The `Location` to follow: the header, else `redirectURL`.
    var location: String? {
        HAR.value(of: "Location", in: headers) ?? redirectURL.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `HTTP/1.1`, `HTTP/2` or `HTTP/3`, from the spellings recorders use (`http/2.0`, `h2`).
    var version: String {
        switch httpVersion?.lowercased() {
        case "http/2", "http/2.0", "h2", "h2c": "HTTP/2"
        case "http/3", "http/3.0", "h3": "HTTP/3"
        case "http/1.0": "HTTP/1.0"
        default: "HTTP/1.1"
        }
    }

    /// The header fields to hand back with `body`.
    ///
    /// Recorders store a compressed body decoded while its headers still say `Content-Encoding: gzip`:
    /// that header is left out (the body is not decoded again) and `Content-Length` is the body's. A
    /// body that is still gzip (it starts with gzip's magic bytes) keeps its headers. HTTP/2 pseudo
    /// headers (`:status`) some recorders keep are left out.
    func headerFields(for body: Data) -> [(name: String, value: String)] {
        let fields = (headers ?? []).filter { !$0.name.hasPrefix(":") }.map { ($0.name, $0.value) }
        guard fields.contains(where: { $0.0.lowercased() == "content-encoding" }), !body.starts(with: [0x1F, 0x8B])
        else { return fields }
        return fields.compactMap { name, value in
            switch name.lowercased() {
            case "content-encoding": nil
            case "content-length": (name, String(body.count))
            default: (name, value)
            }
        }
    }

    /// The pieces to hand out a streamed body in, each with the milliseconds to wait before it: the
    /// recorded `_chunks` when they add up to the body; else the events of an event stream, or the body
    /// whole, at once.
    func pieces(of body: Data) -> [(data: Data, delay: Double)] {
        if let chunks = content?.chunks, !chunks.isEmpty, chunks.allSatisfy({ $0.size >= 0 }),
            chunks.reduce(0, { $0 + $1.size }) == body.count
        {
            var start = body.startIndex
            return chunks.map { chunk in
                defer { start += chunk.size }
                return (body[start..<start + chunk.size], max(0, chunk.delay))
            }
        }
        let isEventStream = (content?.mimeType ?? HAR.value(of: "Content-Type", in: headers) ?? "")
            .lowercased().hasPrefix("text/event-stream")
        guard isEventStream, !body.isEmpty else { return body.isEmpty ? [] : [(body, 0)] }
        var pieces: [(data: Data, delay: Double)] = []
        var start = body.startIndex
        let separator = Data("\n\n".utf8)
        while let end = body.range(of: separator, in: start..<body.endIndex) {
            pieces.append((body[start..<end.upperBound], 0))
            start = end.upperBound
        }
        if start < body.endIndex { pieces.append((body[start...], 0)) }
        return pieces
    }

    /// The error a response that never came (status 0) replays as: the recorded `URLError` code, else
    /// one read from the recorder's message (`timed out`, `refused`), else `.unknown`; its message says
    /// the exchange was recorded without a response, and why.
    func failure(for request: URLRequest, timeout: TimeInterval) -> any Error {
        let reason = (error ?? "").trimmingCharacters(in: .whitespaces)
        let lowered = reason.lowercased()
        let code: URLError.Code =
            errorCode.flatMap { URLError.Code(rawValue: $0) }
            ?? (lowered.contains("timed out") || lowered.contains("timeout")
                ? .timedOut : lowered.contains("refused") ? .cannotConnectToHost : .unknown)
        let message =
            "the cassette recorded no response to it (status 0)" + (reason.isEmpty ? "" : ": \(reason)")
        var userInfo: [String: Any] = [NSLocalizedDescriptionKey: message]
        if let url = request.url { userInfo[NSURLErrorFailingURLErrorKey] = url }
        return TransportFailure.annotated(
            URLError(code, userInfo: userInfo), request: request, requestTimeout: timeout, resourceTimeout: nil,
            elapsed: 0)
    }
}

extension HAR.Entry {
    /// The metrics of the exchange, from its timings: the phases that were recorded, its total time, the
    /// server's address, the HTTP version, and `redirects` hops followed on the way to it.
    func metrics(redirects: Int, bytesSent: Int, bytesReceived: Int) -> TransferMetrics {
        func phase(_ value: Double?) -> Double? { value.flatMap { $0 >= 0 ? $0 : nil } }
        func duration(_ milliseconds: Double?) -> Duration? {
            milliseconds.map { .microseconds(Int64(($0 * 1000).rounded())) }
        }
        let dns = phase(timings?.dns)
        let connect = phase(timings?.connect)
        let ssl = phase(timings?.ssl)
        let secured = connect.flatMap { connect in ssl.map { _ in (dns ?? 0) + connect } }
        let connected = connect.map { (dns ?? 0) + $0 - (ssl ?? 0) }
        let ready = secured ?? connected ?? dns ?? 0
        let firstByte = ready + (phase(timings?.send) ?? 0) + (phase(timings?.wait) ?? 0)
        let total =
            phase(time)
            ?? [dns, connect, phase(timings?.send), phase(timings?.wait), phase(timings?.receive)]
            .compactMap { $0 }.reduce(0, +)
        return TransferMetrics(
            domainLookup: duration(dns), connect: duration(connected), secureConnection: duration(secured),
            firstByte: duration(firstByte), total: duration(total) ?? .zero, bytesSent: Int64(bytesSent),
            bytesReceived: Int64(bytesReceived), redirectCount: redirects,
            isReusedConnection: connect == nil && dns == nil,
            httpVersion: response.version, remoteAddress: serverIPAddress.flatMap { $0.isEmpty ? nil : $0 })
    }
}
