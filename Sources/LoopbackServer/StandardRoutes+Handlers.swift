import Foundation

extension StandardRoutes {
    /// JSON describing the request.
    static func echo(_ request: ServerRequest) -> ServerResponse {
        var headers: [String: String] = [:]
        for field in request.headers {
            let name = field.name.lowercased()
            headers[name] = headers[name].map { "\($0), \(field.value)" } ?? field.value
        }
        let reply = EchoReply(
            method: request.method,
            path: request.path,
            query: request.query ?? "",
            queryItems: request.queryItems,
            headers: headers,
            body: String(decoding: request.body, as: UTF8.self),
            bodyLength: request.body.count
        )
        // JSONEncoder is several times faster than JSONSerialization for this fixed shape.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(reply) else {
            return .text("echo reply is not encodable", status: 500)
        }
        return ServerResponse(
            headers: [HeaderField(name: "Content-Type", value: "application/json")],
            body: .data(data)
        )
    }

    /// The status named in the path with JSON `{"status": code}`.
    static func status(_ code: String) -> ServerResponse {
        guard let status = Int(code), (100...999).contains(status) else {
            return badRequest("status must be a number from 100 to 999")
        }
        return .json(["status": status], status: status)
    }

    /// An answer assembled from the query items `status`, `body`, `contentType` and `header.<Name>`.
    static func respond(_ request: ServerRequest) -> ServerResponse {
        let items = request.queryItems
        var response = ServerResponse.text(
            items["body"] ?? "",
            status: items["status"].flatMap { Int($0) } ?? 200,
            contentType: items["contentType"] ?? "text/plain; charset=utf-8"
        )
        let prefix = "header."
        for (name, value) in items.sorted(by: { $0.key < $1.key }) where name.hasPrefix(prefix) {
            let fieldName = String(name.dropFirst(prefix.count))
            if !fieldName.isEmpty {
                response.headers.append(HeaderField(name: fieldName, value: value))
            }
        }
        return response
    }

    /// `count` bytes of the pattern, produced in 64 KiB pieces.
    static func bytes(_ count: String) -> ServerResponse {
        guard let length = Int64(count), length >= 0 else {
            return badRequest("byte count must be a non-negative number")
        }
        return ServerResponse(
            headers: [HeaderField(name: "Content-Type", value: "application/octet-stream")],
            body: .stream(length: length) { offset, maxCount in
                patternData(offset: offset, count: maxCount)
            }
        )
    }

    /// `count` bytes of the pattern, 1 KiB at a time with a pause before every piece but the first.
    static func slowBody(_ count: String, intervalMilliseconds: String?) -> ServerResponse {
        guard let length = Int64(count), length >= 0 else {
            return badRequest("byte count must be a non-negative number")
        }
        let interval = intervalMilliseconds.flatMap { Int($0) }.map { max(0, $0) } ?? 100
        let pause = Double(min(interval, maximumDelayMilliseconds)) / 1000
        return ServerResponse(
            headers: [HeaderField(name: "Content-Type", value: "application/octet-stream")],
            body: .stream(length: length) { offset, maxCount in
                if offset > 0 && pause > 0 {
                    Thread.sleep(forTimeInterval: pause)
                }
                return patternData(offset: offset, count: min(1024, maxCount))
            }
        )
    }

    /// The request body, declared as JSON.
    static func jsonRoundTrip(_ request: ServerRequest) -> ServerResponse {
        ServerResponse(
            headers: [HeaderField(name: "Content-Type", value: "application/json")],
            body: .data(request.body)
        )
    }

    /// The size and checksum of the body: from the streamed summary, or computed when it was kept.
    static func upload(_ request: ServerRequest) -> ServerResponse {
        let summary =
            request.streamedBody
            ?? {
                var checksum = Checksum()
                checksum.update(request.body)
                return StreamedBodySummary(byteCount: Int64(request.body.count), checksum: checksum.hexDigest)
            }()
        return .json(["bytes": summary.byteCount, "checksum": summary.checksum])
    }
}

/// The JSON body of an `/echo` answer.
private struct EchoReply: Encodable {
    let method: String
    let path: String
    let query: String
    let queryItems: [String: String]
    let headers: [String: String]
    let body: String
    let bodyLength: Int
}
