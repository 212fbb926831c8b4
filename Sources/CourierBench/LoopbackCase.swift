import Courier
import Foundation
import LoopbackServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Case 4: requests per second of a small GET, four clients side by side (``BenchClient``): against the
/// in-process loopback server and, when it is installed, nginx.
enum LoopbackCase {
    /// The size of each response body.
    static let bodySize = 1_024

    /// Every client's connection limit: `httpMaximumConnectionsPerHost` of the configuration that both
    /// transports and URLSession get, `CURLMOPT_MAX_HOST_CONNECTIONS` of libcurl's multi loop.
    static let connectionLimit = 32

    /// The JSON file nginx serves at `/bytes/1024`: as long as the loopback server's answer.
    private static let jsonBody: Data = {
        let head = #"{"id":1,"name":"courier-bench","padding":""#
        let tail = "\"}\n"
        let padding = String(repeating: "x", count: bodySize - head.utf8.count - tail.utf8.count)
        return Data((head + padding + tail).utf8)
    }()

    /// The rows with a target: Courier's side, its baseline, the rate targets at concurrency 1 and 32, and
    /// the rows' letters at 1 and 32 against the loopback server (against nginx: only Courier on curl, 4e
    /// and 4f).
    private static let pairs: [(BenchClient, BenchClient, Double, Double, String)] = [
        (.courierURLSession, .urlSession, 0.95, 0.95, "ab"), (.courierCurl, .libcurl, 0.5, 0.4, "cd"),
    ]

    static func run(server: LoopbackServer, budget: Budget) async throws -> CaseOutcome {
        var outcome = CaseOutcome(
            definition: "4. End to end: GET /bytes/\(bodySize) (a \(bodySize)-byte body) on 127.0.0.1 with keep-alive, "
                + "from the in-process loopback server and from nginx (a static \(bodySize)-byte JSON file at the "
                + "same path) when installed. Four clients: `Provider.request` over `CurlTransport(configuration:)` "
                + "and over `URLSessionTransport(configuration:)`, `URLSession(configuration:).data(for:)` (the "
                + "same configuration object: `.default` with httpMaximumConnectionsPerHost = \(connectionLimit)), "
                + "and libcurl's own C loop (one easy handle reused at concurrency 1; one multi handle keeping 32 "
                + "transfers in flight, CURLMOPT_MAX_HOST_CONNECTIONS = \(connectionLimit), at 32). Batches of "
                + "the four rotate; the ratio is the median of per-round rate ratios. Concurrency 32 = 32 tasks "
                + "each sending its share of the batch in turn. Rates are wall-clock; the other-clock column is "
                + "the process CPU time per request, Courier over baseline (with the loopback server, its share "
                + "is included on both sides; nginx runs in a process of its own).")
        let clients = try LoopbackClients()
        defer { clients.invalidate() }
        var servers = [("Loopback", server.baseURL)]
        var nginx: NginxServer?
        do {
            let started = try NginxServer(files: ["bytes/\(bodySize)": jsonBody])
            nginx = started
            servers.append(("nginx", started.baseURL))
        } catch {
            outcome.notes.append("Case 4: no nginx rows: \(error).")
        }
        defer { nginx?.stop() }

        let bench = PairedBenchmark(
            rounds: budget.loopbackRounds, sampleSeconds: budget.loopbackBatchSeconds, clock: .wall)
        let all = BenchClient.allCases
        var table: [[String]] = []
        var libcurlRates: [String: Double] = [:]
        for (serverIndex, (serverName, base)) in servers.enumerated() {
            for concurrency in [1, 32] {
                // Open every client's connections before anything is timed.
                for client in all {
                    try await clients.send(client, server: base, count: concurrency * 4, concurrency: concurrency)
                }
                let comparison = try await bench.compare(
                    all.map { client in
                        { count in
                            try await clients.send(client, server: base, count: count, concurrency: concurrency)
                        }
                    })
                let pair = { (courier: BenchClient, baseline: BenchClient) in
                    comparison.pair(all.firstIndex(of: courier) ?? 0, all.firstIndex(of: baseline) ?? 0)
                }
                for (courier, baseline, one, many, letters) in pairs where serverIndex == 0 || courier == .courierCurl {
                    let letter = Array(serverIndex == 0 ? letters : "ef")[concurrency == 1 ? 0 : 1]
                    let measured = pair(courier, baseline)
                    outcome.rows.append(
                        .rate(
                            "4\(letter) \(serverName) GET ×\(concurrency), \(courier.title) / \(baseline.title)",
                            courier: Format.requestRate(measured.courierRate),
                            baseline: Format.requestRate(measured.baselineRate), ratio: 1 / measured.ratio,
                            goal: .rateAtLeast(concurrency == 1 ? one : many), check: measured.checkText))
                }
                let rates = all.map { pair($0, $0).courierRate }
                libcurlRates["\(serverName) \(concurrency)"] = pair(.libcurl, .libcurl).courierRate
                table.append(
                    ["\(serverName), ×\(concurrency)"] + rates.map(Format.requestRate)
                        + [pair(.courierCurl, .libcurl), pair(.courierCurl, .urlSession)].map {
                            Format.ratio(1 / $0.ratio)
                        })
            }
        }
        outcome.rows.sort { $0.name < $1.name }
        outcome.details =
            ["Case 4, every client (median requests/s; ratios: medians of per-round rate ratios):"]
            + Report.markdown(
                ["Server, concurrency"] + all.map(\.title) + ["curl / libcurl", "curl / URLSession"], table)
        outcome.notes.append(bottleneckNote(libcurlRates))
        return outcome
    }

