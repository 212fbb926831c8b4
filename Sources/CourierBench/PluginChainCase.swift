import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Case 3: the cost of four plugins, with the logger at its default options and at its verbose ones.
enum PluginChainCase {
    /// A built request run through every hook in the order a provider runs them: `prepare` (reduced in
    /// array order), `willSend`, then a 200 response with the sample body through `didReceive` and
    /// `process` (reduced in array order).
    static func buildAndRunHooks(
        _ target: CatalogAPI, plugins: [any PluginType], response: HTTPURLResponse
    ) throws -> Result<Response, CourierError> {
        var request = try RequestBuildingCase.courierRequest(for: target)
        request = plugins.reduce(request) { request, plugin in plugin.prepare(request, target: target) }
        let sent = BuiltRequest(request: request)
        for plugin in plugins {
            plugin.willSend(sent, target: target)
        }
        let result: Result<Response, CourierError> = .success(
            Response(statusCode: 200, data: CatalogAPI.sample, request: request, response: response))
        for plugin in plugins {
            plugin.didReceive(result, target: target)
        }
        return plugins.reduce(result) { result, plugin in plugin.process(result, target: target) }
    }

    static func run(_ bench: PairedBenchmark) async throws -> CaseOutcome {
        var outcome = CaseOutcome(
            definition: "3. Plugin chain, four plugins (NetworkLoggerPlugin writing to a discarding sink, "
                + "NetworkActivityPlugin, AccessTokenPlugin, a custom header plugin) against none. Rows 3a/3b "
                + "(the targets): building the GET of case 1, then the hooks exactly as the pipeline calls them "
                + "(prepare → willSend → didReceive → process, with a 200 response object); the baseline is the "
                + "same code with an empty plugin list. Rows 3c/3d (info): a whole `Provider.request` with an "
                + "immediate stub, with and without the plugins. Logger `.default` = method + headers; "
                + "`.verbose` adds request and response bodies. Rows 3e–3h (info): the hooks of 3a with one "
                + "plugin at a time, to show where the cost goes.")
        let target = CatalogAPI.search(SearchQuery())
        guard
            let response = HTTPURLResponse(
                url: CatalogAPI.base, statusCode: 200, httpVersion: "HTTP/1.1",
                headerFields: ["Content-Type": "application/json"])
        else { return outcome }

        let hooked: [(String, [any PluginType], Goal)] = [
            (
                "3a Build + hooks, 4 plugins (logger .default)", BenchPlugins.four(logOptions: .default),
                .timeAtMost(1.5)
            ),
            (
                "3b Build + hooks, 4 plugins (logger .verbose)", BenchPlugins.four(logOptions: .verbose),
                .timeAtMost(1.5)
            ),
        ]
        for (name, plugins, goal) in hooked {
            outcome.rows.append(
                try await hooks(name, plugins: plugins, goal: goal, target: target, response: response, bench))
        }

        let bare = Provider<CatalogAPI>(stubClosure: Provider.immediatelyStub)
        for (name, options) in [
            ("3c Stub pipeline, 4 plugins (logger .default)", NetworkLoggerPlugin.LogOptions.default),
            ("3d Stub pipeline, 4 plugins (logger .verbose)", NetworkLoggerPlugin.LogOptions.verbose),
        ] {
            let provider = Provider<CatalogAPI>(
                stubClosure: Provider.immediatelyStub, plugins: BenchPlugins.four(logOptions: options))
            let comparison = try await bench.compare(
                courier: { count in
                    for _ in 0..<count { blackHole(try await provider.request(target)) }
                },
                baseline: { count in
                    for _ in 0..<count { blackHole(try await bare.request(target)) }
                })
            outcome.rows.append(.time(name, comparison, goal: .timeInfo))
        }

        let singles: [(String, any PluginType)] = [
            ("3e   only NetworkLoggerPlugin (.default)", BenchPlugins.logger(.default)),
            ("3f   only NetworkActivityPlugin", BenchPlugins.activity),
            ("3g   only AccessTokenPlugin", BenchPlugins.accessToken),
            ("3h   only the custom TraceHeaderPlugin", TraceHeaderPlugin()),
        ]
        for (name, plugin) in singles {
            outcome.rows.append(
                try await hooks(name, plugins: [plugin], goal: .timeInfo, target: target, response: response, bench))
        }
        return outcome
    }

    /// Building and hooks with `plugins` against building and hooks with none.
    private static func hooks(
        _ name: String, plugins: [any PluginType], goal: Goal, target: CatalogAPI, response: HTTPURLResponse,
        _ bench: PairedBenchmark
    ) async throws -> ResultRow {
        let comparison = try await bench.compare(
            courier: { count in
                try repeated(count) { blackHole(try buildAndRunHooks(target, plugins: plugins, response: response)) }
            },
            baseline: { count in
                try repeated(count) { blackHole(try buildAndRunHooks(target, plugins: [], response: response)) }
            })
        return .time(name, comparison, goal: goal)
    }
}

/// The custom plugin of the plugin case: stamps a trace header on each request and passes results on.
struct TraceHeaderPlugin: PluginType {
    func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest {
        var request = request
        request.setValue("courier-bench-trace", forHTTPHeaderField: "X-Trace-ID")
        return request
    }

    func process(_ result: Result<Response, CourierError>, target: any TargetType) -> Result<Response, CourierError> {
        if case .success(let response) = result { blackHole(response.statusCode) }
        return result
    }
}

/// The four plugins of the plugin case.
enum BenchPlugins {
    /// The four plugins: ``logger(_:)``, ``activity``, ``accessToken`` and ``TraceHeaderPlugin``.
    static func four(logOptions: NetworkLoggerPlugin.LogOptions) -> [any PluginType] {
        [logger(logOptions), activity, accessToken, TraceHeaderPlugin()]
    }

    /// A logger with `logOptions` whose entries go to a sink that discards them once they are built.
    static func logger(_ logOptions: NetworkLoggerPlugin.LogOptions) -> NetworkLoggerPlugin {
        NetworkLoggerPlugin(
            configuration: NetworkLoggerPlugin.Configuration(
                output: { _, items in blackHole(items) }, logOptions: logOptions))
    }

    /// The activity plugin, with a closure that only consumes the change.
    static let activity = NetworkActivityPlugin { change, _ in blackHole(change) }

    /// The access-token plugin with a fixed bearer token.
    static let accessToken = AccessTokenPlugin { _ in "eyJhbGciOiJIUzI1NiJ9.bench.token" }
}

/// The request a plugin's `willSend` sees when the hooks are run outside a provider.
struct BuiltRequest: RequestType {
    let request: URLRequest?

    func cURLDescription() -> String {
        ""
    }
}
