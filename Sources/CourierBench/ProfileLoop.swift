import Courier
import Foundation
import LoopbackServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `--profile NAME [ITERATIONS]`: one side of one case in a plain loop, nothing else, for
/// `valgrind --tool=callgrind` or `perf record`.
enum ProfileLoop {
    /// The loops that can be profiled, and their default iteration counts.
    static let loops: [(name: String, iterations: Int)] = [
        ("build-get", 20_000), ("build-get-baseline", 20_000), ("build-post", 20_000),
        ("encode-url", 200), ("plugins-default", 5_000), ("plugins-verbose", 5_000), ("stub", 20_000),
        ("loopback", 2_000), ("loopback-baseline", 2_000), ("loopback-curl", 2_000), ("loopback-libcurl", 2_000),
        ("loopback-curl-32", 20_000), ("loopback-libcurl-32", 20_000),
    ]

    /// Runs the loop `name` `iterations` times (its default when `nil`).
    static func run(name: String, iterations: Int?) async throws {
        guard let loop = loops.first(where: { $0.name == name }) else {
            throw BenchOptions.UsageError(description: "unknown loop \(name); the loops are \(loops.map(\.name))")
        }
        let count = iterations ?? loop.iterations
        let query = SearchQuery()
        let start = Stopwatch.now()
        switch name {
        case "build-get":
            try repeated(count) { blackHole(try RequestBuildingCase.courierRequest(for: .search(query))) }
        case "build-get-baseline":
            try repeated(count) { blackHole(try HandBuiltRequests.search(query)) }
        case "build-post":
            let order = OrderDraft()
            try repeated(count) { blackHole(try RequestBuildingCase.courierRequest(for: .createOrder(order))) }
        case "encode-url":
            let request = URLRequest(url: CatalogAPI.base)
            try repeated(count) { blackHole(try URLEncoding.httpBody.encode(request, with: NestedParameters.value)) }
        case "plugins-default", "plugins-verbose":
            let options: NetworkLoggerPlugin.LogOptions = name == "plugins-default" ? .default : .verbose
            let plugins = BenchPlugins.four(logOptions: options)
            guard
                let response = HTTPURLResponse(
                    url: CatalogAPI.base, statusCode: 200, httpVersion: nil, headerFields: nil)
            else { return }
            try repeated(count) {
                blackHole(try PluginChainCase.buildAndRunHooks(.search(query), plugins: plugins, response: response))
            }
        case "stub":
            let provider = Provider<CatalogAPI>(stubClosure: Provider.immediatelyStub)
            for _ in 0..<count { blackHole(try await provider.request(.search(query))) }
        default:
            let clients: [String: BenchClient] = [
                "loopback": .courierURLSession, "loopback-baseline": .urlSession, "loopback-curl": .courierCurl,
                "loopback-libcurl": .libcurl, "loopback-curl-32": .courierCurl, "loopback-libcurl-32": .libcurl,
            ]
            let concurrency = name.hasSuffix("-32") ? 32 : 1
            try await loopback(count: count, client: clients[name] ?? .courierCurl, concurrency: concurrency)
        }
        print("\(name): \(count) iterations in \(Format.duration(Stopwatch.seconds(since: start)))")
    }

    /// `count` GETs by `client`, `concurrency` at a time, against a loopback server of its own (or, when
    /// `COURIER_BENCH_SERVER` names one such as `http://127.0.0.1:8080`, against that server, whose
    /// `/bytes/1024` must be 1,024 bytes).
    private static func loopback(count: Int, client: BenchClient, concurrency: Int) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let base = ProcessInfo.processInfo.environment["COURIER_BENCH_SERVER"].flatMap(URL.init(string:))
        let clients = try LoopbackClients()
        defer { clients.invalidate() }
        try await clients.send(client, server: base ?? server.baseURL, count: count, concurrency: concurrency)
    }
}
