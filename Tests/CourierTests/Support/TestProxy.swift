import Foundation

@testable import Courier

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A forward HTTP proxy on 127.0.0.1 for tests, one thread per connection, that records the head of
/// every request it receives.
///
/// - `CONNECT host:port` (only to 127.0.0.1 or localhost): answers `200 Connection established` and
///   tunnels bytes both ways until either side closes.
/// - An absolute-form request (`GET http://host/path HTTP/1.1`) for a host under `.invalid`: answers
///   it itself, `200` with `{"proxied":"<the request target>"}`, and closes.
/// - Any other absolute-form request for 127.0.0.1 or localhost: forwards it in origin form (without
///   its `Proxy-Authorization` and with `Connection: close`) and relays the answer back.
///
/// Call ``stop()`` when done.
final class TestProxy: Sendable {
    /// The head of one request the proxy received.
    struct Received: Sendable {
        /// `GET http://host/path HTTP/1.1`, `CONNECT host:port HTTP/1.1`, …
        let requestLine: String
        /// The header fields, names lowercased.
        let headers: [String: String]
    }

    /// What the proxy's threads share.
    private struct State {
        var received: [Received] = []
        /// The first byte a client sent through each tunnel (0x16 starts a TLS handshake).
        var tunnelledFirstBytes: [UInt8] = []
        var open: Set<Int32> = []
        var stopped = false
    }

    /// `http://127.0.0.1:<port>`.
    let url: URL
    /// The port it listens on.
    let port: UInt16
    private let listener: Int32
    private let state = Locked(State())
    /// Signalled when the accepting thread has ended (then the listening socket may be closed).
    private let acceptEnded = DispatchSemaphore(value: 0)

    /// Starts listening on a free port of 127.0.0.1.
    init() throws {
        let (listener, port) = try Self.listen()
        guard let url = URL(string: "http://127.0.0.1:\(port)") else {
            close(listener)
            throw URLError(.badURL)
        }
        self.listener = listener
        self.port = port
        self.url = url
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "TestProxy.accept"
        thread.start()
    }

    /// The requests received so far, in order.
    var requests: [Received] { state.withLock { $0.received } }

    /// The first byte of each tunnel's client side, in order.
    var firstTunnelledBytes: [UInt8] { state.withLock { $0.tunnelledFirstBytes } }

    /// Stops accepting and ends every connection; stopping twice is harmless.
    func stop() {
        let first = state.withLock { state in
            guard !state.stopped else { return false }
            state.stopped = true
            // Wakes the threads blocked on these sockets (under the lock, so none is closed meanwhile);
            // each thread closes its own.
            for fd in state.open { shutdown(fd, Int32(SHUT_RDWR)) }
            return true
        }
        guard first else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        acceptEnded.wait()
        close(listener)
    }

    // MARK: Connections

