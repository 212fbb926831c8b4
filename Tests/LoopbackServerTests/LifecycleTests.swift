import Foundation
import Testing

@testable import LoopbackServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Starting and stopping", .offThePool)
struct LifecycleTests {
    @Test func stopClosesConnectionsAndRefusesNewOnes() throws {
        let server = try LoopbackServer()
        #expect(server.port != 0)
        #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
        let idle = try RawHTTPConnection(port: server.port)
        #expect(try idle.exchange("GET /echo HTTP/1.1\r\n\r\n").status == 200)
        server.stop()
        #expect(try idle.readUntilClosed().isEmpty)
        // The connection's thread ends on its own once its socket is shut down (`stop()` does not wait).
        var open = server.openConnectionCount
        for _ in 0..<1000 where open > 0 {
            Thread.sleep(forTimeInterval: 0.01)
            open = server.openConnectionCount
        }
        #expect(open == 0)
        // The freed port may already belong to another test's server: a connection there is refused,
        // or reaches that server, never this one.
        let late = try? RawHTTPConnection(port: server.port)
        Thread.sleep(forTimeInterval: 0.05)
        #expect(server.openConnectionCount == 0)
        withExtendedLifetime(late) {}
        server.stop()  // idempotent
    }

    @Test func stopEndsAConnectionInTheMiddleOfASlowBody() throws {
        let server = try LoopbackServer()
        let connection = try RawHTTPConnection(port: server.port)
        try connection.send("GET /slow-body/1000000?interval=20 HTTP/1.1\r\n\r\n")
        Thread.sleep(forTimeInterval: 0.1)
        let started = Date()
        server.stop()
        #expect(Date().timeIntervalSince(started) < 2.5)  // the handler is not waited for
        let received = try connection.readUntilClosed()
        #expect(received.count < 100_000)
    }

    @Test func releasingTheServerStopsIt() throws {
        var server: LoopbackServer? = try LoopbackServer()
        let port = try #require(server?.port)
        let idle = try RawHTTPConnection(port: port)
        #expect(try idle.exchange("GET /echo HTTP/1.1\r\n\r\n").status == 200)
        server = nil
        // The release ran `stop()`: the open connection is closed (that the freed port then refuses
        // connections is the test above; here another test's server may already have been given it).
        #expect(try idle.readUntilClosed().isEmpty)
    }

    @Test func bindingATakenPortFails() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        #expect(throws: LoopbackServerError.self) { try LoopbackServer(port: server.port) }
        let error = LoopbackServerError(operation: "bind", code: EADDRINUSE)
        #expect(error.description.hasPrefix("bind failed: "))
        #expect(error.description.hasSuffix("(errno \(EADDRINUSE))"))
    }
}
