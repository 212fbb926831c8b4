import Courier
import Foundation
import LoopbackServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What `RecordingTransport` records of transfers other than a plain answer: failures, cancellations,
/// downloads and streams. (`RecordingTransport` alone is the tests' own transport double here.)
@Suite struct RecordedTransfersTests {
    @Test func aRequestWithoutAResponseIsRecordedWithStatusZero() async throws {
        let file = try cassetteFolder().appendingPathComponent("refused.har")
        let provider = Provider<TestTarget>(
            transport: Courier.RecordingTransport(recording: try liveTransport(), to: file))

        let error = await #expect(throws: CourierError.self) {
            try await provider.request(target(try refusedURL(), "/nothing"))
        }

        #expect(urlError(of: error)?.code == .cannotConnectToHost)
        let document = try HARDocument(contentsOf: file)
        #expect(document.value("log.entries.0.response.status") as? Int == 0)
        #expect(
            document.value("log.entries.0.response._errorCode") as? Int == URLError.Code.cannotConnectToHost.rawValue)
        #expect((document.value("log.entries.0.response._error") as? String)?.isEmpty == false)
    }

    @Test func aCancelledRequestIsNotRecorded() async throws {
        let file = try cassetteFolder().appendingPathComponent("cancelled.har")
        let server = try TestServer.baseURL()
        let provider = Provider<TestTarget>(
            transport: Courier.RecordingTransport(recording: try liveTransport(), to: file))

        let task = Task { try await provider.request(target(server, "/echo/slow?delay=5000")) }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        await #expect(throws: CourierError.self) { try await task.value }
        _ = try await provider.request(target(server, "/echo/after"))

        let document = try HARDocument(contentsOf: file)
        #expect(document.entries.count == 1)
        #expect((document.value("log.entries.0.request.url") as? String)?.hasSuffix("/echo/after") == true)
    }

    @Test func aDownloadIsRecordedFromItsFile() async throws {
        let folder = try cassetteFolder()
        let file = folder.appendingPathComponent("download.har")
        let destination = folder.appendingPathComponent("downloaded.bin")
        let server = try TestServer.baseURL()
        let provider = Provider<TestTarget>(
            transport: Courier.RecordingTransport(recording: try liveTransport(), to: file))

        let response = try await provider.request(
            target(server, "/bytes/200000", task: .downloadDestination { _, _ in (destination, []) }))

        #expect(response.fileURL == destination)
        let text = try #require(
            try HARDocument(contentsOf: file).value("log.entries.0.response.content.text") as? String)
        #expect(Data(base64Encoded: text) == (try Data(contentsOf: destination)))
    }

    @Test func aStreamIsRecordedWithItsPiecesAndPauses() async throws {
        let file = try cassetteFolder().appendingPathComponent("chat.har")
        let server = try TestServer.baseURL()
        let provider = Provider<TestTarget>(
            transport: Courier.RecordingTransport(recording: try liveTransport(), to: file))

        var received = Data()
        let stream = try await provider.stream(target(server, "/stream/chat?prompt=hi&interval=40"))
        for try await chunk in stream { received.append(chunk) }

        let document = try HARDocument(contentsOf: file)
        #expect(
            document.value("log.entries.0.response.content.text") as? String
                == String(decoding: received, as: UTF8.self))
        let chunks = try #require(document.value("log.entries.0.response.content._chunks") as? [[String: Any]])
        // Pieces as the reader got them (a busy reader may get two events in one piece).
        #expect(chunks.count > 1)
        #expect(chunks.compactMap { $0["size"] as? Int }.reduce(0, +) == received.count)
        #expect(chunks.allSatisfy { ($0["delay"] as? Double ?? -1) >= 0 })
    }

    /// Through the seam, with a body whose pieces come 50 ms apart: each recorded pause is at least that
    /// (a lower bound, which load only raises).
    @Test func eachRecordedPauseIsTheWaitBeforeItsPiece() async throws {
        let file = try cassetteFolder().appendingPathComponent("paced.har")
        let recording = Courier.RecordingTransport(
            recording: PacedStreamTransport(pieces: 4, pause: .milliseconds(50)), to: file)
        let provider = Provider<TestTarget>(transport: recording)

        var received: [Data] = []
        for try await chunk in try await provider.stream(target(try refusedURL(), "/paced")) { received.append(chunk) }

        let chunks = try #require(
            try HARDocument(contentsOf: file).value("log.entries.0.response.content._chunks") as? [[String: Any]])
        #expect(chunks.compactMap { $0["size"] as? Int } == received.map(\.count))
        #expect(chunks.dropFirst().allSatisfy { ($0["delay"] as? Double ?? 0) >= 50 })
    }
}

/// A transport whose streamed body is `pieces` lines, each after `pause`, produced as the reader asks.
private struct PacedStreamTransport: Transport {
    let pieces: Int
    let pause: Duration

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        TransportResponse(statusCode: 200, url: request.urlRequest.url)
    }

    func stream(_ request: TransportRequest) async throws -> TransportStream {
        let url = try #require(request.urlRequest.url)
        let response = try #require(
            HTTPURLResponse(
                url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "text/plain"]))
        let sent = Counter()
        let (pieces, pause) = (pieces, pause)
        return TransportStream(
            response: response,
            body: AsyncThrowingStream {
                guard sent.value < pieces else { return nil }
                if sent.value > 0 { try await Task.sleep(for: pause) }
                sent.increment()
                return Data("piece \(sent.value)\n".utf8)
            })
    }
}
