import Foundation
import LoopbackServer
import Testing

@Suite("HTTP/1.1 protocol handling", .offThePool)
struct ProtocolTests {
    @Test func keepAliveServesSeveralRequestsThenHonoursClose() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        let first = try connection.exchange("GET /echo/1 HTTP/1.1\r\nHost: x\r\n\r\n")
        let second = try connection.exchange("GET /echo/2 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try first.jsonObject()["path"] as? String == "/echo/1")
        #expect(try second.jsonObject()["path"] as? String == "/echo/2")
        #expect(second.header("Connection") == "keep-alive")
        let last = try connection.exchange("GET /echo/3 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(last.status == 200)
        #expect(last.header("Connection") == "close")
        #expect(try connection.readUntilClosed().isEmpty)
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        try connection.send(
            "GET /status/201 HTTP/1.1\r\nHost: x\r\n\r\nPOST /json HTTP/1.1\r\nContent-Length: 2\r\n\r\n[]"
                + "GET /status/202 HTTP/1.1\r\nHost: x\r\n\r\n"
        )
        #expect(try connection.readResponse().status == 201)
        #expect(try connection.readResponse().text == "[]")
        #expect(try connection.readResponse().status == 202)
    }

    @Test func http10ClosesUnlessKeepAliveIsAsked() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let kept = try RawHTTPConnection(port: server.port)
        let keptResponse = try kept.exchange("GET /echo HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(keptResponse.header("Connection") == "keep-alive")
        let closed = try RawHTTPConnection(port: server.port)
        let response = try closed.exchange("GET /echo HTTP/1.0\r\n\r\n")
        #expect(response.status == 200)
        #expect(response.header("Connection") == "close")
        #expect(try closed.readUntilClosed().isEmpty)
    }

    @Test func chunkedRequestBodyIsDecoded() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        try connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhel")
        Thread.sleep(forTimeInterval: 0.05)  // the server must cope with a body split across reads
        try connection.send("lo\r\n6;name=value\r\n world\r\nA\r\n, chunked!\r\n0\r\nX-Trailer: ignored\r\n\r\n")
        let json = try connection.readResponse().jsonObject()
        #expect(json["body"] as? String == "hello world, chunked!")
        #expect(json["bodyLength"] as? Int == 21)
        #expect(try connection.exchange("GET /status/202 HTTP/1.1\r\nHost: x\r\n\r\n").status == 202)
    }

    @Test func expectContinueGetsInterimResponseBeforeBody() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        try connection.send(
            "PUT /echo HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 4096\r\n\r\n"
        )
        let interim = try connection.readResponse()
        #expect(interim.status == 100)
        try connection.send(Data(repeating: UInt8(ascii: "z"), count: 4096))
        let final = try connection.readResponse()
        #expect(final.status == 200)
        #expect(try final.jsonObject()["bodyLength"] as? Int == 4096)
    }

    @Test(
        "Malformed requests are answered with an error and the connection is closed",
        arguments: [
            ("GARBAGE\r\n\r\n", 400),
            ("GET /echo HTTP/1.1\r\nNo colon here\r\n\r\n", 400),
            ("GET /echo HTTP/1.1\r\n folded: header\r\n\r\n", 400),
            ("GET  /echo HTTP/1.1\r\n\r\n", 400),
            ("POST /echo HTTP/1.1\r\nContent-Length: 12abc\r\n\r\n", 400),
            ("POST /echo HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400),
            ("POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400),
            ("POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcX\r\n", 400),
            ("POST /echo HTTP/1.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501),
            ("GET /echo HTTP/2.0\r\n\r\n", 505),
        ]
    )
    func malformedRequestIsRejected(request: String, status: Int) throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        let response = try connection.exchange(request)
        #expect(response.status == status)
        #expect(response.header("Connection") == "close")
        #expect(try connection.readUntilClosed().isEmpty)
    }

    @Test func oversizedHeadersGet431() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        let filler = String(repeating: "a", count: 70 * 1024)
        let response = try connection.exchange("GET /echo HTTP/1.1\r\nHost: x\r\nX-Big: \(filler)\r\n\r\n")
        #expect(response.status == 431)
        #expect(try connection.readUntilClosed().isEmpty)
        // Just under the limit is still fine.
        let fits = String(repeating: "b", count: 60 * 1024)
        let ok = try RawHTTPConnection(port: server.port).exchange("GET /echo HTTP/1.1\r\nX-Big: \(fits)\r\n\r\n")
        #expect(ok.status == 200)
    }

    @Test func leadingEmptyLinesAreSkipped() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let response = try RawHTTPConnection(port: server.port).exchange("\r\n\r\nGET /status/203 HTTP/1.1\r\n\r\n")
        #expect(response.status == 203)
    }
}
