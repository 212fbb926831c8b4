import Foundation

/// Routes for the streaming tests and benchmarks (see `StandardRoutes`).
///
/// | Route | Answer |
/// |---|---|
/// | `/stream/bytes?size=<n>` | n bytes of the pattern (`patternData`), produced 64 KiB at a time, never held whole |
/// | `/stream/numbered-events?count=<n>&per-connection=<k>` | `text/event-stream`: events with ids 1...n, k per connection after the `Last-Event-ID` the request sends (`retry: 20` first), then the connection ends; 204 once every event was sent |
extension StandardRoutes {
    /// The answer of a streaming test route, or `nil` when `request` names none.
    static func streamingTestRoute(_ request: ServerRequest) -> ServerResponse? {
        switch request.path {
        case "/stream/bytes":
            let size = request.queryItems["size"].flatMap { Int64($0) } ?? 1 << 20
            return ServerResponse(
                headers: [HeaderField(name: "Content-Type", value: "application/octet-stream")],
                body: .stream(length: max(0, size)) { offset, maxCount in patternData(offset: offset, count: maxCount) }
            )
        case "/stream/numbered-events":
            return numberedEvents(request)
        default:
            return nil
        }
    }

    /// Up to `per-connection` numbered events after the request's `Last-Event-ID`.
    private static func numberedEvents(_ request: ServerRequest) -> ServerResponse {
        let count = request.queryItems["count"].flatMap { Int($0) } ?? 3
        let perConnection = max(1, request.queryItems["per-connection"].flatMap { Int($0) } ?? count)
        let last = request.header("Last-Event-ID").flatMap { Int($0) } ?? 0
        guard last < count else { return ServerResponse(status: 204) }
        var text = "retry: 20\n\n"
        for id in (last + 1)...min(count, last + perConnection) {
            text += "id: \(id)\ndata: event \(id)\n\n"
        }
        return ServerResponse(
            headers: [
                HeaderField(name: "Content-Type", value: "text/event-stream"),
                HeaderField(name: "Connection", value: "close"),
            ],
            body: .data(Data(text.utf8)))
    }
}
