/// An HTTP method such as `GET` or `POST`; any other token can be made with `init(rawValue:)`.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method as it is sent on the wire, such as `"GET"`.
    public let rawValue: String

    /// Creates a method from its wire form. The value is sent exactly as given.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// `CONNECT`.
    public static let connect = HTTPMethod(rawValue: "CONNECT")
    /// `DELETE`.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `GET`.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `HEAD`.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `OPTIONS`.
    public static let options = HTTPMethod(rawValue: "OPTIONS")
    /// `PATCH`.
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `POST`.
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `QUERY`: a safe, idempotent request that carries its query in the body (the IETF draft
    /// "The HTTP QUERY Method"), as Alamofire's `HTTPMethod.query`.
    public static let query = HTTPMethod(rawValue: "QUERY")
    /// `TRACE`.
    public static let trace = HTTPMethod(rawValue: "TRACE")

    /// The wire form of the method.
    public var description: String { rawValue }
}

/// The name a ``TargetType`` uses for ``HTTPMethod``: `var method: Method { .get }`.
public typealias Method = HTTPMethod
