import Courier

/// Runs a ``MoyaProvider``'s plugins on each attempt Courier sends: every plugin's
/// ``PluginType/prepare(_:target:)`` in order, then every plugin's ``PluginType/willSend(_:target:)``.
///
/// It is the first of the provider's interceptors, so the plugins see the request before the session's
/// interceptor adapts it, as with Moya on Alamofire. A credential a plugin gives in `willSend`
/// (``CredentialsPlugin``) goes out as HTTP Basic authentication.
struct PluginInterceptor<Target: TargetType>: Courier.RequestInterceptor, @unchecked Sendable {
    let plugins: [PluginType]
    let session: Session

    func adapt(_ request: URLRequest, for target: any Courier.TargetType) async throws -> URLRequest {
        guard let target = target as? Target, !plugins.isEmpty else { return request }
        var prepared = plugins.reduce(request) { $1.prepare($0, target: target) }
        let sent = SentRequest(request: prepared, session: session)
        for plugin in plugins {
            plugin.willSend(sent, target: target)
        }
        if let credential = sent.credential.withLock({ $0 }), let user = credential.user,
            let password = credential.password, prepared.value(forHTTPHeaderField: "Authorization") == nil
        {
            let encoded = Data("\(user):\(password)".utf8).base64EncodedString()
            prepared.setValue("Basic \(encoded)", forHTTPHeaderField: "Authorization")
        }
        return prepared
    }
}
