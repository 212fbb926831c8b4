import Foundation
import Testing

@testable import LoopbackServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A response read piece by piece, with the time each piece of the body arrived.
private struct TimedResponse {
    let head: String
    let body: Data
    /// For each read that brought body bytes: seconds since the request was sent, and the body length
    /// received so far.
    let arrivals: [(seconds: Double, length: Int)]

    var text: String { String(decoding: body, as: UTF8.self) }

    func header(_ name: String) -> String? {
        for line in head.components(separatedBy: "\r\n").dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].caseInsensitiveCompare(name) == .orderedSame {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// When the body first held `prefix` whole, in seconds since the request was sent.
    func arrival(ofBodyPrefix length: Int) -> Double? {
        arrivals.first { $0.length >= length }?.seconds
    }
}

/// Sends `GET path` on `connection` and reads the answer, which must have a `Content-Length`, noting
/// when each piece arrives.
private func timedGet(_ path: String, on connection: RawHTTPConnection) throws -> TimedResponse {
    try connection.send("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n")
    let start = Date()
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var headLength: Int?
    var bodyLength: Int?
    var arrivals: [(seconds: Double, length: Int)] = []
    while true {
        if let headLength, let bodyLength, bytes.count >= headLength + bodyLength { break }
        let received = buffer.withUnsafeMutableBytes { recv(connection.fd, $0.baseAddress, $0.count, 0) }
        guard received > 0 else { throw RawClientError(description: "connection ended: errno \(errno)") }
        bytes += buffer[0..<received]
        if headLength == nil, let end = bytes.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound {
            headLength = end
            let head = String(decoding: bytes[..<end], as: UTF8.self)
            guard let line = head.components(separatedBy: "\r\n").first(where: { $0.hasPrefix("Content-Length: ") }),
                let length = Int(line.dropFirst("Content-Length: ".count))
            else { throw RawClientError(description: "no Content-Length in \(head)") }
            bodyLength = length
        }
        if let headLength, bytes.count > headLength {
            arrivals.append((Date().timeIntervalSince(start), bytes.count - headLength))
        }
    }
    let headEnd = headLength ?? 0
    return TimedResponse(
        head: String(decoding: bytes[..<headEnd], as: UTF8.self), body: Data(bytes[headEnd...]), arrivals: arrivals)
}

/// The blocks of an event stream (split at blank lines), each as its lines; the stream must end with
/// a blank line.
private func eventBlocks(_ text: String) -> [[String]] {
    #expect(text.hasSuffix("\n\n"), "the stream ends with a blank line")
    return text.components(separatedBy: "\n\n").dropLast().map { $0.components(separatedBy: "\n") }
}

/// `/stream/chat` and `/stream/ndjson` send their bodies piece by piece, in the documented formats.
@Suite("Streaming routes", .offThePool)
struct StreamingRouteTests {
    @Test func chatRepliesTokenByTokenAsServerSentEvents() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let response = try timedGet("/stream/chat?prompt=Hi%20there", on: try RawHTTPConnection(port: server.port))
        #expect(response.head.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(response.header("Content-Type") == "text/event-stream; charset=utf-8")
        #expect(response.header("Cache-Control") == "no-cache")

        let tokens = StandardRoutes.chatReplyTokens(to: "Hi there")
        #expect(tokens.count > 10)
        #expect(tokens.joined().hasPrefix("You asked \u{201C}Hi there\u{201D}. "))
        #expect(tokens.dropFirst().allSatisfy { $0.hasPrefix(" ") && !$0.dropFirst().contains(" ") })
        let blocks = eventBlocks(response.text)
        #expect(blocks.count == tokens.count + 1)
        for (index, token) in tokens.enumerated() where index < blocks.count {
            // A token's leading space stays: the format removes only the one after the colon.
            #expect(blocks[index] == ["id: \(index + 1)", "data: \(token)"])
        }
        #expect(blocks.last == ["event: done", "id: \(tokens.count + 1)", "data: {\"tokens\":\(tokens.count)}"])
    }

