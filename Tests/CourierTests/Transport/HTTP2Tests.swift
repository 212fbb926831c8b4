import Foundation
import TestSupport
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``CurlTransport`` speaks HTTP/2 with a TLS server that offers it (nginx, on 127.0.0.1), and
/// HTTP/1.1 in the clear.
///
/// URLSessionTransport is not tested here: on Linux, FoundationNetworking can trust no CA but the
/// system's (it sends no server-trust challenge to a delegate), so it cannot reach a server with a
/// self-signed certificate.
@Suite struct HTTP2Tests {
    /// A CurlTransport that trusts `server`'s certificate.
    private func transport(for server: HTTP2Server) throws -> CurlTransport {
        try CurlTransport(
            configuration: .ephemeral, trust: ServerTrustPolicy(certificateAuthorityFile: server.certificateFile))
    }

    private func get(_ path: String, from server: HTTP2Server, with transport: CurlTransport) async throws
        -> TransportResponse
    {
        let url = server.url.appendingPathComponent(path)
        return try await transport.send(TransportRequest(urlRequest: URLRequest(url: url)))
    }

    @Test(.enabled(if: HTTP2Server.isInstalled && OpenSSL.isInstalled, "needs nginx and openssl"))
    func aGetComesBackOverHTTP2() async throws {
        let server = try await HTTP2Server.start()
        defer { server.stop() }
        let response = try await Provider<TestTarget>(transport: try transport(for: server)).request(
            TestTarget(baseURL: server.url, path: "/hello.json"))
        #expect(response.statusCode == 200)
        #expect(response.data == HTTP2Server.hello)
        let metrics = try #require(response.metrics)
        #expect(metrics.httpVersion == "HTTP/2")
        #expect(metrics.secureConnection != nil)
        #expect(metrics.remoteAddress == "127.0.0.1")
        // The HTTPURLResponse is whole though HTTP/2 sends header names in lowercase.
        let http = try #require(response.response)
        #expect(http.statusCode == 200)
        #expect(http.url?.path == "/hello.json")
        #expect(http.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(http.value(forHTTPHeaderField: "content-length") == "\(HTTP2Server.hello.count)")
        // nginx saw it as HTTP/2 too.
        let log = await server.accessLog(lines: 1)
        #expect(log.first?.hasPrefix("HTTP/2.0 ") == true, "\(log)")
    }

    @Test(.enabled(if: HTTP2Server.isInstalled && OpenSSL.isInstalled, "needs nginx and openssl"))
    func concurrentRequestsShareOneHTTP2Connection() async throws {
        let server = try await HTTP2Server.start()
        defer { server.stop() }
        let transport = try transport(for: server)
        // One request first, so that libcurl knows the connection multiplexes before the others start.
        let first = try await get("hello.json", from: server, with: transport)
        #expect(first.metrics?.httpVersion == "HTTP/2")
        let paths = (0..<12).map { $0 % 3 == 0 ? "large.bin" : "hello.json" }
        let responses = try await withThrowingTaskGroup(of: (String, TransportResponse).self) { group in
            for path in paths {
                group.addTask { (path, try await get(path, from: server, with: transport)) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(responses.count == paths.count)
        for (path, response) in responses {
            #expect(response.statusCode == 200, "\(path)")
            #expect(response.data == (path == "large.bin" ? HTTP2Server.large : HTTP2Server.hello), "\(path)")
            #expect(response.metrics?.httpVersion == "HTTP/2", "\(path)")
            #expect(response.metrics?.isReusedConnection == true, "\(path)")
        }
        // Every request went over nginx's one connection.
        let log = await server.accessLog(lines: paths.count + 1)
        #expect(log.count == paths.count + 1)
        let connections = Set(log.map { $0.split(separator: " ").dropFirst().first.map(String.init) ?? "" })
        #expect(connections.count == 1, "\(log)")
        #expect(log.allSatisfy { $0.hasPrefix("HTTP/2.0 ") }, "\(log)")
    }

    @Test func plainHTTPStaysHTTP11() async throws {
        let transport = try CurlTransport(configuration: .ephemeral)
        let url = try TestServer.baseURL().appendingPathComponent("echo")
        let response = try await transport.send(TransportRequest(urlRequest: URLRequest(url: url)))
        #expect(response.statusCode == 200)
        #expect(response.metrics?.httpVersion == "HTTP/1.1")
        // No attempt to upgrade to cleartext HTTP/2 (h2c).
        let echo = try JSONDecoder().decode(Echo.self, from: response.data)
        #expect(echo.headers["upgrade"] == nil)
        #expect(echo.headers["http2-settings"] == nil)
    }
}
