import Dispatch
import Foundation
import LoopbackServer
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Cancelling a request at the very moment its response completes never deadlocks.
///
/// URLSession on Linux has two bugs in that race: its async conveniences deadlock
/// (swift-corelibs-foundation issue 5412), and a cancelled task that consults a `URLCache` can stop the
/// process (issue 3296). `URLSessionTransport` uses neither, and cancels without waiting. A deadlock would stop
/// every thread of the cooperative pool, this test's own included, so a watchdog thread ends the
/// process with a message instead of letting the run hang.
@Suite struct CancellationRaceTests {

    /// Rounds of requests cancelled all at once, a few microseconds after they start.
    private func cancelInRounds(
        rounds: Int, perRound: Int, target: TestTarget, provider: Provider<TestTarget>
    ) async -> (cancelled: Int, completed: Int) {
        var cancelled = 0
        var completed = 0
        for round in 0..<rounds {
            let outcomes = await withTaskGroup(of: Result<Response, CourierError>.self) { group in
                for _ in 0..<perRound {
                    group.addTask {
                        await result { () async throws(CourierError) in try await provider.request(target) }
                    }
                }
                // The delay moves the cancellation across the whole life of the requests.
                usleep(useconds_t(50 * (round % 20)))
                group.cancelAll()
                var outcomes: [Result<Response, CourierError>] = []
                for await outcome in group { outcomes.append(outcome) }
                return outcomes
            }
            for outcome in outcomes {
                switch outcome {
                case .failure(let error) where error.isCancelled: cancelled += 1
                default: completed += 1
                }
            }
        }
        return (cancelled, completed)
    }

    @Test(arguments: TransportKind.allCases)
    func cancellingAsConnectionsAreRefusedNeverDeadlocks(kind: TransportKind) async throws {
        let watchdog = Watchdog(seconds: 180, what: "cancelling refused requests")
        defer { watchdog.disarm() }
        let transport = try kind.make(configuration: .default)
        let provider = Provider<TestTarget>(transport: transport)
        let target = TestTarget(baseURL: try refusedURL(), path: "/echo")
        let counts = await cancelInRounds(rounds: 40, perRound: 50, target: target, provider: provider)
        #expect(counts.cancelled + counts.completed == 40 * 50)
        #expect(counts.cancelled > 0, "some requests were cancelled before they failed")
        #expect(await leftoverTasks(of: transport, server: nil) == 0)
    }

    @Test(arguments: TransportKind.allCases)
    func cancellingAsResponsesArriveNeverDeadlocks(kind: TransportKind) async throws {
        let watchdog = Watchdog(seconds: 180, what: "cancelling answered requests")
        defer { watchdog.disarm() }
        let server = try LoopbackServer()
        defer { server.stop() }
        let transport = try kind.make(configuration: .default)
        let provider = Provider<TestTarget>(transport: transport)
        let target = TestTarget(baseURL: server.baseURL, path: "/echo")
        let counts = await cancelInRounds(rounds: 40, perRound: 50, target: target, provider: provider)
        #expect(counts.cancelled + counts.completed == 40 * 50)
        #expect(counts.cancelled > 0)
        #expect(await leftoverTasks(of: transport, server: server) == 0)
    }

    @Test(arguments: TransportKind.allCases)
    func cancellingTransfersThatReportProgressNeverDeadlocks(kind: TransportKind) async throws {
        let watchdog = Watchdog(seconds: 180, what: "cancelling transfers with progress")
        defer { watchdog.disarm() }
        let server = try LoopbackServer()
        defer { server.stop() }
        let transport = try kind.make(configuration: .default)
        let provider = Provider<TestTarget>(transport: transport)
        let target = TestTarget(baseURL: server.baseURL, path: "/bytes/262144")
        let finished = Counter()
        let ended = Counter()
        for round in 0..<40 {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<25 {
                    group.addTask {
                        defer { ended.increment() }
                        do {
                            for try await report in provider.requestWithProgress(target) where report.completed {
                                finished.increment()
                            }
                        } catch {}
                    }
                }
                usleep(useconds_t(200 * (round % 20)))
                group.cancelAll()
            }
        }
        #expect(ended.value == 40 * 25)
        #expect(finished.value < 40 * 25, "some transfers were cancelled")
        #expect(await leftoverTasks(of: transport, server: server) == 0)
    }
}

/// Ends the process with a message unless disarmed within `seconds`: turns a deadlock into a failure.
private final class Watchdog: Sendable {
    private let disarmed = DispatchSemaphore(value: 0)

    init(seconds: Int, what: String) {
        let disarmed = disarmed
        Thread.detachNewThread {
            if disarmed.wait(timeout: .now() + .seconds(seconds)) == .timedOut {
                FileHandle.standardError.write(Data("DEADLOCK: \(what) did not finish in \(seconds) s\n".utf8))
                abort()
            }
        }
    }

    func disarm() {
        disarmed.signal()
    }
}
