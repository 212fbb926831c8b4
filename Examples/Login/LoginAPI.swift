import Courier
import Foundation

/// The login service: ask for an SMS code, log in with it, and one plain request.
public enum LoginAPI: TargetType {
    /// Logs in with a password and the SMS code.
    case login(username: String, password: String, smscode: String)
    /// Sends an SMS code to the user (the demo backend answers it).
    case smscode(username: String)
    /// A plain `GET`.
    case otherRequest

    /// `http://127.0.0.1:5000/`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:5000/") ?? URL(fileURLWithPath: "/") }

    /// `login/`, `login/smscode/` or `login/otherRequest/`.
    public var path: String {
        switch self {
        case .login: "login/"
        case .smscode: "login/smscode/"
        case .otherRequest: "login/otherRequest/"
        }
    }

    /// `POST` for the login calls, `GET` for the other.
    public var method: Method {
        switch self {
        case .login, .smscode: .post
        case .otherRequest: .get
        }
    }

    /// Form-encoded parameters, or nothing.
    public var task: HTTPTask {
        switch self {
        case .login(let username, let password, let smscode):
            .requestParameters(
                parameters: ["username": username, "password": password, "smscode": smscode],
                encoding: URLEncoding.default)
        case .smscode(let username):
            .requestParameters(parameters: ["username": username], encoding: URLEncoding.default)
        case .otherRequest:
            .requestPlain
        }
    }

    /// No headers.
    public var headers: [String: String]? { nil }

    /// Only 2xx answers succeed.
    public var validationType: ValidationType { .successCodes }
}

/// A logged-in session.
public struct LoginSession: Decodable, Sendable, Equatable {
    /// The user who logged in.
    public let username: String
    /// The session token.
    public let token: String
}
