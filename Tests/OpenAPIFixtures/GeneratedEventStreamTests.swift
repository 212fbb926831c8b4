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

    @Test func theTargetAsksForAnEventStream() throws {
        let target = LoopbackStreams.Streams.streamChat(prompt: "a b", interval: 5)
        #expect(target.headers?["Accept"] == "text/event-stream")
        #expect(target.path == "/stream/chat?prompt=a%20b&interval=5")
        #expect(target.validationType == .customCodes([200]))
    }
}
