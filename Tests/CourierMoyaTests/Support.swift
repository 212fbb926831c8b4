import CourierMoya
import LoopbackServer

/// The loopback server the tests send to, started once on a free port of 127.0.0.1.
enum TestServer {
    private static let server = Result { try LoopbackServer() }

    /// The server's base URL, `http://127.0.0.1:<port>`.
    static var baseURL: URL {
        (try? server.get().baseURL) ?? URL(fileURLWithPath: "/no-loopback-server")
    }
}

/// What the loopback server's `/echo` routes answer: the request as it arrived.
struct Echo: Decodable, Equatable {
    let method: String
    let path: String
    let query: String
    let headers: [String: String]
    let body: String
}
