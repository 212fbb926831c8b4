import Foundation
import LoopbackServer
import TestSupport
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``URLSessionTransport`` under its ``TransportPolicy``, its delegate and its deadlines, against
/// loopback servers: what its session delegate decides for redirects, limits, the response head and
/// authentication challenges.
///
/// No test here sends a `Location` that stops the process inside FoundationNetworking on Linux
/// (`//[::1]:1/x`, `%00`): see `linux-foundation.md`.
@Suite struct URLSessionTransportPolicyTests {
    private static func url(_ server: LoopbackServer, _ path: String) throws -> URL {
        try #require(URL(string: "\(server.baseURL.absoluteString)/\(path)"))
    }

    private static func request(_ server: LoopbackServer, _ path: String, method: String = "GET") throws -> URLRequest {
        var request = URLRequest(url: try url(server, path))
        request.httpMethod = method
        return request
    }

    /// `/respond` answering `status` with `Location: location` and the body `moved`.
    private static func redirect(_ status: Int, to location: String) -> String {
        let escaped = location.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? location
        return "respond?status=\(status)&body=moved&header.Location=\(escaped)"
    }

    /// The body of `answer`, from memory or from its file.
    private static func body(of answer: TransportResponse) throws -> Data {
        guard let file = answer.fileURL else { return answer.data }
        defer { TemporaryFiles.remove(file) }
        return try Data(contentsOf: file)
    }

    private static func echo(_ answer: TransportResponse) throws -> Echo {
        try JSONDecoder().decode(Echo.self, from: try body(of: answer))
    }

    // MARK: Redirects

