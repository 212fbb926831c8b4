/// Tells a closure when each request begins and ends, to drive a loading indicator: Moya's
/// `NetworkActivityPlugin`.
///
/// `.began` comes with each ``PluginType/willSend(_:target:)`` (each attempt of a retried request),
/// `.ended` with ``PluginType/didReceive(_:target:)``, also for a cancelled request.
public final class NetworkActivityPlugin: PluginType {
    /// Hears that a request began or ended.
    public typealias NetworkActivityClosure = (_ change: NetworkActivityChangeType, _ target: TargetType) -> Void

    let networkActivityClosure: NetworkActivityClosure

    /// Creates the plugin.
    ///
    /// - Parameter networkActivityClosure: Called with `.began` and `.ended`.
    public init(networkActivityClosure: @escaping NetworkActivityClosure) {
        self.networkActivityClosure = networkActivityClosure
    }

    /// Reports `.began`.
    public func willSend(_ request: RequestType, target: TargetType) {
        networkActivityClosure(.began, target)
    }

    /// Reports `.ended`.
    public func didReceive(_ result: Result<Response, MoyaError>, target: TargetType) {
        networkActivityClosure(.ended, target)
    }
}