    @Test func chatTokensArriveWithPausesBetweenThem() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let response = try timedGet("/stream/chat?prompt=x", on: try RawHTTPConnection(port: server.port))
        let firstEvent = try #require(response.text.range(of: "\n\n")).upperBound
        let firstLength = response.text.utf8.distance(from: response.text.startIndex, to: firstEvent)
        let first = try #require(response.arrival(ofBodyPrefix: firstLength))
        let last = try #require(response.arrivals.last?.seconds)
        // 30 to 80 ms before each of the other events: the whole reply takes a while.
        let events = eventBlocks(response.text).count
        #expect(last - first >= Double(events - 1) * 0.03 * 0.8, "the events came \(last - first) s apart in all")
        #expect(response.arrivals.count >= 2, "the body came in more than one piece")
    }

    @Test func chatIntervalCanBeSet() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        let fast = try timedGet("/stream/chat?prompt=quick&interval=0", on: connection)
        let tokens = StandardRoutes.chatReplyTokens(to: "quick")
        #expect(eventBlocks(fast.text).count == tokens.count + 1)
        let slow = try timedGet("/stream/chat?prompt=a&interval=100", on: connection)
        let span = (slow.arrivals.last?.seconds ?? 0) - (slow.arrivals.first?.seconds ?? 0)
        // 100 ms before each event but the first; a late first read (a busy machine) shortens the span.
        #expect(span >= Double(eventBlocks(slow.text).count - 1) * 0.1 * 0.8, "the events came \(span) s apart in all")
    }

    @Test func chatPromptLinesBecomeDataLines() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let response = try timedGet(
            "/stream/chat?prompt=two%0Alines&interval=0", on: try RawHTTPConnection(port: server.port))
        let blocks = eventBlocks(response.text)
        // The token "“two\nlines”." is sent as two data lines.
        #expect(blocks.contains(["id: 3", "data:  \u{201C}two", "data: lines\u{201D}."]))
        #expect(!response.text.contains("\r"))
        let emptyPrompt = try timedGet("/stream/chat?interval=0", on: try RawHTTPConnection(port: server.port))
        #expect(emptyPrompt.text.hasPrefix("id: 1\ndata: You\n\nid: 2\ndata:  asked\n\nid: 3\ndata:  nothing.\n\n"))
    }

    @Test func ndjsonSendsOneObjectPerLine() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        let response = try timedGet("/stream/ndjson?count=5", on: connection)
        #expect(response.head.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(response.header("Content-Type") == "application/x-ndjson")
        #expect(response.text.hasSuffix("\n"))
        let lines = response.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 5)
        for (index, line) in lines.enumerated() {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["index"] as? Int == index)
            #expect(object?["name"] as? String == "item \(index)")
        }
        // 20 ms before each line but the first: the last cannot arrive sooner than 80 ms after the
        // request went out, however busy the machine (which can only make it later).
        let last = response.arrivals.last?.seconds ?? 0
        #expect(last >= 0.075, "the last line came \(last) s after the request")
        // The connection is kept: the body's length was announced.
        #expect(
            try timedGet("/stream/ndjson?count=1&interval=0", on: connection).text
                == "{\"index\":0,\"name\":\"item 0\"}\n")
    }

    @Test func ndjsonCountsAreChecked() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        #expect(try timedGet("/stream/ndjson", on: connection).text.split(separator: "\n").count == 10)
        let empty = try timedGet("/stream/ndjson?count=0", on: connection)
        #expect(empty.head.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(empty.body.isEmpty)
        #expect(try connection.exchange("GET /stream/ndjson?count=-1 HTTP/1.1\r\n\r\n").status == 400)
        #expect(try connection.exchange("GET /stream/ndjson?count=many HTTP/1.1\r\n\r\n").status == 400)
        #expect(try connection.exchange("GET /stream/other HTTP/1.1\r\n\r\n").status == 404)
    }
}
