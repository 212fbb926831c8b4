import Courier
import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// mitmproxy, the recorder no one here wrote: `scripts/mitmproxy-tools.sh` installs a pinned release into
/// `.build/mitmproxy-tools/venv`; the tests start `mitmdump` themselves.
enum Mitmproxy {
    /// The repository's root folder (this file is Tests/CourierTests/Cassette/Mitmproxy.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `mitmdump` of the virtual environment.
    static var mitmdump: String { root.appendingPathComponent(".build/mitmproxy-tools/venv/bin/mitmdump").path }

    /// The virtual environment's Python.
    static var python: String { root.appendingPathComponent(".build/mitmproxy-tools/venv/bin/python").path }

    /// The outcome of the one installation a process makes.
    private static let installation = Locked<Result<Void, any Error>?>(nil)

    /// Runs `scripts/mitmproxy-tools.sh` the first time it is called in a process (a minute on a new
    /// machine, nothing later); later calls share its outcome. Throws the installer's output when it
    /// fails, so that a test fails rather than skips. Blocks: call it off the cooperative threads.
    static func install() throws {
        try installation.withLock { outcome in
            if outcome == nil {
                outcome = Result {
                    let script = root.appendingPathComponent("scripts/mitmproxy-tools.sh").path
                    let (code, output) = try ChildProcess.run("/bin/bash", ["-c", "\"$0\" 2>&1", script])
                    guard code == 0 else {
                        throw MitmproxyError("\(script) failed (\(code)): \(String(decoding: output, as: UTF8.self))")
                    }
                }
            }
            try outcome?.get()
        }
    }

    /// One flow as mitmproxy's own HAR reader read it (`scripts/har-summary.py`).
    struct Flow: Decodable {
        let method: String
        let url: String
        let requestHeaders: [[String]]
        let requestBody: String
        let status: Int?
        let responseHeaders: [[String]]
        let responseBody: String
        let serverAddress: String?

        var sentBody: Data { Data(base64Encoded: requestBody) ?? Data() }
        var receivedBody: Data { Data(base64Encoded: responseBody) ?? Data() }

        func responseHeader(_ name: String) -> String? {
            responseHeaders.first { $0.first?.lowercased() == name.lowercased() }?.last
        }
    }

    /// The flows mitmproxy reads from the HAR file `file`; throws what it says when it cannot read it.
    static func flows(in file: URL) async throws -> [Flow] {
        let script = root.appendingPathComponent("scripts/har-summary.py").path
        let (code, output) = try await offThePool {
            try install()
            return try ChildProcess.run("/bin/bash", ["-c", "\"$0\" \"$1\" \"$2\" 2>&1", python, script, file.path])
        }
        guard code == 0 else {
            throw MitmproxyError("mitmproxy could not read \(file.path): \(String(decoding: output, as: UTF8.self))")
        }
        struct Summary: Decodable { let flows: [Flow] }
        return try JSONDecoder().decode(Summary.self, from: output).flows
    }

    /// What `mitmdump -n -r FILE` prints of the HAR file `file` (it reads the flows and logs each), and
    /// its exit code.
    static func dump(_ file: URL) async throws -> (code: Int32, output: String) {
        let confdir = try TestFiles.path("courier-mitmproxy")
        defer { try? FileManager.default.removeItem(at: confdir) }
        let (code, output) = try await offThePool {
            try install()
            return try ChildProcess.run(
                "/bin/bash",
                [
                    "-c", "\"$0\" -n -r \"$1\" --set confdir=\"$2\" --flow-detail 1 2>&1", mitmdump, file.path,
                    confdir.path,
                ])
        }
        return (code, String(decoding: output, as: UTF8.self))
    }
}

/// `mitmdump` as a reverse proxy in front of a server, saving every flow it sees to a HAR file
/// (`--set hardump=FILE`) when it stops.
final class MitmdumpRecorder: Sendable {
    /// Where to send requests: `http://127.0.0.1:<port>` of the proxy.
    let url: URL
    /// The HAR file mitmdump writes when it stops.
    let har: URL
    private let process: ChildProcess
    private let folder: URL

    /// Installs mitmproxy if need be, starts mitmdump in front of `upstream`, and waits until it listens.
    static func start(reverseProxyTo upstream: URL) async throws -> MitmdumpRecorder {
        try await offThePool { try MitmdumpRecorder(upstream: upstream) }
    }

    private init(upstream: URL) throws {
        try Mitmproxy.install()
        folder = try TestFiles.path("courier-mitmdump")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        har = folder.appendingPathComponent("mitmproxy.har")
        let log = folder.appendingPathComponent("mitmdump.log")
        let output = open(log.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw MitmproxyError("cannot create \(log.path)") }
        defer { close(output) }
        process = try ChildProcess(
            Mitmproxy.mitmdump,
            [
                "--mode", "reverse:\(upstream.absoluteString)", "--listen-host", "127.0.0.1", "--listen-port", "0",
                "--set", "confdir=\(folder.appendingPathComponent("conf").path)", "--set", "hardump=\(har.path)",
            ],
            output: output, error: output)
        // mitmdump says `reverse proxy to http://… listening at 127.0.0.1:PORT.` once it listens.
        let deadline = Date() + 120
        while Date() < deadline {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if let range = text.range(of: "listening at 127.0.0.1:") {
                let port = text[range.upperBound...].prefix { $0.isNumber }
                if let url = URL(string: "http://127.0.0.1:\(port)"), !port.isEmpty {
                    self.url = url
                    return
                }
            }
            guard process.isRunning else { break }
            usleep(50_000)
        }
        process.kill()
        process.waitUntilExit()
        throw MitmproxyError(
            "mitmdump did not start: \((try? String(contentsOf: log, encoding: .utf8)) ?? "no output")")
    }

    /// Stops mitmdump as a user would (SIGTERM), which makes it write the HAR file, and waits for it.
    ///
    /// - Returns: The HAR file.
    func stop() async throws -> URL {
        let process = process
        let code = try await offThePool {
            #if canImport(Glibc)
                _ = Glibc.kill(process.processIdentifier, SIGTERM)
            #else
                _ = Darwin.kill(process.processIdentifier, SIGTERM)
            #endif
            return process.waitUntilExit()
        }
        guard FileManager.default.fileExists(atPath: har.path) else {
            let log = (try? String(contentsOf: folder.appendingPathComponent("mitmdump.log"), encoding: .utf8)) ?? ""
            throw MitmproxyError("mitmdump exited with \(code) without writing \(har.path): \(log)")
        }
        return har
    }

    deinit {
        process.kill()
    }
}

/// What went wrong with mitmproxy, in words.
struct MitmproxyError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
