import Foundation

/// A request value that names the model its answer decodes to; sent by an ``APIClient``.
///
/// ```swift
/// struct PersonRequest: TypedRequest {
///     typealias Model = Person
///     let name: String
///     var path: String { "/users/\(name)" }
/// }
/// let person = try await client.send(PersonRequest(name: "ann"))   // a Person
/// ```
///
/// Everything but ``path`` has a default: `GET`, no parameters, ``URLEncoding/default``, no headers,
/// the model at the top of the body, a plain `JSONDecoder`, and only 2xx answers accepted.
public protocol TypedRequest: Sendable {
    /// The type the answer decodes to.
    associatedtype Model: Decodable & Sendable

    /// The path on the client's base URL; a `?` in it starts a query.
    var path: String { get }
    /// The HTTP method. Default: `GET`.
    var method: Method { get }
    /// The parameters. Default: `nil`.
    var parameters: Parameters? { get }
    /// How the parameters are encoded. Default: ``URLEncoding/default`` (query for `GET`, form body for `POST`).
    var encoding: any ParameterEncoding { get }
    /// Header fields. Default: `nil`.
    var headers: [String: String]? { get }
    /// A dot-separated path to the model inside the body, such as `"data"`. Default: `nil`, the whole body.
    var keyPath: String? { get }
    /// The decoder for the model. Default: a new `JSONDecoder`.
    var decoder: JSONDecoder { get }
    /// Which status codes are accepted. Default: ``ValidationType/successCodes``.
    var validationType: ValidationType { get }
    /// The envelope the answer comes wrapped in, or `nil` for a bare model. Default: `nil`.
    var envelope: (any ResponseEnvelope)? { get }
}

extension TypedRequest {
    /// `GET`.
    public var method: Method { .get }
    /// No parameters.
    public var parameters: Parameters? { nil }
    /// ``URLEncoding/default``.
    public var encoding: any ParameterEncoding { URLEncoding.default }
    /// No headers.
    public var headers: [String: String]? { nil }
    /// The whole body.
    public var keyPath: String? { nil }
    /// A new `JSONDecoder`.
    public var decoder: JSONDecoder { JSONDecoder() }
    /// Only 2xx answers.
    public var validationType: ValidationType { .successCodes }
    /// A bare model, no envelope.
    public var envelope: (any ResponseEnvelope)? { nil }
}

/// The target an ``APIClient`` makes of a ``TypedRequest``, so that it travels the provider's one path.
struct TypedRequestTarget: TargetType {
    /// The client's base URL.
    let baseURL: URL
    /// The request being sent.
    let request: any TypedRequest

    /// The request's path.
    var path: String { request.path }
    /// The request's method.
    var method: Method { request.method }
    /// The request's parameters in its encoding, or nothing.
    var task: HTTPTask {
        guard let parameters = request.parameters else { return .requestPlain }
        return .requestParameters(parameters: parameters, encoding: request.encoding)
    }
    /// The request's headers.
    var headers: [String: String]? { request.headers }
    /// The request's validation.
    var validationType: ValidationType { request.validationType }
}
