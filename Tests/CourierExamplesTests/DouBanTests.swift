import Courier
import CourierExamples
import Foundation
import LoopbackServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The DouBan example against the demo backend.
@Suite struct DouBanTests {
    @Test func targetsBuildTheDocumentedRequests() throws {
        let channels = try Provider<DouBan>.defaultEndpointMapping(for: .channels).urlRequest()
        #expect(channels.url?.absoluteString == "https://www.douban.com/j/app/radio/channels")
        #expect(channels.httpMethod == "GET")
        let playlist = try Provider<DouBan>.defaultEndpointMapping(for: .playlist("6")).urlRequest()
        #expect(playlist.url?.absoluteString == "https://douban.fm/j/mine/playlist?channel=6&from=mainsite&type=n")
        #expect(playlist.httpBody == nil)
    }

    @Test func clientListsChannelsAndTheFirstSong() async throws {
        let backend = try DemoBackend.start()
        defer { backend.stop() }
        let client = DouBanClient(provider: Provider(endpointClosure: rebasing(onto: backend.baseURL)))
        let channels = try await client.channels()
        #expect(channels.map(\.id) == ["1", "2", "6"])
        #expect(try await client.firstSong(of: channels[1]) == "Adele / Hello")
    }

    @Test func unknownChannelIsAResponseTheClientCannotDecode() async throws {
        let backend = try DemoBackend.start()
        defer { backend.stop() }
        let provider = Provider<DouBan>(endpointClosure: rebasing(onto: backend.baseURL))
        let response = try await provider.request(.playlist("404"))
        #expect(response.statusCode == 400)
        await #expect(throws: CourierError.self) {
            try await DouBanClient(provider: provider).firstSong(of: Channel(id: "404"))
        }
    }
}
