import Foundation

/// A small HTTP/1.1 server on 127.0.0.1 for tests, examples and benchmarks.
///
/// Each connection is served on its own thread with blocking I/O and keep-alive. When no thread can be
/// created for a connection (the process or the machine is out of threads) the server tries again for
/// about 150 ms, then answers `503 Service Unavailable` and closes the connection, so that a client
/// fails at once instead of waiting for its own timeout. Request bodies are read
/// fully before the handler runs, except for streaming paths, whose bodies are only counted and
/// checksummed (see `init(port:streamingPaths:handler:)`).
///
/// ```swift
/// let server = try LoopbackServer()
/// defer { server.stop() }
/// let url = server.baseURL.appendingPathComponent("echo")
/// ```
public final class LoopbackServer: Sendable {
    /// The port the server listens on.
    public let port: UInt16

    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL

    private let core: ServerCore

    /// Starts listening on 127.0.0.1 and serves until `stop()`.
    ///
    /// - Parameters:
    ///   - port: the port to bind; 0 (the default) lets the kernel pick a free one.
    ///   - streamingPaths: paths whose request bodies are not kept: the server reads them in pieces,
    ///     counting bytes and computing a `Checksum`, and passes the result as `ServerRequest.streamedBody`
    ///     with an empty `body`. A path also covers everything below it (`/upload` covers `/upload/a`).
    ///   - handler: answers each request on the connection's thread; it may block.
    /// - Throws: `LoopbackServerError` when the socket cannot be created, bound or listened on, or no
    ///   thread can be started to accept connections.
    public convenience init(
        port: UInt16 = 0,
        streamingPaths: Set<String> = StandardRoutes.streamingPaths,
        handler: @escaping @Sendable (ServerRequest) -> ServerResponse = StandardRoutes.handle
    ) throws {
        try self.init(
            port: port, streamingPaths: streamingPaths, startThread: ServerThread.start(stackSize:_:), handler: handler)
    }

    /// Starts a server whose threads are started by `startThread` (tests make it fail).
    init(
        port: UInt16,
        streamingPaths: Set<String>,
        startThread: @escaping ServerThread.Starter,
        handler: @escaping @Sendable (ServerRequest) -> ServerResponse
    ) throws {
        let core = try ServerCore(
            port: port,
            context: ConnectionContext(handler: handler, streamingPaths: streamingPaths),
            startThread: startThread
        )
        try core.start()
        guard let url = URL(string: "http://127.0.0.1:\(core.port)") else {
            core.stop()
            throw LoopbackServerError(operation: "make base URL", code: 0)
        }
        self.core = core
        self.port = core.port
        baseURL = url
    }

    deinit {
        core.stop()
    }

    /// Closes the listener and shuts every open connection down.
    ///
    /// New connections are refused once this returns, and clients see their connections end. A handler
    /// still running (for example one sleeping for `delay`) is not waited for: its thread ends as soon
    /// as it returns. Quick enough to call from Swift's cooperative pool. Calling `stop()` again does
    /// nothing.
    public func stop() {
        core.stop()
    }

    /// The number of connections being served right now.
    var openConnectionCount: Int {
        core.registry.count
    }

    /// The number of requests being answered right now: their head has arrived and their answer is
    /// not yet written whole (a handler still sleeping, or holding its connection until the client
    /// leaves, counts). Tests read it to see that a client let go of every request it gave up on.
    public var exchangesInProgress: Int {
        core.registry.exchangesInProgress
    }
}
