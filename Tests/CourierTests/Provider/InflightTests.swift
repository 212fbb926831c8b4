import Courier
import Foundation
import LoopbackServer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `trackInflights`: identical GET/HEAD requests in flight at once share one transfer.
@Suite struct InflightTests {

    private func slowTarget(_ server: LoopbackServer, method: Method) -> TestTarget {
        TestTarget(
            baseURL: server.baseURL, path: "/echo", method: method,
            task: .requestParameters(parameters: ["delay": 400], encoding: URLEncoding.queryString))
    }

    @Test func identicalGetsShareOneTransfer() async throws {
        let (server, counter) = try countingServer()
        defer { server.stop() }
        let provider = Provider<TestTarget>(trackInflights: true)
        let target = slowTarget(server, method: .get)
        let responses = try await withThrowingTaskGroup(of: Response.self) { group in
            for _ in 0..<5 {
                group.addTask { try await provider.request(target) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(responses.count == 5)
        #expect(responses.allSatisfy { $0.statusCode == 200 })
        #expect(counter.value == 1)
    }

    @Test func postsAreNeverShared() async throws {
        let (server, counter) = try countingServer()
        defer { server.stop() }
        let provider = Provider<TestTarget>(trackInflights: true)
        let target = slowTarget(server, method: .post)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<3 {
                group.addTask { _ = try await provider.request(target) }
            }
            try await group.waitForAll()
        }
        #expect(counter.value == 3)
    }

    @Test func withoutTrackingEveryRequestIsSent() async throws {
        let (server, counter) = try countingServer()
        defer { server.stop() }
        let provider = Provider<TestTarget>()
        let target = slowTarget(server, method: .get)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<3 {
                group.addTask { _ = try await provider.request(target) }
            }
            try await group.waitForAll()
        }
        #expect(counter.value == 3)
    }

    @Test func cancellingOneWaiterLeavesTheOthersTheirResponse() async throws {
        let (server, counter) = try countingServer()
        defer { server.stop() }
        let provider = Provider<TestTarget>(trackInflights: true)
        let target = slowTarget(server, method: .get)
        let first = Task { () async throws(CourierError) -> Response in try await provider.request(target) }
        let second = Task { () async throws(CourierError) -> Response in try await provider.request(target) }
        try await Task.sleep(nanoseconds: 100_000_000)
        first.cancel()
        let firstOutcome = await first.result
        let secondOutcome = await second.result
        guard case .failure(let error) = firstOutcome else {
            Issue.record("the cancelled waiter succeeded")
            return
        }
        #expect((error as? CourierError)?.isCancelled == true)
        #expect(try secondOutcome.get().statusCode == 200)
        #expect(counter.value == 1)
    }

    @Test func cancellingEveryWaiterCancelsTheSharedTransfer() async throws {
        let (server, _) = try countingServer()
        defer { server.stop() }
        let provider = Provider<TestTarget>(trackInflights: true)
        let target = TestTarget(
            baseURL: server.baseURL, path: "/echo",
            task: .requestParameters(parameters: ["delay": 10_000], encoding: URLEncoding.default))
        let tasks = (0..<3).map { _ in
            Task(executorPreference: TimingExecutor.shared) { () async throws(CourierError) -> Response in
                try await provider.request(target)
            }
        }
        try await Task.sleep(nanoseconds: 100_000_000)
        let elapsed = await seconds {
            for task in tasks { task.cancel() }
            for task in tasks {
                if case .failure(let error) = await task.result {
                    #expect((error as? CourierError)?.isCancelled == true)
                } else {
                    Issue.record("a cancelled waiter succeeded")
                }
            }
        }
        #expect(elapsed < 5)
        // A new identical request starts a new transfer rather than joining the cancelled one.
        let fresh = TestTarget(baseURL: server.baseURL, path: "/echo")
        #expect(try await provider.request(fresh).statusCode == 200)
    }
}
