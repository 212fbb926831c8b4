import Foundation
import Testing

@testable import Courier

#if canImport(Glibc)
    import Glibc
#endif

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Courier never turns off TLS certificate validation: it handles no authentication challenge, its
/// transport ignores the delegate of a session it is given, and a server with an untrusted
/// certificate is refused.
@Suite struct TLSValidationTests {
    /// What would mean that the library looks at, answers or weakens certificate checks.
    static let forbiddenPatterns = [
        "URLAuthenticationChallenge", "didReceive challenge", "serverTrust", "SecTrust", "disableEvaluation",
        "allowsExpiredCertificates", "useCredential", "performDefaultHandling", "cancelAuthenticationChallenge",
        "CURLOPT_SSL", "SSL_VERIFY", "verifyPeer", "ServerTrustManager", "allowInvalid", "insecure",
    ]

    /// The folder of the library's sources.
    private static var librarySources: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/Courier")
    }

    /// The `(file, pattern)` pairs of `forbiddenPatterns` found in `text`.
    private static func findings(in text: String, file: String) -> [String] {
        forbiddenPatterns.filter { text.range(of: $0, options: .caseInsensitive) != nil }.map { "\(file): \($0)" }
    }

    @Test func theLibraryNeverHandlesChallengesOrTouchesCertificateChecks() throws {
        let enumerator = try #require(FileManager.default.enumerator(atPath: Self.librarySources.path))
        var scanned = 0
        var found: [String] = []
        while let path = enumerator.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: Self.librarySources.appendingPathComponent(path), encoding: .utf8)
            found += Self.findings(in: text, file: path)
            scanned += 1
        }
        #expect(scanned > 50, "the scan found the sources")
        #expect(found.isEmpty)
        // The scan does see such code where it exists.
        let acceptAll = """
            func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                completionHandler(.useCredential, URLCredential(trust: challenge.protectionSpace.serverTrust!))
            }
            """
        #expect(Self.findings(in: acceptAll, file: "sample").count >= 4)
    }

    @Test func aSessionGivenToTheTransportCannotBringItsOwnTrustDecisions() {
        let permissive = URLSession(configuration: .ephemeral, delegate: PermissiveDelegate(), delegateQueue: nil)
        defer { permissive.invalidateAndCancel() }
        let transport = URLSessionTransport(session: permissive)
        #expect(transport.session !== permissive)
        #expect(transport.session.delegate is SessionDelegate)
        #expect(!(transport.session.delegate is PermissiveDelegate))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl"), "needs openssl"))
    func aServerWithAnUntrustedCertificateIsRefused() async throws {
        let server = try SelfSignedServer()
        defer { server.stop() }
        let target = TestTarget(baseURL: server.url, path: "/")
        let permissive = URLSession(configuration: .ephemeral, delegate: PermissiveDelegate(), delegateQueue: nil)
        defer { permissive.invalidateAndCancel() }
        for transport in [URLSessionTransport(), URLSessionTransport(session: permissive)] {
            let error = await #expect(throws: CourierError.self) {
                try await Provider<TestTarget>(transport: transport).request(target)
            }
            let code = try #require(error.flatMap(urlErrorCode))
            // Apple platforms report a certificate code; URLSession on Linux reports libcurl's
            // "SSL certificate problem: self-signed certificate" as URLError(.unknown).
            #expect(
                [
                    .serverCertificateUntrusted, .serverCertificateHasUnknownRoot, .serverCertificateHasBadDate,
                    .serverCertificateNotYetValid, .secureConnectionFailed, .unknown,
                ].contains(code), "got \(code.rawValue)")
            guard case .underlying(let underlying, nil)? = error else {
                Issue.record("expected .underlying without a response, got \(String(describing: error))")
                continue
            }
            let description = "\((underlying as NSError).userInfo[NSLocalizedDescriptionKey] ?? "")"
            #expect(description.localizedCaseInsensitiveContains("certificate"), "\(description)")
        }
    }
}

/// A session delegate that would accept any certificate, if anyone asked it.
private final class PermissiveDelegate: NSObject, URLSessionDelegate, @unchecked Sendable {
    func urlSession(
        _ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        completionHandler(.performDefaultHandling, nil)
    }
}

/// `openssl s_server` on 127.0.0.1 with a fresh self-signed certificate, answering HTTPS with a page.
private final class SelfSignedServer {
    let url: URL
    private let process: Process
    private let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let key = folder.appendingPathComponent("key.pem").path
        let certificate = folder.appendingPathComponent("cert.pem").path
        try Self.run([
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key,
            "-out", certificate, "-subj", "/CN=127.0.0.1", "-days", "1",
        ])
        let port = try ClosedPorts.recentlyFree()
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = ["s_server", "-www", "-accept", "127.0.0.1:\(port)", "-cert", certificate, "-key", key]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        guard let url = URL(string: "https://127.0.0.1:\(port)"), Self.waitUntilListening(port: port) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw URLError(.cannotConnectToHost)
        }
        self.url = url
    }

    /// Kills the server. SIGKILL, because a child started from a Swift concurrency thread inherits a
    /// signal mask that blocks SIGTERM.
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Whether something accepts connections on `port` within 10 s.
    private static func waitUntilListening(port: UInt16) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
            let connected = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            close(fd)
            if connected { return true }
            usleep(20_000)
        }
        return false
    }

    private static func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
    }
}
