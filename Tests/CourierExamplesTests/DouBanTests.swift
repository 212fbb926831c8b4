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

    /// The README's completion-handler sample, as written, with the main queue held the whole time, as
    /// in a command-line program or a server on Linux that never drains it: the handler still runs.
    /// The same call on the default queue waits until the main queue is let go.
    @Test func theReadmesCompletionSampleRunsWhereTheMainQueueIsNotDrained() async throws {
        let backend = try DemoBackend.start()
        defer { backend.stop() }
        let provider = Provider<DouBan>(endpointClosure: rebasing(onto: backend.baseURL))
        let mainHeld = DispatchSemaphore(value: 0)
        let releaseMain = DispatchSemaphore(value: 0)
        DispatchQueue.main.async {
            mainHeld.signal()
            _ = releaseMain.wait(timeout: .now() + 60)
        }
        defer { releaseMain.signal() }
        #expect(await wait(for: mainHeld, seconds: 60))

        let printed = Locked<[String]>([])
        let print: @Sendable (Any) -> Void = { line in printed.withLock { $0.append("\(line)") } }
        let done = DispatchSemaphore(value: 0)
        // As in README.md, `print` recorded:
        provider.request(.playlist("1"), callbackQueue: .global()) { result in
            switch result {
            case .success(let response): print(response.statusCode)
            case .failure(let error): print(error.localizedDescription)
            }
            done.signal()
        }
        #expect(await wait(for: done, seconds: 30), "the handler ran while the main queue was held")
        #expect(printed.withLock { $0 } == ["200"])

        let onMain = DispatchSemaphore(value: 0)
        provider.request(.playlist("1")) { _ in onMain.signal() }
        #expect(await wait(for: onMain, seconds: 1) == false, "the default main queue is held")
        releaseMain.signal()
        #expect(await wait(for: onMain, seconds: 30), "and runs the handler once let go")
    }
}

/// Whether `semaphore` is signalled within `seconds`, waited for off Swift's cooperative pool.
private func wait(for semaphore: DispatchSemaphore, seconds: Double) async -> Bool {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
            continuation.resume(returning: semaphore.wait(timeout: .now() + seconds) == .success)
        }
    }
}
