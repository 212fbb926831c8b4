import Courier

extension URL {
    /// The URL of `target`: its `baseURL` and `path` joined as Courier joins them (exactly one `/`
    /// between them; a `?` in the path starts a query; `%XX` escapes kept), Moya's `URL(target:)`.
    ///
    /// Moya appends the path with `appendingPathComponent`, which escapes a `?` as `%3F`; see the
    /// migration guide. When the joined string is not a URL, the path is appended as a component.
    public init<T: TargetType>(target: T) {
        let joined = TargetURL.string(baseURL: target.baseURL, path: target.path)
        self = URL(string: joined) ?? target.baseURL.appendingPathComponent(target.path)
    }
}
