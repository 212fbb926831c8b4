import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Hooks around every request of a ``Provider``: change it before it goes, hear that it goes and what
/// came back, and replace the result.
///
/// Every method has a default that does nothing, so a plugin implements only what it needs. The order
/// for each request is: ``prepare(_:target:)`` (plugins in array order) → ``willSend(_:target:)`` →
/// the transport or the stub → ``didReceive(_:target:)`` → ``process(_:target:)`` (in array order, each
/// taking the previous result) → the caller. Stubbed requests go through the same hooks. When an
/// interceptor retries, `prepare` and `willSend` run again for each attempt while `didReceive` and
/// `process` run once, with the final result. A request that fails before it is sent (its URL or
/// parameters cannot be encoded) reaches no plugin.
public protocol PluginType: Sendable {
    /// Returns the request to send in place of `request`; called before each attempt.
    func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest
    /// Called just before each attempt is sent (or stubbed).
    func willSend(_ request: any RequestType, target: any TargetType)
    /// Called once with the final result, before ``process(_:target:)``.
    func didReceive(_ result: Result<Response, CourierError>, target: any TargetType)
    /// Returns the result handed to the next plugin, and finally to the caller.
    func process(_ result: Result<Response, CourierError>, target: any TargetType) -> Result<Response, CourierError>
}

extension PluginType {
    /// Returns `request` unchanged.
    public func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest { request }
    /// Does nothing.
    public func willSend(_ request: any RequestType, target: any TargetType) {}
    /// Does nothing.
    public func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {}
    /// Returns `result` unchanged.
    public func process(_ result: Result<Response, CourierError>, target: any TargetType) -> Result<
        Response, CourierError
    > {
        result
    }
}

/// The request a plugin's ``PluginType/willSend(_:target:)`` sees.
public protocol RequestType: Sendable {
    /// The request as it is sent, after every interceptor and plugin.
    var request: URLRequest? { get }
    /// A `curl` command that sends the same request.
    func cURLDescription() -> String
}

extension RequestType {
    /// A `curl` command for ``request``, with the secrets of ``Redaction/default`` hidden.
    public func cURLDescription() -> String {
        guard let request else { return "$ curl command could not be created: there is no request" }
        return CURLCommand(request: request, redaction: .default).text
    }
}

/// The ``RequestType`` that a ``Provider`` hands to plugins for each attempt.
struct SentRequest: RequestType {
    let request: URLRequest?
}
