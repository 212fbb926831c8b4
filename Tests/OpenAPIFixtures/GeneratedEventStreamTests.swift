import Courier
import Foundation
import LoopbackServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A document's `text/event-stream` operations, generated into typed calls that return Courier's
/// server-sent events, called against the loopback server's event streams (`LoopbackStreams`, a
/// document the project wrote for its own routes).
@Suite struct GeneratedEventStreamTests {
    /// A provider for the generated target whose requests go to `server`.
    static func provider(_ server: LoopbackServer) -> Provider<LoopbackStreams.Streams> {
        Provider<LoopbackStreams.Streams>(endpointClosure: { target in
            SampleConformanceTests.endpoint(for: target, on: server.baseURL)
        })
    }

    @Test func theGeneratedCallReadsEveryEventOfTheStream() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }

        var events: [ServerSentEvent] = []
        for try await event in Self.provider(server).streamChat(prompt: "hi", interval: 1) {
            events.append(event)
        }

        let tokens = events.dropLast()
        #expect(
            tokens.map(\.data).joined()
                == "You asked \u{201C}hi\u{201D}. This reply arrives one token at a time, as a chat model writes it.")
        #expect(tokens.allSatisfy { $0.event == nil })
        #expect(events.map(\.id) == (1...events.count).map { String($0) })
        #expect(events.last?.event == "done")
        #expect(events.last?.data == #"{"tokens":\#(tokens.count)}"#)
    }

    /// Events whose data differs by type (an OpenAPI 3.2 `itemSchema` that is a `oneOf` of events) read
    /// each as its case: the tokens as text, the closing `done` as the document's model.
    @Test func eventsOfEachTypeReadAsTheirOwnCase() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }

        var tokens: [String] = []
        var summaries: [LoopbackStreams.ChatSummary] = []
        let events = Self.provider(server).streamChat(prompt: "hi", interval: 1)
        for try await event in events.decoding(LoopbackStreams.StreamChatEvent.self) {
            switch event {
            case .message(let token): tokens.append(token)
            case .done(let summary): summaries.append(summary)
            case .unknown(let other): Issue.record("an event of no documented type: \(other)")
            }
        }

        #expect(
            tokens.joined()
                == "You asked \u{201C}hi\u{201D}. This reply arrives one token at a time, as a chat model writes it.")
        #expect(summaries.map(\.tokens) == [tokens.count])
    }

    /// A type the document does not name is kept as the event it was; the target's `decode(_:)` reads a
    /// whole stream the same way, and data of a documented type that does not decode fails it.
    @Test func anEventOfAnUndocumentedTypeIsKeptAndBadDataFails() throws {
        let stream = "data: a\n\nevent: typing\ndata: …\n\nevent: done\ndata: {\"tokens\":1}\n\n"
        let decoded = try LoopbackStreams.Streams.streamChat(prompt: "hi").decode(
            Response(statusCode: 200, data: Data(stream.utf8)))
        let events = try #require(decoded as? [LoopbackStreams.StreamChatEvent])
        #expect(events.count == 3)
        guard case .message("a") = events.first, case .unknown(let typing) = events[1],
            case .done(let summary) = events.last
        else {
            Issue.record("read as \(events)")
            return
        }
        #expect(typing == ServerSentEvent(event: "typing", data: "…"))
        #expect(summary.tokens == 1)

        let broken = Response(statusCode: 200, data: Data("event: done\ndata: {\"count\":1}\n\n".utf8))
        #expect(throws: CourierError.self) { try LoopbackStreams.Streams.streamChat(prompt: "hi").decode(broken) }
    }

    /// The header parameter goes out as the document names it: the server resumes after it.
    @Test func aHeaderParameterOfTheOperationReachesTheServer() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }

        var ids: [String?] = []
        for try await event in Self.provider(server).numberedEvents(count: 5, lastEventID: "2") {
            ids.append(event.id)
        }

        #expect(ids == ["3", "4", "5"])
    }

    /// A JSON Lines answer is a typed stream: each line decoded into the document's model as it arrives.
    @Test func theGeneratedCallReadsEachLineAsItsModel() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }

        var items: [LoopbackStreams.Item] = []
        for try await item in try await Self.provider(server).streamItems(count: 4, interval: 1) {
            items.append(item)
        }
        #expect(items.map(\.index) == [0, 1, 2, 3])
        #expect(items.last?.name == "item 3")
        #expect(LoopbackStreams.Streams.streamItems().headers?["Accept"] == "application/x-ndjson")
    }

    /// An event stream whose schema is a model: the typed call's events read as that model, up to the
    /// `[DONE]` that ends the stream.
    @Test func theEventsDataDecodesAsTheDocumentsModel() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }

        var items: [LoopbackStreams.Item] = []
        for try await item in Self.provider(server).streamItemEvents(count: 4).decoding(LoopbackStreams.Item.self) {
            items.append(item)
        }
        #expect(items.map(\.index) == [0, 1, 2, 3])
        #expect(items.map(\.name) == ["item 0", "item 1", "item 2", "item 3"])
    }

    /// Data that is not the model fails the iteration with the event's data, not a crash or a skip.
    @Test func eventsDataThatIsNotTheModelFailsWithTheData() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }

        var tokens = 0
        let events = Self.provider(server).streamChat(prompt: "hi", interval: 1).decoding(LoopbackStreams.Item.self)
        do {
            for try await _ in events { tokens += 1 }
            Issue.record("a token that is not an item decoded")
        } catch {
            guard case .objectMapping(_, let response) = error else {
                Issue.record("expected objectMapping, got \(error)")
                return
            }
            #expect(String(decoding: response.data, as: UTF8.self) == "You")
            #expect(response.statusCode == 200)
        }
        #expect(tokens == 0)
    }

    /// A JSON text sequence (RFC 7464) is read record by record as the records arrive, each record's JSON
    /// text over several lines.
    @Test func aJSONTextSequenceIsReadRecordByRecord() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }

        var items: [LoopbackStreams.Item] = []
        for try await item in try await Self.provider(server).streamItemRecords(count: 3) {
            items.append(item)
        }
        #expect(items.map(\.index) == [0, 1, 2])
        #expect(items.last?.name == "item 2")
        #expect(LoopbackStreams.Streams.streamItemRecords().headers?["Accept"] == "application/json-seq")
    }

    /// A JSON Lines request body is the list, one value per line, sent as the document's media type.
    @Test func aJSONLinesBodyIsSentAValuePerLine() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let provider = Provider<LoopbackStreams.Echo>(endpointClosure: { target in
            SampleConformanceTests.endpoint(for: target, on: server.baseURL)
        })

        let echo = try await provider.echoLines(body: [
            LoopbackStreams.Item(index: 1, name: "first\nline"), LoopbackStreams.Item(index: 2, name: "second"),
        ])
        // Two lines, each ended by LF; the line end inside a name is escaped, not a line of its own.
        let lines = echo.body.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines.last == "")
        let items = try lines.dropLast().map {
            try JSONDecoder().decode(LoopbackStreams.Item.self, from: Data($0.utf8))
        }
        #expect(items.map(\.index) == [1, 2])
        #expect(items.map(\.name) == ["first\nline", "second"])
        #expect(echo.headers?.first { $0.key.lowercased() == "content-type" }?.value == "application/x-ndjson")
    }

    @Test func theTargetAsksForAnEventStream() throws {
        let target = LoopbackStreams.Streams.streamChat(prompt: "a b", interval: 5)
        #expect(target.headers?["Accept"] == "text/event-stream")
        #expect(target.path == "/stream/chat?prompt=a%20b&interval=5")
        #expect(target.validationType == .customCodes([200]))
    }
}
