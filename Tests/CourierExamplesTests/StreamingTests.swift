import Courier
import CourierExamples
import Foundation
import LoopbackServer
import Testing

/// The streaming example against the demo backend, and offline from its sample data.
@Suite struct StreamingTests {
    @Test func theReplyArrivesTokenByTokenAndTheFeedLineByLine() async throws {
        let server = try DemoBackend.start()
        defer { server.stop() }
        let client = ChatClient(provider: Provider(endpointClosure: rebasing(onto: server.baseURL)))
        var tokens: [String] = []
        let reply = try await client.reply(to: "streams") { tokens.append($0) }
        #expect(tokens.count > 5)
        #expect(tokens.joined() == reply)
        #expect(reply.contains("streams"))
        let items = try await client.feed(count: 4)
        #expect(items.map(\.index) == [0, 1, 2, 3])
    }

    @Test func stubsStreamTheSampleData() async throws {
        let client = ChatClient(provider: Provider(stubClosure: Provider.immediatelyStub))
        var tokens: [String] = []
        let reply = try await client.reply(to: "anything") { tokens.append($0) }
        #expect(tokens == ["Hello", " there"])
        #expect(reply == "Hello there")
        #expect(try await client.feed(count: 2).map(\.name) == ["item 0", "item 1"])
    }
}
