import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A one-connection server on 127.0.0.1 that reads a request body slowly (at most 64 KiB every `pause`,
/// 8 ms unless told, through a small receive buffer), then answers `200 ok`: an upload that takes longer
/// than a short request timeout while bytes keep moving.
final class SlowReader: Sendable {
    let url: URL
    private let listener: Int32

    init(pause: Duration = .milliseconds(8)) throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw URLError(.cannotConnectToHost) }
        var size: Int32 = 64 << 10
        setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) }
        }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        guard bound == 0, named == 0, listen(socket, 1) == 0,
            let url = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/slow")
        else {
            close(socket)
            throw URLError(.cannotConnectToHost)
        }
        listener = socket
        self.url = url
        let microseconds = UInt32(
            pause.components.seconds * 1_000_000 + pause.components.attoseconds / 1_000_000_000_000)
        Thread.detachNewThread { [listener] in Self.serve(listener, pause: microseconds) }
    }

    private static func serve(_ listener: Int32, pause: UInt32) {
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { return }
        defer { close(connection) }
        var head = Data()
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var expected = -1
        var received = 0
        while expected < 0 || received < expected {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return }
            if expected < 0 {
                head.append(contentsOf: buffer[0..<count])
                guard let end = head.range(of: Data("\r\n\r\n".utf8)) else { continue }
                let text = String(decoding: head[..<end.lowerBound], as: UTF8.self).lowercased()
                let line = text.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                expected =
                    line.flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }
                    ?? 0
                received = head.count - end.upperBound
            } else {
                received += count
                usleep(pause)
            }
        }
        let answer = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok"
        _ = answer.withCString { write(connection, $0, strlen($0)) }
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }
}
