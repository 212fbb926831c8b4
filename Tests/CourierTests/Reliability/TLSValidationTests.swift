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
    // MARK: The scan of the sources

    /// A way of weakening certificate checks that the scan looks for.
    struct Rule: Sendable {
        /// What the rule finds.
        let name: String
        /// A case-insensitive regular expression for the code (comments removed).
        let pattern: String
        /// A second expression that must match too, on a line at most `window` lines away from the
        /// match of `pattern`; `nil` for none.
        var near: String? = nil
        /// How many lines either side of the match of `pattern` `near` is looked for on.
        var window = 0
    }

    /// The ways of weakening certificate checks, besides setting a libcurl verify option to anything
    /// but its secure value (see ``harmlessVerifyOptionLine``).
    static let rules = [
        Rule(
            name: "a credential made from a server trust",
            pattern: #"(URLCredential\s*(\.init)?|\.init)\s*\(\s*trust\s*:"#),
        Rule(
            name: ".useCredential next to a server trust", pattern: #"\.useCredential\b"#,
            near: #"\.serverTrust\b|AuthenticationMethodServerTrust"#, window: 3),
        Rule(name: "Security framework trust exceptions", pattern: #"SecTrustSetExceptions"#),
        Rule(name: "OpenSSL verification switched off", pattern: #"SSL_VERIFY_NONE|SSL_(CTX_)?set_verify\b"#),
        Rule(name: "a callback into the TLS library's context", pattern: #"SSL_CTX_FUNCTION|SSL_CTX_DATA"#),
        Rule(name: "an option to accept invalid certificates", pattern: #"allowInvalid|allowsExpiredCertificates"#),
        Rule(name: "an insecure mode", pattern: #"insecure"#),
        Rule(name: "evaluation switched off", pattern: #"disableEvaluation|Disabled\w*Evaluat"#),
        Rule(name: "host name validation switched off", pattern: #"validates?(Host|DomainName)\s*[:=]\s*false"#),
    ]

    /// The libcurl options (and Swift spellings) that switch off peer or host verification when set
    /// to 0: `CURLOPT_SSL_VERIFYPEER`, `CURLOPT_SSL_VERIFYHOST`, their proxy and DoH variants,
    /// `verifyPeer`.
    static let verifyOption = #"verify_?(peer|host)"#

    /// A line that mentions a verify option and yet weakens nothing: a constant's declaration
    /// (`#define CCURLOPT_SSL_VERIFYPEER (CCURL_LONG + 64)`), or the option set to its secure value
    /// (libcurl's default: 1 for VERIFYPEER, 2 for VERIFYHOST). Any other mention, such as the
    /// option set to 0, to `false` or to a variable, is a finding.
    static let harmlessVerifyOptionLine =
        #"^\s*#define\s+\w+\s+\(?[\w\s+]*\)?\s*$|verify_?peer\s*,\s*1L?\s*\)|verify_?host\s*,\s*2L?\s*\)"#

    /// Whether line `index` switches a verify option off in the one place that may: the body of the
    /// `if` that reads a ``ServerTrustPolicy`` asking for it (`validatesCertificateChain` or
    /// `validatesHost` set to `false` for a host, as Alamofire's `DisabledTrustEvaluator` asks), where
    /// the option is set to 0 and nothing else.
    static func isSanctionedRelaxation(at index: Int, in lines: [String]) -> Bool {
        guard index > 0,
            let guardLine = regex(#"^\s*if\s+!(options\.)?trust\.validates(CertificateChain|Host)\s*\{\s*$"#),
            let setLine = regex(#"^\s*easy\.set\(CCURLOPT_SSL_VERIFY(PEER|HOST),\s*0\)\s*$"#)
        else { return false }
        return lines[index - 1].contains(guardLine) && lines[index].contains(setLine)
    }

    /// The library's source folders: Swift, and the C target that calls libcurl.
    private static var sourceFolders: [URL] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return [root.appendingPathComponent("Sources/Courier"), root.appendingPathComponent("Sources/CCurl")]
    }

    /// A case-insensitive regular expression made from `pattern`.
    private static func regex(_ pattern: String) -> Regex<AnyRegexOutput>? {
        do {
            return try Regex(pattern).ignoresCase()
        } catch {
            Issue.record("bad pattern \(pattern): \(error)")
            return nil
        }
    }

    /// `text` with its comments blanked: whole-line `//` comments, and `//` comments after
    /// whitespace (`"https://"` and `"sha256//"` stay). Lines keep their numbers.
    private static func code(of text: String) -> [String] {
        guard let comment = regex(#"(^|\s)//.*$"#) else { return [] }
        return text.components(separatedBy: "\n").map { line in
            line.firstRange(of: comment).map { String(line[..<$0.lowerBound]) } ?? line
        }
    }

    /// What the scan finds in `text`, as `file:line: rule: code` strings.
    static func findings(in text: String, file: String) -> [String] {
        let lines = code(of: text)
        var found: [(line: Int, rule: String)] = []
        // Any mention of a verify option that is not harmless.
        if let option = regex(verifyOption), let harmless = regex(harmlessVerifyOptionLine) {
            for index in lines.indices where lines[index].contains(option) && !lines[index].contains(harmless) {
                if isSanctionedRelaxation(at: index, in: lines) { continue }
                found.append((index, "a verify option set to something else than its secure value"))
            }
        }
        for rule in rules {
            guard let pattern = regex(rule.pattern) else { continue }
            let near = rule.near.flatMap(regex)
            for index in lines.indices where lines[index].contains(pattern) {
                if let near {
                    let window = max(0, index - rule.window)...min(lines.count - 1, index + rule.window)
                    guard window.contains(where: { lines[$0].contains(near) }) else { continue }
                }
                found.append((index, rule.name))
            }
        }
        return found.map {
            "\(file):\($0.line + 1): \($0.rule): \(lines[$0.line].trimmingCharacters(in: .whitespaces))"
        }
    }

    @Test func noSourceOfTheLibraryWeakensCertificateChecks() throws {
        var scanned: [String] = []
        var found: [String] = []
        for folder in Self.sourceFolders {
            let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
            while let path = enumerator.nextObject() as? String {
                guard [".swift", ".c", ".h"].contains(where: { path.hasSuffix($0) }) else { continue }
                let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
                found += Self.findings(in: text, file: "\(folder.lastPathComponent)/\(path)")
                scanned.append(path)
            }
        }
        #expect(scanned.count > 50, "the scan found the sources")
        #expect(scanned.contains("include/CCurl.h") && scanned.contains("CCurl.c"), "the scan reads the C target")
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    /// Code that weakens certificate checks, which the scan must find.
    static let badSamples = [
        """
        func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
            completionHandler(.useCredential, URLCredential(trust: challenge.protectionSpace.serverTrust!))
        }
        """,
        "completionHandler(.useCredential, .init(trust: trust))",
        """
        guard let trust = challenge.protectionSpace.serverTrust else { return }
        completionHandler(.useCredential, makeCredential(trust))
        """,
        "SecTrustSetExceptions(trust, exceptions)",
        "easy.set(CCURLOPT_SSL_VERIFYPEER, 0)",
        "easy.set(CCURLOPT_SSL_VERIFYHOST, 0)",
        "easy.set(CCURLOPT_SSL_VERIFYPEER, trust.verifies ? 1 : 0)",
        "easy.set(CCURLOPT_PROXY_SSL_VERIFYPEER, 0)",
        "curl.easy_setopt(handle, CURLOPT_SSL_VERIFYHOST, 0L);",
        "ccurl_easy_setopt_long(handle, CCURLOPT_SSL_VERIFYPEER, 0)",
        """
        easy.set(
            CCURLOPT_SSL_VERIFYPEER,
            0)
        """,
        "#define CCURL_NO_CHECKS(h) ccurl_easy_setopt_long(h, CCURLOPT_SSL_VERIFYHOST, 0)",
        "var verifyPeer = false",
        "SSL_CTX_set_verify(context, SSL_VERIFY_NONE, NULL);",
        "easy.set(CCURLOPT_SSL_CTX_FUNCTION, pointer: callback)",
        "public var allowInvalidCertificates = true",
        "case insecure",
        "ServerTrustPolicy(disableEvaluation: true)",
        "let evaluator = DisabledTrustEvaluator()",
        "DefaultTrustEvaluator(validateHost: false)",
        """
        if !options.trust.validatesCertificateChain || debugging {
            easy.set(CCURLOPT_SSL_VERIFYPEER, 0)
        }
        """,
        """
        if !options.trust.validatesHost {
            easy.set(CCURLOPT_SSL_VERIFYPEER, 0); log("off")
        }
        """,
    ]

    /// Code that narrows or forwards trust decisions, or leaves them as they are: the scan must let it be.
    static let goodSamples = [
        "#define CCURLOPT_SSL_VERIFYPEER (CCURL_LONG + 64)",
        "#define CCURLOPT_SSL_VERIFYHOST (CCURL_LONG + 81)",
        "easy.set(CCURLOPT_SSL_VERIFYPEER, 1)",
        "curl.easy_setopt(handle, CURLOPT_SSL_VERIFYHOST, 2L);",
        "easy.set(CCURLOPT_SSL_VERIFYHOST, 2)  // 0 would be insecure",
        """
        if let caFile = options.trust.certificateAuthorityFile {
            easy.set(CCURLOPT_CAINFO, string: caFile.path)
        }
        if !options.trust.pinnedPublicKeyHashes.isEmpty {
            let pins = options.trust.pinnedPublicKeyHashes.map { "sha256//\\($0)" }.joined(separator: ";")
            easy.set(CCURLOPT_PINNEDPUBLICKEY, string: pins)
        }
        """,
        """
        func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
            guard let forward = userDelegate?.urlSession(_:didReceive:completionHandler:) else {
                completionHandler(.performDefaultHandling, nil)
                return
            }
            forward(session, challenge, completionHandler)
        }
        """,
        "completionHandler(.useCredential, URLCredential(user: user, password: password, persistence: .forSession))",
        """
        if !options.trust.validatesCertificateChain {
            easy.set(CCURLOPT_SSL_VERIFYPEER, 0)
        }
        if !options.trust.validatesHost {
            easy.set(CCURLOPT_SSL_VERIFYHOST, 0)
        }
        """,
        """
        // Never set CURLOPT_SSL_VERIFYPEER to 0 or allowInvalidCertificates: that would be insecure.
        /// Courier never accepts a server trust with `.useCredential`; `challenge.protectionSpace.serverTrust`
        """,
    ]

    @Test func theScanFindsCodeThatWeakensChecksAndPassesCodeThatDoesNot() {
        for sample in Self.badSamples {
            #expect(!Self.findings(in: sample, file: "sample").isEmpty, "not found: \(sample)")
        }
        for sample in Self.goodSamples {
            let found = Self.findings(in: sample, file: "sample")
            #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
        }
    }

    // MARK: Against an HTTPS server

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
