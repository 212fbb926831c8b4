import Courier
import Dispatch
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Moya-style completion-handler API.
@Suite struct CompletionAPITests {
    private static let queueKey = DispatchSpecificKey<String>()

    private func complete(
        _ provider: Provider<TestTarget>, _ target: TestTarget, queue: DispatchQueue? = nil
    ) async -> (Result<Response, CourierError>, String?) {
        await withCheckedContinuation { continuation in
            provider.request(target, callbackQueue: queue) { result in
                continuation.resume(returning: (result, DispatchQueue.getSpecific(key: Self.queueKey)))
            }
        }
    }

    @Test func completionRunsOnTheGivenQueue() async throws {
        let queue = DispatchQueue(label: "callbacks")
        queue.setSpecific(key: Self.queueKey, value: "callbacks")
        let (result, label) = await complete(Provider(), try TestTarget.loopback("/echo"), queue: queue)
        #expect(label == "callbacks")
        #expect(try result.get().statusCode == 200)
    }

    @Test func completionRunsOnTheProvidersQueueWhenTheCallNamesNone() async throws {
        let queue = DispatchQueue(label: "provider")
        queue.setSpecific(key: Self.queueKey, value: "provider")
        let (result, label) = await complete(Provider(callbackQueue: queue), try TestTarget.loopback("/echo"))
        #expect(label == "provider")
        #expect(try result.get().statusCode == 200)
    }

    @Test func completionRunsOnTheMainQueueByDefault() async throws {
        // On Linux the main queue may be served by a thread other than the first one, so the queue is
        // recognised by a key rather than by `Thread.isMainThread`.
        DispatchQueue.main.setSpecific(key: Self.queueKey, value: "main")
        let (result, label) = await complete(Provider(), try TestTarget.loopback("/echo"))
        #expect(label == "main")
        #expect(try result.get().statusCode == 200)
    }

    @Test func failuresReachTheCompletion() async throws {
        let target = try TestTarget.loopback("/status/500", validationType: .successCodes)
        let (result, _) = await complete(Provider(), target, queue: DispatchQueue(label: "q"))
        guard case .failure(.statusCode(let response)) = result else {
            Issue.record("expected a status code failure, got \(result)")
            return
        }
        #expect(response.statusCode == 500)
    }

    @Test func progressEndsWithACompletedReportCarryingTheResponse() async throws {
        let reports = Reports()
        let target = try TestTarget.loopback("/bytes/300000")
        let queue = DispatchQueue(label: "progress")
        let result: Result<Response, CourierError> = await withCheckedContinuation { continuation in
            Provider<TestTarget>().request(target, callbackQueue: queue, progress: { reports.append($0) }) {
                continuation.resume(returning: $0)
            }
        }
        let response = try result.get()
        #expect(response.data.count == 300_000)
        let all = reports.all
        #expect(all.last?.completed == true)
        #expect(all.last?.progress == 1)
        #expect(all.last?.response == response)
        let fractions = all.map(\.progress)
        #expect(fractions == fractions.sorted())
        #expect(all.dropLast().allSatisfy { !$0.completed && $0.response == nil })
    }

    @Test func progressStreamEndsWithTheResponse() async throws {
        let target = try TestTarget.loopback("/bytes/200000")
        var fractions: [Double] = []
        var last: ProgressResponse?
        for try await report in Provider<TestTarget>().requestWithProgress(target) {
            fractions.append(report.progress)
            last = report
        }
        #expect(fractions == fractions.sorted())
        #expect(last?.completed == true)
        #expect(last?.response?.data.count == 200_000)
    }

    @Test func progressStreamThrowsTheRequestError() async throws {
        let target = try TestTarget.loopback("/status/404", validationType: .successCodes)
        await #expect(throws: CourierError.self) {
            for try await _ in Provider<TestTarget>().requestWithProgress(target) {}
        }
    }

    /// The progress sequence throws `CourierError` as its static type: a typed `catch` needs no cast.
    @Test func progressErrorsAreCaughtAsCourierErrorWithoutACast() async throws {
        let target = try TestTarget.loopback("/status/404", validationType: .successCodes)
        var rejected: Response?
        do throws(CourierError) {
            for try await _ in Provider<TestTarget>().requestWithProgress(target) {}
        } catch .statusCode(let response) {
            rejected = response
        } catch {
            Issue.record("expected .statusCode, got \(error)")
        }
        #expect(rejected?.statusCode == 404)
    }

    /// Code that names the type Courier returned before, `AsyncThrowingStream`, still compiles and runs.
    @Test func theProgressStreamCanStillBeNamedAsAnAsyncThrowingStream() async throws {
        let target = try TestTarget.loopback("/bytes/1000")
        let stream: AsyncThrowingStream<ProgressResponse, any Error> = Provider<TestTarget>().requestWithProgress(
            target)
        var last: ProgressResponse?
        for try await report in stream { last = report }
        #expect(last?.response?.data.count == 1000)
    }
}
