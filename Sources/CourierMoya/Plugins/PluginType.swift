/// Hooks around every request of a ``MoyaProvider``: Moya's `PluginType`.
///
/// Every method has a default that does nothing. For each request: ``prepare(_:target:)`` (plugins in
/// array order) → ``willSend(_:target:)`` → the network or the stub → ``didReceive(_:target:)`` →
/// ``process(_:target:)`` (in array order, each taking the previous result) → the completion. A retry
/// by the session's interceptor runs `prepare` and `willSend` again, as with Alamofire.
public protocol PluginType {
    /// Returns the request to send in place of `request`.
    func prepare(_ request: URLRequest, target: TargetType) -> URLRequest
    /// Called just before the request is sent over the network, or stubbed.
    func willSend(_ request: RequestType, target: TargetType)
    /// Called once a response (or an error) has arrived, before ``process(_:target:)``.
    func didReceive(_ result: Result<Response, MoyaError>, target: TargetType)
    /// Returns the result handed to the next plugin, and finally to the completion.
    func process(_ result: Result<Response, MoyaError>, target: TargetType) -> Result<Response, MoyaError>
}

extension PluginType {
    /// Returns `request` unchanged.
    public func prepare(_ request: URLRequest, target: TargetType) -> URLRequest { request }
    /// Does nothing.
    public func willSend(_ request: RequestType, target: TargetType) {}
    /// Does nothing.
    public func didReceive(_ result: Result<Response, MoyaError>, target: TargetType) {}
    /// Returns `result` unchanged.
    public func process(_ result: Result<Response, MoyaError>, target: TargetType) -> Result<Response, MoyaError> {
        result
    }
}

/// The request a plugin's ``PluginType/willSend(_:target:)`` sees: Moya's `RequestType`.
public protocol RequestType {
    /// The request as it is sent, after every plugin's ``PluginType/prepare(_:target:)``.
    var request: URLRequest? { get }
    /// The header fields the session adds to every request (its configuration's `httpAdditionalHeaders`).
    var sessionHeaders: [String: String] { get }
    /// Answers an authentication challenge of the request with this user and password.
    func authenticate(username: String, password: String, persistence: URLCredential.Persistence) -> Self
    /// Answers an authentication challenge of the request with this credential.
    func authenticate(with credential: URLCredential) -> Self
    /// Calls `handler` with a `curl` command that sends the same request, and returns the request.
    func cURLDescription(calling handler: @escaping (String) -> Void) -> Self
}
