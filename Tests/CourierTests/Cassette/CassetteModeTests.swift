import Courier
import Foundation
import LoopbackServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The four modes of a `Cassette`, end to end against a loopback server that counts what reaches it,
/// and the environment variable that chooses one.
@Suite struct CassetteModeTests {
    /// The mode every test passes explicitly, or through this environment (never the process's, which a
    /// developer may have set to record).
    private static let noEnvironment: [String: String] = [:]

    private func provider(_ cassette: Cassette, environment: [String: String] = noEnvironment) throws -> Provider<
        TestTarget
    > {
        Provider(transport: try cassette.transport(recording: try liveTransport(), environment: environment))
    }

    private func count(_ response: Response) throws -> Int? {
        try (JSONSerialization.jsonObject(with: response.data) as? [String: Int])?["count"]
    }

    @Test func replayOnlyAnswersFromTheCassetteAndNeverSends() async throws {
        let file = try cassetteFolder().appendingPathComponent("replay.har")
        let (server, counter) = try numberingServer()
        defer { server.stop() }
        let missing = #expect(throws: CourierError.self) {
            _ = try self.provider(Cassette(file: file, mode: .replayOnly))
        }
        #expect(cassetteError(of: missing) == .missingFile(file))
        _ = try await provider(Cassette(file: file, mode: .recordAll)).request(target(server.baseURL, "/count"))
        #expect(counter.value == 1)

        let replay = try provider(Cassette(file: file, mode: .replayOnly))
        #expect(try count(await replay.request(target(server.baseURL, "/count"))) == 1)
        let unmatched = await #expect(throws: CourierError.self) {
            try await replay.request(target(server.baseURL, "/count?again=1"))
        }

        #expect(cassetteError(of: unmatched) != nil)
        #expect(counter.value == 1)
    }

    @Test func recordOnceRecordsAMissingCassetteThenOnlyReplaysIt() async throws {
        let file = try cassetteFolder().appendingPathComponent("once.har")
        let (server, counter) = try numberingServer()
        defer { server.stop() }

        let first = try provider(Cassette(file: file, mode: .recordOnce))
        #expect(try count(await first.request(target(server.baseURL, "/count"))) == 1)
        #expect(try count(await first.request(target(server.baseURL, "/count"))) == 2)
        #expect(counter.value == 2)

        let second = try provider(Cassette(file: file, mode: .recordOnce))
        #expect(try count(await second.request(target(server.baseURL, "/count"))) == 1)
        #expect(try count(await second.request(target(server.baseURL, "/count"))) == 2)
        let unmatched = await #expect(throws: CourierError.self) {
            try await second.request(target(server.baseURL, "/echo/new"))
        }
        #expect(cassetteError(of: unmatched) != nil)
        #expect(counter.value == 2)
    }

    @Test func recordNewEpisodesReplaysWhatItHasAndAddsWhatItLacks() async throws {
        let file = try cassetteFolder().appendingPathComponent("episodes.har")
        let (server, counter) = try numberingServer()
        defer { server.stop() }
        _ = try await provider(Cassette(file: file, mode: .recordAll)).request(target(server.baseURL, "/count"))
        // A hand edit the new episodes must keep: a comment and an extension field of another tool.
        var edited = try String(contentsOf: file, encoding: .utf8)
        edited = edited.replacingOccurrences(
            of: #""cache" : {"#, with: #""comment" : "hand-edited", "_tool" : {"x" : 1}, "cache" : {"#)
        try Data(edited.utf8).write(to: file)

        let episodes = try provider(Cassette(file: file, mode: .recordNewEpisodes))
        #expect(try count(await episodes.request(target(server.baseURL, "/count"))) == 1)
        #expect(counter.value == 1)
        _ = try await episodes.request(target(server.baseURL, "/echo/new"))
        #expect(counter.value == 2)

        let document = try HARDocument(contentsOf: file)
        #expect(document.entries.count == 2)
        #expect(document.value("log.entries.0.comment") as? String == "hand-edited")
        #expect(document.value("log.entries.0._tool.x") as? Int == 1)
        #expect((document.value("log.entries.1.request.url") as? String)?.hasSuffix("/echo/new") == true)

        let replay = try provider(Cassette(file: file, mode: .replayOnly))
        _ = try await replay.request(target(server.baseURL, "/count"))
        _ = try await replay.request(target(server.baseURL, "/echo/new"))
        #expect(counter.value == 2)
    }

    @Test func recordAllSendsEverythingAndReplacesTheCassette() async throws {
        let file = try cassetteFolder().appendingPathComponent("all.har")
        let (server, counter) = try numberingServer()
        defer { server.stop() }
        _ = try await provider(Cassette(file: file, mode: .recordAll)).request(target(server.baseURL, "/echo/old"))

        let again = try provider(Cassette(file: file, mode: .recordAll))
        #expect(try count(await again.request(target(server.baseURL, "/count"))) == 2)

        let document = try HARDocument(contentsOf: file)
        #expect(document.entries.count == 1)
        #expect((document.value("log.entries.0.request.url") as? String)?.hasSuffix("/count") == true)
        #expect(counter.value == 2)
    }

    @Test func theEnvironmentChoosesTheModeUnlessTheCodeDoes() throws {
        let file = try cassetteFolder().appendingPathComponent("environment.har")
        #expect(try Cassette(file: file).resolvedMode(environment: [:]) == .recordOnce)
        #expect(try Cassette(file: file).resolvedMode(environment: ["COURIER_RECORD_MODE": "all"]) == .recordAll)
        #expect(try Cassette(file: file).resolvedMode(environment: ["COURIER_RECORD_MODE": "none"]) == .replayOnly)
        #expect(
            try Cassette(file: file).resolvedMode(environment: ["COURIER_RECORD_MODE": "new_episodes"])
                == .recordNewEpisodes)
        #expect(
            try Cassette(file: file).resolvedMode(environment: ["COURIER_RECORD_MODE": "recordOnce"]) == .recordOnce)
        #expect(
            try Cassette(file: file, mode: .replayOnly).resolvedMode(environment: ["COURIER_RECORD_MODE": "all"])
                == .replayOnly)

        let error = #expect(throws: CourierError.self) {
            try Cassette(file: file).resolvedMode(environment: ["COURIER_RECORD_MODE": "sometimes"])
        }
        #expect(cassetteError(of: error) == .unknownMode("sometimes"))
        #expect(error?.errorDescription?.contains("none, once, new_episodes, all") == true)
    }

    @Test func theEnvironmentRecordsAndReplaysWithoutAChangeOfCode() async throws {
        let file = try cassetteFolder().appendingPathComponent("switch.har")
        let (server, counter) = try numberingServer()
        defer { server.stop() }
        let cassette = Cassette(file: file)

        _ = try await provider(cassette, environment: ["COURIER_RECORD_MODE": "all"]).request(
            target(server.baseURL, "/count"))
        _ = try await provider(cassette, environment: ["COURIER_RECORD_MODE": "none"]).request(
            target(server.baseURL, "/count"))

        #expect(counter.value == 1)
    }
}
