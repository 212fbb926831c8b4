import Foundation
import TestSupport
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Courier does not turn off TLS certificate validation of its own accord. ``CurlTransport`` may be told
/// to trust a CA file or certificates of one's own and to pin public keys (all only narrow what is
/// trusted), and URLSession challenges may be forwarded to a delegate; peer or host verification is
/// switched off only where a ``ServerTrustPolicy`` asks for it, for the hosts it names (Alamofire's
/// `DisabledTrustEvaluator`), in one place of the source. By default a server with an untrusted
/// certificate is refused by both transports.
@Suite struct TLSValidationTests {
    /// The `URLError` of a request to `url` through `transport`, which must fail before any response.
    private func refusal(
        of transport: any Transport, at url: URL, path: String = "/",
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> URLError? {
        let error = await #expect(throws: CourierError.self, sourceLocation: sourceLocation) {
            try await Provider<TestTarget>(transport: transport).request(TestTarget(baseURL: url, path: path))
        }
        guard case .underlying(let underlying, nil)? = error, let urlError = underlying as? URLError else {
            Issue.record(
                "expected a URLError without a response, got \(String(describing: error))",
                sourceLocation: sourceLocation)
            return nil
        }
        return urlError
    }

    /// What the transport said about a failure: libcurl's message for `CurlTransport`.
    private func message(of error: URLError) -> String {
        "\(error.userInfo[NSLocalizedDescriptionKey] ?? "")"
    }

    /// The codes URLSession may report for a certificate it does not trust: Apple platforms report a
    /// certificate code; URLSession on Linux (swift-corelibs-foundation over libcurl) reports libcurl's
    /// "SSL certificate problem: self-signed certificate" (CURLE_PEER_FAILED_VERIFICATION) as
    /// `URLError(.unknown)` (-1), with libcurl's message as its description.
    private static let urlSessionRefusals: [URLError.Code] = [
        .serverCertificateUntrusted, .serverCertificateHasUnknownRoot, .serverCertificateHasBadDate,
        .serverCertificateNotYetValid, .secureConnectionFailed, .unknown,
    ]

