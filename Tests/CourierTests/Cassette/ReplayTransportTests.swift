import Courier
import Foundation
import LoopbackServer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `ReplayTransport` answering from cassettes recorded against the loopback server, the server stopped.
@Suite struct ReplayTransportTests {
    /// Records what `exchanges` sends to a loopback server of its own through `live`, then stops the
    /// server: the cassette, and the server's (now dead) base URL.
    private func record(
        through live: (any Transport)? = nil,
        handler: (@Sendable (ServerRequest) -> ServerResponse)? = nil,
        _ exchanges: (Provider<TestTarget>, URL) async throws -> Void
    ) async throws -> (file: URL, server: URL) {
        let file = try cassetteFolder().appendingPathComponent("recorded.har")
        let server = try handler.map { try LoopbackServer(handler: $0) } ?? LoopbackServer()
        defer { server.stop() }
        try await exchanges(
            Provider(transport: Courier.RecordingTransport(recording: try live ?? liveTransport(), to: file)),
            server.baseURL)
        return (file, server.baseURL)
    }

    private func replaying(
        _ file: URL, matching matchers: [RequestMatcher] = [.method, .url], allowsRepeats: Bool = false,
        pacing: ReplayPacing = .immediate, policy: TransportPolicy = TransportPolicy(),
        plugins: [any PluginType] = []
    ) throws -> Provider<TestTarget> {
        Provider(
            transport: try ReplayTransport(
                contentsOf: file, matching: matchers, allowsRepeats: allowsRepeats, pacing: pacing, policy: policy),
            plugins: plugins)
    }

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
        let (file, server) = try await record { provider, server in
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

    @Test func queryOrderIsFreeAndAHiddenValueMatchesAnyValue() async throws {
        let (file, server) = try await record { provider, server in
            _ = try await provider.request(target(server, "/echo/q?page=1&token=abc&sort=name"))
        }

        let replayed = try await replaying(file).request(target(server, "/echo/q?sort=name&token=another&page=1"))

        #expect(replayed.statusCode == 200)
        #expect(String(decoding: replayed.data, as: UTF8.self).contains("/echo/q"))
    }

    @Test func anUnmatchedRequestFailsAtOnceNamingTheClosestExchanges() async throws {
        let (file, server) = try await record { provider, server in
            _ = try await provider.request(target(server, "/echo/q?page=1"))
            _ = try await provider.request(target(server, "/echo/other", method: .post))
        }

        let error = await #expect(throws: CourierError.self) {
            try await replaying(file).request(target(server, "/echo/q?page=2"))
        }

        guard case .noMatch(let request, _, let matchers, let closest) = cassetteError(of: error) else {
            Issue.record("not a missing match: \(String(describing: error))")
            return
        }
        #expect(request == "GET \(server.absoluteString)/echo/q?page=2")
        #expect(matchers == ["method", "URL"])
        #expect(closest.first?.entry == 1)
        #expect(closest.first?.reasons == [#"query item page is "2", recorded "1""#])
        #expect(closest.last?.reasons.count == 2)
        let sentence = try #require(error?.errorDescription)
        #expect(sentence.contains("recorded.har"))
        #expect(sentence.contains("entry 1, GET \(server.absoluteString)/echo/q?page=1"))
        #expect(sentence.contains("method GET, recorded POST"))
    }

    @Test func eachExchangeAnswersOnceUnlessRepeatsAreAllowed() async throws {
        let counter = Counter()
        let counting: @Sendable (ServerRequest) -> ServerResponse = { _ in
            counter.increment()
            return .json(["count": counter.value])
        }
        let (file, server) = try await record(handler: counting) { provider, server in
            for _ in 0..<2 { _ = try await provider.request(target(server, "/count")) }
        }
        func count(_ response: Response) throws -> Int? {
            try (JSONSerialization.jsonObject(with: response.data) as? [String: Int])?["count"]
        }

        let once = try replaying(file)
        #expect(try count(await once.request(target(server, "/count"))) == 1)
        #expect(try count(await once.request(target(server, "/count"))) == 2)
        let error = await #expect(throws: CourierError.self) { try await once.request(target(server, "/count")) }
        guard case .noMatch(_, _, _, let closest) = cassetteError(of: error) else {
            Issue.record("not a missing match: \(String(describing: error))")
            return
        }
        #expect(closest.first?.reasons.first?.contains("answered an earlier request") == true)

        let repeating = try replaying(file, allowsRepeats: true)
        var counts: [Int?] = []
        for _ in 0..<3 { counts.append(try count(await repeating.request(target(server, "/count")))) }
        #expect(counts == [1, 2, 2])
    }

