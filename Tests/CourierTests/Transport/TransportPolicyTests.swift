import Foundation
import LoopbackServer
import TestSupport
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``TransportPolicy`` on each transport, against loopback servers: redirects, credentials across
/// origins, size limits, and the response head's deadline (`docs/RELIABILITY.md`, "Transport policy").
@Suite struct TransportPolicyTests {
    /// `/respond` answering `status` with `Location: location`.
    private static func redirect(_ status: Int, to location: String) -> String {
        let escaped = location.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? location
        return "respond?status=\(status)&header.Location=\(escaped)"
    }

    /// A request for `path` on `server`.
    static func request(_ server: LoopbackServer, _ path: String, method: String = "GET") throws -> URLRequest {
        var request = URLRequest(url: try #require(URL(string: "\(server.baseURL.absoluteString)/\(path)")))
        request.httpMethod = method
        return request
    }

    /// The loopback server's echo of the request, read from `answer`.
    static func echo(_ answer: TransportResponse) throws -> Echo {
        try JSONDecoder().decode(Echo.self, from: answer.data)
    }

    // MARK: Redirects

    @Test(arguments: TransportKind.allCases)
    func redirectsAreFollowedUpToTheLimitAndNoFurther(kind: TransportKind) async throws {
        let (server, hits) = try countingServer()
        defer { server.stop() }
        let transport = try kind.make(policy: TransportPolicy(maximumRedirects: 3))
        let error = await #expect(throws: URLError.self) {
            try await transport.send(TransportRequest(urlRequest: try Self.request(server, "fault/redirect-loop")))
        }
        #expect(error?.code == .httpTooManyRedirects)
        #expect(hits.value == 4)  // the request and three redirects
        #expect(await leftoverTasks(of: transport, server: server) == 0)
    }

    @Test(arguments: TransportKind.allCases)
    func withNoRedirectsAllowedTheRedirectIsTheAnswer(kind: TransportKind) async throws {
        let (server, hits) = try countingServer()
        defer { server.stop() }
        let transport = try kind.make(policy: TransportPolicy(maximumRedirects: 0))
        let answer = try await transport.send(
            TransportRequest(urlRequest: try Self.request(server, Self.redirect(302, to: "/echo"))))
        #expect(answer.statusCode == 302)
        #expect(answer.response?.value(forHTTPHeaderField: "Location") == "/echo")
        #expect(hits.value == 1)
    }

    @Test(arguments: TransportKind.allCases)
    func credentialsNeverFollowARedirectToAnotherOrigin(kind: TransportKind) async throws {
        let first = try LoopbackServer()
        let second = try LoopbackServer()
        defer {
            first.stop()
            second.stop()
        }
        var request = try Self.request(first, Self.redirect(302, to: "\(second.baseURL.absoluteString)/echo"))
        request.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
        request.setValue("Basic cHJveHk=", forHTTPHeaderField: "Proxy-Authorization")
        request.setValue("session=s3cr3t", forHTTPHeaderField: "Cookie")
        request.setValue("kept", forHTTPHeaderField: "X-Other")
        let answer = try await kind.make().send(TransportRequest(urlRequest: request))
        let echo = try Self.echo(answer)
        #expect(echo.path == "/echo")
        #expect(echo.headers["authorization"] == nil)
        #expect(echo.headers["proxy-authorization"] == nil)
        #expect(echo.headers["cookie"] == nil)
        #expect(echo.headers["x-other"] == "kept")
    }

