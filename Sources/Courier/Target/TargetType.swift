import Foundation

/// One command of an API: where it goes, how it is sent and what it carries.
///
/// Declare an API as an enum whose cases are its commands and conform it to `TargetType`;
/// a ``Provider`` turns each case into a request.
///
/// ```swift
/// enum GitHub: TargetType {
///     case zen
///     var baseURL: URL { URL(string: "https://api.github.com")! }
///     var path: String { "/zen" }
///     var method: Method { .get }
///     var task: HTTPTask { .requestPlain }
///     var headers: [String: String]? { nil }
/// }
/// ```
public protocol TargetType: Sendable {
    /// The URL the ``path`` is appended to, such as `https://api.example.com/v1`.
    var baseURL: URL { get }

    /// The path appended to ``baseURL`` with exactly one `/` between them.
    ///
    /// A `?` in the path starts a query that is kept as a query; `%XX` escapes are kept as written.
    var path: String { get }

    /// The HTTP method of the request.
    var method: Method { get }

    /// What the request carries: nothing, a body, parameters, an upload or a download.
    var task: HTTPTask { get }

    /// Header fields added to the request, or `nil` for none.
    var headers: [String: String]? { get }

    /// The body a stubbed request answers with. Default: empty data.
    var sampleData: Data { get }

    /// Which status codes count as success. Default: ``ValidationType/none`` (every status is a response).
    var validationType: ValidationType { get }

    /// The status code a stubbed request answers with, beside ``sampleData``. Default: 200.
    ///
    /// One line stubs a failure: `var sampleStatusCode: Int { self == .missing ? 404 : 200 }`. It is
    /// read by ``Provider/defaultEndpointMapping(for:)``; an `endpointClosure` of your own decides for
    /// itself.
    var sampleStatusCode: Int { get }

    /// How many seconds the request may wait for its answer before it fails with
    /// `URLError(.timedOut)` (as ``CourierError/underlying(_:_:)``), or `nil` for the transport's
    /// timeout. Default: `nil`.
    ///
    /// It becomes the `timeoutInterval` of the request, which both transports apply to connecting and
    /// to each wait for data; a transport's timeout is its configuration's `timeoutIntervalForRequest`
    /// (60 s unless you set another). Implement it once in an API's enum for every command of that API,
    /// or per case for one command. A value of exactly 60 reads as "not set" to both transports, as
    /// `URLRequest`'s own default does.
    var timeoutInterval: TimeInterval? { get }
}

extension TargetType {
    /// Empty data: stubs answer with an empty body unless a target provides one.
    public var sampleData: Data { Data() }

    /// ``ValidationType/none``: every status code is handed back as a ``Response``.
    public var validationType: ValidationType { .none }

    /// 200: stubs answer as a success unless a target says otherwise.
    public var sampleStatusCode: Int { 200 }

    /// `nil`: the transport's timeout applies.
    public var timeoutInterval: TimeInterval? { nil }
}