    @Test(arguments: [ResponseDestination.memory, .temporaryFile])
    func aRedirectPastTheLimitFailsWithTooManyRedirects(destination: ResponseDestination) async throws {
        let (server, hits) = try countingServer()
        defer { server.stop() }
        let transport = URLSessionTransport(configuration: .ephemeral, policy: TransportPolicy(maximumRedirects: 3))
        let request = try Self.request(server, "fault/redirect-loop")
        let error = await #expect(throws: URLError.self) {
            try await transport.send(TransportRequest(urlRequest: request, destination: destination))
        }
        #expect(error?.code == .httpTooManyRedirects)
        #expect(hits.value == 4)  // the request and three redirects
        #expect(await leftoverTasks(of: transport, server: server) == 0)
    }

    @Test(arguments: [ResponseDestination.memory, .temporaryFile])
    func withNoRedirectsAllowedTheRedirectIsTheAnswer(destination: ResponseDestination) async throws {
        let (server, hits) = try countingServer()
        defer { server.stop() }
        let transport = URLSessionTransport(configuration: .ephemeral, policy: TransportPolicy(maximumRedirects: 0))
        let request = try Self.request(server, Self.redirect(302, to: "/echo"))
        let answer = try await transport.send(TransportRequest(urlRequest: request, destination: destination))
        #expect(answer.statusCode == 302)
        #expect(answer.response?.value(forHTTPHeaderField: "Location") == "/echo")
        // A download is answered with an empty file: URLSession on Linux traps when it is handed a
        // redirect's body.
        #expect(try Self.body(of: answer) == (destination == .memory ? Data("moved".utf8) : Data()))
        #expect(hits.value == 1)
        #expect(await leftoverTasks(of: transport, server: server) == 0)
    }
    @Test func storedCookiesGoAlongARedirect() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = HTTPCookieStorage.sharedCookieStorage(
            forGroupContainerIdentifier: "courier-tests-\(UUID().uuidString)")
        configuration.httpCookieAcceptPolicy = .always
        let transport = URLSessionTransport(configuration: configuration)
        let setCookie = "session=abc; Path=/".addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        _ = try await transport.send(
            TransportRequest(urlRequest: try Self.request(server, "respond?header.Set-Cookie=\(setCookie)")))
        let echo = try Self.echo(
            try await transport.send(
                TransportRequest(urlRequest: try Self.request(server, Self.redirect(302, to: "/echo")))))
        #expect(echo.path == "/echo")
        #expect(echo.headers["cookie"] == "session=abc")
    }

    @Test(arguments: [307, 308], [ResponseDestination.memory, .temporaryFile])
    func a307Or308KeepsTheMethodAndTheBody(status: Int, destination: ResponseDestination) async throws {
        let (server, hits) = try countingServer()
        defer { server.stop() }
        var request = try Self.request(server, Self.redirect(status, to: "/echo"), method: "PUT")
        request.httpBody = Data("payload".utf8)
        let transport = URLSessionTransport(configuration: .ephemeral)
        let answer = try await transport.send(TransportRequest(urlRequest: request, destination: destination))
        let echo = try Self.echo(answer)
        #expect(echo.method == "PUT")
        #expect(echo.body == "payload")
        #expect(hits.value == 2)
        #expect(answer.metrics?.redirectCount == 1)
        #expect(await leftoverTasks(of: transport, server: server) == 0)
    }
    // MARK: Size limits
    @Test func aBodyAtTheLimitIsKept() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let transport = URLSessionTransport(
            configuration: .ephemeral, policy: TransportPolicy(maximumResponseBodySize: 100_000))
        let answer = try await transport.send(TransportRequest(urlRequest: try Self.request(server, "bytes/100000")))
        #expect(answer.data == StandardRoutes.patternData(offset: 0, count: 100_000))
    }
    // MARK: The response head's deadline

    @Test(.timesURLSession, arguments: [ResponseDestination.memory, .temporaryFile])
    func aHeadDrippedOutSlowlyTimesOutWithinTheRequestTimeout(destination: ResponseDestination) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 1
        let transport = URLSessionTransport(configuration: configuration)
        let request = try Self.request(server, "fault/drip-headers")
        let elapsed = await seconds {
            let error = await #expect(throws: URLError.self) {
                try await transport.send(TransportRequest(urlRequest: request, destination: destination))
            }
            #expect(error?.code == .timedOut)
        }
        #expect(elapsed >= 0.9)
        #expect(elapsed < 1 + FaultServer.slack)
        #expect(await leftoverTasks(of: transport, server: server) == 0)
    }

    @Test(.timesURLSession, arguments: [ResponseDestination.memory, .temporaryFile])
    func aBodySlowerThanTheRequestTimeoutIsNotCutShort(destination: ResponseDestination) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 5
        let transport = URLSessionTransport(configuration: configuration)
        // 16 KiB, 1 KiB every 500 ms: the head comes at once, the whole body after 8 s, past the 5 s
        // request timeout; no wait for data comes near it, even on a machine stalled for a few seconds.
        let request = try Self.request(server, "slow-body/16384?interval=500")
        let answer = try await transport.send(TransportRequest(urlRequest: request, destination: destination))
        #expect(answer.statusCode == 200)
        #expect(try Self.body(of: answer).count == 16_384)
    }

    // MARK: Metrics

    @Test func everyResponseCarriesMetrics() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        var request = try Self.request(server, Self.redirect(302, to: "/bytes/5000"), method: "POST")
        request.httpBody = Data(repeating: 1, count: 1000)
        let answer = try await URLSessionTransport(configuration: .ephemeral).send(
            TransportRequest(urlRequest: request))
        let metrics = try #require(answer.metrics)
        #expect(answer.data.count == 5000)
        #expect(metrics.total > .zero)
        #expect(metrics.bytesSent >= 1000)
        #expect(metrics.bytesReceived >= 5000)
        #expect(metrics.redirectCount == 1)
    }

    // MARK: Authentication challenges

    /// A server that answers 401 with a Basic challenge unless the request brings `u`/`p`.
    private static func protectedServer() throws -> LoopbackServer {
        try LoopbackServer { request in
            if request.header("Authorization") == "Basic dTpw" { return .text("welcome") }
            return ServerResponse(
                status: 401, headers: [HeaderField(name: "WWW-Authenticate", value: "Basic realm=\"x\"")],
                body: .data(Data("who are you?".utf8)))
        }
    }

    @Test func theDelegateAnswersA401Challenge() async throws {
        let server = try Self.protectedServer()
        defer { server.stop() }
        let delegate = CredentialDelegate()
        let transport = URLSessionTransport(configuration: .ephemeral, delegate: delegate)
        let answer = try await transport.send(TransportRequest(urlRequest: try Self.request(server, "private")))
        #expect(answer.statusCode == 200)
        #expect(answer.data == Data("welcome".utf8))
        #expect(delegate.challenges == [NSURLAuthenticationMethodHTTPBasic])
        #expect(transport.delegate === delegate)
    }

    @Test func theDelegateOfAGivenSessionAnswersChallenges() async throws {
        let server = try Self.protectedServer()
        defer { server.stop() }
        let delegate = CredentialDelegate()
        let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let transport = URLSessionTransport(session: session)
        let answer = try await transport.send(TransportRequest(urlRequest: try Self.request(server, "private")))
        #expect(answer.statusCode == 200)
        #expect(delegate.challenges == [NSURLAuthenticationMethodHTTPBasic])
        #expect(transport.session !== session)
    }

    /// URLSession on Linux (Swift 6.3) holds such a task for ever; the transport ends it with the 401.
    @Test(arguments: [ResponseDestination.memory, .temporaryFile])
    func withoutADelegateThatAnswersIt401IsTheAnswer(destination: ResponseDestination) async throws {
        let server = try Self.protectedServer()
        defer { server.stop() }
        let sessionLevelOnly = SessionLevelDelegate()
        for transport in [
            URLSessionTransport(configuration: .ephemeral),
            URLSessionTransport(configuration: .ephemeral, delegate: sessionLevelOnly),
        ] {
            let request = try Self.request(server, "private")
            let answer = try await transport.send(TransportRequest(urlRequest: request, destination: destination))
            #expect(answer.statusCode == 401)
            // A download's 401 comes with an empty file: its body went to URLSession's file.
            #expect(try Self.body(of: answer) == (destination == .memory ? Data("who are you?".utf8) : Data()))
            #expect(await leftoverTasks(of: transport, server: server) == 0)
        }
        #expect(sessionLevelOnly.calls.value == 0)
    }
}

/// A task delegate that answers the first challenge of each task with `u`/`p`, and records the
/// authentication methods it was asked about.
private final class CredentialDelegate: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    private let methods = Locked<[String]>([])

    var challenges: [String] { methods.withLock { $0 } }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        methods.withLock { $0.append(challenge.protectionSpace.authenticationMethod) }
        if challenge.previousFailureCount == 0 {
            completionHandler(.useCredential, URLCredential(user: "u", password: "p", persistence: .none))
        } else {
            completionHandler(.performDefaultHandling, nil)
        }
    }
}

/// A delegate with only the session-level challenge method, which would answer with `u`/`p`.
private final class SessionLevelDelegate: NSObject, URLSessionDelegate, @unchecked Sendable {
    let calls = Counter()

    func urlSession(
        _ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        calls.increment()
        completionHandler(.useCredential, URLCredential(user: "u", password: "p", persistence: .none))
    }
}
