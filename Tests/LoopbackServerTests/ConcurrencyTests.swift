import Foundation
import TestSupport
import Testing

@testable import LoopbackServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Concurrent connections", .offThePool)
struct ConcurrencyTests {
    @Test func fiftySlowRequestsAreServedAtTheSameTime() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let started = Date()
        let connections = try (0..<50).map { _ in try RawHTTPConnection(port: server.port) }
        for (index, connection) in connections.enumerated() {
            try connection.send("GET /echo/\(index)?delay=2000 HTTP/1.1\r\nHost: x\r\n\r\n")
        }
        for (index, connection) in connections.enumerated() {
            let response = try connection.readResponse()
            #expect(try response.jsonObject()["path"] as? String == "/echo/\(index)")
        }
        // One after another this would take 100 s; at the same time, 2 s and what a loaded machine adds.
        #expect(Date().timeIntervalSince(started) < 60)
    }

    /// Client and server ends both live in this process: 2,000 descriptors (macOS defaults to 256). Under
    /// ThreadSanitizer, 200 (a thread each, which the sanitizer tracks; see `isThreadSanitized`).
    @Test(.enabled(if: sysconf(Int32(_SC_OPEN_MAX)) >= 2_200, "needs 2,200 open files"))
    func aThousandOpenConnectionsAreServed() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let count = isThreadSanitized ? 200 : 1000
        let connections = try (0..<count).map { _ in try RawHTTPConnection(port: server.port) }
        for connection in connections {
            try connection.send("GET /status/202 HTTP/1.1\r\nHost: x\r\n\r\n")
        }
        var answered = 0
        for connection in connections where try connection.readResponse().status == 202 {
            answered += 1
        }
        #expect(answered == count)
        #expect(server.openConnectionCount == count)
    }

    @Test func connectionThreadsEndWhenClientsHangUp() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        do {
            let connections = try (0..<5).map { _ in try RawHTTPConnection(port: server.port) }
            for connection in connections {
                #expect(try connection.exchange("GET /echo HTTP/1.1\r\n\r\n").status == 200)
            }
            #expect(server.openConnectionCount == 5)
        }
        let deadline = Date().addingTimeInterval(5)
        while server.openConnectionCount > 0 && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(server.openConnectionCount == 0)
    }
}
