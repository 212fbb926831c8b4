import Foundation
import Testing

/// No source of the library weakens TLS certificate checks of its own accord: a scan of the sources for
/// the ways code can turn peer or host verification off, which finds them only in the one place a
/// ``ServerTrustPolicy`` asks for it. The same checks against a real HTTPS server are in
/// ``TLSValidationTests``.
@Suite struct TLSSourceScanTests {

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
}
