import Courier
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `openssl` command line tool, which the TLS tests use to make certificates and to serve HTTPS.
package enum OpenSSL {
    /// Where the tests expect it (scripts/ensure-tools.sh installs it there in CI).
    package static let path = "/usr/bin/openssl"

    /// Whether it is installed.
    package static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// Runs `openssl` with `arguments` (or `/bin/sh -c` with them when `shell` is set) and returns
    /// what it printed; throws when it fails.
    @discardableResult
    package static func run(_ arguments: [String], shell: Bool = false) throws -> String {
        let (code, printed) = try ChildProcess.run(shell ? "/bin/sh" : path, arguments)
        guard code == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "failed: \(arguments)"])
        }
        return String(decoding: printed, as: UTF8.self)
    }

    /// Writes a new RSA key and a self-signed certificate for `subjectAltName`, valid two days, to
    /// `key` and `certificate` (PEM): the certificate is also the CA file that trusts it.
    ///
    /// One key and certificate are made per `subjectAltName` and process (an RSA key takes a while on a
    /// busy machine); later calls write the same ones.
    package static func makeSelfSignedCertificate(certificate: URL, key: URL, subjectAltName: String) throws {
        let made = try certificates.withLock { made -> (certificate: Data, key: Data) in
            if let pair = made[subjectAltName] { return pair }
            try run([
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key.path, "-out", certificate.path,
                "-subj", "/CN=localhost", "-addext", "subjectAltName=\(subjectAltName)", "-days", "2",
            ])
            let pair = (try Data(contentsOf: certificate), try Data(contentsOf: key))
            made[subjectAltName] = pair
            return pair
        }
        try made.certificate.write(to: certificate)
        try made.key.write(to: key)
    }

    /// The certificates and keys made so far, PEM, by subject alternative names.
    private static let certificates = Locked([String: (certificate: Data, key: Data)]())
}

/// `openssl s_server` on 127.0.0.1 with a fresh self-signed certificate (its own CA), in a folder of its
/// own. Call ``stop()`` when done: it kills the server and deletes the folder.
package final class TLSServer: @unchecked Sendable {
    /// What the server does with a connection once the TLS handshake is done.
    package enum Mode {
        /// `-www`: answers any GET with `HTTP/1.0 200 ok` and a status page, then closes.
        case statusPage
        /// Plain `s_server`: prints every byte it receives (the decrypted request) to its log and
        /// answers nothing, so that ``log`` shows whether a request reached the HTTP layer.
        case logOnly
    }

    /// `https://127.0.0.1:<port>`.
    package var url: URL { server.url }
    /// The server's certificate, PEM; being self-signed, it is also the CA file that trusts it.
    package let certificateFile: URL
    private let logFile: URL
    /// The server's standard input, kept open: plain `s_server` stops at the end of its input.
    private let input: ChildPipe
    private let server: ServerProcess

    /// Makes a certificate for `subjectAltName` and starts the server in `mode`, off the cooperative
    /// threads (see ``offThePool(_:)``).
    package static func start(mode: Mode = .statusPage, subjectAltName: String = "IP:127.0.0.1,DNS:localhost")
        async throws -> TLSServer
    {
        try await offThePool { try TLSServer(mode: mode, subjectAltName: subjectAltName) }
    }

    /// Makes a certificate for `subjectAltName` and starts the server in `mode`; blocks until it listens.
    private init(mode: Mode = .statusPage, subjectAltName: String = "IP:127.0.0.1,DNS:localhost") throws {
        let folder = try TestFiles.path("courier-tls")
        let certificate = folder.appendingPathComponent("cert.pem")
        let key = folder.appendingPathComponent("key.pem")
        let log = folder.appendingPathComponent("server.log")
        let input = try ChildPipe()
        server = try ServerProcess(
            folder: folder,
            prepare: {
                try OpenSSL.makeSelfSignedCertificate(
                    certificate: certificate, key: key, subjectAltName: subjectAltName)
            },
            launch: { try TLSServer.start(mode: mode, certificate: certificate, key: key, log: log, input: input) })
        certificateFile = certificate
        logFile = log
        self.input = input
    }

    /// What the server printed so far (in ``Mode/logOnly``, what it received).
    package var log: String {
        (try? Data(contentsOf: logFile)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// Whether ``log`` contains `text` within `seconds`.
    package func waitForLog(containing text: String, within seconds: Double = 60) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if log.contains(text) { return true }
            try? await Task.sleep(nanoseconds: 20_000_000)
        }
        return log.contains(text)
    }

    /// The base64 SHA-256 of the certificate's public key (DER SubjectPublicKeyInfo), computed with the
    /// command ``ServerTrustPolicy/pinnedPublicKeyHashes`` documents.
    package func publicKeyHash() async throws -> String {
        try await offThePool { try self.computePublicKeyHash() }
    }

    private func computePublicKeyHash() throws -> String {
        let pipeline =
            "\"$0\" x509 -in \"$1\" -pubkey -noout | \"$0\" pkey -pubin -outform der"
            + " | \"$0\" dgst -sha256 -binary | base64"
        let hash = try OpenSSL.run(["-c", pipeline, OpenSSL.path, certificateFile.path], shell: true)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard hash.count == 44, Data(base64Encoded: hash)?.count == 32 else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "bad hash \(hash)"])
        }
        return hash
    }

    /// Kills the server and deletes its files; stopping twice is harmless.
    package func stop() {
        let input = input
        server.stop { input.closeWriteEnd() }
    }

    /// Starts `s_server` on a port that was free, and waits (up to 30 s) until it listens; `nil` when it
    /// exited instead (the port was taken).
    private static func start(
        mode: Mode, certificate: URL, key: URL, log: URL, input: ChildPipe
    ) throws -> (ChildProcess, URL)? {
        let port = try ClosedPorts.recentlyFree()
        guard let url = URL(string: "https://127.0.0.1:\(port)") else { throw URLError(.badURL) }
        let output = open(log.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(output) }
        let process = try ChildProcess(
            OpenSSL.path,
            ["s_server", "-accept", "127.0.0.1:\(port)", "-cert", certificate.path, "-key", key.path]
                + (mode == .statusPage ? ["-www"] : []),
            input: input.readEnd, output: output, error: output)
        // s_server prints ACCEPT once it listens.
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, process.isRunning {
            if let text = try? String(contentsOf: log, encoding: .utf8), text.contains("ACCEPT") {
                return (process, url)
            }
            usleep(10_000)
        }
        process.kill()
        process.waitUntilExit()
        return nil
    }
}
