import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session a provider is given in Moya's initializer: Moya's `Session` (Alamofire's), here
/// `URLSession`.
public typealias Session = URLSession

extension Provider {
    /// A new session with the `.default` configuration, for the `session:` initializer: Moya's
    /// `MoyaProvider.defaultAlamofireSession()`.
    ///
    /// A provider made without `session:` does not need one: it uses ``DefaultTransport/shared``.
    public static func defaultSession() -> Session {
        URLSession(configuration: .default)
    }
}
