import Foundation
import LoopbackServer
import TestSupport
import Testing

@Suite("Streaming uploads", .offThePool)
struct UploadTests {
    private static func payload(_ count: Int) -> Data {
        patternBytes(count: count) { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
    }

    private static func checksum(of data: Data) -> String {
        var checksum = Checksum()
        checksum.update(data)
        return checksum.hexDigest
    }

    @Test func uploadWithContentLengthIsCountedAndChecksummed() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let body = UploadTests.payload(4 << 20)
        let connection = try RawHTTPConnection(port: server.port)
        try connection.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n")
        try connection.send(body)
        let json = try connection.readResponse().jsonObject()
        #expect(json["bytes"] as? Int == body.count)
        #expect(json["checksum"] as? String == UploadTests.checksum(of: body))
    }

    @Test func chunkedUploadIsCountedAndChecksummed() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let body = UploadTests.payload(1 << 20)
        let connection = try RawHTTPConnection(port: server.port)
        try connection.send("PUT /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        var offset = 0
        while offset < body.count {
            let piece = body[offset..<min(offset + 10_000, body.count)]
            try connection.send(String(piece.count, radix: 16) + "\r\n")
            try connection.send(Data(piece) + Data("\r\n".utf8))
            offset += piece.count
        }
        try connection.send("0\r\n\r\n")
        let json = try connection.readResponse().jsonObject()
        #expect(json["bytes"] as? Int == body.count)
        #expect(json["checksum"] as? String == UploadTests.checksum(of: body))
    }

    @Test func streamingPathsHandTheHandlerASummaryInsteadOfTheBody() throws {
        let server = try LoopbackServer(streamingPaths: ["/sink"]) { request in
            .json([
                "kept": request.body.count,
                "streamed": request.streamedBody?.byteCount ?? -1,
                "checksum": request.streamedBody?.checksum ?? "",
            ])
        }
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        let streamed = try connection.exchange("POST /sink/a HTTP/1.1\r\nContent-Length: 6\r\n\r\nfoobar").jsonObject()
        #expect(streamed["kept"] as? Int == 0)
        #expect(streamed["streamed"] as? Int == 6)
        #expect(streamed["checksum"] as? String == "85944171f73967e8")
        let kept = try connection.exchange("POST /sinker HTTP/1.1\r\nContent-Length: 6\r\n\r\nfoobar").jsonObject()
        #expect(kept["kept"] as? Int == 6)
        #expect(kept["streamed"] as? Int == -1)
    }

    @Test func uploadRouteAlsoWorksWithoutStreaming() throws {
        let server = try LoopbackServer(streamingPaths: [])
        defer { server.stop() }
        let json = try RawHTTPConnection(port: server.port)
            .exchange("POST /upload HTTP/1.1\r\nContent-Length: 6\r\n\r\nfoobar").jsonObject()
        #expect(json["bytes"] as? Int == 6)
        #expect(json["checksum"] as? String == "85944171f73967e8")
    }

    @Test func checksumMatchesKnownFNV1aVectors() {
        #expect(Checksum().hexDigest == "cbf29ce484222325")
        #expect(UploadTests.checksum(of: Data("a".utf8)) == "af63dc4c8601ec8c")
        #expect(UploadTests.checksum(of: Data("foobar".utf8)) == "85944171f73967e8")
        var split = Checksum()
        split.update(Data("foo".utf8))
        split.update(Data("bar".utf8))
        #expect(split.hexDigest == "85944171f73967e8")
    }

    @Test func patternPiecesAgreeWithPatternBytes() {
        let piece = StandardRoutes.patternData(offset: 1_000_000_007, count: 70_000)
        #expect(piece.count == 70_000)
        #expect(piece == patternBytes(count: 70_000) { StandardRoutes.patternByte(at: 1_000_000_007 + Int64($0)) })
        #expect(StandardRoutes.patternData(offset: 5, count: 0).isEmpty)
    }
}
