import Foundation

extension StandardRoutes {
    /// The most items a JSON feed (`/stream/ndjson`, `/stream/json-events`, `/stream/json-seq`) sends.
    static let maximumStreamedLineCount = 100_000

    /// Answers the `/stream/...` routes: `/stream/chat`, `/stream/ndjson`, `/stream/json-events` and
    /// `/stream/json-seq`; `nil` for any other path.
    static func streaming(_ request: ServerRequest) -> ServerResponse? {
        let interval = request.queryItems["interval"].flatMap { Int($0) }.map {
            max(0, min($0, maximumDelayMilliseconds))
        }
        switch request.path {
        case "/stream/chat":
            return chat(prompt: request.queryItems["prompt"] ?? "", intervalMilliseconds: interval)
        case "/stream/ndjson", "/stream/json-events", "/stream/json-seq":
            let requested = request.queryItems["count"].map { Int($0) } ?? 10
            guard let count = requested, count >= 0 else { return badRequest("count must be a non-negative number") }
            let items = (0..<min(count, maximumStreamedLineCount)).map { Item(index: $0) }
            switch request.path {
            case "/stream/ndjson": return ndjson(items, intervalMilliseconds: interval ?? 20)
            case "/stream/json-events": return jsonEvents(items, intervalMilliseconds: interval ?? 20)
            default: return jsonTextSequence(items, intervalMilliseconds: interval ?? 20)
            }
        default:
            return nil
        }
    }

    /// The tokens of the chat reply to `prompt`: its words, each but the first with the space before it.
    static func chatReplyTokens(to prompt: String) -> [String] {
        let asked = prompt.isEmpty ? "nothing" : "\u{201C}\(prompt)\u{201D}"
        let reply = "You asked \(asked). This reply arrives one token at a time, as a chat model writes it."
        var tokens: [String] = []
        var current = ""
        for character in reply {
            if character == " ", !current.isEmpty {
                tokens.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    /// The event stream of the reply to `prompt`: an event per token (`id` 1, 2, …, `data` the token),
    /// then `event: done` with `{"tokens": n}`; 30 to 80 ms (or `intervalMilliseconds`) between events.
    private static func chat(prompt: String, intervalMilliseconds: Int?) -> ServerResponse {
        let tokens = chatReplyTokens(to: prompt)
        var events = tokens.enumerated().map { index, token in
            serverSentEvent(id: String(index + 1), data: token)
        }
        events.append(
            serverSentEvent(id: String(tokens.count + 1), event: "done", data: "{\"tokens\":\(tokens.count)}"))
        return paced(
            events, contentType: "text/event-stream; charset=utf-8",
            headers: [HeaderField(name: "Cache-Control", value: "no-cache")]
        ) { index in
            // Between 30 and 80 ms, varying from token to token as a model's output does.
            intervalMilliseconds ?? (30 + (index * 37) % 51)
        }
    }

    /// A line of JSON per item, `intervalMilliseconds` apart.
    private static func ndjson(_ items: [Item], intervalMilliseconds: Int) -> ServerResponse {
        let lines = items.map { Data(($0.json + "\n").utf8) }
        return paced(lines, contentType: "application/x-ndjson") { _ in intervalMilliseconds }
    }

    /// An item of the JSON feeds: `{"index": i, "name": "item i"}`.
    private struct Item {
        let index: Int

        /// The item as compact JSON.
        var json: String { "{\"index\":\(index),\"name\":\"item \(index)\"}" }
    }

    /// An event per item, its `data` the item as JSON (`id` 1, 2, …), then an event whose data is
    /// `[DONE]`, as OpenAI's streams end; `intervalMilliseconds` apart.
    private static func jsonEvents(_ items: [Item], intervalMilliseconds: Int) -> ServerResponse {
        var events = items.map { serverSentEvent(id: String($0.index + 1), data: $0.json) }
        events.append(serverSentEvent(data: "[DONE]"))
        return paced(events, contentType: "text/event-stream") { _ in intervalMilliseconds }
    }

    /// A JSON text sequence (RFC 7464, `application/json-seq`) of the items, each record an RS and the
    /// item written over three lines (a record's JSON text may span lines), `intervalMilliseconds` apart.
    private static func jsonTextSequence(_ items: [Item], intervalMilliseconds: Int) -> ServerResponse {
        let records = items.map { item in
            Data("\u{1E}{\n  \"index\": \(item.index),\n  \"name\": \"item \(item.index)\"\n}\n".utf8)
        }
        return paced(records, contentType: "application/json-seq") { _ in intervalMilliseconds }
    }

    /// One event in the event stream format: its fields, a `data` line per line of `data`, a blank line.
    static func serverSentEvent(id: String? = nil, event: String? = nil, data: String) -> Data {
        var text = ""
        if let event { text += "event: \(event)\n" }
        if let id { text += "id: \(id)\n" }
        let lines = data.replacingOccurrences(of: "\r\n", with: "\n").split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" })
        for line in lines {
            text += "data: \(line)\n"
        }
        return Data((text + "\n").utf8)
    }

    /// A 200 whose body is `pieces`, sent one after the other with `pause(i)` milliseconds before the
    /// `i`-th (none before the first), with a `Content-Length` announced up front.
    private static func paced(
        _ pieces: [Data], contentType: String, headers: [HeaderField] = [],
        pause: @escaping @Sendable (Int) -> Int
    ) -> ServerResponse {
        var starts: [Int64] = []
        var length: Int64 = 0
        for piece in pieces {
            starts.append(length)
            length += Int64(piece.count)
        }
        return ServerResponse(
            headers: [HeaderField(name: "Content-Type", value: contentType)] + headers,
            body: .stream(length: length) { [starts] offset, maxCount in
                // The last piece starting at or before `offset`.
                var low = 0
                var high = starts.count - 1
                while low < high {
                    let middle = (low + high + 1) / 2
                    if starts[middle] <= offset { low = middle } else { high = middle - 1 }
                }
                guard low < pieces.count else { return Data() }
                let skip = Int(offset - starts[low])
                if skip == 0, low > 0 {
                    Thread.sleep(forTimeInterval: Double(pause(low)) / 1000)
                }
                return Data(pieces[low].dropFirst(skip).prefix(maxCount))
            })
    }
}
