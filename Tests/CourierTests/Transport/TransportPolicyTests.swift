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

    private static func request(_ server: LoopbackServer, _ path: String, method: String = "GET") throws -> URLRequest {
        var request = URLRequest(url: try #require(URL(string: "\(server.baseURL.absoluteString)/\(path)")))
        request.httpMethod = method
        return request
    }

    private static func echo(_ answer: TransportResponse) throws -> Echo {
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

    // MARK: Size limits

    @Test(arguments: TransportKind.allCases)
    func aBodyLargerThanTheLimitFailsNamingTheLimit(kind: TransportKind) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let transport = try kind.make(policy: TransportPolicy(maximumResponseBodySize: 1 << 20))
        let error = await #expect(throws: ResponseSizeLimitExceeded.self) {
            try await transport.send(TransportRequest(urlRequest: try Self.request(server, "bytes/3000000")))
        }
        #expect(error == ResponseSizeLimitExceeded(limit: 1 << 20, isDownload: false))
        #expect(error?.errorDescription?.contains("1048576 bytes") == true)
        #expect(error?.errorDescription?.contains("maximumResponseBodySize") == true)
        #expect(await leftoverTasks(of: transport, server: server) == 0)
    }

    @Test(.loadsURLSessionsQueue, arguments: TransportKind.allCases)
    func aDecompressionBombStopsAtTheLimitCountedOnDecodedBytes(kind: TransportKind) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        // 256 MiB of zeros in about 1.6 MB of gzip.
        let transport = try kind.make(policy: TransportPolicy(maximumResponseBodySize: 8 << 20))
        let error = await #expect(throws: ResponseSizeLimitExceeded.self) {
            try await transport.send(
                TransportRequest(urlRequest: try Self.request(server, "fault/gzip-bomb?size=\(256 << 20)")))
        }
        #expect(error?.limit == 8 << 20)
        #expect(await leftoverTasks(of: transport, server: server) == 0)
    }

    /// 200 MiB rather than an endless body, so that a transport that ignored the limit would fail the test
    /// rather than fill the machine's memory.
    @Test(.loadsURLSessionsQueue, arguments: TransportKind.allCases)
    func theDefaultLimitStopsABodyLargerThanIt(kind: TransportKind) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let transport = try kind.make()
        let error = await #expect(throws: ResponseSizeLimitExceeded.self) {
            try await transport.send(TransportRequest(urlRequest: try Self.request(server, "bytes/\(200 << 20)")))
        }
        #expect(error?.limit == TransportPolicy().maximumResponseBodySize)
        #expect(await leftoverTasks(of: transport, server: server) == 0)
    }

    @Test(arguments: TransportKind.allCases)
    func aDownloadLargerThanItsLimitFailsAndLeavesNoFile(kind: TransportKind) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let transport = try folder.transport(kind, policy: TransportPolicy(maximumDownloadSize: 1 << 20))
        let error = await #expect(throws: ResponseSizeLimitExceeded.self) {
            try await transport.send(
                TransportRequest(urlRequest: try Self.request(server, "bytes/3000000"), destination: .temporaryFile)
            )
        }
        #expect(error == ResponseSizeLimitExceeded(limit: 1 << 20, isDownload: true))
        #expect(error?.errorDescription?.contains("maximumDownloadSize") == true)
        #expect(await leftoverTasks(of: transport, server: server) == 0)
        #expect(folder.leftovers.isEmpty)
    }

    // MARK: Timeouts

    @Test(.timesURLSession, arguments: TransportKind.allCases)
    func aHeadDrippedOutSlowlyTimesOutWithinTheRequestTimeout(kind: TransportKind) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 1
        let transport = try kind.make(configuration: configuration)
        let elapsed = await seconds {
            let error = await #expect(throws: URLError.self) {
                try await transport.send(TransportRequest(urlRequest: try Self.request(server, "fault/drip-headers")))
            }
            #expect(error?.code == .timedOut)
        }
        #expect(elapsed >= 0.9)
        #expect(elapsed < 1 + FaultServer.slack)
        #expect(await leftoverTasks(of: transport, server: server) == 0)
    }

    /// CurlTransport only (URLSessionTransport's is `URLSessionTransportPolicyTests`), one case at a time:
    /// the pace of the server is what the test measures.
    @Test(.timesURLSession, .serialized, arguments: [false, true])
    func anUploadSlowerThanTheRequestTimeoutIsNotCutShort(fromFile: Bool) async throws {
        let kind = TransportKind.curl
        let server = try SlowReader()
        defer { server.stop() }
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 1
        let transport = try kind.make(configuration: configuration)
        // 12 MiB read at about 8 MB/s: over the 1 s request timeout, with bytes moving all along (and
        // what the sockets buffer after the last byte went out drains within it).
        let payload = Data(repeating: 7, count: 12 << 20)
        var request = URLRequest(url: server.url)
        request.httpMethod = "POST"
        let transportRequest: TransportRequest
        if fromFile {
            transportRequest = TransportRequest(
                urlRequest: request, bodyFileURL: try folder.write(payload, named: "body.bin"))
        } else {
            request.httpBody = payload
            transportRequest = TransportRequest(urlRequest: request)
        }
        let elapsed = try await seconds {
            let answer = try await transport.send(transportRequest)
            #expect(answer.statusCode == 200)
            #expect(answer.data == Data("ok".utf8))
        }
        #expect(elapsed > 1, "the upload outlasted the request timeout")
    }

    // MARK: Cookies

    /// Cookies are scoped by host (RFC 6265 ignores ports): `localhost` and `127.0.0.1` reach the same
    /// server as two hosts.
    @Test(arguments: TransportKind.allCases)
    func cookiesAreStoredAndSentOnlyToTheirHost(kind: TransportKind) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = HTTPCookieStorage.sharedCookieStorage(
            forGroupContainerIdentifier: "courier-tests-\(UUID().uuidString)")
        configuration.httpCookieAcceptPolicy = .always
        let transport = try kind.make(configuration: configuration)
        let cookie = "session=abc; Path=/".addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        _ = try await transport.send(
            TransportRequest(urlRequest: try Self.request(server, "respond?header.Set-Cookie=\(cookie)")))
        let same = try Self.echo(
            try await transport.send(TransportRequest(urlRequest: try Self.request(server, "echo"))))
        #expect(same.headers["cookie"] == "session=abc")
        let port = try #require(server.baseURL.port)
        let otherHost = try #require(URL(string: "http://localhost:\(port)/echo"))
        let other = try Self.echo(try await transport.send(TransportRequest(urlRequest: URLRequest(url: otherHost))))
        #expect(other.path == "/echo")
        #expect(other.headers["cookie"] == nil)
    }

    // MARK: Authentication challenges

    /// A 401 whose `WWW-Authenticate` the transport could answer is handed back as it came, promptly,
    /// when no credential is given (on Linux URLSession alone would hold the task for ever).
    @Test(arguments: TransportKind.allCases)
    func a401WithAChallengeIsTheAnswer(kind: TransportKind) async throws {
        let server = try LoopbackServer { _ in
            ServerResponse(
                status: 401, headers: [HeaderField(name: "WWW-Authenticate", value: "Basic realm=\"x\"")],
                body: .data(Data("who are you?".utf8)))
        }
        defer { server.stop() }
        let transport = try kind.make(configuration: .ephemeral)
        let answer = try await transport.send(TransportRequest(urlRequest: try Self.request(server, "private")))
        #expect(answer.statusCode == 401)
        #expect(answer.data == Data("who are you?".utf8))
        #expect(answer.response?.value(forHTTPHeaderField: "WWW-Authenticate") == "Basic realm=\"x\"")
        #expect(await leftoverTasks(of: transport, server: server) == 0)
    }
}
