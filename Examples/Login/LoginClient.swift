import Courier
import Dispatch
import Foundation

/// The facade the login screen calls: fill the code field from ``smscode(username:complete:)``, then
/// call ``login(username:password:smscode:)``.
public final class LoginClient: Sendable {
    private let provider: Provider<LoginAPI>

    /// Creates a client that sends through `provider`.
    public init(provider: Provider<LoginAPI>) {
        self.provider = provider
    }

    /// Asks for an SMS code and hands it to `complete` on the main queue (the way a screen fills a
    /// text field), or the error.
    public func smscode(
        username: String, complete: @escaping @Sendable (Result<String, CourierError>) -> Void
    ) {
        provider.request(.smscode(username: username)) { result in
            complete(
                result.flatMap { response in
                    Result { () throws(CourierError) in try response.mapString(atKeyPath: "smscode") }
                })
        }
    }

    /// Logs in and returns the session.
    ///
    /// - Throws: ``CourierError/statusCode(_:)`` with the 401 response when the credentials are refused.
    public func login(username: String, password: String, smscode: String) async throws(CourierError) -> LoginSession {
        try await provider.request(
            .login(username: username, password: password, smscode: smscode), as: LoginSession.self)
    }

    /// The plain request.
    public func otherRequest() async throws(CourierError) -> String {
        try await provider.request(.otherRequest).mapString(atKeyPath: "message")
    }
}
