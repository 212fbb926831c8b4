import Courier
import Foundation
import LoopbackServer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Record and replay checked by a recorder and a reader no one here wrote: mitmproxy records traffic to
/// the loopback server as HAR and Courier replays it; Courier records and mitmproxy reads it back.
@Suite(.serialized) struct MitmproxyTests {
    /// The requests both tests send, by name.
    private static func exchanges(_ server: URL) -> [(name: String, target: TestTarget)] {
        [
            ("query", target(server, "/echo/profile?id=7&lang=en", headers: ["Accept": "application/json"])),
            (
                "form",
                target(
                    server, "/echo/form", method: .post,
                    task: .requestParameters(
                        parameters: ["name": "Ann Lee", "city": "Oslo"], encoding: URLEncoding.httpBody))
            ),
            (
                "json",
                target(
                    server, "/json", method: .post,
                    task: .requestParameters(
                        parameters: ["name": "Ann", "tags": [1, 2]], encoding: JSONEncoding.default))
            ),
            ("binary", target(server, "/bytes/2000")),
            ("gzip", target(server, "/fault/gzip")),
            ("not found", target(server, "/status/404")),
            ("redirect", target(server, "/respond?status=302&header.Location=/echo/after-redirect")),
            // UTF-8 text under a MIME type that names no charset: each tool must get the same bytes back.
            ("text", target(server, "/respond?body=caf%C3%A9%20%E2%82%AC&contentType=text/plain")),
        ]
    }

