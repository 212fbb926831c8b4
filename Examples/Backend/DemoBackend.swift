import Foundation
import LoopbackServer

/// The backend of the examples: answers their paths as the real services do, on the loopback server.
public final class DemoBackend: Sendable {
    /// The password the login backend accepts for any user.
    public static let password = "correct horse battery staple"
    /// The token the order backend expects.
    public static let orderToken = "5e4d3c2b1a-order-session-token-0f9e8d7c6b5a4e3d2c1b0a"

    let issuedCodes = LockedCodes()

    /// Creates a backend; ``start()`` serves one on a free port.
    public init() {}

    /// Starts a backend on a free port of 127.0.0.1.
    public static func start() throws -> LoopbackServer {
        let backend = DemoBackend()
        return try LoopbackServer(handler: backend.handle)
    }

    /// Answers one request of any example; other paths get the standard test routes.
    public func handle(_ request: ServerRequest) -> ServerResponse {
        let path = request.path
        if path.hasPrefix("/j/") { return douBan(request) }
        if path.hasPrefix("/order/") { return orders(request) }
        if path.hasPrefix("/login/") { return login(request) }
        if path.hasPrefix("/gateway/resource/") { return resources(request) }
        if path == "/v1/pets" || path.hasPrefix("/v1/pets/") { return petstore(request) }
        if path.hasPrefix("/users/") || path.hasPrefix("/json/") || path.hasPrefix("/goods/") {
            return typedRequests(request)
        }
        return StandardRoutes.handle(request)
    }

    /// The pairs of a form-encoded body.
    static func form(_ request: ServerRequest) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in String(decoding: request.body, as: UTF8.self).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                String($0).removingPercentEncoding ?? String($0)
            }
            fields[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return fields
    }
}

/// SMS codes issued per user.
final class LockedCodes: @unchecked Sendable {
    private let lock = NSLock()
    private var codes: [String: String] = [:]
    private var next = 4_821

    func issue(for user: String) -> String {
        lock.lock()
        defer { lock.unlock() }
        next = (next * 7 + 13) % 10_000
        let code = String(format: "%04d", next)
        codes[user] = code
        return code
    }

    func take(for user: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return codes.removeValue(forKey: user)
    }
}