    /// Checks that `error` is how `kind` reports an untrusted server certificate.
    private func expectUntrusted(
        _ error: URLError?, kind: TransportKind, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let error else { return }
        switch kind {
        case .curl:
            #expect(
                error.code == .serverCertificateUntrusted, "got \(error.code.rawValue)", sourceLocation: sourceLocation)
        case .urlSession:
            #expect(
                Self.urlSessionRefusals.contains(error.code), "got \(error.code.rawValue)",
                sourceLocation: sourceLocation)
        }
        #expect(
            message(of: error).localizedCaseInsensitiveContains("certificate"), "\(message(of: error))",
            sourceLocation: sourceLocation)
    }

    @Test(.enabled(if: OpenSSL.isInstalled, "needs openssl"), arguments: TransportKind.allCases)
    func aSelfSignedServerIsRefusedByDefault(kind: TransportKind) async throws {
        let server = try await TLSServer.start()
        defer { server.stop() }
        let error = await refusal(of: try kind.make(), at: server.url)
        expectUntrusted(error, kind: kind)
    }

    @Test(.enabled(if: OpenSSL.isInstalled, "needs openssl"))
    func theServersOwnCertificateAsCertificateAuthorityFileMakesItTrusted() async throws {
        let server = try await TLSServer.start()
        defer { server.stop() }
        let trust = ServerTrustPolicy(certificateAuthorityFile: server.certificateFile)
        let transport = try TransportKind.curl.make(trust: trust)
        let response = try await Provider<TestTarget>(transport: transport).request(
            TestTarget(baseURL: server.url, path: "/"))
        #expect(response.statusCode == 200)
        // s_server -www answers with a page that shows its command line and the TLS session.
        #expect(String(decoding: response.data, as: UTF8.self).contains("s_server"))
        // The same file does not make another host name acceptable: localhost is in the certificate.
        let byName = try #require(URL(string: "https://localhost:\(server.url.port ?? 0)"))
        let named = try await Provider<TestTarget>(transport: transport).request(TestTarget(baseURL: byName, path: "/"))
        #expect(named.statusCode == 200)
    }

    @Test(.enabled(if: OpenSSL.isInstalled, "needs openssl"))
    func aCertificateAuthorityFileDoesNotSwitchOffHostNameChecks() async throws {
        // Trusted (its own CA file), but made out for another host than 127.0.0.1.
        let server = try await TLSServer.start(subjectAltName: "DNS:courier.invalid")
        defer { server.stop() }
        let trust = ServerTrustPolicy(certificateAuthorityFile: server.certificateFile)
        let error = await refusal(of: try TransportKind.curl.make(trust: trust), at: server.url)
        #expect(error?.code == .serverCertificateUntrusted, "got \(error?.code.rawValue ?? 0)")
        #expect(
            error.map(message)?.localizedCaseInsensitiveContains("127.0.0.1") == true, "\(error.map(message) ?? "")")
    }

    @Test(.enabled(if: OpenSSL.isInstalled, "needs openssl"))
    func theMetricsOfATLSRequestShowTheHandshake() async throws {
        let server = try await TLSServer.start()
        defer { server.stop() }
        let transport = try TransportKind.curl.make(
            trust: ServerTrustPolicy(certificateAuthorityFile: server.certificateFile))
        let response = try await Provider<TestTarget>(transport: transport).request(
            TestTarget(baseURL: server.url, path: "/"))
        let metrics = try #require(response.metrics)
        let handshake = try #require(metrics.secureConnection)
        #expect(handshake > .zero)
        #expect(handshake <= metrics.total)
        if let connect = metrics.connect { #expect(connect <= handshake) }
        // s_server -www answers in HTTP/1.0 (it offers no ALPN, so no HTTP/2 either).
        #expect(metrics.httpVersion == "HTTP/1.0")
        #expect(!metrics.isReusedConnection)
        #expect(metrics.remoteAddress == "127.0.0.1")
    }

    @Test(.enabled(if: OpenSSL.isInstalled, "needs openssl"))
    func theRightPinnedKeyIsAccepted() async throws {
        let server = try await TLSServer.start()
        defer { server.stop() }
        let hash = try await server.publicKeyHash()
        let otherKey = Data(repeating: 7, count: 32).base64EncodedString()
        for pins in [[hash], [otherKey, hash]] {
            let trust = ServerTrustPolicy(certificateAuthorityFile: server.certificateFile, pinnedPublicKeyHashes: pins)
            let response = try await Provider<TestTarget>(transport: try TransportKind.curl.make(trust: trust))
                .request(TestTarget(baseURL: server.url, path: "/"))
            #expect(response.statusCode == 200, "pins \(pins)")
        }
    }

    @Test(.enabled(if: OpenSSL.isInstalled, "needs openssl"))
    func aWrongPinnedKeyIsRefusedBeforeTheRequestIsSent() async throws {
        // A server that logs what it receives and answers nothing.
        let server = try await TLSServer.start(mode: .logOnly)
        defer { server.stop() }
        let right = try await server.publicKeyHash()
        let wrong = Data(repeating: 7, count: 32).base64EncodedString()
        // With the CA file, so that the certificate passes every check but the pin.
        let wrongTrust = ServerTrustPolicy(
            certificateAuthorityFile: server.certificateFile, pinnedPublicKeyHashes: [wrong])
        let error = await refusal(of: try TransportKind.curl.make(trust: wrongTrust), at: server.url, path: "wrong-pin")
        // libcurl's CURLE_SSL_PINNEDPUBKEYNOTMATCH (90).
        #expect(error?.code == .serverCertificateUntrusted, "got \(error?.code.rawValue ?? 0)")
        #expect(error.map(message)?.localizedCaseInsensitiveContains("pinned") == true, "\(error.map(message) ?? "")")

        // The same request with the right pin reaches the server, which shows in its log; s_server takes
        // one connection at a time, so by then it has logged everything of the refused one.
        let rightTrust = ServerTrustPolicy(
            certificateAuthorityFile: server.certificateFile, pinnedPublicKeyHashes: [right])
        let control = try TransportKind.curl.make(trust: rightTrust)
        let url = server.url
        let pending = Task {
            try? await Provider<TestTarget>(transport: control).request(TestTarget(baseURL: url, path: "right-pin"))
        }
        #expect(await server.waitForLog(containing: "GET /right-pin HTTP/1.1"), "\(server.log)")
        #expect(!server.log.contains("wrong-pin"), "\(server.log)")
        // The server never answers: stopping it ends the request.
        server.stop()
        #expect(await pending.value == nil)
    }

    /// Not on Apple platforms, where the transport forwards the challenge to the session's own delegate,
    /// as asked, and a delegate that accepts anything is trusted to know what it does.
    @Test(.enabled(if: OpenSSL.isInstalled && !isApplePlatform, "needs openssl, and Linux"))
    func aSessionWhoseDelegateWouldAcceptAnyCertificateStillRefusesTheServer() async throws {
        let server = try await TLSServer.start()
        defer { server.stop() }
        let delegate = PermissiveDelegate()
        let permissive = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
        defer { permissive.invalidateAndCancel() }
        let error = await refusal(of: URLSessionTransport(session: permissive), at: server.url)
        expectUntrusted(error, kind: .urlSession)
        #if !canImport(Darwin)
            // swift-corelibs-foundation never delivers a server-trust challenge: it does not even
            // declare NSURLAuthenticationMethodServerTrust ("does not support methods of
            // authentication that rely on the Darwin Security framework"), and its libcurl verifies
            // peer and host itself. So on Linux the permissive delegate, whether or not the
            // transport forwards challenges to it, is never asked, and cannot weaken anything.
            #expect(delegate.challenges.isEmpty, "\(delegate.challenges)")
        #endif
    }
}

/// A session delegate that would accept any certificate, if anyone asked it, and records the
/// authentication methods of the challenges it gets.
private final class PermissiveDelegate: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    private let methods = Locked<[String]>([])

    /// The authentication methods of the challenges received so far.
    var challenges: [String] { methods.withLock { $0 } }

    func urlSession(
        _ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        accept(challenge, completionHandler)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        accept(challenge, completionHandler)
    }

    private func accept(
        _ challenge: URLAuthenticationChallenge,
        _ completionHandler: (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        methods.withLock { $0.append(challenge.protectionSpace.authenticationMethod) }
        #if canImport(Darwin)
            if let trust = challenge.protectionSpace.serverTrust {
                completionHandler(.useCredential, URLCredential(trust: trust))
                return
            }
        #endif
        completionHandler(.useCredential, URLCredential(user: "any", password: "any", persistence: .none))
    }
}

/// Whether the tests run on an Apple platform.
#if canImport(Darwin)
    private let isApplePlatform = true
#else
    private let isApplePlatform = false
#endif
