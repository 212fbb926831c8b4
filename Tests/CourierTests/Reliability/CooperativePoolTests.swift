import Foundation
import TestSupport
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Courier never blocks a thread of Swift's cooperative pool (as many as the cores: two here, so two
/// blocked calls stall every task of the process).
@Suite(.serialized) struct CooperativePoolTests {
    #if canImport(FoundationNetworking)
        /// URLSession on Linux makes and resumes tasks with `sync` on one work queue that every session of
        /// the process shares. Here another session's request holds that queue for a few seconds (as a
        /// large gzip body does while it is decoded) while requests go out through a
        /// `URLSessionTransport`: the pool still runs other work at once.
        @Test func requestsThroughURLSessionDoNotBlockThePoolWhileURLSessionsQueueIsBusy() async throws {
            let holding = URLSessionConfiguration.ephemeral
            holding.protocolClasses = [HoldingProtocol.self]
            let busySession = URLSession(configuration: holding)
            defer { busySession.invalidateAndCancel() }
            // Resumed off the pool: its protocol's `startLoading` holds the shared work queue.
            let held = DispatchSemaphore(value: 0)
            HoldingProtocol.started.withLock { $0 = held }
            DispatchQueue.global().async {
                busySession.dataTask(with: URL(fileURLWithPath: "/held")).resume()
            }
            #expect(await Self.wait(for: held, seconds: 30), "the protocol started")

            // The requests and a probe share one thread (an executor of one, standing for the pool's
            // two): a request that blocks it in URLSession delays the probe until the queue is free.
            let thread = TimingExecutor(threads: 1)
            let transport = URLSessionTransport(configuration: .ephemeral)
            let provider = Provider<TestTarget>(transport: transport)
            let requests = try (0..<3).map { _ in
                let target = try TestTarget.loopback("/echo")
                return Task(executorPreference: thread) { try await provider.request(target) }
            }
            try await Task.sleep(for: .milliseconds(300))
            let started = ContinuousClock.now
            let probe = await Task(executorPreference: thread) { ContinuousClock.now }.value
            #expect(
                probe - started < .seconds(HoldingProtocol.holdSeconds / 2),
                "the thread of the requests was held \(probe - started) while URLSession's queue was busy")
            for request in requests {
                #expect(try await request.value.statusCode == 200)
            }
        }

        /// Whether `semaphore` is signalled within `seconds`, waited for off the pool.
        private static func wait(for semaphore: DispatchSemaphore, seconds: Double) async -> Bool {
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(returning: semaphore.wait(timeout: .now() + seconds) == .success)
                }
            }
        }
    #endif
}

#if canImport(FoundationNetworking)
    /// A protocol whose loading holds URLSession's work queue for ``holdSeconds``, then fails.
    private final class HoldingProtocol: URLProtocol {
        static let holdSeconds = 6.0
        static let started = Locked<DispatchSemaphore?>(nil)

        override class func canInit(with request: URLRequest) -> Bool { true }
        override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

        override func startLoading() {
            _ = Self.started.withLock { $0?.signal() }
            Thread.sleep(forTimeInterval: Self.holdSeconds)
            client?.urlProtocol(self, didFailWithError: URLError(.cancelled))
        }

        override func stopLoading() {}
    }
#endif
