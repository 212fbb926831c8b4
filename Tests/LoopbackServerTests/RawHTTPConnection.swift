import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failure of the raw test client.
struct RawClientError: Error, CustomStringConvertible {
    let description: String
}

/// A response as read by `RawHTTPConnection`.
struct RawResponse {
    let status: Int
    let headers: [(name: String, value: String)]
    let body: Data

    func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body parsed as a JSON object.
    func jsonObject() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw RawClientError(description: "body is not a JSON object: \(text)")
        }
        return object
    }
}

/// A blocking TCP client speaking raw HTTP/1.1 to 127.0.0.1, with a 10 s receive timeout.
final class RawHTTPConnection {
    let fd: Int32
    private var pending: [UInt8] = []

    /// Connects to `port`. The socket becomes `fd` only once connected: a failed connect closes it
    /// here, and an object that was never whole runs no `deinit`, so nothing is closed twice (a second
    /// `close` could end a descriptor another test has opened meanwhile).
    init(port: UInt16) throws {
        #if canImport(Glibc)
            let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let socketFD = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socketFD >= 0 else { throw RawClientError(description: "socket: errno \(errno)") }
        // Long enough for a server thread slowed by a loaded machine or ThreadSanitizer; a server that
        // never answers still fails the test, later.
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        _ = setsockopt(socketFD, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            _ = close(socketFD)
            throw RawClientError(description: "connect: errno \(code)")
        }
        fd = socketFD
    }

    deinit {
        _ = close(fd)
    }

    func send(_ text: String) throws {
        try send(Data(text.utf8))
    }

    func send(_ data: Data) throws {
        try data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                #if canImport(Glibc)
                    let flags = Int32(MSG_NOSIGNAL)
                #else
                    let flags: Int32 = 0
                #endif
                guard let base = bytes.baseAddress else { return }
                let sent = systemSend(fd, base + offset, bytes.count - offset, flags)
                if sent < 0 && errno == EINTR { continue }
                guard sent > 0 else { throw RawClientError(description: "send: errno \(errno)") }
                offset += sent
            }
        }
    }

    /// Reads more bytes into `pending`; returns false at end of stream.
    private func fill(resetIsEnd: Bool = false) throws -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var received = -1
        repeat {
            // A signal (a debugger attaching, a child process ending) interrupts the wait: wait again.
            received = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        } while received < 0 && errno == EINTR
        if received < 0 && resetIsEnd && errno == ECONNRESET { return false }
        if received < 0 { throw RawClientError(description: "recv: errno \(errno)") }
        pending.append(contentsOf: buffer[0..<received])
        return received > 0
    }

    /// Whether the server has closed the connection (reads until end of stream, discarding data).
    /// A reset ends the stream as a close does: a server that shuts a socket down with bytes still
    /// unread on it (a stopped server, in the middle of a body) resets it.
    func readUntilClosed() throws -> Data {
        while try fill(resetIsEnd: true) {}
        defer { pending.removeAll() }
        return Data(pending)
    }

    /// Reads one response; with `bodyExpected` false (HEAD), no body is read whatever the headers say.
    func readResponse(bodyExpected: Bool = true) throws -> RawResponse {
        let terminator: [UInt8] = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            headEnd = pending.firstRange(of: terminator)?.upperBound
            if headEnd == nil, try !fill() {
                throw RawClientError(description: "connection closed before a response head")
            }
        }
        let end = headEnd ?? 0
        let lines = String(decoding: pending[0..<(end - 4)], as: UTF8.self).components(separatedBy: "\r\n")
        pending.removeFirst(end)
        let statusParts = lines[0].split(separator: " ", maxSplits: 2)
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1]) else {
            throw RawClientError(description: "bad status line: \(lines[0])")
        }
        let headers = lines.dropFirst().map { line -> (name: String, value: String) in
            let parts = line.split(separator: ":", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
        }
        let response = RawResponse(status: status, headers: headers, body: Data())
        if !bodyExpected || status < 200 || status == 204 || status == 304 { return response }
        guard let length = response.header("Content-Length").flatMap({ Int($0) }) else {
            return RawResponse(status: status, headers: headers, body: try readUntilClosed())
        }
        while pending.count < length {
            guard try fill() else { throw RawClientError(description: "connection closed inside a body") }
        }
        let body = Data(pending[0..<length])
        pending.removeFirst(length)
        return RawResponse(status: status, headers: headers, body: body)
    }

    /// Sends `request` and reads the response.
    func exchange(_ request: String) throws -> RawResponse {
        try send(request)
        return try readResponse()
    }
}

#if canImport(Glibc)
    private func systemSend(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int {
        Glibc.send(fd, pointer, count, flags)
    }
#else
    private func systemSend(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int {
        Darwin.send(fd, pointer, count, flags)
    }
#endif
