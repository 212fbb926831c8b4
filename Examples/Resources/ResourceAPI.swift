import Courier
import Foundation

/// The base URL and headers every resource call shares, in one place.
public struct ResourceConfiguration: Sendable {
    /// The configuration the app ships with.
    public static let standard = ResourceConfiguration(
        baseURL: URL(string: "https://api.example.com") ?? URL(fileURLWithPath: "/"),
        headers: ["Accept": "application/json", "X-Client": "courier-demo"])

    /// The host of every call.
    public let baseURL: URL
    /// Headers sent with every call.
    public let headers: [String: String]

    /// Creates a configuration.
    public init(baseURL: URL, headers: [String: String]) {
        self.baseURL = baseURL
        self.headers = headers
    }
}

/// The resource gateway, whose every answer is wrapped as `{code, msg, data}`.
public enum ResourceAPI: TargetType {
    /// One notice.
    case noticeDetail(id: Int)
    /// The adverts of a page, such as `home`.
    case advertPage(String)

    /// From ``ResourceConfiguration/standard``.
    public var baseURL: URL { ResourceConfiguration.standard.baseURL }

    /// The gateway path of each command.
    public var path: String {
        switch self {
        case .noticeDetail: "/gateway/resource/notice/detail"
        case .advertPage: "/gateway/resource/advert/page"
        }
    }

    /// Both commands are `GET`s.
    public var method: Method { .get }

    /// URL-encoded query parameters (a `POST` would default to JSON).
    public var task: HTTPTask {
        let parameters: Parameters =
            switch self {
            case .noticeDetail(let id): ["id": id]
            case .advertPage(let page): ["page": page]
            }
        let encoding: any ParameterEncoding = method == .get ? URLEncoding.default : JSONEncoding.default
        return .requestParameters(parameters: parameters, encoding: encoding)
    }

    /// From ``ResourceConfiguration/standard``.
    public var headers: [String: String]? { ResourceConfiguration.standard.headers }

    /// Whether the loading indicator shows while this command runs: adverts load quietly.
    public var showsLoadingIndicator: Bool {
        switch self {
        case .noticeDetail: true
        case .advertPage: false
        }
    }
}

/// A notice.
public struct Notice: Decodable, Sendable, Equatable {
    /// The notice id.
    public let id: Int
    /// The title.
    public let title: String
    /// The text.
    public let content: String
}

/// An advert.
public struct Advert: Decodable, Sendable, Equatable {
    /// The advert id.
    public let id: Int
    /// The image shown.
    public let imageURL: String
    /// Where a tap leads.
    public let link: String
}
