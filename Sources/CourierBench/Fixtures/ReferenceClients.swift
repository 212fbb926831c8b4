import CurlBenchLoop
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// libcurl's own C loops (the `CurlBenchLoop` target: the same dlopen-loaded libcurl, no Swift in
/// between), the yardstick of `CurlTransport`.
enum LibcurlLoop {
    /// Why a loop failed.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// `count` GETs of `url`, each a 200 of `bodySize` bytes: one easy handle reused when `concurrency`
    /// is 1, else one multi handle keeping `concurrency` transfers in flight over at most
    /// ``LoopbackCase/connectionLimit`` connections. Runs on a thread of its own.
    static func get(_ url: URL, count: Int, concurrency: Int, bodySize: Int) async throws {
        let text = url.absoluteString
        let result = await onOwnThread {
            concurrency == 1
                ? curl_bench_get_sequential(text, Int64(count), Int64(bodySize))
                : curl_bench_get_concurrent(
                    text, Int64(count), Int32(concurrency), LoopbackCase.connectionLimit, Int64(bodySize))
        }
        try check(result)
    }

    /// GET `url` into `file`, a 200 of `bytes` bytes.
    static func download(_ url: URL, to file: URL, bytes: Int64) throws {
        try check(curl_bench_download(url.absoluteString, file.path, bytes))
    }

    /// POST the contents of `file` to `url`.
    static func upload(_ file: URL, to url: URL) throws {
        try check(curl_bench_upload(url.absoluteString, file.path))
    }

    private static func check(_ result: Int64) throws {
        guard result < 0 else { return }
        throw Failure(description: "libcurl's loop: " + String(cString: curl_bench_error(result)))
    }
}

/// nginx serving static files on a free port of 127.0.0.1 with keep-alive, from a temporary directory:
/// a server that is not the bottleneck, when `/usr/sbin/nginx` is installed (Debian: `nginx-light`).
final class NginxServer {
    static let executable = "/usr/sbin/nginx"

    /// Why nginx is not there to measure against.
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    /// `http://127.0.0.1:<port>/`.
    let baseURL: URL
    private let process: Process
    private let directory: URL

    /// Starts nginx (one process, no master) serving `files` (path → contents) and waits until it accepts
    /// connections.
    init(files: [String: Data]) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.executable) else {
            throw Unavailable(description: "\(Self.executable) is not installed (Debian: apt-get install nginx-light)")
        }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-bench-nginx-\(ProcessInfo.processInfo.processIdentifier)")
        process = Process()
        let port: Int
        let log = directory.appendingPathComponent("stderr.log")
        do {
            port = try Self.freePort()
            let configuration = try Self.write(files, port: port, into: directory)
            try Data().write(to: log)
            process.executableURL = URL(fileURLWithPath: Self.executable)
            process.arguments = ["-p", directory.path, "-c", configuration.path]
            process.standardError = try FileHandle(forWritingTo: log)
            process.standardOutput = FileHandle.nullDevice
            try process.run()
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
        for _ in 0..<300 where process.isRunning {
            if Self.accepts(port: port) { return }
            usleep(10_000)
        }
        let reason = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        stop()
        throw Unavailable(description: "nginx did not start: \(reason.trimmingCharacters(in: .whitespacesAndNewlines))")
    }

    /// Writes `files` under `directory/www` and nginx's configuration for `port`; returns the latter.
    private static func write(_ files: [String: Data], port: Int, into directory: URL) throws -> URL {
        let root = directory.appendingPathComponent("www")
        for (name, contents) in files {
            let file = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: file)
        }
        let path = directory.path
        let temporaryPaths = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
            .map { "\($0)_temp_path \(path)/\($0);" }.joined(separator: " ")
        let configuration = """
            daemon off; master_process off; worker_processes 1; pid \(path)/nginx.pid;
            error_log \(path)/error.log warn;
            events { worker_connections 1024; }
            http {
                access_log off; \(temporaryPaths)
                keepalive_requests 1000000000; keepalive_timeout 300s; default_type application/json;
                server { listen 127.0.0.1:\(port); root \(root.path); }
            }
            """
        let file = directory.appendingPathComponent("nginx.conf")
        try Data(configuration.utf8).write(to: file)
        return file
    }

    /// Stops nginx and removes its directory.
    func stop() {
        if process.isRunning {
            // SIGKILL: nginx without a master process keeps the signal mask of the thread that started it,
            // where SIGTERM is blocked.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// A port of 127.0.0.1 that nothing listens on (the kernel's pick; free again once closed).
    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, streamSocket, 0)
        defer { close(descriptor) }
        var address = loopbackAddress(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard descriptor >= 0, bound else { throw Unavailable(description: "no free port: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something accepts connections on `port` of 127.0.0.1.
    private static func accepts(port: Int) -> Bool {
        let descriptor = socket(AF_INET, streamSocket, 0)
        defer { close(descriptor) }
        var address = loopbackAddress(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    #if canImport(Glibc)
        private static let streamSocket = Int32(SOCK_STREAM.rawValue)
    #else
        private static let streamSocket = SOCK_STREAM
    #endif

    private static func loopbackAddress(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}
