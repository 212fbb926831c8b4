import Courier
import Foundation

/// An endpoint closure that sends every request to `server` instead of the target's own host, keeping
/// the path and query: how the examples run offline against the loopback backend, or against any
/// other server.
public func rebasing<Target: TargetType>(onto server: URL) -> @Sendable (Target) -> Endpoint {
    { target in
        let endpoint = Provider<Target>.defaultEndpointMapping(for: target)
        guard var components = URLComponents(string: endpoint.url),
            let serverComponents = URLComponents(url: server, resolvingAgainstBaseURL: false)
        else { return endpoint }
        components.scheme = serverComponents.scheme
        components.host = serverComponents.host
        components.port = serverComponents.port
        let prefix =
            serverComponents.percentEncodedPath.hasSuffix("/")
            ? String(serverComponents.percentEncodedPath.dropLast()) : serverComponents.percentEncodedPath
        components.percentEncodedPath = prefix + components.percentEncodedPath
        return Endpoint(
            url: components.string ?? endpoint.url, sampleResponseClosure: endpoint.sampleResponseClosure,
            method: endpoint.method, task: endpoint.task, httpHeaderFields: endpoint.httpHeaderFields)
    }
}
