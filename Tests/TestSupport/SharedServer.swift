import Foundation
import LoopbackServer

/// The loopback server a test process shares: started once, on a free port of 127.0.0.1.
package enum SharedServer {
    private static let server = Result { try LoopbackServer() }

    /// The shared server's base URL, `http://127.0.0.1:<port>`.
    package static func baseURL() throws -> URL {
        try server.get().baseURL
    }
}

/// What the loopback server's `/echo` routes answer: the request as it arrived.
package struct Echo: Decodable, Equatable, Sendable {
    /// The request's method.
    package let method: String
    /// The request's path.
    package let path: String
    /// The request's query, as sent.
    package let query: String
    /// The request's header fields, names lowercased.
    package let headers: [String: String]
    /// The request's body, as text.
    package let body: String
}
