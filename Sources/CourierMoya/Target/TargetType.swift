import Courier

/// One command of an API, as a Moya app declares it: base URL, path, method, task, headers, sample
/// data and validation.
///
/// ```swift
/// enum GitHub: TargetType {
///     case zen
///     var baseURL: URL { URL(string: "https://api.github.com")! }
///     var path: String { "/zen" }
///     var method: Moya.Method { .get }
///     var task: Task { .requestPlain }
///     var headers: [String: String]? { nil }
/// }
/// ```
///
/// It refines Courier's own `TargetType`, so the same enum is sent by a ``MoyaProvider`` and by a
/// Courier `Provider`: an app can move to Courier's API one file at a time. Its ``task`` is Moya's
/// ``Task``; Courier reads it as its own `HTTPTask`. The other requirements (`baseURL`, `path`,
/// `method`, `headers`, `sampleData` with its default of empty data, `validationType` with its default
/// of `.none`) are Courier's, which have Moya's shapes.
///
/// Courier sends targets from any thread, so a target is `Sendable`; in the Swift 5 language mode an
/// enum whose cases carry values that are not (a `[String: Any]` dictionary, say) is accepted as it
/// was with Moya.
@preconcurrency
public protocol TargetType: Courier.TargetType {
    /// What the request carries: nothing, a body, parameters, an upload or a download.
    var task: Task { get }
}

extension TargetType {
    /// The ``task`` as Courier's `HTTPTask`, for a Courier `Provider` sending this target.
    ///
    /// It is disfavoured, so that `target.task` in app code is Moya's ``Task``.
    @_disfavoredOverload
    public var task: HTTPTask {
        let task: Task = self.task
        return task.courierTask
    }
}