    @Test(arguments: TransportKind.allCases)
    func credentialsFollowARedirectOnTheSameOrigin(kind: TransportKind) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        var request = try Self.request(server, Self.redirect(302, to: "/echo"))
        request.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
        let echo = try Self.echo(try await kind.make().send(TransportRequest(urlRequest: request)))
        #expect(echo.path == "/echo")
        #expect(echo.headers["authorization"] == "Bearer secret")
    }

    @Test(arguments: TransportKind.allCases, [301, 302, 303])
    func aPostRedirectedBy301To303BecomesAGetWithoutBody(kind: TransportKind, status: Int) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        var request = try Self.request(server, Self.redirect(status, to: "/echo"), method: "POST")
        request.httpBody = Data("payload".utf8)
        request.setValue("text/plain", forHTTPHeaderField: "Content-Type")
        let echo = try Self.echo(try await kind.make().send(TransportRequest(urlRequest: request)))
        #expect(echo.method == "GET")
        #expect(echo.body == "")
        #expect(echo.headers["content-type"] == nil)
    }

    @Test(arguments: TransportKind.allCases, [307, 308])
    func a307Or308KeepsTheMethodAndTheBody(kind: TransportKind, status: Int) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        var request = try Self.request(server, Self.redirect(status, to: "/echo"), method: "PUT")
        request.httpBody = Data("payload".utf8)
        let echo = try Self.echo(try await kind.make().send(TransportRequest(urlRequest: request)))
        #expect(echo.method == "PUT")
        #expect(echo.body == "payload")
    }

    @Test(arguments: TransportKind.allCases)
    func a307OfAFileUploadReadsTheFileAgain(kind: TransportKind) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let payload = StandardRoutes.patternData(offset: 0, count: 300_000)
        let file = try folder.write(payload, named: "body.bin")
        let request = try Self.request(server, Self.redirect(307, to: "/upload"), method: "POST")
        let answer = try await kind.make().send(TransportRequest(urlRequest: request, bodyFileURL: file))
        let summary = try #require(try JSONSerialization.jsonObject(with: answer.data) as? [String: Any])
        #expect(answer.statusCode == 200)
        #expect(summary["bytes"] as? Int == payload.count)
    }

    @Test(
        arguments: TransportKind.allCases,
        [
            "file:///etc/passwd", "ftp://127.0.0.1/x", "gopher://127.0.0.1/x", "dict://127.0.0.1/x",
            "data:text/plain,hello", "javascript:alert(1)",
        ])
    func aRedirectToAnotherSchemeFailsAndNamesIt(kind: TransportKind, location: String) async throws {
        let (server, hits) = try countingServer()
        defer { server.stop() }
        let transport = try kind.make()
        let error = await #expect(throws: URLError.self) {
            try await transport.send(
                TransportRequest(urlRequest: try Self.request(server, Self.redirect(302, to: location))))
        }
        #expect(error?.code == .unsupportedURL)
        let scheme = String(location.prefix { $0 != ":" })
        #expect(error?.localizedDescription.contains("\(scheme):") == true, "\(String(describing: error))")
        #expect(hits.value == 1)
        #expect(await leftoverTasks(of: transport, server: server) == 0)
    }

    @Test(arguments: TransportKind.allCases)
    func aRedirectToAnotherSchemeIsAFailedRequestThroughTheProvider(kind: TransportKind) async throws {
        let provider = Provider<TestTarget>(transport: try kind.make())
        let target = try TestTarget.loopback(Self.redirect(301, to: "file:///etc/passwd"))
        let error = await #expect(throws: CourierError.self) { try await provider.request(target) }
        #expect((error?.underlyingError as? URLError)?.code == .unsupportedURL)
        #expect(error?.errorDescription?.contains("file:") == true, "\(String(describing: error))")
    }

    @Test(arguments: TransportKind.allCases)
    func withNoRedirectsAllowedARedirectToAnotherSchemeIsTheAnswer(kind: TransportKind) async throws {
        let transport = try kind.make(policy: TransportPolicy(maximumRedirects: 0))
        let (server, _) = try countingServer()
        defer { server.stop() }
        let answer = try await transport.send(
            TransportRequest(urlRequest: try Self.request(server, Self.redirect(302, to: "file:///etc/passwd"))))
        #expect(answer.statusCode == 302)
    }

    /// FoundationNetworking stops the process on these Locations before any delegate method runs
    /// (`fatalError("Invalid URL")`), so only CurlTransport can be tested with them.
    @Test(arguments: ["//[::1]:1/x", "/a%00b", "http://[::1", "http://%zz/", "\u{7F}:x", "http:///nohost"])
    func noLocationCrashesTheProcessOrGoesAnywhereButWhereItPoints(location: String) async throws {
        let (server, hits) = try countingServer()
        defer { server.stop() }
        let transport = try TransportKind.curl.make()
        let request = try Self.request(server, Self.redirect(302, to: location))
        let outcome: Result<TransportResponse, any Error>
        do {
            outcome = .success(try await transport.send(TransportRequest(urlRequest: request)))
        } catch {
            outcome = .failure(error)
        }
        switch outcome {
        case .success(let answer):
            // Not followed (the 3xx itself), or followed to the path it names on the same server.
            #expect(answer.statusCode == 302 || answer.statusCode == 404)
            #expect(hits.value <= 2)
        case .failure(let error):
            // Followed to where it points ([::1] port 1), where nothing listens.
            #expect((error as? URLError)?.code == .cannotConnectToHost)
            #expect(hits.value == 1)
        }
        #expect(await leftoverTasks(of: transport, server: server) == 0)
    }
}
