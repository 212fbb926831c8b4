/// Whether network activity began or ended.
public enum NetworkActivityChangeType: Sendable {
    /// A request was sent.
    case began
    /// A request ended, however it ended.
    case ended
}

/// Tells a closure when each request begins and ends, to drive a loading indicator.
///
/// `began` and `ended` come in pairs, one pair per request: a retried request begins once and ends
/// once; a cancelled or failed request ends; a request that fails before it is sent (its URL cannot be
/// built) neither begins nor ends.
public struct NetworkActivityPlugin: PluginType {
    private let networkActivityClosure: @Sendable (NetworkActivityChangeType, any TargetType) -> Void

    /// Creates the plugin.
    ///
    /// - Parameter networkActivityClosure: Called with `.began` when a request is sent and `.ended` when
    ///   it is over, on the thread of the request.
    public init(networkActivityClosure: @escaping @Sendable (NetworkActivityChangeType, any TargetType) -> Void) {
        self.networkActivityClosure = networkActivityClosure
    }

    /// Reports `.began` for the first attempt of a request.
    public func willSend(_ request: any RequestType, target: any TargetType) {
        guard (RequestContext.current?.attempt ?? 0) == 0 else { return }
        networkActivityClosure(.began, target)
    }

    /// Reports `.ended`.
    public func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
        networkActivityClosure(.ended, target)
    }
}
