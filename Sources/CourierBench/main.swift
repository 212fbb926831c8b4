import Courier
import Dispatch
import Foundation
import LoopbackServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// courier-bench: Courier against hand-written URLSession code and libcurl's own C loop, side by side in one
// run. See BENCHMARKS.md.

let options: BenchOptions
do {
    options = try BenchOptions(arguments: CommandLine.arguments)
} catch {
    FileHandle.standardError.write(Data("courier-bench: \(error)\n\n\(BenchOptions.usage)\n".utf8))
    exit(2)
}
if options.showUsage {
    print(BenchOptions.usage)
    exit(0)
}

// Not an `async` top level: that parks the main thread in `dispatch_main`, which valgrind 3.19 cannot follow
// (callgrind dies with SIGSEGV at the first thread libdispatch creates), and profiling under callgrind is
// part of the job. The work runs on Swift's cooperative threads and exits the process when it ends; the
// main thread only waits.
Task.detached {
    if let child = options.child {
        exit(await TransferChild.run(child))
    }
    if let profile = options.profile {
        do {
            try await ProfileLoop.run(name: profile.name, iterations: profile.iterations)
        } catch {
            FileHandle.standardError.write(Data("courier-bench: \(error)\n".utf8))
            exit(1)
        }
        exit(0)
    }
    await runCases(options)
    exit(0)
}
while true {
    DispatchSemaphore(value: 0).wait()
}

/// Runs the cases that `options` selects one after another, then prints the report.
func runCases(_ options: BenchOptions) async {
    let start = Stopwatch.now()
    let budget = options.quick ? Budget.quick : .full
    print(Report.header(options: options, budget: budget))
    let micro = PairedBenchmark(rounds: budget.rounds, sampleSeconds: budget.sampleSeconds, clock: options.clock)
    let server: LoopbackServer
    do {
        server = try LoopbackServer()
    } catch {
        print("cannot start the loopback server: \(error)")
        return
    }
    defer { server.stop() }

    let steps: [(String, () async throws -> CaseOutcome)] = [
        ("build", { try await RequestBuildingCase.run(micro) }),
        ("encoding", { try await EncodingCase.run(micro) }),
        ("plugins", { try await PluginChainCase.run(micro) }),
        ("loopback", { try await LoopbackCase.run(server: server, budget: budget) }),
        ("transfers", { try await TransferCase.run(server: server, budget: budget) }),
        ("stubs", { try await StubCase.run(micro) }),
        ("streams", { try await StreamCase.run(server: server, budget: budget) }),
    ]
    var outcomes: [CaseOutcome] = []
    for (name, step) in steps where options.cases.contains(name) {
        FileHandle.standardError.write(Data("courier-bench: running \(name)…\n".utf8))
        let caseStart = Stopwatch.now()
        do {
            outcomes.append(try await step())
        } catch {
            outcomes.append(
                CaseOutcome(
                    rows: [.failed(name, goal: .timeInfo, reason: "\(error)")],
                    definition: "\(name): failed before it could measure."))
        }
        let seconds = Stopwatch.seconds(since: caseStart)
        FileHandle.standardError.write(Data("courier-bench: \(name) took \(Format.duration(seconds))\n".utf8))
    }
    print(Report.results(outcomes, budget: budget, seconds: Stopwatch.seconds(since: start)))
}

/// Runs `body` on a thread of its own and returns what it returns, so that a blocking call (a child
/// process, libcurl's own loop) does not hold one of Swift's few cooperative threads.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: body()) }
    }
}

/// `--profile NAME [ITERATIONS]`: one side of one case in a plain loop, nothing else, for
/// `valgrind --tool=callgrind` or `perf record`.
enum ProfileLoop {
    /// The loops that can be profiled, and their default iteration counts.
    static let loops: [(name: String, iterations: Int)] = [
        ("build-get", 20_000), ("build-get-moya", 20_000), ("build-get-baseline", 20_000), ("build-post", 20_000),
        ("encode-url", 200), ("plugins-default", 5_000), ("plugins-verbose", 5_000), ("stub", 20_000),
        ("loopback", 2_000), ("loopback-baseline", 2_000), ("loopback-curl", 2_000), ("loopback-libcurl", 2_000),
        ("loopback-curl-32", 20_000), ("loopback-libcurl-32", 20_000),
    ]

    /// The client of each loopback loop.
    private static let loopbackClients: [String: BenchClient] = [
        "loopback": .courierURLSession, "loopback-baseline": .urlSession, "loopback-curl": .courierCurl,
        "loopback-libcurl": .libcurl, "loopback-curl-32": .courierCurl, "loopback-libcurl-32": .libcurl,
    ]

    /// Runs the loop `name` `iterations` times (its default when `nil`).
    static func run(name: String, iterations: Int?) async throws {
        guard let loop = loops.first(where: { $0.name == name }) else {
            throw BenchFailure("unknown loop \(name); the loops are \(loops.map(\.name))")
        }
        let count = iterations ?? loop.iterations
        let query = SearchQuery()
        let start = Stopwatch.now()
        switch name {
        case "build-get":
            try repeated(count) { blackHole(try RequestBuildingCase.courierRequest(for: .search(query))) }
        case "build-get-moya":
            try repeated(count) { blackHole(try MoyaCatalog.request(for: query)) }
        case "build-get-baseline":
            try repeated(count) { blackHole(try HandBuiltRequests.search(query)) }
        case "build-post":
            let order = OrderDraft()
            try repeated(count) { blackHole(try RequestBuildingCase.courierRequest(for: .createOrder(order))) }
        case "encode-url":
            let request = URLRequest(url: CatalogAPI.base)
            try repeated(count) { blackHole(try URLEncoding.httpBody.encode(request, with: NestedParameters.value)) }
        case "plugins-default", "plugins-verbose":
            let plugins = BenchPlugins.four(logOptions: name == "plugins-default" ? .default : .verbose)
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
            // `count` GETs against a loopback server of its own or, when `COURIER_BENCH_SERVER` names one
            // such as `http://127.0.0.1:8080`, against that server, whose `/bytes/1024` must be 1,024 bytes.
            let server = try LoopbackServer()
            defer { server.stop() }
            let base = ProcessInfo.processInfo.environment["COURIER_BENCH_SERVER"].flatMap(URL.init(string:))
            let clients = try LoopbackClients()
            defer { clients.invalidate() }
            try await clients.send(
                loopbackClients[name] ?? .courierCurl, server: base ?? server.baseURL, count: count,
                concurrency: name.hasSuffix("-32") ? 32 : 1)
        }
        print("\(name): \(count) iterations in \(Format.duration(Stopwatch.seconds(since: start)))")
    }
}

/// Why a part of the bench could not do its work: a sentence that the report prints.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
