import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Puts an API key in a header, the query or a cookie: OpenAPI's `apiKey` security scheme.
///
/// Generated APIs make one for each of their `apiKey` schemes (`Petstore.apiKey { "secret" }`), applied
/// to the operations that name that scheme in their security requirements.
public struct APIKeyPlugin: PluginType {
    /// Where the key goes.
    public enum Location: String, Sendable {
        /// A header field of the scheme's name.
        case header
        /// A query parameter of the scheme's name.
        case query
        /// A cookie of the scheme's name.
        case cookie
    }

    /// The header, parameter or cookie name.
    public let name: String
    /// Where the key goes.
    public let location: Location
    private let appliesTo: @Sendable (any TargetType) -> Bool
    private let key: @Sendable (any TargetType) -> String

    /// A plugin that adds the key `key` gives under `name` to every request whose target `appliesTo` accepts.
    public init(
        name: String, in location: Location, appliesTo: @escaping @Sendable (any TargetType) -> Bool = { _ in true },
        key: @escaping @Sendable (any TargetType) -> String
    ) {
        self.name = name
        self.location = location
        self.appliesTo = appliesTo
        self.key = key
    }

    /// Adds the key when the target needs it.
    public func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest {
        let command = (target as? MultiTarget)?.target ?? target
        guard appliesTo(command) else { return request }
        var request = request
        let value = key(command)
        switch location {
        case .header:
            HeaderValidation.set(value, for: name, in: &request)
        case .cookie:
            let cookie = "\(name)=\(OpenAPIEscaping.escape(value, allowReserved: false))"
            let existing = request.value(forHTTPHeaderField: "Cookie")
            HeaderValidation.set(existing.map { "\($0); \(cookie)" } ?? cookie, for: "Cookie", in: &request)
        case .query:
            guard let url = request.url else { return request }
            let pair =
                OpenAPIEscaping.escape(name, allowReserved: false) + "="
                + OpenAPIEscaping.escape(value, allowReserved: false)
            let text = url.absoluteString
            let fragmentStart = text.firstIndex(of: "#") ?? text.endIndex
            let head = text[..<fragmentStart]
            let separator = head.contains("?") ? "&" : "?"
            request.url = URL(string: head + separator + pair + text[fragmentStart...]) ?? url
        }
        return request
    }
}
