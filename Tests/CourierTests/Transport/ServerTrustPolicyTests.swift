import Courier
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ``ServerTrustPolicy`` of its own for each host: `CurlTransport` checks every TLS server under the
/// policy its host is given (Alamofire's `ServerTrustManager` evaluators, per host), and refuses unlisted
/// hosts when asked.
@Suite struct ServerTrustPolicyTests {
    // MARK: Which policy a host gets

    @Test func aHostGetsItsOwnPolicyElseTheDefault() throws {
        let pinned = ServerTrustPolicy(pinnedPublicKeyHashes: ["pin"])
        let trust = ServerTrustPolicy(hosts: ["api.example.com": pinned, "*.cdn.example.com": .system])
        #expect(trust.policy(forHost: "api.example.com") == pinned)
        #expect(trust.policy(forHost: "API.Example.COM") == pinned)
        #expect(trust.policy(forHost: "img.cdn.example.com") == .system)
        #expect(trust.policy(forHost: "a.b.cdn.example.com") == .system)
        // A wildcard covers subdomains only; other hosts get the policy itself.
        #expect(trust.policy(forHost: "cdn.example.com") == trust)
        #expect(trust.policy(forHost: "example.com") == trust)
    }

    @Test func anExactHostWinsOverAWildcard() {
        let exact = ServerTrustPolicy(pinnedPublicKeyHashes: ["exact"])
        let wildcard = ServerTrustPolicy(pinnedPublicKeyHashes: ["wildcard"])
        let trust = ServerTrustPolicy(hosts: ["*.example.com": wildcard, "api.example.com": exact])
        #expect(trust.policy(forHost: "api.example.com") == exact)
        #expect(trust.policy(forHost: "www.example.com") == wildcard)
    }

    @Test func anUnlistedHostHasNoPolicyWhenUnlistedHostsAreRefused() {
        let trust = ServerTrustPolicy(hosts: ["api.example.com": .system], refusesUnlistedHosts: true)
        #expect(trust.policy(forHost: "api.example.com") == .system)
        #expect(trust.policy(forHost: "other.example.com") == nil)
    }

    // MARK: Against an HTTPS server

    /// The status of a GET of `/` on `url` through a `CurlTransport` with `trust`, or the `URLError` it
    /// failed with.
    private func get(_ url: URL, trust: ServerTrustPolicy) async throws -> Result<Int, URLError> {
        let transport = try CurlTransport(trust: trust)
        do {
            return .success(try await Provider<Page>(transport: transport).request(Page(baseURL: url)).statusCode)
        } catch {
            guard case .underlying(let underlying as URLError, _) = error else { throw error }
            return .failure(underlying)
        }
    }

    @Test(.enabled(if: OpenSSL.isInstalled, "needs openssl"))
    func aRelaxedPolicyForOneHostLeavesEveryOtherHostChecked() async throws {
        // A self-signed certificate for 127.0.0.1 and localhost, which no authority vouches for.
        let server = try await TLSServer.start()
        defer { server.stop() }
        let port = server.url.port ?? 0
        let byName = try #require(URL(string: "https://localhost:\(port)"))
        let trust = ServerTrustPolicy(
            hosts: ["localhost": ServerTrustPolicy(validatesCertificateChain: false, validatesHost: false)])

        #expect(try await get(byName, trust: trust) == .success(200))
        // The same server by its address is another host, which gets the default checks.
        guard case .failure(let refused) = try await get(server.url, trust: trust) else {
            Issue.record("127.0.0.1 was trusted without a policy of its own")
            return
        }
        #expect(refused.code == .serverCertificateUntrusted)
    }

    @Test(.enabled(if: OpenSSL.isInstalled, "needs openssl"))
    func pinnedCertificatesAreTheOnlyAuthoritiesOfTheirHost() async throws {
        let server = try await TLSServer.start()
        defer { server.stop() }
        // Another self-signed certificate for the same address (certificates are made one per name).
        let other = try await TLSServer.start(subjectAltName: "IP:127.0.0.1,DNS:other.localhost")
        defer { other.stop() }
        let certificate = try derCertificate(at: server.certificateFile)
        let pinned = ServerTrustPolicy(trustedCertificates: [certificate])
        let trust = ServerTrustPolicy(hosts: ["127.0.0.1": pinned])

        #expect(try await get(server.url, trust: trust) == .success(200))
        // The other server's certificate does not lead to the pinned one.
        guard case .failure(let refused) = try await get(other.url, trust: trust) else {
            Issue.record("a certificate that is not pinned was trusted")
            return
        }
        #expect(refused.code == .serverCertificateUntrusted)
    }

    @Test(.enabled(if: OpenSSL.isInstalled, "needs openssl"))
    func aPinnedCertificateStillHasToNameTheHost() async throws {
        let server = try await TLSServer.start(subjectAltName: "DNS:courier.invalid")
        defer { server.stop() }
        let pinned = ServerTrustPolicy(trustedCertificates: [try derCertificate(at: server.certificateFile)])
        guard
            case .failure(let refused) = try await get(
                server.url, trust: ServerTrustPolicy(hosts: ["127.0.0.1": pinned]))
        else {
            Issue.record("a certificate for another host was trusted")
            return
        }
        #expect(refused.code == .serverCertificateUntrusted)
        var lenient = pinned
        lenient.validatesHost = false
        #expect(try await get(server.url, trust: ServerTrustPolicy(hosts: ["127.0.0.1": lenient])) == .success(200))
    }

    @Test(.enabled(if: OpenSSL.isInstalled, "needs openssl"))
    func anUnlistedHostIsRefusedBeforeAnythingIsSent() async throws {
        let server = try await TLSServer.start(mode: .logOnly)
        defer { server.stop() }
        let trust = ServerTrustPolicy(hosts: ["api.example.com": .system], refusesUnlistedHosts: true)
        guard case .failure(let refused) = try await get(server.url, trust: trust) else {
            Issue.record("an unlisted host was trusted")
            return
        }
        #expect(refused.code == .serverCertificateUntrusted)
        #expect(refused.failingURL?.host == "127.0.0.1")
        #expect(
            "\(refused.userInfo[NSLocalizedDescriptionKey] ?? "")".contains(
                "not one the transport's ServerTrustPolicy lists"))
        // Plain HTTP has no certificate to check: the rule is for https only.
        let plain = try await Provider<Page>(transport: try CurlTransport(trust: trust))
            .request(Page(baseURL: try TestServer.baseURL(), path: "/echo"))
        #expect(plain.statusCode == 200)
        #expect(!server.log.contains("GET"))
    }

    /// The DER bytes of the PEM certificate at `url`.
    private func derCertificate(at url: URL) throws -> Data {
        let pem = try String(contentsOf: url, encoding: .utf8)
        let body = pem.components(separatedBy: "\n").filter { !$0.hasPrefix("-----") }.joined()
        return try #require(Data(base64Encoded: body))
    }
}

/// `GET /` (or `path`) on a base URL.
private struct Page: TargetType {
    var baseURL: URL
    var path = "/"
    var method: Method { .get }
    var task: HTTPTask { .requestPlain }
    var headers: [String: String]? { nil }
}
