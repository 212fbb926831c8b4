import Foundation
import LoopbackServer
import TestSupport
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
        let file = try TestFiles.path("courier-upload")
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

    @Test func curlResponsesCarryTheirMetrics() async throws {
        let transport = try CurlTransport()
        let first = try await transport.send(TransportRequest(urlRequest: try request("echo")))
        let second = try await transport.send(TransportRequest(urlRequest: try request("echo")))
        let metrics = try #require(first.metrics)
        #expect(metrics.total > .zero)
        #expect(metrics.firstByte != nil)
        #expect(metrics.connect != nil)
        #expect(metrics.secureConnection == nil)
        #expect(metrics.bytesSent > 0)
        #expect(metrics.bytesReceived > Int64(first.data.count))
        #expect(metrics.remoteAddress == "127.0.0.1")
        #expect(metrics.remotePort == (try TestServer.baseURL()).port)
        #expect(metrics.httpVersion == "HTTP/1.1")
        #expect(!metrics.isReusedConnection)
        #expect(second.metrics?.isReusedConnection == true)
        #expect(metrics.summary.contains("total"))
    }

    @Test func theVerboseLoggerPrintsTheTimingLine() async throws {
        let lines = Locked([String]())
        let logger = NetworkLoggerPlugin(
            configuration: .init(output: { _, items in lines.withLock { $0 += items } }, logOptions: .verbose))
        let provider = Provider<TestTarget>(transport: try CurlTransport(), plugins: [logger])
        _ = try await provider.request(try TestTarget.loopback("/echo"))
        let metrics = lines.withLock { $0 }.filter { $0.contains("Metrics") }
        #expect(metrics.count == 1)
        #expect(metrics.first?.contains("first byte") == true)
    }

    /// With one connection per host taken by a request the server never answers, 2,000 more requests
    /// wait in libcurl's queue; cancelling them all lets none of them reach the server (URLSession on
    /// Linux let about 140 of 2,000 through).
    @Test func cancelledRequestsThatWereQueuedNeverReachTheServer() async throws {
        let (server, hits) = try countingServer()
        defer { server.stop() }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 1
        let transport = try CurlTransport(configuration: configuration)
        let held = Task {
            try await transport.send(
                TransportRequest(urlRequest: URLRequest(url: server.baseURL.appendingPathComponent("fault/no-headers")))
            )
        }
        while hits.value == 0 { try await Task.sleep(nanoseconds: 5_000_000) }
        let queued = (0..<2_000).map { index in
            Task {
                try await transport.send(
                    TransportRequest(
                        urlRequest: URLRequest(url: server.baseURL.appendingPathComponent("echo/\(index)"))))
            }
        }
        try await Task.sleep(nanoseconds: 300_000_000)
        for task in queued { task.cancel() }
        var cancelled = 0
        for task in queued {
            if case .failure(let error) = await task.result, (error as? URLError)?.code == .cancelled { cancelled += 1 }
        }
        held.cancel()
        _ = await held.result
        #expect(cancelled == 2_000)
        #expect(hits.value == 1)
        #expect(await leftoverTasks(of: transport, server: server) == 0)
    }

    @Test func curlUnavailableErrorSaysWhatIsMissing() {
        let error = CurlUnavailableError(reason: "libcurl.so.4: cannot open shared object file")
        #expect(error.errorDescription?.contains("libcurl.so.4") == true)
        #expect(error.errorDescription?.contains("CurlTransport") == true)
    }
}
