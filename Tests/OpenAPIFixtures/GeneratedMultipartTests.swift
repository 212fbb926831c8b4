import Courier
import Foundation
import LoopbackServer
import Testing

/// A generated multipart body whose Encoding Object gives parts a style (OpenAPI 3.1), sent to the
/// loopback server's echo, which answers with the body as it arrived.
@Suite struct GeneratedMultipartTests {
    @Test func partsInAStyleArriveAsTheFieldsAFormWouldHave() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let provider = Provider<LoopbackStreams.Echo>(endpointClosure: { target in
            SampleConformanceTests.endpoint(for: target, on: server.baseURL)
        })
        let body = LoopbackStreams.EchoUploadRequest(
            file: Data("hello".utf8), link: LoopbackStreams.EchoUploadRequestLink(create: true, expires: 1_700_000_000),
            expand: ["data.owner", "links"])
        let echo = try await provider.echoUpload(body: body)
        #expect(echo.method == "POST")
        let parts = Self.parts(of: echo.body)
        #expect(parts.map { $0.name } == ["file", "link[create]", "link[expires]", "expand"])
        #expect(parts.map { $0.contents } == ["hello", "true", "1700000000", "data.owner,links"])
        #expect(echo.body.contains("Content-Type: text/plain"))
    }

    /// A part's header fields (its Encoding Object's `headers`) are arguments of the call, sent on the
    /// field's part; the `Content-Type` the Encoding Object lists among them is the part's `contentType`.
    @Test func partHeadersArriveOnTheirPart() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let provider = Provider<LoopbackStreams.Echo>(endpointClosure: { $0.endpoint(on: server.baseURL) })
        let body = LoopbackStreams.EchoUploadRequest(file: Data("hi".utf8), link: nil, expand: ["links"])
        let echo = try await provider.echoUpload(body: body, fileXChecksum: "sha-256=abc", fileXPartIndex: 2)
        let sections = echo.body.components(separatedBy: "\r\n\r\n")
        let fileHead = try #require(sections.first { $0.contains(#"name="file""#) })
        #expect(fileHead.hasSuffix("Content-Type: text/plain\r\nX-Checksum: sha-256=abc\r\nX-Part-Index: 2"))
        let expandHead = try #require(sections.first { $0.contains(#"name="expand""#) })
        #expect(!expandHead.contains("X-Checksum"))
        // Left out, they are not sent.
        let plain = try await provider.echoUpload(body: body)
        #expect(!plain.body.contains("X-Checksum"))
        #expect(!plain.body.contains("X-Part-Index"))
    }

    /// `endpoint(on:)` sends a generated target to another server than its document's (here the loopback
    /// server instead of the document's port 8080), path, method, headers and body kept.
    @Test func endpointOnAnotherServerKeepsTheRequest() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let provider = Provider<LoopbackStreams.Echo>(endpointClosure: { $0.endpoint(on: server.baseURL) })
        let body = LoopbackStreams.EchoUploadRequest(file: Data("hi".utf8), link: nil, expand: nil)
        let echo = try await provider.echoUpload(body: body)
        #expect(echo.method == "POST")
        #expect(echo.path == "/echo/upload")
        #expect(Self.parts(of: echo.body).map { $0.contents } == ["hi"])
        let target = LoopbackStreams.Echo.echoUpload(body: body)
        let endpoint = target.endpoint(on: try #require(URL(string: "https://staging.example.com/v2/")))
        #expect(endpoint.url == "https://staging.example.com/v2/echo/upload")
        #expect(endpoint.method == .post)
    }

    /// The name and contents of each part of a multipart body, in order.
    static func parts(of body: String) -> [(name: String, contents: String)] {
        guard let boundaryLine = body.components(separatedBy: "\r\n").first, boundaryLine.hasPrefix("--") else {
            return []
        }
        return body.components(separatedBy: boundaryLine).compactMap { section in
            guard let split = section.range(of: "\r\n\r\n"),
                let start = section.range(of: #"name=""#),
                let end = section[start.upperBound...].firstIndex(of: "\"")
            else { return nil }
            var contents = String(section[split.upperBound...])
            if contents.hasSuffix("\r\n") { contents.removeLast(1) }
            return (String(section[start.upperBound..<end]), contents)
        }
    }
}