    @Test func bodiesMatchAsJSONAsFormsAndPartByPart() async throws {
        let form = MultipartFormData(parts: [
            MultipartFormBodyPart(provider: .data(Data("Ann".utf8)), name: "name"),
            MultipartFormBodyPart(provider: .data(Data("secret".utf8)), name: "password"),
        ])
        let (file, server) = try await record { provider, server in
            _ = try await provider.request(
                target(
                    server, "/json", method: .post,
                    task: .requestParameters(
                        parameters: ["a": 1, "b": ["c": [1, 2]], "password": "one"], encoding: JSONEncoding.default)))
            _ = try await provider.request(
                target(
                    server, "/echo/form", method: .post,
                    task: .requestParameters(
                        parameters: ["a": 1, "b": 2], encoding: URLEncoding.httpBody)))
            _ = try await provider.request(
                target(server, "/echo/multipart", method: .post, task: .uploadMultipart(form)))
        }
        let provider = try replaying(file, matching: [.method, .url, .body])

        // Another spacing and key order, another password (hidden in the cassette): the same JSON.
        let json = try await provider.request(
            target(
                server, "/json", method: .post,
                task: .requestParameters(
                    parameters: ["password": "two", "b": ["c": [1, 2]], "a": 1], encoding: JSONEncoding.prettyPrinted)))
        #expect(json.statusCode == 200)
        _ = try await provider.request(
            target(
                server, "/echo/form", method: .post, task: .requestData(Data("b=2&a=1".utf8)),
                headers: ["Content-Type": "application/x-www-form-urlencoded"]))
        // A new random boundary, and another password in the hidden part.
        let other = MultipartFormData(parts: [
            MultipartFormBodyPart(provider: .data(Data("Ann".utf8)), name: "name"),
            MultipartFormBodyPart(provider: .data(Data("other".utf8)), name: "password"),
        ])
        #expect(form.boundary != other.boundary)
        _ = try await provider.request(target(server, "/echo/multipart", method: .post, task: .uploadMultipart(other)))

        let error = await #expect(throws: CourierError.self) {
            try await replaying(file, matching: [.method, .url, .body]).request(
                target(
                    server, "/json", method: .post,
                    task: .requestParameters(
                        parameters: ["a": 1, "b": ["c": [1, 3]], "password": "one"], encoding: JSONEncoding.default)))
        }
        guard case .noMatch(_, _, _, let closest) = cassetteError(of: error) else {
            Issue.record("not a missing match: \(String(describing: error))")
            return
        }
        #expect(closest.first?.reasons == ["JSON at key path b.c.1 is 3, recorded 2"])
    }

    @Test func chosenHeadersAndCustomMatchersTellExchangesApart() async throws {
        let (file, server) = try await record { provider, server in
            for language in ["en", "de"] {
                _ = try await provider.request(target(server, "/echo/h", headers: ["Accept-Language": language]))
            }
        }
        func language(_ response: Response) -> String? {
            (try? JSONDecoder().decode(Echo.self, from: response.data))?.headers["accept-language"]
        }

        let byHeader = try replaying(file, matching: [.method, .url, .headers("Accept-Language")])
        #expect(
            language(try await byHeader.request(target(server, "/echo/h", headers: ["Accept-Language": "de"]))) == "de")
        #expect(
            language(try await byHeader.request(target(server, "/echo/h", headers: ["Accept-Language": "en"]))) == "en")

        let byClosure = try replaying(
            file,
            matching: [
                .path,
                .custom("language") { request, recorded in
                    request.value(forHTTPHeaderField: "Accept-Language")
                        == recorded.value(forHTTPHeaderField: "accept-language")
                },
            ])
        #expect(
            language(try await byClosure.request(target(server, "/echo/h", headers: ["Accept-Language": "de"]))) == "de"
        )
        let error = await #expect(throws: CourierError.self) {
            try await byClosure.request(target(server, "/echo/h", headers: ["Accept-Language": "fr"]))
        }
        #expect(cassetteError(of: error)?.errorDescription?.contains("language does not match") == true)
    }

    @Test func aRecordedRedirectIsFollowedUnderThePolicy() async throws {
        let hopByHop = try CurlTransport(policy: TransportPolicy(maximumRedirects: 0))
        let (file, server) = try await record(through: hopByHop) { provider, server in
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
        let (file, server) = try await record { provider, server in
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
        let (file, server) = try await record { provider, server in
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
        let (file, server) = try await record { provider, server in
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

/// The error `body` throws, or `nil`.
func catching<T>(_ body: () throws -> T) -> CourierError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error as? CourierError
    }
}
