import Foundation
import TestSupport
import Testing

@testable import LoopbackServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `/fault/...` routes misbehave exactly as documented, at the socket level.
@Suite("Fault routes", .offThePool)
struct FaultRouteTests {
    /// Everything the server sends on `connection` until it closes, resets or stays silent for the
    /// connection's receive timeout, and the `errno` that ended the reading (0 for an orderly close).
    /// Stops after `seconds` at the latest.
    private func receiveAll(_ connection: RawHTTPConnection, seconds: Double = 10) -> (bytes: [UInt8], errno: Int32) {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let received = buffer.withUnsafeMutableBytes { recv(connection.fd, $0.baseAddress, $0.count, 0) }
            if received > 0 {
                bytes += buffer[0..<received]
            } else if received < 0 && errno == EINTR {
                continue
            } else {
                return (bytes, received == 0 ? 0 : errno)
            }
        }
        return (bytes, EAGAIN)
    }

    /// Up to `count` bytes from `connection`, fewer only if it closes, resets or stays silent for its
    /// receive timeout first.
    private func receive(_ count: Int, from connection: RawHTTPConnection) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while bytes.count < count {
            let wanted = min(buffer.count, count - bytes.count)
            let received = buffer.withUnsafeMutableBytes { recv(connection.fd, $0.baseAddress, wanted, 0) }
            if received > 0 {
                bytes += buffer[0..<received]
            } else if received < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        return bytes
    }

    /// Makes each read of `connection` wait at most `milliseconds`.
    private func setReceiveTimeout(of connection: RawHTTPConnection, milliseconds: Int) {
        var limit = timeval()
        limit.tv_sec = milliseconds / 1000
        limit.tv_usec = .init((milliseconds % 1000) * 1000)
        _ = setsockopt(connection.fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    /// A connection that sent `GET path` and waits at most `timeout` milliseconds for each read.
    private func connection(to server: LoopbackServer, path: String, timeout: Int = 10_000) throws -> RawHTTPConnection
    {
        let connection = try RawHTTPConnection(port: server.port)
        setReceiveTimeout(of: connection, milliseconds: timeout)
        try connection.send("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n")
        return connection
    }

    private var partialHead: String {
        "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: 100000\r\nConnection: close\r\n\r\n"
    }

    @Test func resetBeforeResponseSendsNothingThenResets() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let (bytes, error) = receiveAll(try connection(to: server, path: "/fault/reset-before-response"))
        #expect(bytes.isEmpty)
        #expect(error == ECONNRESET)
    }

    @Test func resetMidBodySendsTheHeadAndPartOfTheBodyThenResets() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let (bytes, error) = receiveAll(try connection(to: server, path: "/fault/reset-mid-body"))
        let head = Array(partialHead.utf8)
        #expect(bytes.starts(with: head))
        #expect(bytes.count == head.count + StandardRoutes.faultSentLength)
        #expect(Data(bytes.dropFirst(head.count)) == StandardRoutes.patternData(offset: 0, count: 10_000))
        #expect(error == ECONNRESET)
    }

    @Test func shortBodyEndsInOrderBeforeItsContentLength() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let (bytes, error) = receiveAll(try connection(to: server, path: "/fault/short-body"))
        #expect(bytes.count == partialHead.utf8.count + StandardRoutes.faultSentLength)
        #expect(StandardRoutes.faultSentLength < StandardRoutes.faultDeclaredLength)
        #expect(error == 0)
    }

    @Test(arguments: [("/fault/no-headers", false), ("/fault/endless-body", true)])
    func silentRoutesKeepTheConnectionOpenUntilTheClientLeaves(path: String, sendsAHead: Bool) throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        do {
            // What the route sends is waited for as long as a loaded machine may take; then a second of
            // silence on the open connection is what the test looks for.
            let expected = sendsAHead ? partialHead.utf8.count + StandardRoutes.faultSentLength : 0
            let held = try connection(to: server, path: path)
            let sent = receive(expected, from: held)
            setReceiveTimeout(of: held, milliseconds: 1000)
            let (more, error) = receiveAll(held)
            #expect(error == EAGAIN || error == EWOULDBLOCK, "still open, silent")
            #expect(sent.count + more.count == expected)
            // `held` must outlive this check: closing it is what ends the server's side.
            withExtendedLifetime(held) { #expect(server.openConnectionCount == 1) }
        }
        // The client has gone: the held connection ends.
        let deadline = Date().addingTimeInterval(5)
        while server.openConnectionCount > 0 && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(server.openConnectionCount == 0)
    }

    @Test func stopEndsAHeldConnectionAtOnce() throws {
        let server = try LoopbackServer()
        let held = try connection(to: server, path: "/fault/no-headers")
        let deadline = Date().addingTimeInterval(5)
        while server.openConnectionCount == 0 && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        let started = Date()
        server.stop()
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(receiveAll(held).bytes.isEmpty)
    }

    @Test func badStatusLineIsSentVerbatim() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let (bytes, _) = receiveAll(try connection(to: server, path: "/fault/bad-status-line"))
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == "HTTP/1.1 TWO-HUNDRED OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nok")
    }

    @Test func redirectLoopRedirectsToItself() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let response = try RawHTTPConnection(port: server.port).exchange("GET /fault/redirect-loop HTTP/1.1\r\n\r\n")
        #expect(response.status == 302)
        #expect(response.header("Location") == "/fault/redirect-loop")
    }

    @Test func trickleNeverEnds() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        // Each read waits up to 5 s (a loaded machine, or ThreadSanitizer, slows the server's thread);
        // the reading stops once the head and more than 100 bytes of body have come, or after 30 s.
        let connection = try connection(to: server, path: "/fault/trickle")
        var bytes: [UInt8] = []
        var error: Int32 = EAGAIN
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = Date().addingTimeInterval(30)
        while bytes.count <= partialHeadLength(of: bytes) + 100, Date() < deadline {
            let received = buffer.withUnsafeMutableBytes { recv(connection.fd, $0.baseAddress, $0.count, 0) }
            guard received > 0 else {
                error = received == 0 ? 0 : errno
                break
            }
            bytes += buffer[0..<received]
        }
        #expect(error == EAGAIN, "still sending, not closed or reset")
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(text.contains("Content-Length: 1099511627776\r\n"))
        #expect(bytes.count > 100, "a piece every 100 ms")
    }

    /// The length of the head at the start of `bytes`, or the whole when the head has not ended yet.
    private func partialHeadLength(of bytes: [UInt8]) -> Int {
        let end = Array("\r\n\r\n".utf8)
        guard bytes.count >= end.count else { return bytes.count }
        for start in 0...(bytes.count - end.count) where Array(bytes[start..<start + end.count]) == end {
            return start + end.count
        }
        return bytes.count
    }

    @Test func attachmentSuggestsTheGivenFileName() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let response = try RawHTTPConnection(port: server.port).exchange(
            "GET /attachment?filename=..%2F..%2Fa%22b.txt&body=hi HTTP/1.1\r\n\r\n")
        #expect(response.header("Content-Disposition") == #"attachment; filename="../../a\"b.txt""#)
        #expect(response.text == "hi")
    }

    // MARK: Gzip

    @Test func crc32MatchesTheStandardCheckValue() {
        #expect(Gzip.crc32(Data("123456789".utf8)) == 0xCBF4_3926)
        #expect(Gzip.crc32(Data()) == 0)
    }

    @Test func gzipRouteSendsAValidGzipStream() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let response = try RawHTTPConnection(port: server.port).exchange("GET /fault/gzip HTTP/1.1\r\n\r\n")
        #expect(response.header("Content-Encoding") == "gzip")
        #expect(response.body.starts(with: [0x1F, 0x8B, 0x08]))
        let trailer = [UInt8](response.body.suffix(8))
        let crc = UInt32(trailer[0]) | UInt32(trailer[1]) << 8 | UInt32(trailer[2]) << 16 | UInt32(trailer[3]) << 24
        #expect(crc == Gzip.crc32(StandardRoutes.gzipPayload))
        let corrupt = try RawHTTPConnection(port: server.port).exchange("GET /fault/gzip?corrupt=1 HTTP/1.1\r\n\r\n")
        #expect(corrupt.body.count == response.body.count)
        #expect(corrupt.body != response.body)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/gzip"), "needs gzip"))
    func gzipReadsBackWhatTheServerWrites() async throws {
        for payload in [Data(), Data("hello".utf8), StandardRoutes.patternData(offset: 0, count: 200_000)] {
            let file = try TestFiles.path("gzip", suffix: "gz")
            defer { try? FileManager.default.removeItem(at: file) }
            try Gzip.stored(payload).write(to: file)
            let (status, decoded) = try await offThePool { try ChildProcess.run("/usr/bin/gzip", ["-dc", file.path]) }
            #expect(status == 0)
            #expect(decoded == payload)
        }
    }

    // MARK: Threads

    @Test func aConnectionThatGetsNoThreadIsAnswered503AtOnce() throws {
        let calls = CallCounter()
        // The accept thread starts; no connection thread ever does.
        let server = try LoopbackServer(
            port: 0, streamingPaths: [],
            startThread: { stackSize, body in
                calls.next() == 0 ? ServerThread.start(stackSize: stackSize, body) : EAGAIN
            },
            handler: StandardRoutes.handle)
        defer { server.stop() }
        let started = Date()
        let response = try RawHTTPConnection(port: server.port).exchange("GET /echo HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(response.status == 503)
        #expect(response.header("Retry-After") == "1")
        #expect(response.header("Connection") == "close")
        #expect(response.text.contains("Resource temporarily unavailable"))
        // Five tries 150 ms apart in all, not a wait for a thread that never comes (room left for a loaded
        // machine under ThreadSanitizer).
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(calls.value == 1 + 5, "the accept thread, then five tries for the connection")
        // The server lets the client read the answer before it closes its side.
        let deadline = Date().addingTimeInterval(5)
        while server.openConnectionCount > 0 && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(server.openConnectionCount == 0)
    }

    @Test func aServerThatGetsNoAcceptThreadFailsToStart() {
        let started = Date()
        let error = #expect(throws: LoopbackServerError.self) {
            try LoopbackServer(
                port: 0, streamingPaths: [], startThread: { _, _ in EAGAIN }, handler: StandardRoutes.handle)
        }
        #expect(error?.operation == "start the accept thread")
        #expect(error?.code == EAGAIN)
        #expect(Date().timeIntervalSince(started) < 2)
    }
}

/// Counts calls, from any thread.
private final class CallCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }

    /// The number of calls before this one.
    func next() -> Int {
        lock.withLock {
            defer { count += 1 }
            return count
        }
    }
}
