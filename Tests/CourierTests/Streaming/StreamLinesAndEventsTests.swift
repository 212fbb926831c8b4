import Foundation
import Testing

@testable import Courier
@testable import LoopbackServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct StreamLinesAndEventsTests {
    private struct Number: Decodable, Equatable {
        let n: Int
    }

    @Test(arguments: TransportKind.allCases)
    func linesEndWithLineFeedOrCarriageReturnLineFeed(kind: TransportKind) async throws {
        let provider = Provider<TestTarget>(transport: try kind.make())
        let stream = try await provider.stream(try .loopback("/respond?body=first%0Asecond%0D%0A%0Athird"))
        var lines: [String] = []
        for try await line in stream.lines { lines.append(line) }
        #expect(lines == ["first", "second", "", "third"])
    }

    /// A server that sends one `data:` line without end: the stream stops past the limit instead of
    /// filling memory.
    @Test func anEventThatNeverEndsStopsTheStream() async throws {
        let piece = Data(repeating: UInt8(ascii: "a"), count: 64 << 10)
        let server = try LoopbackServer { _ in
            ServerResponse(
                headers: [HeaderField(name: "Content-Type", value: "text/event-stream")],
                body: .stream(length: 1 << 30) { offset, maxCount in
                    offset == 0 ? Data("data: ".utf8) : piece.prefix(maxCount)
                })
        }
        defer { server.stop() }
        let provider = Provider<TestTarget>(transport: try TransportKind.curl.make())
        var events = 0
        let error = await #expect(throws: CourierError.self) {
            for try await _ in provider.events(TestTarget(baseURL: server.baseURL, path: "/endless")) { events += 1 }
        }
        guard case .underlying(let underlying, _)? = error else {
            Issue.record("expected the stream to stop, got \(String(describing: error))")
            return
        }
        #expect(underlying is ServerSentEventTooLarge)
        #expect(events == 0)
    }

    @Test func linesCutAcrossChunksAreWhole() async throws {
        let sample = Data("alpha\r\nbeta\ngamma\r\n".utf8)
        var target = try TestTarget.loopback("/never-sent")
        target.sampleData = sample
        let provider = Provider<TestTarget>(stubClosure: Provider.immediatelyStub)
        // A stub streams in 16 KiB chunks: a long first line puts the cut inside the second.
        target.sampleData = Data(String(repeating: "x", count: (16 << 10) - 1).utf8) + Data("\r\n".utf8) + sample
        var lines: [String] = []
        for try await line in try await provider.stream(target).lines { lines.append(line) }
        #expect(lines.count == 4)
        #expect(lines.dropFirst() == ["alpha", "beta", "gamma"])
    }

    @Test(arguments: TransportKind.allCases)
    func eachLineDecodesAsTheTypeAsked(kind: TransportKind) async throws {
        let provider = Provider<TestTarget>(transport: try kind.make())
        let body = "%7B%22n%22%3A1%7D%0A%0A%7B%22n%22%3A2%7D%0D%0A"  // {"n":1}\n\n{"n":2}\r\n
        let stream = try await provider.stream(try .loopback("/respond?body=\(body)"))
        var numbers: [Number] = []
        for try await number in stream.lines(decoding: Number.self, using: JSONDecoder()) { numbers.append(number) }
        #expect(numbers == [Number(n: 1), Number(n: 2)])
    }

    @Test func aLineThatDoesNotDecodeFailsWithObjectMappingCarryingTheLine() async throws {
        var target = try TestTarget.loopback("/never-sent")
        target.sampleData = Data("{\"n\":1}\nnot json\n".utf8)
        let provider = Provider<TestTarget>(stubClosure: Provider.immediatelyStub)
        let stream = try await provider.stream(target)
        var iterator = stream.lines(decoding: Number.self).makeAsyncIterator()
        #expect(try await iterator.next() == Number(n: 1))
        let outcome = await result { () throws(CourierError) in try await iterator.next() }
        guard case .failure(.objectMapping(_, let response)) = outcome else {
            Issue.record("expected objectMapping, got \(outcome)")
            return
        }
        #expect(response.data == Data("not json".utf8))
    }

    @Test(arguments: TransportKind.allCases)
    func eventsArriveParsedFromARealEventStream(kind: TransportKind) async throws {
        let provider = Provider<TestTarget>(transport: try kind.make())
        var events: [ServerSentEvent] = []
        for try await event in provider.events(try .loopback("/stream/numbered-events?count=3")) {
            events.append(event)
        }
        #expect(events.map(\.id) == ["1", "2", "3"])
        #expect(events.map(\.data) == ["event 1", "event 2", "event 3"])
    }

    @Test(arguments: TransportKind.allCases)
    func eventsAskForAnEventStreamUnlessTheTargetSetsAccept(kind: TransportKind) async throws {
        let accepts = Locked([String]())
        let server = try LoopbackServer { request in
            accepts.withLock { $0.append(request.header("Accept") ?? "") }
            return .text("data: hello\n\n", contentType: "text/event-stream")
        }
        defer { server.stop() }
        let provider = Provider<TestTarget>(transport: try kind.make())
        for try await _ in provider.events(TestTarget(baseURL: server.baseURL, path: "/events")) {}
        let own = TestTarget(baseURL: server.baseURL, path: "/events", headers: ["accept": "application/x-ndjson"])
        for try await _ in provider.events(own) {}
        #expect(accepts.withLock { $0 } == ["text/event-stream", "application/x-ndjson"])
    }

    @Test(arguments: TransportKind.allCases)
    func aDroppedEventStreamIsNotReconnectedByDefault(kind: TransportKind) async throws {
        let provider = Provider<TestTarget>(transport: try kind.make())
        var ids: [String?] = []
        for try await event in provider.events(try .loopback("/stream/numbered-events?count=6&per-connection=2")) {
            ids.append(event.id)
        }
        #expect(ids == ["1", "2"])
    }

    @Test(arguments: TransportKind.allCases)
    func aDroppedEventStreamReconnectsWithTheLastEventID(kind: TransportKind) async throws {
        let recorder = StreamRecorder()
        let provider = Provider<TestTarget>(transport: try kind.make(), plugins: [recorder])
        let target = try TestTarget.loopback("/stream/numbered-events?count=6&per-connection=2")
        var ids: [String?] = []
        for try await event in provider.events(target, reconnect: ReconnectionPolicy(maximumAttempts: 1)) {
            ids.append(event.id)
        }
        // Three connections of two events each, then a fourth answered 204, which ends the sequence.
        #expect(ids == ["1", "2", "3", "4", "5", "6"])
        #expect(recorder.willSendCount == 4)
        #expect(recorder.results.count == 4)
    }

    @Test func reconnectionStopsAfterTheMaximumAttemptsWithoutAnEvent() async throws {
        let connections = Counter()
        let server = try LoopbackServer { _ in
            connections.increment()
            return .text("retry: 10\n\n", contentType: "text/event-stream")
        }
        defer { server.stop() }
        let provider = Provider<TestTarget>(transport: try TransportKind.curl.make())
        var count = 0
        let events = provider.events(
            TestTarget(baseURL: server.baseURL, path: "/quiet"), reconnect: ReconnectionPolicy(maximumAttempts: 2))
        for try await _ in events { count += 1 }
        #expect(count == 0)
        #expect(connections.value == 3)
    }
}
