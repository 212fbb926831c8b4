import Courier
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `scripts/openapi-server.py` on 127.0.0.1: a server that validates every request against an OpenAPI
/// (3.0, 3.1) or Swagger (2.0) document with an established validator (openapi-core, bravado-core) and
/// answers a valid one with the operation's documented example or a value made from its schema.
///
/// Every answer says what the validator found in `X-OpenAPI-Validation`: `passed` (the documented
/// success status and body), `failed` (400, the problems in a JSON body `{"errors": [...], "operation",
/// "method", "url"}`) or `no-operation` (404, the same body: no path of the document under one of its
/// server base paths). Send to ``baseURL`` plus the server path plus the operation path. Call ``stop()``
/// when done (dropping the last reference stops it too).
///
/// The first start in a process installs the validators into `.build/openapi-tools/venv` with
/// `scripts/openapi-tools.sh` (a minute the first time on a machine, nothing later); a failure there
/// throws, with the installer's output, so that a test fails rather than skips.
package final class OpenAPIServer: Sendable {
    /// The port the server listens on, on 127.0.0.1.
    package let port: Int
    /// `http://127.0.0.1:<port>`.
    package let baseURL: URL
    /// The document the server validates against (an absolute path).
    package let document: String
    /// How many operations the server found in the document (each method of each path).
    package let operationCount: Int
    /// The server's log: a line per request, and the validator's findings about answers it made.
    private let logFile: URL
    /// The server's standard input, kept open: the server exits when it closes, so a test process that
    /// dies takes its servers along.
    private let input: ChildPipe
    private let server: ServerProcess

    /// Installs the validators if need be (once per process), then starts the server on `document`
    /// (an absolute path to a JSON or YAML document) and waits until it listens; off the cooperative
    /// threads (see ``offThePool(_:)``).
    package static func start(document: String) async throws -> OpenAPIServer {
        try await offThePool { try OpenAPIServer(document: document) }
    }

    /// Installs the tools, starts the server and waits until it listens; blocks.
    private init(document: String) throws {
        try OpenAPITools.install()
        guard FileManager.default.fileExists(atPath: document) else {
            throw OpenAPIServerError("no OpenAPI document at \(document)")
        }
        let folder = try TestFiles.path("courier-openapi-server")
        let log = folder.appendingPathComponent("server.log")
        let input = try ChildPipe()
        var operations = 0
        server = try ServerProcess(
            folder: folder, prepare: {},
            launch: {
                let (process, url, count) = try OpenAPIServer.launch(document: document, log: log, input: input)
                operations = count
                return (process, url)
            })
        self.input = input
        self.document = document
        logFile = log
        baseURL = server.url
        port = server.url.port ?? 0
        operationCount = operations
    }

    /// What the server logged so far.
    package var log: String {
        (try? Data(contentsOf: logFile)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// Kills the server and deletes its files; stopping twice does nothing.
    package func stop() {
        let input = input
        server.stop { input.closeWriteEnd() }
    }

    deinit {
        stop()
    }

    /// How long a server may take to say it listens: a few seconds for the largest documents on an
    /// idle machine, much more on a busy one.
    private static let startupLimit: TimeInterval = 180

    /// Starts the server with its standard error in `log`, and reads `listening on PORT with COUNT
    /// operations` from its standard output; throws (with the log) when it exits or says nothing in time.
    private static func launch(
        document: String, log: URL, input: ChildPipe
    ) throws -> (ChildProcess, URL, operations: Int) {
        let errorOutput = open(log.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard errorOutput >= 0 else { throw OpenAPIServerError("cannot create \(log.path)") }
        defer { close(errorOutput) }
        let output = try ChildPipe()
        defer { output.closeReadEnd() }
        let process = try ChildProcess(
            OpenAPITools.python,
            [OpenAPITools.serverScript, document, "--port", "0", "--exit-with-stdin"],
            input: input.readEnd, output: output.writeEnd, error: errorOutput)
        output.closeWriteEnd()
        let started = Date()
        let printed = readListeningLine(from: output, process: process, until: started + startupLimit)
        if let port = printed.port, let url = URL(string: "http://127.0.0.1:\(port)") {
            return (process, url, printed.operations)
        }
        // The end of its output is its exit (which may not be reaped yet); otherwise the time ran out. A
        // process past its exit keeps the code it exited with when killed.
        let exited = printed.ended || !process.isRunning
        process.kill()
        let code = process.waitUntilExit()
        let logged = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let what =
            exited
            ? "exited with code \(code)"
            : "did not say it listens within \(Int(startupLimit)) s"
        throw OpenAPIServerError(
            """
            the OpenAPI server for \(document) \(what); it printed: \(printed.text)
            its log:
            \(logged)
            """)
    }

    /// Reads the child's standard output until a line `listening on PORT with COUNT operations`, its
    /// end (`ended`), or `deadline`.
    private static func readListeningLine(
        from output: ChildPipe, process: ChildProcess, until deadline: Date
    ) -> (port: Int?, operations: Int, text: String, ended: Bool) {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            var descriptor = pollfd(fd: output.readEnd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 200)
            if ready < 0 && errno != EINTR { break }
            guard ready > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(output.readEnd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count == 0 { return (nil, 0, String(decoding: received, as: UTF8.self), true) }  // it exited
            guard count > 0 else { break }
            received.append(contentsOf: buffer[0..<count])
            let text = String(decoding: received, as: UTF8.self)
            // Whole lines only: the last piece may still be on its way.
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            where line.hasPrefix("listening on ") {
                let words = line.split(separator: " ")
                guard words.count == 6, let port = Int(words[2]), let operations = Int(words[4]) else { continue }
                return (port, operations, text, false)
            }
        }
        return (nil, 0, String(decoding: received, as: UTF8.self), false)
    }
}

/// The Python tools behind ``OpenAPIServer``: where they live, and their installation.
package enum OpenAPITools {
    /// The repository's root folder (this file is Tests/TestSupport/OpenAPIServer.swift).
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The virtual environment's Python, which `scripts/openapi-tools.sh` installs.
    package static var python: String {
        root.appendingPathComponent(".build/openapi-tools/venv/bin/python").path
    }

    /// `scripts/openapi-server.py`.
    package static var serverScript: String {
        root.appendingPathComponent("scripts/openapi-server.py").path
    }

    /// The outcome of the one installation a process makes.
    private static let installation = Locked<Result<Void, any Error>?>(nil)

    /// Runs `scripts/openapi-tools.sh` the first time it is called in a process (later calls, and calls
    /// from other threads meanwhile, wait for it and share its outcome); throws its output when it
    /// fails. Blocks: call it off the cooperative threads.
    package static func install() throws {
        try installation.withLock { outcome in
            if outcome == nil { outcome = Result { try runInstaller() } }
            try outcome?.get()
        }
    }

    /// Runs the installer with bash, its output and error in one pipe.
    private static func runInstaller() throws {
        let script = root.appendingPathComponent("scripts/openapi-tools.sh").path
        guard
            let bash = ["/bin/bash", "/usr/bin/bash", "/usr/local/bin/bash", "/opt/homebrew/bin/bash"]
                .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else {
            throw OpenAPIServerError("cannot install the OpenAPI validators: no bash to run \(script)")
        }
        let pipe = try ChildPipe()
        let child: ChildProcess
        do {
            child = try ChildProcess(bash, [script], output: pipe.writeEnd, error: pipe.writeEnd)
        } catch {
            pipe.closeReadEnd()
            pipe.closeWriteEnd()
            throw error
        }
        pipe.closeWriteEnd()
        let printed = String(decoding: pipe.readToEnd(), as: UTF8.self)
        pipe.closeReadEnd()
        let code = child.waitUntilExit()
        guard code == 0 else {
            throw OpenAPIServerError(
                "cannot install the OpenAPI validators: bash \(script) exited with code \(code):\n\(printed)")
        }
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw OpenAPIServerError("\(script) succeeded but left no \(python):\n\(printed)")
        }
    }
}

/// Why an ``OpenAPIServer`` could not start, in words.
package struct OpenAPIServerError: Error, CustomStringConvertible {
    /// What went wrong.
    package let description: String

    /// An error that says `description`.
    package init(_ description: String) {
        self.description = description
    }
}
