import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// nginx on 127.0.0.1 serving static files over TLS with HTTP/2 offered (ALPN `h2`), with a fresh
/// self-signed certificate, everything (configuration, certificate, files, logs, pid, temporary paths)
/// in a folder of its own. Call ``stop()`` when done: it kills nginx and deletes the folder.
final class HTTP2Server: @unchecked Sendable {
    /// Where the tests expect nginx (Debian's `nginx-light`; scripts/ensure-tools.sh installs it).
    static let executable = "/usr/sbin/nginx"

    /// Whether nginx is installed.
    static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: executable) }

    /// The small JSON file served at `/hello.json`.
    static let hello = Data(#"{"message":"hello over HTTP/2"}"#.utf8)
    /// The 1 MiB file served at `/large.bin`: the bytes 0 to 250, over and over.
    static let large = patternBytes(count: 1 << 20) { UInt8($0 % 251) }

    /// `https://127.0.0.1:<port>`.
    var url: URL { server.url }
    /// The server's certificate, PEM; being self-signed, it is also the CA file that trusts it.
    let certificateFile: URL
    private let server: ServerProcess

    /// Makes a certificate for 127.0.0.1 and localhost, writes the files and starts nginx, off the
    /// cooperative threads (see ``offThePool(_:)``).
    static func start() async throws -> HTTP2Server {
        try await offThePool { try HTTP2Server() }
    }

    /// Makes a certificate for 127.0.0.1 and localhost, writes the files and starts nginx; blocks until
    /// it listens.
    private init() throws {
        let folder = try TestFiles.path("courier-h2")
        let certificate = folder.appendingPathComponent("cert.pem")
        server = try ServerProcess(
            folder: folder,
            prepare: {
                let root = folder.appendingPathComponent("www")
                try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
                try Self.hello.write(to: root.appendingPathComponent("hello.json"))
                try Self.large.write(to: root.appendingPathComponent("large.bin"))
                try OpenSSL.makeSelfSignedCertificate(
                    certificate: certificate, key: folder.appendingPathComponent("key.pem"),
                    subjectAltName: "IP:127.0.0.1,DNS:localhost")
            },
            launch: { try Self.start(in: folder) })
        certificateFile = certificate
    }

    /// One line per request answered: the protocol (`HTTP/2.0`), nginx's serial number of the
    /// connection, the status and the path, separated by spaces.
    var accessLog: [String] {
        let text = (try? Data(contentsOf: server.folder.appendingPathComponent("access.log")))
            .map { String(decoding: $0, as: UTF8.self) }
        return text?.split(separator: "\n").map(String.init) ?? []
    }

    /// The access log once it has `count` lines, or as it is after 10 s: nginx writes a request's line
    /// after the response has gone out, so the client can have the whole answer a moment before.
    func accessLog(lines count: Int) async -> [String] {
        var log = accessLog
        for _ in 0..<1000 where log.count < count {
            try? await Task.sleep(nanoseconds: 10_000_000)
            log = accessLog
        }
        return log
    }

    /// Kills nginx and deletes its folder; stopping twice is harmless.
    func stop() {
        server.stop()
    }

    /// Writes the configuration for a port that was free and starts nginx, waiting (up to 30 s) until
    /// it has bound the port (it writes its pid file then); `nil` when it exited because the port was
    /// taken.
    private static func start(in folder: URL) throws -> (ChildProcess, URL)? {
        let port = try ClosedPorts.recentlyFree()
        guard let url = URL(string: "https://127.0.0.1:\(port)") else { throw URLError(.badURL) }
        let path = folder.path
        let pidFile = folder.appendingPathComponent("nginx.pid")
        let errorLog = folder.appendingPathComponent("error.log")
        try? FileManager.default.removeItem(at: pidFile)
        try? FileManager.default.removeItem(at: errorLog)
        let temporaryPaths = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
            .map { "\($0)_temp_path \(path)/\($0);" }.joined(separator: " ")
        let configuration = """
            daemon off; master_process off; worker_processes 1;
            pid \(pidFile.path); error_log \(errorLog.path) warn;
            events { worker_connections 256; }
            http {
                log_format courier '$server_protocol $connection $status $uri';
                access_log \(path)/access.log courier;
                \(temporaryPaths)
                types { application/json json; } default_type application/octet-stream;
                keepalive_timeout 300s;
                server {
                    listen 127.0.0.1:\(port) ssl http2;
                    ssl_certificate \(path)/cert.pem; ssl_certificate_key \(path)/key.pem;
                    root \(path)/www;
                }
            }
            """
        let configurationFile = folder.appendingPathComponent("nginx.conf")
        try Data(configuration.utf8).write(to: configurationFile)
        let process = try ChildProcess(
            executable, ["-p", path, "-c", configurationFile.path, "-e", errorLog.path],
            output: ChildPipe.nullDevice, error: ChildPipe.nullDevice)
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, process.isRunning {
            if let pid = try? String(contentsOf: pidFile, encoding: .utf8),
                Int32(pid.trimmingCharacters(in: .whitespacesAndNewlines)) == process.processIdentifier
            {
                return (process, url)
            }
            usleep(10_000)
        }
        process.kill()
        process.waitUntilExit()
        let log = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
        if log.contains("Address already in use") { return nil }
        throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "nginx did not start: \(log)"])
    }
}
