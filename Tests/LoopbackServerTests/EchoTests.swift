import Foundation
import LoopbackServer
import Testing

@Suite("Echo route", .offThePool)
struct EchoTests {
    @Test func echoDescribesMethodPathQueryHeadersAndBody() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        let response = try connection.exchange(
            "POST /echo/a/b?x=1&y=%20z&plus=a+b&x=2&flag HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "X-Test: one\r\nx-test: two\r\nContent-Length: 11\r\n\r\nhello world"
        )
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json")
        #expect(response.header("Connection") == "keep-alive")
        #expect(response.header("Content-Length") == "\(response.body.count)")
        let json = try response.jsonObject()
        #expect(json["method"] as? String == "POST")
        #expect(json["path"] as? String == "/echo/a/b")
        #expect(json["query"] as? String == "x=1&y=%20z&plus=a+b&x=2&flag")
        let items = json["queryItems"] as? [String: String]
        #expect(items == ["x": "2", "y": " z", "plus": "a+b", "flag": ""])
        let headers = json["headers"] as? [String: String]
        #expect(headers?["x-test"] == "one, two")
        #expect(headers?["host"] == "127.0.0.1")
        #expect(json["body"] as? String == "hello world")
        #expect(json["bodyLength"] as? Int == 11)
    }

    @Test func echoWithoutQueryReportsEmptyQuery() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let response = try RawHTTPConnection(port: server.port).exchange("GET /echo HTTP/1.1\r\nHost: x\r\n\r\n")
        let json = try response.jsonObject()
        #expect(json["query"] as? String == "")
        #expect(json["method"] as? String == "GET")
        #expect(json["bodyLength"] as? Int == 0)
    }

    @Test func headAnswersHeadersWithoutBody() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        try connection.send("HEAD /bytes/10 HTTP/1.1\r\nHost: x\r\n\r\n")
        let head = try connection.readResponse(bodyExpected: false)
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == "10")
        // Had a body been sent, it would be read as the start of the next response.
        let next = try connection.exchange("GET /status/201 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(next.status == 201)
    }

    @Test func requestParsingDecodesTargets() {
        let request = ServerRequest(method: "GET", target: "/p%20q/r?a=%E2%82%AC&b=%zz&c=1+2&a=last&&=empty")
        #expect(request.path == "/p%20q/r")
        #expect(request.query == "a=%E2%82%AC&b=%zz&c=1+2&a=last&&=empty")
        #expect(request.queryItems == ["a": "last", "b": "%zz", "c": "1+2", "": "empty"])
        let absolute = ServerRequest(method: "GET", target: "http://127.0.0.1:80/x/y?z")
        #expect(absolute.path == "/x/y")
        #expect(absolute.query == "z")
        #expect(ServerRequest(method: "GET", target: "/plain").query == nil)
        let withHeaders = ServerRequest(
            method: "GET",
            target: "/",
            headers: [HeaderField(name: "X-A", value: "1"), HeaderField(name: "x-a", value: "2")]
        )
        #expect(withHeaders.header("x-A") == "1")
        #expect(withHeaders.header("missing") == nil)
    }
}
