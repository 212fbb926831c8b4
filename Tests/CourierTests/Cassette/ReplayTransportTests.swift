import Courier
import Foundation
import LoopbackServer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `ReplayTransport` answering from cassettes recorded against the loopback server, the server stopped:
/// responses, redirects, downloads, streams and failures as they were recorded.
@Suite struct ReplayTransportTests {
    @Test func aRecordingReplaysWithTheServerStopped() async throws {
        let targets: @Sendable (URL) -> [TestTarget] = { server in
            [
                target(server, "/echo/a?x=1", headers: ["Accept": "application/json"]),
                target(
                    server, "/json", method: .post,
                    task: .requestParameters(parameters: ["a": [1, 2]], encoding: JSONEncoding.default)),
                target(server, "/status/503"),
                target(server, "/bytes/1000"),
                target(server, "/fault/gzip"),
            ]
        }
        var recorded: [Response] = []
        let (file, server) = try await recordCassette { provider, server in
            for target in targets(server) { recorded.append(try await provider.request(target)) }
        }

        let provider = try replaying(file)
        for (target, original) in zip(targets(server), recorded) {
            let replayed = try await provider.request(target)
            #expect(replayed.statusCode == original.statusCode)
            #expect(replayed.data == original.data)
            #expect(
                replayed.response?.value(forHTTPHeaderField: "Content-Type")
                    == original.response?.value(forHTTPHeaderField: "Content-Type"))
            #expect(replayed.metrics?.remoteAddress == "127.0.0.1")
        }
        // The body was stored decoded: the replay drops the Content-Encoding that no longer applies.
        let gzip = try await replaying(file).request(target(server, "/fault/gzip"))
        #expect(gzip.data == StandardRoutes.gzipPayload)
        #expect(gzip.response?.value(forHTTPHeaderField: "Content-Encoding") == nil)
        #expect(gzip.response?.value(forHTTPHeaderField: "Content-Length") == String(gzip.data.count))
    }

    @Test func aRecordedRedirectIsFollowedUnderThePolicy() async throws {
        let hopByHop = try CurlTransport(policy: TransportPolicy(maximumRedirects: 0))
        let (file, server) = try await recordCassette(through: hopByHop) { provider, server in
            _ = try await provider.request(target(server, "/respond?status=302&header.Location=/echo/target"))
            _ = try await provider.request(target(server, "/echo/target"))
            _ = try await provider.request(target(server, "/fault/redirect-loop"))
        }

        let followed = try await replaying(file).request(
            target(server, "/respond?status=302&header.Location=/echo/target"))
        #expect(followed.statusCode == 200)
        #expect(followed.response?.url == server.appendingPathComponent("echo/target"))
        #expect(followed.metrics?.redirectCount == 1)
        #expect(String(decoding: followed.data, as: UTF8.self).contains(#""path":"/echo/target""#))

        let handedBack = try await replaying(file, policy: TransportPolicy(maximumRedirects: 0))
            .request(target(server, "/respond?status=302&header.Location=/echo/target"))
        #expect(handedBack.statusCode == 302)
        #expect(handedBack.response?.value(forHTTPHeaderField: "Location") == "/echo/target")

        let loop = try replaying(file, allowsRepeats: true, policy: TransportPolicy(maximumRedirects: 3))
        let error = await #expect(throws: CourierError.self) {
            try await loop.request(target(server, "/fault/redirect-loop"))
        }
        #expect(urlError(of: error)?.code == .httpTooManyRedirects)
    }

    @Test func aProviderOnACassetteRunsItsPluginsAndValidation() async throws {
        let (file, server) = try await recordCassette { provider, server in
            _ = try await provider.request(target(server, "/status/404"))
        }
        let hooks = HookRecorder(name: "hooks")

        let error = await #expect(throws: CourierError.self) {
            try await replaying(file, plugins: [hooks]).request(
                target(server, "/status/404", validationType: .successCodes))
        }

        guard case .statusCode(let response) = error else {
            Issue.record("not a status code error: \(String(describing: error))")
            return
        }
        #expect(response.statusCode == 404)
        #expect(response.data == Data(#"{"status":404}"#.utf8))
        #expect(hooks.events == ["prepare", "willSend", "didReceive", "process"])
    }

    @Test func aDownloadReplaysIntoAFileWithProgress() async throws {
        let folder = try cassetteFolder()
        let destination = folder.appendingPathComponent("replayed.bin")
        let (file, server) = try await recordCassette { provider, server in
            _ = try await provider.request(
                target(
                    server, "/bytes/300000",
                    task: .downloadDestination { _, _ in
                        (folder.appendingPathComponent("recorded.bin"), [])
                    }))
        }

        var reports: [ProgressResponse] = []
        for try await report in try replaying(file).requestWithProgress(
            target(server, "/bytes/300000", task: .downloadDestination { _, _ in (destination, []) }))
        {
            reports.append(report)
        }

        #expect(try Data(contentsOf: destination) == StandardRoutes.patternData(offset: 0, count: 300_000))
        #expect(reports.count > 2)
        #expect(reports.contains { $0.progress > 0 && $0.progress < 1 })
        #expect(reports.last?.completed == true)
        #expect(reports.last?.response?.fileURL == destination)
    }

    @Test func aStreamReplaysInItsRecordedPiecesWithTheirPauses() async throws {
        var live: [ServerSentEvent] = []
        let (file, server) = try await recordCassette { provider, server in
            for try await event in provider.events(target(server, "/stream/chat?prompt=replay&interval=30")) {
                live.append(event)
            }
        }
        let chat = target(server, "/stream/chat?prompt=replay&interval=30")
        let recorded = try HARDocument(contentsOf: file)
        let chunks = try #require(recorded.value("log.entries.0.response.content._chunks") as? [[String: Any]])
        let pauses = chunks.compactMap { $0["delay"] as? Double }.reduce(0, +)

        var paced: [ServerSentEvent] = []
        let elapsed = try await ContinuousClock().measure {
            for try await event in try replaying(file, pacing: .recorded).events(chat) { paced.append(event) }
        }
        var pieces = 0
        for try await _ in try await replaying(file).stream(chat) { pieces += 1 }

        #expect(paced == live)
        #expect(paced.last?.event == "done")
        #expect(pieces == chunks.count)
        // The replay waited the recorded pauses (a lower bound: waiting takes at least that long).
        #expect(elapsed >= .milliseconds(Int(pauses * 0.9)))
    }

    @Test func aRecordedFailureReplaysAsItsURLError() async throws {
        let file = try cassetteFolder().appendingPathComponent("refused.har")
        let refused = try refusedURL()
        let recording = Provider<TestTarget>(
            transport: Courier.RecordingTransport(recording: try liveTransport(), to: file))
        _ = await #expect(throws: CourierError.self) { try await recording.request(target(refused, "/x")) }

        let error = await #expect(throws: CourierError.self) {
            try await replaying(file).request(target(refused, "/x"))
        }

        #expect(urlError(of: error)?.code == .cannotConnectToHost)
    }

    @Test func missingAndUnreadableCassettesAreClearErrors() throws {
        let folder = try cassetteFolder()
        let missing = folder.appendingPathComponent("missing.har")
        #expect(throws: CourierError.self) { try ReplayTransport(contentsOf: missing) }
        #expect(cassetteError(of: catching { try ReplayTransport(contentsOf: missing) }) == .missingFile(missing))

        let notJSON = folder.appendingPathComponent("text.har")
        try Data("hello".utf8).write(to: notJSON)
        guard case .unreadableFile(_, _) = cassetteError(of: catching { try ReplayTransport(contentsOf: notJSON) })
        else {
            Issue.record("a text file was read as a cassette")
            return
        }
        let noRequest = folder.appendingPathComponent("no-request.har")
        try Data(#"{"log": {"entries": [{"response": {"status": 200}}]}}"#.utf8).write(to: noRequest)
        guard
            case .unreadableFile(_, let reason) = cassetteError(
                of: catching { try ReplayTransport(contentsOf: noRequest) })
        else {
            Issue.record("an entry without a request was read")
            return
        }
        #expect(reason.contains("request"))
    }
}
