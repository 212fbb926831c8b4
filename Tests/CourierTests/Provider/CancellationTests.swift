import Courier
import Dispatch
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Cancelling a request stops its HTTP transfer promptly, through either API.
@Suite struct CancellationTests {
    let provider = Provider<TestTarget>()

    @Test func cancellingTheSwiftTaskStopsTheRequest() async throws {
        let target = try TestTarget.loopback(
            "/echo", task: .requestParameters(parameters: ["delay": 10_000], encoding: URLEncoding.default))
        // All on the timing threads: on a busy cooperative pool the pause before cancelling could last
        // longer than the server's delay, and the request would end before it is cancelled.
        try await onTimingThreads {
            let task = Task(executorPreference: TimingExecutor.shared) { () async throws(CourierError) -> Response in
                try await provider.request(target)
            }
            try await Task.sleep(nanoseconds: 200_000_000)
            let elapsed = await seconds {
                task.cancel()
                let outcome = await task.result
                if case .success(let response) = outcome {
                    let body = String(decoding: response.data, as: UTF8.self)
                    Issue.record("a cancelled request succeeded: \(response.statusCode) \(body)")
                    return
                }
                guard case .failure(let error) = outcome else { return }
                #expect((error as? CourierError)?.isCancelled == true)
                #expect((error as? CourierError)?.response == nil)
            }
            // The server answers only after 10 s: ending well before shows the transfer was stopped.
            #expect(elapsed < 8)
        }
    }

    @Test func cancellingMidBodyStopsTheRequest() async throws {
        let target = try TestTarget.loopback(
            "/slow-body/1000000", task: .requestParameters(parameters: ["interval": 50], encoding: URLEncoding.default))
        let task = Task { () async throws(CourierError) -> Response in try await provider.request(target) }
        try await Task.sleep(nanoseconds: 300_000_000)
        task.cancel()
        let outcome = await task.result
        guard case .failure(let error) = outcome else {
            Issue.record("a cancelled request succeeded")
            return
        }
        #expect((error as? CourierError)?.isCancelled == true)
    }

    @Test func cancellableStopsTheRequestAndCompletesOnce() async throws {
        let target = try TestTarget.loopback(
            "/echo", task: .requestParameters(parameters: ["delay": 10_000], encoding: URLEncoding.default))
        let calls = Counter()
        let outcome: Result<Response, CourierError> = await withCheckedContinuation { continuation in
            let cancellable = provider.request(target, callbackQueue: DispatchQueue(label: "test")) { result in
                calls.increment()
                continuation.resume(returning: result)
            }
            #expect(!cancellable.isCancelled)
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) {
                cancellable.cancel()
                #expect(cancellable.isCancelled)
            }
        }
        guard case .failure(let error) = outcome else {
            Issue.record("a cancelled request succeeded")
            return
        }
        #expect(error.isCancelled)
        try await Task.sleep(nanoseconds: 200_000_000)
        #expect(calls.value == 1)
    }

    @Test func alreadyCancelledTaskNeverSends() async throws {
        let transport = ScriptedTransport()
        let provider = Provider<TestTarget>(transport: transport)
        let target = TestTarget(baseURL: URL(string: "https://api.example.com")!, path: "x")
        let task = Task { () async throws(CourierError) -> Response in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await provider.request(target)
        }
        let outcome = await task.result
        #expect((try? outcome.get()) == nil)
        #expect(transport.requests.isEmpty)
    }
}
