import Courier
import Foundation
import LoopbackServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Case 4: requests per second of a small GET, four clients side by side (``BenchClient``): against the
/// in-process loopback server and, when it is installed, nginx.
enum LoopbackCase {
    /// Why a loopback answer was not the one expected.
    struct UnexpectedAnswer: Error, CustomStringConvertible {
        let description: String
    }

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
            + TablePrinter.markdown(
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

/// The Swift clients of case 4, made once with the same configuration, and libcurl's loop.
struct LoopbackClients: Sendable {
    let courierCurl: Provider<LoopbackAPI>
    let courierURLSession: Provider<LoopbackAPI>
    let session: URLSession

    init() throws {
        let configuration = URLSessionConfiguration.default
        configuration.httpMaximumConnectionsPerHost = LoopbackCase.connectionLimit
        courierCurl = Provider(transport: try CurlTransport(configuration: configuration))
        courierURLSession = Provider(transport: URLSessionTransport(configuration: configuration))
        session = URLSession(configuration: configuration)
    }

    func invalidate() {
        session.finishTasksAndInvalidate()
    }

    /// `count` GETs of `/bytes/1024` on `server` by `client`, `concurrency` at a time; each answer must
    /// be a 200 of ``LoopbackCase/bodySize`` bytes.
    func send(_ client: BenchClient, server: URL, count: Int, concurrency: Int) async throws {
        let size = LoopbackCase.bodySize
        let url = server.appendingPathComponent("bytes/\(size)")
        let check: @Sendable (Int, Int) throws -> Void = { status, bytes in
            guard status == 200, bytes == size else {
                throw LoopbackCase.UnexpectedAnswer(description: "\(client.title) got \(status), \(bytes) bytes")
            }
        }
        switch client {
        case .libcurl:
            try await LibcurlLoop.get(url, count: count, concurrency: concurrency, bodySize: size)
        case .urlSession:
            let request = URLRequest(url: url)
            try await runConcurrently(total: count, concurrency: concurrency) {
                let (data, response) = try await session.data(for: request)
                try check((response as? HTTPURLResponse)?.statusCode ?? 0, data.count)
            }
        case .courierCurl, .courierURLSession:
            let provider = client == .courierCurl ? courierCurl : courierURLSession
            let target = LoopbackAPI.bytes(server: server, count: size)
            try await runConcurrently(total: count, concurrency: concurrency) {
                let response = try await provider.request(target)
                try check(response.statusCode, response.data.count)
            }
        }
    }
}
