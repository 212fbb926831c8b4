import Foundation

extension URL {
    /// The URL of `target`: its `baseURL` and `path` joined by the rules of ``TargetType/path``, as
    /// ``Provider/defaultEndpointMapping(for:)`` joins them; Moya's `URL(target:)`.
    ///
    /// When the joined string is not a URL, the `baseURL` with the path appended as a path component.
    public init<T: TargetType>(target: T) {
        let joined = TargetURL.string(baseURL: target.baseURL, path: target.path)
        self = URL(string: joined) ?? target.baseURL.appendingPathComponent(target.path)
    }
}
