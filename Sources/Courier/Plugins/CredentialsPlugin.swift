import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends a user and password as HTTP Basic authentication (RFC 7617) with each request.
///
/// The `Authorization: Basic …` header is set up front, replacing any value already there, so no
/// challenge round trip is needed. A target for which the closure gives `nil`, or a credential without
/// both a user and a password, is left alone.
public struct CredentialsPlugin: PluginType {
    /// Gives the credential for a target.
    public let credentialsClosure: @Sendable (any TargetType) -> URLCredential?

    /// Creates the plugin.
    ///
    /// - Parameter credentialsClosure: Gives the user and password for a target, or `nil` for none.
    public init(credentialsClosure: @escaping @Sendable (any TargetType) -> URLCredential?) {
        self.credentialsClosure = credentialsClosure
    }

    /// Sets `Authorization: Basic <base64(user:password)>` when the target has a credential.
    public func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest {
        guard let credential = credentialsClosure(target), let user = credential.user,
            let password = credential.password
        else { return request }
        var request = request
        let encoded = Data("\(user):\(password)".utf8).base64EncodedString()
        request.setValue("Basic \(encoded)", forHTTPHeaderField: "Authorization")
        return request
    }
}
