import Courier
import Foundation

extension Endpoint {
    /// This endpoint sent to `server` instead of its own host: scheme, host and port are replaced and the
    /// server's path (if any) goes before the endpoint's path; the query is kept.
    ///
    /// How the examples run offline against the loopback backend, or against any other server.
    public func rebased(onto server: URL) -> Endpoint {
        guard var components = URLComponents(string: url),
            let serverComponents = URLComponents(url: server, resolvingAgainstBaseURL: false)
        else { return self }
        components.scheme = serverComponents.scheme
        components.host = serverComponents.host
        components.port = serverComponents.port
        var prefix = serverComponents.percentEncodedPath
        if prefix.hasSuffix("/") { prefix.removeLast() }
        components.percentEncodedPath = prefix + components.percentEncodedPath
        return Endpoint(
            url: components.string ?? url, sampleResponseClosure: sampleResponseClosure, method: method, task: task,
            httpHeaderFields: httpHeaderFields)
    }
}

/// An endpoint closure that sends every request of `Target` to `server` (see ``Endpoint/rebased(onto:)``).
public func rebasing<Target: TargetType>(onto server: URL) -> @Sendable (Target) -> Endpoint {
    { target in Provider<Target>.defaultEndpointMapping(for: target).rebased(onto: server) }
}
