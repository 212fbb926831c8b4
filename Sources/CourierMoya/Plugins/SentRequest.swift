import Courier

/// The ``RequestType`` a ``MoyaProvider``'s plugins hear of in ``PluginType/willSend(_:target:)``.
///
/// A credential given to ``authenticate(with:)`` (as ``CredentialsPlugin`` gives it) is kept for the
/// attempt, which sends it as HTTP Basic authentication.
struct SentRequest: RequestType {
    let request: URLRequest?
    let session: Session
    /// Where the attempt finds the credential a plugin gave.
    let credential: Locked<URLCredential?>

    init(request: URLRequest?, session: Session, credential: Locked<URLCredential?> = Locked(nil)) {
        self.request = request
        self.session = session
        self.credential = credential
    }

    var sessionHeaders: [String: String] {
        session.sessionConfiguration.httpAdditionalHeaders as? [String: String] ?? [:]
    }

    func authenticate(username: String, password: String, persistence: URLCredential.Persistence) -> SentRequest {
        authenticate(with: URLCredential(user: username, password: password, persistence: persistence))
    }

    func authenticate(with credential: URLCredential) -> SentRequest {
        self.credential.withLock { $0 = credential }
        return self
    }

    func cURLDescription(calling handler: @escaping (String) -> Void) -> SentRequest {
        handler(
            request.map {
                CURLDescription.command(
                    for: $0, sessionHeaders: sessionHeaders, credential: credential.withLock { $0 },
                    cookies: session.sessionConfiguration.httpCookieStorage)
            } ?? "$ curl command could not be created")
        return self
    }
}
