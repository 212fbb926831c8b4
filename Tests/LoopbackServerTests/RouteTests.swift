import Foundation
import LoopbackServer
import Testing

@Suite("Standard routes", .offThePool)
struct RouteTests {
    private func get(_ target: String, on server: LoopbackServer) throws -> RawResponse {
        try RawHTTPConnection(port: server.port).exchange("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n")
    }

    @Test func statusRouteAnswersThatStatus() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let teapot = try get("/status/418", on: server)
        #expect(teapot.status == 418)
        #expect(try teapot.jsonObject()["status"] as? Int == 418)
        #expect(try get("/status/abc", on: server).status == 400)
    }

    @Test func noContentHasNoBodyAndKeepsTheConnectionUsable() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        let empty = try connection.exchange("GET /status/204 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(empty.status == 204)
        #expect(empty.header("Content-Length") == nil)
        #expect(try connection.exchange("GET /status/200 HTTP/1.1\r\nHost: x\r\n\r\n").status == 200)
    }

    @Test func respondBuildsTheRequestedAnswer() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let response = try get(
            "/respond?status=201&body=created%21&contentType=text/x-test&header.X-One=1&header.X-Two=two%20words",
            on: server
        )
        #expect(response.status == 201)
        #expect(response.text == "created!")
        #expect(response.header("Content-Type") == "text/x-test")
        #expect(response.header("X-One") == "1")
        #expect(response.header("X-Two") == "two words")
        let plain = try get("/respond", on: server)
        #expect(plain.status == 200)
        #expect(plain.body.isEmpty)
        #expect(plain.header("Content-Type") == "text/plain; charset=utf-8")
    }

    @Test func statusQueryItemOverridesAnyRoute() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let response = try get("/echo/x?status=503", on: server)
        #expect(response.status == 503)
        #expect(try response.jsonObject()["path"] as? String == "/echo/x")
    }

    @Test func bytesStreamsThePattern() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let count = 200_000
        let response = try get("/bytes/\(count)", on: server)
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/octet-stream")
        #expect(response.header("Content-Length") == "\(count)")
        #expect(response.body.count == count)
        var checksum = Checksum()
        checksum.update(response.body)
        #expect(checksum.hexDigest == StandardRoutes.patternChecksum(count: Int64(count)))
        #expect(response.body.prefix(3) == Data([0, 1, 2]))
        #expect(response.body[251] == 0)
        #expect(response.body[count - 1] == StandardRoutes.patternByte(at: Int64(count - 1)))
        #expect(try get("/bytes/0", on: server).body.isEmpty)
        #expect(try get("/bytes/-1", on: server).status == 400)
    }

    @Test func delayPostponesTheAnswer() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let started = Date()
        let response = try get("/echo?delay=300", on: server)
        #expect(response.status == 200)
        #expect(Date().timeIntervalSince(started) >= 0.3)
    }

    @Test func unknownPathIs404() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let response = try get("/nowhere/x?y=1", on: server)
        #expect(response.status == 404)
        let json = try response.jsonObject()
        #expect(json["error"] as? String == "no route")
        #expect(json["path"] as? String == "/nowhere/x")
    }

    @Test func jsonRouteReturnsTheBody() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let body = #"{"a":[1,2,{"b":null}]}"#
        let response = try RawHTTPConnection(port: server.port).exchange(
            "POST /json HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        )
        #expect(response.text == body)
        #expect(response.header("Content-Type") == "application/json")
    }

    @Test func slowBodyTricklesBytes() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let started = Date()
        let response = try get("/slow-body/3000?interval=60", on: server)
        #expect(Date().timeIntervalSince(started) >= 0.12)  // three 1 KiB pieces: two pauses
        #expect(response.body == StandardRoutes.patternData(offset: 0, count: 3000))
    }

    @Test func customHandlerCanAnswerRawBytesOrDropTheConnection() throws {
        let server = try LoopbackServer { request in
            switch request.path {
            case "/raw":
                return ServerResponse(body: .raw(Data("HTTP/1.1 299 Odd\r\nX: y\r\n\r\n".utf8), closeAfter: true))
            case "/drop": return ServerResponse(body: .dropConnection)
            default: return .json(["unserializable": Date()])
            }
        }
        defer { server.stop() }
        let raw = try RawHTTPConnection(port: server.port)
        try raw.send("GET /raw HTTP/1.1\r\n\r\n")
        #expect(String(decoding: try raw.readUntilClosed(), as: UTF8.self) == "HTTP/1.1 299 Odd\r\nX: y\r\n\r\n")
        let dropped = try RawHTTPConnection(port: server.port)
        try dropped.send("GET /drop HTTP/1.1\r\n\r\n")
        #expect(try dropped.readUntilClosed().isEmpty)
        #expect(try get("/other", on: server).status == 500)
    }
}