    @Test func aHARThatMitmproxyRecordedReplaysThroughCourier() async throws {
        let server = try LoopbackServer()
        let proxy = try await MitmdumpRecorder.start(reverseProxyTo: server.baseURL)
        let live = Provider<TestTarget>(transport: try TransportKind.curl.make())
        var answers: [String: Response] = [:]
        for (name, target) in Self.exchanges(proxy.url) {
            answers[name] = try await live.request(target)
        }
        var events: [ServerSentEvent] = []
        for try await event in live.events(target(proxy.url, "/stream/chat?prompt=mitm&interval=5")) {
            events.append(event)
        }
        // mitmproxy answers a request the server reset with a 502 of its own, and records no response.
        #expect(try await live.request(target(proxy.url, "/fault/reset-before-response")).statusCode == 502)
        let har = try await proxy.stop()
        server.stop()

        // mitmproxy wrote the upstream URLs: the replay asks the (stopped) loopback server's.
        let document = try HARDocument(contentsOf: har)
        #expect(document.value("log.creator.name") as? String == "mitmproxy")
        let replay = Provider<TestTarget>(
            transport: try ReplayTransport(contentsOf: har, matching: [.method, .url, .body], pacing: .immediate))
        for (name, target) in Self.exchanges(server.baseURL) {
            let replayed = try await replay.request(target)
            let original = try #require(answers[name])
            #expect(replayed.statusCode == original.statusCode, "\(name)")
            #expect(replayed.data == original.data, "\(name)")
            #expect(
                replayed.response?.value(forHTTPHeaderField: "Content-Type")
                    == original.response?.value(forHTTPHeaderField: "Content-Type"), "\(name)")
        }
        // mitmproxy stored the gzip body decoded under `Content-Encoding: gzip`; the replay is the JSON.
        #expect(answers["gzip"]?.data == StandardRoutes.gzipPayload)
        // The redirect was two flows; the replay followed the first to the second.
        #expect(answers["redirect"]?.statusCode == 200)
        let redirected = try await Provider<TestTarget>(transport: try ReplayTransport(contentsOf: har))
            .request(target(server.baseURL, "/respond?status=302&header.Location=/echo/after-redirect"))
        #expect(redirected.metrics?.redirectCount == 1)
        // The event stream, buffered whole by mitmproxy, replays event by event.
        var replayedEvents: [ServerSentEvent] = []
        for try await event in replay.events(target(server.baseURL, "/stream/chat?prompt=mitm&interval=5")) {
            replayedEvents.append(event)
        }
        #expect(replayedEvents == events)
        #expect(events.count > 5)
        // The request the server reset: mitmproxy recorded no response (status 0) and why.
        #expect(document.entries.contains { HARDocument.value("response.status", in: $0) as? Int == 0 })
        let failure = await #expect(throws: CourierError.self) {
            try await replay.request(target(server.baseURL, "/fault/reset-before-response"))
        }
        #expect(urlError(of: failure) != nil)
        #expect(failure?.errorDescription?.contains("status 0") == true)
    }

    @Test func mitmproxyReadsEveryEntryCourierRecords() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let folder = try cassetteFolder()
        let file = folder.appendingPathComponent("courier.har")
        let upload = folder.appendingPathComponent("upload.bin")
        let uploaded = Data((0..<700).map { UInt8(truncatingIfNeeded: $0 * 13) })
        try uploaded.write(to: upload)
        // Its own cookie storage, so that no cookie another test stored is sent (and hidden in the recording).
        let hopByHop = try TransportKind.curl.make(policy: TransportPolicy(maximumRedirects: 0))
        let provider = Provider<TestTarget>(transport: Courier.RecordingTransport(recording: hopByHop, to: file))
        var sent: [(name: String, target: TestTarget, response: Response)] = []
        for (name, target) in Self.exchanges(server.baseURL) {
            sent.append((name, target, try await provider.request(target)))
        }
        let uploadTarget = target(
            server.baseURL, "/upload", method: .post, task: .uploadFile(upload),
            headers: ["Content-Type": "application/octet-stream"])
        sent.append(("upload", uploadTarget, try await provider.request(uploadTarget)))
        let downloadTarget = target(
            server.baseURL, "/bytes/100000",
            task: .downloadDestination { _, _ in
                (folder.appendingPathComponent("download.bin"), [])
            })
        sent.append(("download", downloadTarget, try await provider.request(downloadTarget)))
        var streamed = Data()
        for try await chunk in try await provider.stream(target(server.baseURL, "/stream/chat?prompt=read&interval=5"))
        {
            streamed.append(chunk)
        }

        let flows = try await Mitmproxy.flows(in: file)
        let entries = try HARDocument(contentsOf: file).entries

        #expect(flows.count == entries.count)
        #expect(flows.count == sent.count + 1)
        for ((name, target, response), flow) in zip(sent, flows) {
            let url = try #require(URL(string: flow.url), "\(name)")
            #expect(flow.method == target.method.rawValue, "\(name)")
            #expect(url.path == URL(string: target.path, relativeTo: server.baseURL)?.path, "\(name)")
            #expect(flow.status == response.statusCode, "\(name)")
            #expect(flow.serverAddress == "127.0.0.1", "\(name)")
            let body = response.fileURL.flatMap { try? Data(contentsOf: $0) } ?? response.data
            #expect(flow.receivedBody == body, "\(name)")
        }
        #expect(flows[1].sentBody == Data("city=Oslo&name=Ann%20Lee".utf8))
        #expect(flows[2].sentBody == Data(#"{"name":"Ann","tags":[1,2]}"#.utf8))
        #expect(flows[6].responseHeader("Location") == "/echo/after-redirect")
        #expect(flows[7].receivedBody == Data("café €".utf8))
        #expect(flows[8].sentBody == uploaded)
        #expect(flows.last?.receivedBody == streamed)

        // mitmdump itself loads the file and lists every flow.
        let dump = try await Mitmproxy.dump(file)
        #expect(dump.code == 0, "\(dump.output)")
        for (_, target, _) in sent {
            let path = URL(string: target.path, relativeTo: server.baseURL)?.path ?? target.path
            #expect(dump.output.contains(path), "mitmdump did not list \(path): \(dump.output)")
        }
    }
}
