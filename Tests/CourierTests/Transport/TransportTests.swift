import Foundation
import LoopbackServer
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Each transport on its own, against the loopback server.
@Suite struct TransportTests {
    private func request(_ path: String) throws -> URLRequest {
        URLRequest(url: try TestServer.baseURL().appendingPathComponent(path))
    }

    @Test(arguments: TransportKind.allCases)
    func sendsAndReturnsStatusHeadersAndBody(kind: TransportKind) async throws {
        var urlRequest = try request("echo")
        urlRequest.httpMethod = "PATCH"
        urlRequest.httpBody = Data("payload".utf8)
        let answer = try await kind.make().send(TransportRequest(urlRequest: urlRequest))
        #expect(answer.statusCode == 200)
        #expect(answer.response?.value(forHTTPHeaderField: "Content-Type") == "application/json")
        let echo = try JSONDecoder().decode(Echo.self, from: answer.data)
        #expect(echo.method == "PATCH")
        #expect(echo.body == "payload")
        #expect(answer.fileURL == nil)
    }

    @Test(arguments: TransportKind.allCases)
    func usesTheHeadersOfTheConfiguration(kind: TransportKind) async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpAdditionalHeaders = ["X-From-Configuration": "yes"]
        let transport = try kind.make(configuration: configuration)
        let answer = try await transport.send(TransportRequest(urlRequest: try request("echo")))
        let echo = try JSONDecoder().decode(Echo.self, from: answer.data)
        #expect(echo.headers["x-from-configuration"] == "yes")
    }

    @Test(arguments: TransportKind.allCases)
    func bodyCanGoToATemporaryFile(kind: TransportKind) async throws {
        let transport = try kind.make()
        let answer = try await transport.send(
            TransportRequest(urlRequest: try request("bytes/100000"), destination: .temporaryFile))
        let file = try #require(answer.fileURL)
        defer { try? FileManager.default.removeItem(at: file) }
        let contents = try Data(contentsOf: file)
        #expect(contents.count == 100_000)
        #expect(contents == StandardRoutes.patternData(offset: 0, count: 100_000))
        #expect(answer.data.isEmpty)
    }

    @Test(arguments: TransportKind.allCases)
    func bodyCanStreamFromAFileWithProgress(kind: TransportKind) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-upload-\(UUID().uuidString)")
        let payload = StandardRoutes.patternData(offset: 0, count: 2_000_000)
        try payload.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var urlRequest = try request("upload")
        urlRequest.httpMethod = "POST"
        let sent = Reports()
        let answer = try await kind.make().send(
            TransportRequest(
                urlRequest: urlRequest, bodyFileURL: file,
                progress: { sent.append(ProgressResponse(progress: Double($0.bytesSent))) }))
        let summary = try #require(try JSONSerialization.jsonObject(with: answer.data) as? [String: Any])
        var checksum = Checksum()
        checksum.update(payload)
        #expect(summary["bytes"] as? Int == 2_000_000)
        #expect(summary["checksum"] as? String == checksum.hexDigest)
        #expect(sent.all.last?.progress == 2_000_000)
    }

    @Test(arguments: TransportKind.allCases)
    func refusedConnectionThrowsURLError(kind: TransportKind) async throws {
        let transport = try kind.make()
        let error = await #expect(throws: URLError.self) {
            try await transport.send(TransportRequest(urlRequest: URLRequest(url: try refusedURL())))
        }
        #expect(error?.code == .cannotConnectToHost)
    }

    @Test func usesTheConfigurationOfTheGivenSession() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpAdditionalHeaders = ["X-From-Configuration": "yes"]
        let transport = URLSessionTransport(session: URLSession(configuration: configuration))
        let answer = try await transport.send(TransportRequest(urlRequest: try request("echo")))
        let echo = try JSONDecoder().decode(Echo.self, from: answer.data)
        #expect(echo.headers["x-from-configuration"] == "yes")
    }
}
