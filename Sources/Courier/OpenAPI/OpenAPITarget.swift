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
}

/// The base URL of a generated API's server.
public enum OpenAPIBaseURL {
    /// The URL of `text`; a text that is not a URL (the document's fault) gives `http://invalid.invalid/`,
    /// whose requests fail with a clear error rather than crash.
    public static func make(_ text: String) -> URL {
        URL(string: text) ?? URL(string: "http://invalid.invalid/") ?? URL(fileURLWithPath: "/")
    }
}