    private func acceptLoop() {
        defer { acceptEnded.signal() }
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                // ``stop()`` shuts the listening socket down once `stopped` is set; anything else is retried.
                if state.withLock({ $0.stopped }) { return }
                usleep(1000)
                continue
            }
            guard track(fd) else {
                close(fd)
                continue
            }
            let thread = Thread { [self] in
                serve(fd)
                forget(fd)
            }
            thread.start()
        }
    }

    /// Registers an outgoing socket so that ``stop()`` can wake its thread; `false` once stopped.
    private func track(_ fd: Int32) -> Bool {
        state.withLock { state in
            if state.stopped { return false }
            state.open.insert(fd)
            return true
        }
    }

    private func forget(_ fd: Int32) {
        state.withLock { _ = $0.open.remove(fd) }
        close(fd)
    }

    private func serve(_ client: Int32) {
        guard let (head, rest) = Self.readHead(client) else { return }
        let lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.first ?? ""
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        state.withLock { $0.received.append(Received(requestLine: requestLine, headers: headers)) }
        let parts = requestLine.split(separator: " ").map(String.init)
        guard parts.count == 3 else { return Self.answer(client, status: "400 Bad Request") }
        if parts[0] == "CONNECT" {
            tunnel(client, to: parts[1], rest: rest)
        } else if let target = URL(string: parts[1]), let host = target.host {
            if host.hasSuffix(".invalid") {
                let body = (try? JSONSerialization.data(withJSONObject: ["proxied": parts[1]])) ?? Data()
                Self.answer(client, status: "200 OK", body: body)
            } else {
                forward(client, method: parts[0], target: target, lines: lines.dropFirst(), rest: rest)
            }
        } else {
            Self.answer(client, status: "400 Bad Request")
        }
    }

    private func tunnel(_ client: Int32, to authority: String, rest: Data) {
        let pieces = authority.split(separator: ":")
        guard pieces.count == 2, let port = UInt16(pieces[1]), let upstream = connectToLoopback(String(pieces[0]), port)
        else { return Self.answer(client, status: "502 Bad Gateway") }
        defer { forget(upstream) }
        guard Self.send(client, Data("HTTP/1.1 200 Connection established\r\n\r\n".utf8)) else { return }
        relay(client, upstream, pending: rest, recordFirstByte: true)
    }

    private func forward(
        _ client: Int32, method: String, target: URL, lines: ArraySlice<String>, rest: Data
    ) {
        guard let host = target.host, let upstream = connectToLoopback(host, UInt16(target.port ?? 80)) else {
            return Self.answer(client, status: "502 Bad Gateway")
        }
        defer { forget(upstream) }
        let path = (target.path.isEmpty ? "/" : target.path) + (target.query.map { "?\($0)" } ?? "")
        var head = "\(method) \(path) HTTP/1.1\r\n"
        for line in lines where !line.isEmpty {
            let name = line.prefix { $0 != ":" }.lowercased()
            if name == "proxy-authorization" || name == "proxy-connection" || name == "connection" { continue }
            head += line + "\r\n"
        }
        head += "Connection: close\r\n\r\n"
        guard Self.send(upstream, Data(head.utf8)) else { return }
        relay(client, upstream, pending: rest, recordFirstByte: false)
    }

    /// Copies bytes both ways (after sending `pending` upstream) until either side closes.
    private func relay(_ client: Int32, _ upstream: Int32, pending: Data, recordFirstByte: Bool) {
        var needsFirstByte = recordFirstByte
        if !pending.isEmpty {
            if needsFirstByte, let first = pending.first {
                state.withLock { $0.tunnelledFirstBytes.append(first) }
                needsFirstByte = false
            }
            guard Self.send(upstream, pending) else { return }
        }
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var descriptors = [
            pollfd(fd: client, events: Int16(POLLIN), revents: 0),
            pollfd(fd: upstream, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            descriptors[0].revents = 0
            descriptors[1].revents = 0
            let ready = poll(&descriptors, 2, 30_000)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return }
            for (index, descriptor) in descriptors.enumerated() where descriptor.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { recv(descriptor.fd, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { return }
                let bytes = Data(buffer[0..<count])
                if index == 0, needsFirstByte, let first = bytes.first {
                    state.withLock { $0.tunnelledFirstBytes.append(first) }
                    needsFirstByte = false
                }
                guard Self.send(index == 0 ? upstream : client, bytes) else { return }
            }
        }
    }

    /// A socket connected to `host` (127.0.0.1 or localhost only) on `port`, tracked for ``stop()``.
    private func connectToLoopback(_ host: String, _ port: UInt16) -> Int32? {
        guard host == "127.0.0.1" || host == "localhost" else { return nil }
        let fd = socket(AF_INET, Self.streamType, 0)
        guard fd >= 0 else { return nil }
        var address = Self.loopback(port: port)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected, track(fd) else {
            close(fd)
            return nil
        }
        return fd
    }

    // MARK: Sockets

    #if canImport(Glibc)
        private static let streamType = Int32(SOCK_STREAM.rawValue)
        private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
        private static let streamType = SOCK_STREAM
        private static let sendFlags: Int32 = 0
    #endif

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        return address
    }

    /// A socket listening on a free port of 127.0.0.1, and the port.
    private static func listen() throws -> (Int32, UInt16) {
        let fd = socket(AF_INET, streamType, 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        #if canImport(Glibc)
            let listens = listening && Glibc.listen(fd, 64) == 0
        #else
            let listens = listening && Darwin.listen(fd, 64) == 0
        #endif
        guard listens else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    /// Reads up to the end of a request head (at most 64 KB): the head without its blank line, and the
    /// bytes that came after it.
    private static func readHead(_ fd: Int32) -> (String, Data)? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end = Data("\r\n\r\n".utf8)
        while data.count < 64 << 10 {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            data.append(contentsOf: buffer[0..<count])
            if let range = data.range(of: end) {
                let head = String(decoding: data[..<range.lowerBound], as: UTF8.self)
                return (head, Data(data[range.upperBound...]))
            }
        }
        return nil
    }

    /// Writes all of `data`; `false` when the peer is gone.
    private static func send(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { bytes in
            guard var pointer = bytes.baseAddress else { return true }
            var remaining = bytes.count
            while remaining > 0 {
                #if canImport(Glibc)
                    let sent = Glibc.send(fd, pointer, remaining, sendFlags)
                #else
                    let sent = Darwin.send(fd, pointer, remaining, sendFlags)
                #endif
                if sent < 0, errno == EINTR { continue }
                guard sent > 0 else { return false }
                pointer += sent
                remaining -= sent
            }
            return true
        }
    }

    /// Answers `status` with `body` (JSON) and `Connection: close`.
    private static func answer(_ fd: Int32, status: String, body: Data = Data()) {
        let head =
            "HTTP/1.1 \(status)\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n"
            + "Connection: close\r\n\r\n"
        _ = send(fd, Data(head.utf8) + body)
    }
}
