import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
