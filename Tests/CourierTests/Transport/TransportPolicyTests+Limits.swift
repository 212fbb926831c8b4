import Foundation
import LoopbackServer
import TestSupport
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``TransportPolicy`` on each transport beyond redirects: size limits, the response head's deadline and
/// a slow upload, cookies, and authentication challenges.
extension TransportPolicyTests {
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
        // A size no other test downloads, to tell a file left by this download from another test's.
        let size = 3_000_017
        let error = await #expect(throws: ResponseSizeLimitExceeded.self) {
            try await transport.send(
                TransportRequest(urlRequest: try Self.request(server, "bytes/\(size)"), destination: .temporaryFile)
            )
        }
        #expect(error == ResponseSizeLimitExceeded(limit: 1 << 20, isDownload: true))
        #expect(error?.errorDescription?.contains("maximumDownloadSize") == true)
        #expect(await leftoverTasks(of: transport, server: server) == 0)
        #expect(folder.leftovers.isEmpty)
        // Nor in the system's temporary folder, where URLSession on Linux writes a download first.
        let temporary = FileManager.default.temporaryDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        let left = names.filter { name in
            let path = temporary.appendingPathComponent(name).path
            return ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue == size
        }
        #expect(left.isEmpty)
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
        let server = try SlowReader(pause: .milliseconds(24))
        defer { server.stop() }
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 3
        let transport = try kind.make(configuration: configuration)
        // 12 MiB read at about 2.7 MB/s: over the 3 s request timeout, with bytes moving all along (and
        // what the sockets buffer after the last byte went out drains within it); a machine stalled for
        // a second or two does not make the reader look gone.
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
        #expect(elapsed > 3, "the upload outlasted the request timeout")
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
