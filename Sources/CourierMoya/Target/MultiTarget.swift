import Courier

/// A target that wraps any other target, so that one ``MoyaProvider`` can send the commands of
/// several APIs: Moya's `MultiTarget`. Every property forwards to the wrapped target.
public enum MultiTarget: TargetType {
    /// The wrapped target.
    case target(TargetType)

    /// Wraps `target`.
    public init(_ target: TargetType) {
        self = MultiTarget.target(target)
    }

    /// The wrapped target's path.
    public var path: String { target.path }
    /// The wrapped target's base URL.
    public var baseURL: URL { target.baseURL }
    /// The wrapped target's method.
    public var method: Method { target.method }
    /// The wrapped target's sample data.
    public var sampleData: Data { target.sampleData }
    /// The wrapped target's task.
    public var task: Task { target.task }
    /// The wrapped target's validation type.
    public var validationType: ValidationType { target.validationType }
    /// The wrapped target's headers.
    public var headers: [String: String]? { target.headers }

    /// The wrapped target.
    public var target: TargetType {
        switch self {
        case .target(let target): target
        }
    }
}

extension MultiTarget: AccessTokenAuthorizable {
    /// The wrapped target's authorization type, or `nil` when it does not ask for one.
    public var authorizationType: AuthorizationType? {
        (target as? AccessTokenAuthorizable)?.authorizationType
    }
}
