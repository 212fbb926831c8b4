import Foundation
import LoopbackServer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Serving URLSession", .offThePool)
struct URLSessionTests {
    @Test func getEchoesHeadersAndQuery() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let url = try #require(URL(string: "\(server.baseURL.absoluteString)/echo/u?name=J%C3%BCrgen"))
        var request = URLRequest(url: url)
        request.setValue("token-1", forHTTPHeaderField: "X-Token")
        let (data, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["path"] as? String == "/echo/u")
        #expect((json["queryItems"] as? [String: String])?["name"] == "J\u{FC}rgen")
        #expect((json["headers"] as? [String: String])?["x-token"] == "token-1")
    }

    @Test func largePostSentWithExpectContinueArrivesWhole() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        var request = URLRequest(url: server.baseURL.appendingPathComponent("upload"))
        request.httpMethod = "POST"
        let body = patternBytes(count: 256 * 1024) { UInt8(truncatingIfNeeded: $0 &* 7) }
        request.httpBody = body
        let (data, _) = try await URLSession.shared.data(for: request)
        var checksum = Checksum()
        checksum.update(body)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["bytes"] as? Int == body.count)
        #expect(json["checksum"] as? String == checksum.hexDigest)
    }

    @Test func downloadOfBytesMatchesThePattern() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let count = 3 << 20
        let (data, response) = try await URLSession.shared.data(
            from: server.baseURL.appendingPathComponent("bytes/\(count)")
        )
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Length") == "\(count)")
        var checksum = Checksum()
        checksum.update(data)
        #expect(checksum.hexDigest == StandardRoutes.patternChecksum(count: Int64(count)))
    }
}
