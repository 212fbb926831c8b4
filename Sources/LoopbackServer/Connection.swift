import Foundation

/// What every connection needs from its server: the handler and the streaming paths.
struct ConnectionContext: Sendable {
    let handler: @Sendable (ServerRequest) -> ServerResponse
    let streamingPaths: Set<String>

    /// Whether bodies sent to `path` are streamed: `path` is a streaming path or lies under one.
    func streamsBody(toPath path: String) -> Bool {
        if streamingPaths.contains(path) { return true }
        return streamingPaths.contains { path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
    }
}

/// Serves the requests of one accepted connection, one after another, on the calling thread.
final class Connection {
    /// The largest body capacity reserved up front from a declared `Content-Length`.
    private static let maxReservation: Int64 = 16 << 20

    private let fd: Int32
    private let context: ConnectionContext
    private let reader: ConnectionReader
    private let registry: ConnectionRegistry

    init(fd: Int32, context: ConnectionContext, registry: ConnectionRegistry) {
        self.fd = fd
        self.context = context
        self.registry = registry
        reader = ConnectionReader(fd: fd)
    }

    /// Serves requests until the connection ends; the caller closes the descriptor afterwards.
    func run() {
        do {
            while try serveNextRequest() {}
        } catch {
            guard let status = error.responseStatus else { return }
            try? ResponseWriter(fd: fd).writeError(status: status)
            SocketIO.finishSending(fd)
        }
    }

    /// Reads one request, answers it, and tells whether the connection stays open.
    private func serveNextRequest() throws(ConnectionFailure) -> Bool {
        guard let head = try reader.readHead() else { return false }
        registry.exchange(started: true)
        defer { registry.exchange(started: false) }
        let framing = try BodyFraming(of: head)
        let writer = ResponseWriter(fd: fd)
        if head.expectsContinue && framing.expectsBytes {
            try writer.writeContinue()
        }
        let request = try readRequest(head: head, framing: framing)
        let response = context.handler(request)
        return try writer.write(response, method: head.method, keepAlive: head.wantsKeepAlive)
    }

    private func readRequest(head: RequestHead, framing: BodyFraming) throws(ConnectionFailure) -> ServerRequest {
        let path = TargetParts(head.target).path
        guard context.streamsBody(toPath: path) else {
            var body = Data()
            if case .length(let count) = framing {
                body.reserveCapacity(Int(min(count, Connection.maxReservation)))
            }
            try BodyReader.read(framing, from: reader) { piece in
                if let base = piece.baseAddress {
                    body.append(base.assumingMemoryBound(to: UInt8.self), count: piece.count)
                }
            }
            return ServerRequest(method: head.method, target: head.target, headers: head.headers, body: body)
        }
        var checksum = Checksum()
        var byteCount: Int64 = 0
        try BodyReader.read(framing, from: reader) { piece in
            checksum.update(piece)
            byteCount += Int64(piece.count)
        }
        return ServerRequest(
            method: head.method,
            target: head.target,
            headers: head.headers,
            streamedBody: StreamedBodySummary(byteCount: byteCount, checksum: checksum.hexDigest)
        )
    }
}
