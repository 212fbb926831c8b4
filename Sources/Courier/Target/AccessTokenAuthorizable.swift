/// How a token is put in the `Authorization` header.
public enum AuthorizationType: Sendable, Equatable {
    /// `Authorization: Basic <token>`.
    case basic
    /// `Authorization: Bearer <token>`.
    case bearer
    /// `Authorization: <scheme> <token>` with the given scheme.
    case custom(String)

    /// The scheme word that precedes the token.
    public var value: String {
        switch self {
        case .basic: "Basic"
        case .bearer: "Bearer"
        case .custom(let scheme): scheme
        }
    }
}

/// A target that says whether, and how, its requests carry an access token.
public protocol AccessTokenAuthorizable {
    /// The authorization scheme for this target, or `nil` to send no token.
    var authorizationType: AuthorizationType? { get }
}
