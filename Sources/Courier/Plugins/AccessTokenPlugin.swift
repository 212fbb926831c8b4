import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Puts an access token in the `Authorization` header of the targets that ask for one.
///
/// A target asks by conforming to ``AccessTokenAuthorizable`` and returning a non-`nil`
/// ``AccessTokenAuthorizable/authorizationType``; the header becomes `<scheme> <token>`, replacing any
/// `Authorization` value already there. Other targets are left alone.
public struct AccessTokenPlugin: PluginType {
    /// Gives the token for a target; called for each request that asks for one.
    public let tokenClosure: @Sendable (any TargetType) -> String

    /// Creates the plugin.
    ///
    /// - Parameter tokenClosure: Gives the token for a target, without its scheme word.
    public init(tokenClosure: @escaping @Sendable (any TargetType) -> String) {
        self.tokenClosure = tokenClosure
    }

    /// Sets `Authorization: <scheme> <token>` when the target asks for a token. The token closure gets
    /// the command itself: the wrapped target of a ``MultiTarget``.
    public func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest {
        guard let authorizable = target as? any AccessTokenAuthorizable,
            let type = authorizable.authorizationType
        else { return request }
        let command = (target as? MultiTarget)?.target ?? target
        var request = request
        HeaderValidation.set("\(type.value) \(tokenClosure(command))", for: "Authorization", in: &request)
        return request
    }
}
