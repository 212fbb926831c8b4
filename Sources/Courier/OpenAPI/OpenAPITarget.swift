import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A target generated from an OpenAPI document by `courier-openapi`: every operation of one tag, with
/// what the document says about each.
///
/// Generated enums conform to it; code that wants to treat every operation of an API alike (previews,
/// stubs, a conformance run against a staging server) goes through it.
public protocol OpenAPITarget: TargetType {
    /// One value for each operation of the document in this type, arguments from the document's examples
    /// or, where it has none, values made to fit the schema.
    static var samples: [Self] { get }
    /// The operation's `operationId` as the document writes it.
    var operationID: String { get }
    /// The response decoded into the type the document gives for its status code and content type
    /// (a decoding failure is `.objectMapping`; an undocumented status is `.statusCode`).
    func decode(_ response: Response) throws(CourierError) -> any Sendable
    /// The security schemes the operation's requirements name (`APIKeyPlugin`s of generated APIs apply to
    /// the operations that name theirs).
    var securitySchemeNames: [String] { get }
}

extension OpenAPITarget {
    /// No security schemes.
    public var securitySchemeNames: [String] { [] }

    /// The target's endpoint on `server` instead of the document's: a staging host, a local mock, a
    /// region, or a server whose URL the document leaves to be filled in. `server` takes the place of
    /// `baseURL` (base path included), the target's path follows it; method, task and headers are the
    /// target's.
    ///
    /// ```swift
    /// let staging = URL(string: "https://staging.example.com/v1")!
    /// let provider = Provider<Petstore.Pets>(endpointClosure: { $0.endpoint(on: staging) })
    /// ```
    public func endpoint(on server: URL) -> Endpoint {
        let endpoint = Provider<Self>.defaultEndpointMapping(for: self)
        return Endpoint(
            url: TargetURL.string(baseURL: server, path: path), sampleResponseClosure: endpoint.sampleResponseClosure,
            method: endpoint.method, task: endpoint.task, httpHeaderFields: endpoint.httpHeaderFields)
    }
}

/// The base URL of a generated API's server.
public enum OpenAPIBaseURL {
    /// The URL of `text`; a text that is not a URL (the document's fault) gives `http://invalid.invalid/`,
    /// whose requests fail with a clear error rather than crash.
    public static func make(_ text: String) -> URL {
        URL(string: text) ?? URL(string: "http://invalid.invalid/") ?? URL(fileURLWithPath: "/")
    }
}
