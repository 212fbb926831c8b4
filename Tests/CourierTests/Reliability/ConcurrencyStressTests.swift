import Dispatch
import Foundation
import LoopbackServer
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A thousand concurrent requests, some cancelled at random, through one provider with plugins,
/// interceptors and `trackInflights` on: every completion is called exactly once, plugin hooks balance,
/// nothing is left behind. `.ci/run` runs it, with the whole suite, under ThreadSanitizer
/// (`swift test --sanitize=thread`).
@Suite struct ConcurrencyStressTests {
    @Test(arguments: TransportKind.allCases)
    func aThousandRequestsWithRandomCancellationsEachCompleteExactlyOnce(kind: TransportKind) async throws {
        let hits = Counter()
        let resetHits = Counter()
        let server = try LoopbackServer { request in
            request.path.hasPrefix("/fault/") ? resetHits.increment() : hits.increment()
            return StandardRoutes.handle(request)
        }
        defer { server.stop() }
        let rig = try StressRig(kind)
        let provider = rig.provider()
        var random = SplitMix64(seed: 0xC0_0051_E5)
        let requests = (0..<1000).map { StressRequest(id: $0, server: server.baseURL, random: &random) }

        let elapsed = try await seconds {
            await withTaskGroup(of: Void.self) { group in
                for request in requests {
                    group.addTask { await rig.send(request, through: provider) }
                }
            }
            try await rig.ledger.waitForAll(count: requests.count, timeoutSeconds: 900)
        }
        // A late second call of a completion would show up now.
        try await Task.sleep(nanoseconds: 200_000_000)

        let ledger = rig.ledger
        #expect(ledger.calls.count == requests.count)
        #expect(ledger.calls.values.allSatisfy { $0 == 1 }, "a completion was called more than once")
        for request in requests {
            guard let outcome = ledger.outcomes[request.id] else {
                Issue.record("request \(request.id) never completed")
                continue
            }
            request.check(outcome)
        }
        let counts = rig.hooks.snapshot
        #expect(counts.began == counts.ended, "activity began \(counts.began), ended \(counts.ended)")
        #expect(counts.didReceive == counts.began)
        #expect(counts.process == counts.began, "process runs once for each request that was sent")
        #expect(counts.willSend >= counts.began)
        #expect(counts.loggedRequests == counts.willSend)
        #expect(counts.loggedResponses == counts.didReceive)
        #expect(hits.value <= counts.willSend - counts.resetSends, "the server never sees more than was sent")
        // libcurl sends a request again when the kept-alive connection it reused dies before any byte
        // of the answer, up to 5 times (docs/RELIABILITY.md).
        #expect(resetHits.value <= 6 * counts.resetSends)
        #expect(ledger.cancelledCount > 0 && ledger.cancelledCount < requests.count)
        let endedCancelled = ledger.outcomes.values.filter { outcome in
            if case .failure(let error) = outcome.result { return error.isCancelled }
            return false
        }
        #expect(!endedCancelled.isEmpty, "some cancellations took effect")
        #expect(endedCancelled.count <= ledger.cancelledCount)
        #expect(provider.inflights.count == 0)
        #expect(await leftoverTasks(of: rig.transport, server: server) == 0)
        #expect(elapsed < 900, "a deadlock, not a slow machine, takes this long")
    }

    @Test(arguments: TransportKind.allCases)
    func identicalRequestsCancelledAtRandomShareTransfersAndEachCompleteOnce(kind: TransportKind) async throws {
        let (server, hits) = try countingServer()
        defer { server.stop() }
        let rig = try StressRig(kind)
        let provider = rig.provider()
        var random = SplitMix64(seed: 42)
        let target = StressTarget(
            id: -1, baseURL: server.baseURL, path: "/echo", method: .get, query: ["delay": 150, "shared": 1],
            validationType: .successCodes)
        let requests = (0..<300).map { id in
            StressRequest(
                id: id, target: target.with(id: id), expectation: .success(200),
                cancelAfterMilliseconds: random.next(below: 2) == 0 ? Int(random.next(below: 200)) : nil,
                usesCompletionHandler: random.next(below: 2) == 0)
        }
        await withTaskGroup(of: Void.self) { group in
            for request in requests {
                group.addTask { await rig.send(request, through: provider) }
            }
        }
        try await rig.ledger.waitForAll(count: requests.count, timeoutSeconds: 900)
        try await Task.sleep(nanoseconds: 200_000_000)
        #expect(rig.ledger.calls.values.allSatisfy { $0 == 1 })
        #expect(rig.ledger.calls.count == requests.count)
        for request in requests {
            if let outcome = rig.ledger.outcomes[request.id] { request.check(outcome) }
        }
        let counts = rig.hooks.snapshot
        #expect(counts.began == counts.ended)
        #expect(counts.process == counts.began)
        #expect(hits.value < requests.count / 4, "identical requests shared their transfers")
        #expect(provider.inflights.count == 0)
        #expect(await leftoverTasks(of: rig.transport, server: server) == 0)
    }
}
