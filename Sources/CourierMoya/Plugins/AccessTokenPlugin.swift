/// Puts an access token in the `Authorization` header of the targets that ask for one: Moya's
/// `AccessTokenPlugin`.
///
/// A target asks by conforming to ``AccessTokenAuthorizable`` with a non-`nil` `authorizationType`;
/// the header `<scheme> <token>` is added to the request (as `URLRequest.addValue` adds it). The token
/// closure gets the command itself: the wrapped target of a ``MultiTarget``.
public struct AccessTokenPlugin: PluginType {
    /// Gives the token for a target.
    public typealias TokenClosure = (TargetType) -> String

    /// Gives the token for a target; called for each request that asks for one.
    public let tokenClosure: TokenClosure

    /// Creates the plugin.
    ///
    /// - Parameter tokenClosure: Gives the token for a target, without its scheme word.
    public init(tokenClosure: @escaping TokenClosure) {
        self.tokenClosure = tokenClosure
    }

    /// Adds `Authorization: <scheme> <token>` when the target asks for a token.
    public func prepare(_ request: URLRequest, target: TargetType) -> URLRequest {
        guard let authorizable = target as? AccessTokenAuthorizable, let type = authorizable.authorizationType
        else { return request }
        var request = request
        let command = (target as? MultiTarget)?.target ?? target
        request.addValue(type.value + " " + tokenClosure(command), forHTTPHeaderField: "Authorization")
        return request
    }
}
