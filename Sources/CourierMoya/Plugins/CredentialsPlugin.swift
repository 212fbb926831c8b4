/// Gives each request the credential its target needs: Moya's `CredentialsPlugin`.
///
/// The credential answers the server's authentication challenge; with a user and a password it is
/// sent as HTTP Basic authentication up front, so no round trip is needed.
public final class CredentialsPlugin: PluginType {
    /// Gives the credential for a target, or `nil` for none.
    public typealias CredentialClosure = (TargetType) -> URLCredential?

    let credentialsClosure: CredentialClosure

    /// Creates the plugin.
    ///
    /// - Parameter credentialsClosure: Gives the credential for a target, or `nil`.
    public init(credentialsClosure: @escaping CredentialClosure) {
        self.credentialsClosure = credentialsClosure
    }

    /// Authenticates the request with the target's credential, when it has one.
    public func willSend(_ request: RequestType, target: TargetType) {
        if let credential = credentialsClosure(target) {
            _ = request.authenticate(with: credential)
        }
    }
}
