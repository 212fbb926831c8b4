import Foundation

/// Serializes a `ServerResponse` onto a connected socket.
struct ResponseWriter {
    /// The largest piece requested from a `.stream` body at once, and the largest `.data` body sent
    /// in the same write as the head.
    static let pieceSize = 64 * 1024

    /// Header fields the server manages itself; handler-supplied ones are not sent.
    private static let managedFields: Set<String> = ["content-length", "transfer-encoding", "connection"]

    let fd: Int32

    /// Writes `response` to a request made with `method`.
    ///
    /// - Parameter keepAlive: whether the request allows the connection to stay open.
    /// - Returns: whether the connection stays open for another request.
    func write(_ response: ServerResponse, method: String, keepAlive: Bool) throws(ConnectionFailure) -> Bool {
        let status = (100...999).contains(response.status) ? response.status : 500
        let keepAlive = keepAlive && !response.headers.containsToken("close", inFieldNamed: "Connection")
        let sendsBody = method != "HEAD" && !ResponseWriter.statusForbidsBody(status)
        switch response.body {
        case .dropConnection:
            return false
        case .raw(let bytes, let closeAfter):
            try SocketIO.sendAll(fd, bytes)
            return keepAlive && !closeAfter
        case .rawStream(let piece):
            var index = 0
            while let bytes = piece(index) {
                try SocketIO.sendAll(fd, bytes)
                index += 1
            }
            return false
        case .reset(let bytes):
            try SocketIO.sendAll(fd, bytes)
            SocketIO.resetOnClose(fd)
            return false
        case .hold(let bytes):
            try SocketIO.sendAll(fd, bytes)
            SocketIO.waitUntilPeerCloses(fd)
            return false
        case .data(let body):
            var head = makeHead(status: status, headers: response.headers, length: Int64(body.count), keepAlive)
            if !sendsBody || body.isEmpty {
                try SocketIO.sendAll(fd, head)
            } else if body.count <= ResponseWriter.pieceSize {
                head.append(body)
                try SocketIO.sendAll(fd, head)
            } else {
                try SocketIO.sendAll(fd, head)
                try SocketIO.sendAll(fd, body)
            }
        case .stream(let length, let chunk):
            let length = max(0, length)
            try SocketIO.sendAll(fd, makeHead(status: status, headers: response.headers, length: length, keepAlive))
            if sendsBody {
                try writeStream(length: length, chunk: chunk)
            }
        }
        return keepAlive
    }

    /// Writes a short plain-text error answer that announces the connection closes.
    func writeError(status: Int) throws(ConnectionFailure) {
        let message = ReasonPhrase.forStatus(status) + "\n"
        var head = makeHead(
            status: status,
            headers: [HeaderField(name: "Content-Type", value: "text/plain; charset=utf-8")],
            length: Int64(message.utf8.count),
            false
        )
        head.append(Data(message.utf8))
        try SocketIO.sendAll(fd, head)
    }

    /// Writes `503 Service Unavailable` (with `Retry-After: 1`) for a connection that cannot be served,
    /// ignoring a failure to write it.
    func writeUnavailable(reason: LoopbackServerError) {
        let message = "the server cannot serve this connection: \(reason)\n"
        var head = makeHead(
            status: 503,
            headers: [
                HeaderField(name: "Content-Type", value: "text/plain; charset=utf-8"),
                HeaderField(name: "Retry-After", value: "1"),
            ],
            length: Int64(message.utf8.count),
            false
        )
        head.append(Data(message.utf8))
        try? SocketIO.sendAll(fd, head)
    }

    /// Writes the interim response sent before reading a body the client holds back.
    func writeContinue() throws(ConnectionFailure) {
        try SocketIO.sendAll(fd, Data("HTTP/1.1 100 Continue\r\n\r\n".utf8))
    }

    private func writeStream(
        length: Int64,
        chunk: @Sendable (Int64, Int) -> Data
    ) throws(ConnectionFailure) {
        var offset: Int64 = 0
        while offset < length {
            let wanted = Int(min(Int64(ResponseWriter.pieceSize), length - offset))
            var piece = chunk(offset, wanted)
            if piece.isEmpty { throw .ended }  // the producer gave up; the length cannot be honoured
            if piece.count > wanted { piece = piece.prefix(wanted) }
            try SocketIO.sendAll(fd, piece)
            offset += Int64(piece.count)
        }
    }

    private static func statusForbidsBody(_ status: Int) -> Bool {
        status < 200 || status == 204 || status == 304
    }

    private func makeHead(status: Int, headers: [HeaderField], length: Int64, _ keepAlive: Bool) -> Data {
        var text = "HTTP/1.1 \(status) \(ReasonPhrase.forStatus(status))\r\n"
        for field in headers where !ResponseWriter.managedFields.contains(field.name.lowercased()) {
            text += "\(ResponseWriter.singleLine(field.name)): \(ResponseWriter.singleLine(field.value))\r\n"
        }
        if !ResponseWriter.statusForbidsBody(status) {
            text += "Content-Length: \(length)\r\n"
        }
        text += keepAlive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n"
        return Data(text.utf8)
    }

    /// `text` with CR and LF replaced by spaces, so a field cannot break the header block.
    private static func singleLine(_ text: String) -> String {
        guard text.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) else { return text }
        return String(text.map { $0 == "\r" || $0 == "\n" || $0 == "\r\n" ? " " : $0 })
    }
}