    /// Whether the loopback server held every client back, judged by libcurl's loop against both servers.
    private static func bottleneckNote(_ rates: [String: Double]) -> String {
        guard let loopback = rates["Loopback 1"], let nginx = rates["nginx 1"],
            let loopbackMany = rates["Loopback 32"], let nginxMany = rates["nginx 32"]
        else {
            return "Case 4: without nginx there is no server to tell whether the in-process loopback server (a "
                + "thread per connection, sharing this process and its cores) is the bottleneck of the "
                + "loopback rows; install nginx (Debian: nginx-light) for rows against a fast server."
        }
        let text =
            "Case 4: libcurl's loop does \(Format.requestRate(loopback)) against the loopback server and "
            + "\(Format.requestRate(nginx)) against nginx at concurrency 1 (\(Format.requestRate(loopbackMany)) "
            + "and \(Format.requestRate(nginxMany)) at 32)"
        let capped = [(1, loopback, nginx), (32, loopbackMany, nginxMany)].filter { $0.2 > $0.1 * 1.2 }.map(\.0)
        if !capped.isEmpty {
            return text + ": at concurrency " + capped.map(String.init).joined(separator: " and ")
                + " THE LOOPBACK SERVER IS THE BOTTLENECK (a thread per connection, in this process, on the same "
                + "cores), so the loopback rows understate the differences between clients there; judge "
                + "CurlTransport by the nginx rows."
        }
        return text + ": the loopback server is not the bottleneck."
    }
}

/// nginx serving static files on a free port of 127.0.0.1 with keep-alive, from a temporary directory:
/// a server that is not the bottleneck, when `/usr/sbin/nginx` is installed (Debian: `nginx-light`).
final class NginxServer {
    static let executable = "/usr/sbin/nginx"

    /// `http://127.0.0.1:<port>/`.
    let baseURL: URL
    private let process: Process
    private let directory: URL

    /// Starts nginx (one process, no master) serving `files` (path → contents) and waits until it accepts
    /// connections.
    init(files: [String: Data]) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.executable) else {
            throw BenchFailure("\(Self.executable) is not installed (Debian: apt-get install nginx-light)")
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
        throw BenchFailure("nginx did not start: \(reason.trimmingCharacters(in: .whitespacesAndNewlines))")
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
        guard descriptor >= 0, bound else { throw BenchFailure("no free port: errno \(errno)") }
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
