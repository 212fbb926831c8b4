import Courier

// Moya's names for types whose shape is Courier's own: a target, plugin or closure written for Moya
// meets the same type under the same name.

/// An HTTP method such as `.get` or `.post`: Moya's `Method`, which is Alamofire's `HTTPMethod`.
public typealias Method = Courier.HTTPMethod
/// An HTTP method such as `.get` or `.post`: Alamofire's `HTTPMethod`.
public typealias HTTPMethod = Courier.HTTPMethod
/// Which status codes a request accepts: `.none`, `.successCodes`, `.successAndRedirectCodes` or
/// `.customCodes([Int])`, as in Moya.
public typealias ValidationType = Courier.ValidationType
/// Whether and how a request is answered by its sample response: `.never`, `.immediate` or
/// `.delayed(seconds:)`, as in Moya.
public typealias StubBehavior = Courier.StubBehavior
/// The scheme of the `Authorization` header an ``AccessTokenPlugin`` writes: `.basic`, `.bearer` or
/// `.custom(String)`, as in Moya.
public typealias AuthorizationType = Courier.AuthorizationType
/// A target that says whether, and how, its requests carry an access token, as in Moya.
public typealias AccessTokenAuthorizable = Courier.AccessTokenAuthorizable
/// Whether network activity began or ended, as a ``NetworkActivityPlugin`` reports it.
public typealias NetworkActivityChangeType = Courier.NetworkActivityChangeType
