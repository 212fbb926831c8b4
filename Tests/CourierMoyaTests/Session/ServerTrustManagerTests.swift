import CourierMoya
import TestSupport
import Testing

/// `GET /` on an HTTPS server.
private struct SecurePage: TargetType {
    let baseURL: URL
    var path: String { "/" }
    var method: Moya.Method { .get }
    var task: Task { .requestPlain }
    var headers: [String: String]? { nil }
}

/// Alamofire's `ServerTrustManager`, enforced per host by the session's transport.
@Suite struct ServerTrustManagerTests {
    /// The certificate of `server`, as an app holds one it pins.
    private func certificate(of server: TLSServer) throws -> SecCertificate {
        let pem = try Data(contentsOf: server.certificateFile)
        let folder = try TestFiles.path("pins")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try pem.write(to: folder.appendingPathComponent("server.crt"))
        let bundle = try #require(Bundle(path: folder.path))
        return try #require(bundle.af.certificates.first)
    }

    private func get(_ url: URL, trust: ServerTrustManager?) async -> Result<Response, MoyaError> {
        await send(MoyaProvider<SecurePage>(session: Session(serverTrustManager: trust)), SecurePage(baseURL: url))
    }

    @Test(.enabled(if: OpenSSL.isInstalled, "needs openssl"))
    func pinnedCertificatesAreTrustedForTheirHostOnly() async throws {
        let server = try await TLSServer.start()
        defer { server.stop() }
        let pinned = try certificate(of: server)
        let manager = ServerTrustManager(evaluators: [
            "127.0.0.1": PinnedCertificatesTrustEvaluator(certificates: [pinned])
        ])
        #expect(try await get(server.url, trust: manager).get().statusCode == 200)

        // localhost has no evaluator, and every host must be evaluated.
        let byName = try #require(URL(string: "https://localhost:\(server.url.port ?? 0)"))
        let refused = await get(byName, trust: manager)
        guard
            case .failure(.underlying(AFError.serverTrustEvaluationFailed(.noRequiredEvaluator(let host)), nil)) =
                refused
        else {
            Issue.record("expected noRequiredEvaluator, got \(refused)")
            return
        }
        #expect(host == "localhost")
    }

    @Test(.enabled(if: OpenSSL.isInstalled, "needs openssl"))
    func withoutAManagerAnUntrustedServerIsASessionTaskFailure() async throws {
        let server = try await TLSServer.start()
        defer { server.stop() }
        guard
            case .failure(.underlying(AFError.sessionTaskFailed(let error as URLError), nil)) = await get(
                server.url, trust: nil)
        else {
            Issue.record("expected AFError.sessionTaskFailed")
            return
        }
        #expect(error.code == .serverCertificateUntrusted)
    }

    @Test(.enabled(if: OpenSSL.isInstalled, "needs openssl"))
    func theDefaultEvaluatorRefusesASelfSignedServerAndTheDisabledOneAcceptsIt() async throws {
        let server = try await TLSServer.start()
        defer { server.stop() }
        let byName = try #require(URL(string: "https://localhost:\(server.url.port ?? 0)"))
        let manager = ServerTrustManager(evaluators: [
            "127.0.0.1": DefaultTrustEvaluator(), "localhost": DisabledTrustEvaluator(),
        ])
        guard
            case .failure(.underlying(AFError.serverTrustEvaluationFailed(.trustEvaluationFailed), nil)) =
                await get(server.url, trust: manager)
        else {
            Issue.record("expected the default evaluation to fail")
            return
        }
        #expect(try await get(byName, trust: manager).get().statusCode == 200)
    }

    @Test(.enabled(if: OpenSSL.isInstalled, "needs openssl"))
    func aPinnedPublicKeyIsCheckedInTheHandshake() async throws {
        let server = try await TLSServer.start()
        defer { server.stop() }
        let key = try #require(try certificate(of: server).af.publicKey)
        // The evaluator pins what libcurl pins: the server's key, checked in the handshake.
        let right = ServerTrustManager(evaluators: [
            "127.0.0.1": PublicKeysTrustEvaluator(keys: [key], performDefaultValidation: false, validateHost: false)
        ])
        #expect(try await get(server.url, trust: right).get().statusCode == 200)

        let other = try await TLSServer.start(subjectAltName: "IP:127.0.0.1,DNS:other.localhost")
        defer { other.stop() }
        let otherKey = try #require(try certificate(of: other).af.publicKey)
        let wrong = ServerTrustManager(evaluators: [
            "127.0.0.1": PublicKeysTrustEvaluator(
                keys: [otherKey], performDefaultValidation: false, validateHost: false)
        ])
        guard
            case .failure(.underlying(AFError.serverTrustEvaluationFailed(.publicKeyPinningFailed(let host)), nil)) =
                await get(server.url, trust: wrong)
        else {
            Issue.record("expected the key pinning to fail")
            return
        }
        #expect(host == "127.0.0.1")
    }

    @Test(.enabled(if: OpenSSL.isInstalled, "needs openssl"))
    func aManagerSubclassIsAskedForTheHostOfEachRequest() async throws {
        final class Local: ServerTrustManager {
            override func serverTrustEvaluator(forHost host: String) throws -> ServerTrustEvaluating? {
                host == "localhost" ? DisabledTrustEvaluator() : try super.serverTrustEvaluator(forHost: host)
            }
        }
        let server = try await TLSServer.start()
        defer { server.stop() }
        let manager = Local(evaluators: ["127.0.0.1": DefaultTrustEvaluator()])
        let byName = try #require(URL(string: "https://localhost:\(server.url.port ?? 0)"))
        #expect(try await get(byName, trust: manager).get().statusCode == 200)
        guard
            case .failure(.underlying(AFError.serverTrustEvaluationFailed, nil)) = await get(server.url, trust: manager)
        else {
            Issue.record("the evaluator of 127.0.0.1 was not applied")
            return
        }
    }

    @Test func aManagerSubclassDecidesTheEvaluatorOfEachHost() throws {
        final class Wildcards: ServerTrustManager {
            override func serverTrustEvaluator(forHost host: String) throws -> ServerTrustEvaluating? {
                host.hasSuffix(".example.com") ? DefaultTrustEvaluator() : try super.serverTrustEvaluator(forHost: host)
            }
        }
        let manager = Wildcards(evaluators: ["api.other.com": DisabledTrustEvaluator()])
        #expect(try manager.serverTrustEvaluator(forHost: "cdn.example.com") is DefaultTrustEvaluator)
        #expect(try manager.serverTrustEvaluator(forHost: "api.other.com") is DisabledTrustEvaluator)
        #expect(throws: AFError.self) { try manager.serverTrustEvaluator(forHost: "unknown.net") }
        let lenient = ServerTrustManager(allHostsMustBeEvaluated: false, evaluators: [:])
        #expect(try lenient.serverTrustEvaluator(forHost: "unknown.net") == nil)
    }
}
