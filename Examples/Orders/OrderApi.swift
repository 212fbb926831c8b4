import Courier
import Foundation

/// The order service: every call is a form-encoded `POST`.
///
/// The token and device headers every call needs are not in the cases: ``OrderClient`` adds them to
/// every endpoint once, through the provider's `endpointClosure`.
public enum OrderApi: TargetType {
    /// A page of orders.
    case list(pageNO: Int = 1, pageSize: Int = 10)
    /// One order by its serial number, such as `DJKRE3248DFHJEW23`.
    case findOne(sn: String)

    /// `http://127.0.0.1:8080/order`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:8080/order") ?? URL(fileURLWithPath: "/") }

    /// `list` or `findById`.
    public var path: String {
        switch self {
        case .list: "list"
        case .findOne: "findById"
        }
    }

    /// Every call is a `POST`.
    public var method: Method { .post }

    /// The command's own parameters, form-encoded in the body.
    public var task: HTTPTask {
        switch self {
        case .list(let pageNO, let pageSize):
            .requestParameters(parameters: ["pageNO": pageNO, "pageSize": pageSize], encoding: URLEncoding.default)
        case .findOne(let sn):
            .requestParameters(parameters: ["sn": sn], encoding: URLEncoding.default)
        }
    }

    /// No headers of its own; the common ones are added by ``OrderClient``.
    public var headers: [String: String]? { nil }

    /// Only 2xx answers are orders.
    public var validationType: ValidationType { .successCodes }
}

/// One order.
public struct Order: Decodable, Sendable, Equatable {
    /// The serial number.
    public let sn: String
    /// What was ordered.
    public let title: String
    /// The amount, in cents.
    public let amount: Int
}

/// A page of orders.
public struct OrderPage: Decodable, Sendable, Equatable {
    /// The page number, from 1.
    public let pageNO: Int
    /// The page size.
    public let pageSize: Int
    /// The orders on this page.
    public let orders: [Order]
}
