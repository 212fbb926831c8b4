import Courier
import CourierTesting
import Foundation
import LoopbackServer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `.cassette` trait of CourierTesting, and `withCassette`, the function form for XCTest.
@Suite struct CassetteTraitTests {
    /// Replays `Cassettes/greeting.har` beside this file, recorded once against the loopback server (a
    /// missing cassette is recorded again on the next run; the path is matched, not the port, which
    /// changes from run to run).
    @Test(.cassette("greeting", matching: [.method, .path]))
    func theTraitGivesTheTestATransportOnTheCassetteBesideIt() async throws {
        let provider = Provider<TestTarget>(transport: CassetteTrait.transport)

        let echo = try await provider.request(target(try TestServer.baseURL(), "/echo/greeting?name=Ann"))

        let reply = try JSONDecoder().decode(Echo.self, from: echo.data)
        #expect(reply.path == "/echo/greeting")
        #expect(reply.query == "name=Ann")
        let cassette = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Cassettes/greeting.har")
        #expect(FileManager.default.fileExists(atPath: cassette.path))
    }

    /// Records through a transport without a cookie jar: the echo would carry any cookie another test
    /// left for 127.0.0.1, and the recording hides a cookie in the echoed JSON too.
    @Test func theTraitRecordsThenReplaysWithTheServerGone() async throws {
        let file = try cassetteFolder().appendingPathComponent("trait.har")
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        let trait = CassetteTrait.cassette(
            Cassette(file: file, mode: .recordOnce), recordingThrough: try CurlTransport(configuration: configuration))
        let test = try #require(Test.current)
        let server = try LoopbackServer()
        let url = server.baseURL
        let bodies = Locked<[Data]>([])

        try await trait.provideScope(for: test, testCase: nil) {
            let provider = Provider<TestTarget>(transport: CassetteTrait.transport)
            let body = try await provider.request(target(url, "/echo/trait?step=1")).data
            bodies.withLock { $0.append(body) }
        }
        server.stop()
        try await trait.provideScope(for: test, testCase: nil) {
            let provider = Provider<TestTarget>(transport: CassetteTrait.transport)
            let body = try await provider.request(target(url, "/echo/trait?step=1")).data
            bodies.withLock { $0.append(body) }
            await #expect(throws: CourierError.self) { try await provider.request(target(url, "/echo/trait?step=2")) }
        }

        let recorded = bodies.withLock { $0 }
        #expect(recorded.count == 2)
        #expect(
            recorded.first == recorded.last,
            "live: \(String(decoding: recorded.first ?? Data(), as: UTF8.self))\nreplayed: \(String(decoding: recorded.last ?? Data(), as: UTF8.self))"
        )
    }

    @Test func outsideACassetteTestTheTransportSaysWhatIsMissing() async throws {
        let provider = Provider<TestTarget>(transport: CassetteTrait.transport)

        let error = await #expect(throws: CourierError.self) {
            try await provider.request(target(try TestServer.baseURL(), "/echo"))
        }

        #expect(error?.errorDescription?.contains("without the .cassette") == true)
    }

    @Test func withCassetteIsTheFunctionFormForXCTest() async throws {
        let file = try cassetteFolder().appendingPathComponent("function.har")
        let (server, counter) = try numberingServer()
        let url = server.baseURL

        let first = try await withCassette(Cassette(file: file, mode: .recordOnce)) { transport in
            try await Provider<TestTarget>(transport: transport).request(target(url, "/count")).data
        }
        server.stop()
        let second = try await withCassette(Cassette(file: file, mode: .replayOnly)) { transport in
            try await Provider<TestTarget>(transport: transport).request(target(url, "/count")).data
        }

        #expect(first == second)
        #expect(counter.value == 1)
    }

    @Test func aCassetteNamedInASourceFileLivesInItsCassettesFolder() {
        let cassette = Cassette("login", filePath: "/work/app/Tests/AppTests/LoginTests.swift")
        #expect(cassette.file.path == "/work/app/Tests/AppTests/Cassettes/login.har")
        #expect(Cassette.file(named: "login.har", besideSourceFile: "/t/A.swift").path == "/t/Cassettes/login.har")
    }
}
