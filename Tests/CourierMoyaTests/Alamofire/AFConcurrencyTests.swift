import CourierMoya
import TestSupport
import Testing

/// The `async` forms: `serializingData()`, `serializingString()`, `serializingDecodable(_:)`.
@Suite struct AFConcurrencyTests {
    @Test func serializingDecodableGivesTheValue() async throws {
        let echo = try await AF.request(AFTest.url("/echo?page=3")).serializingDecodable(Echo.self).value
        #expect(echo.query == "page=3")
    }

    @Test func serializingStringAndDataGiveTheBody() async throws {
        let text = try await AF.request(AFTest.url("/respond?body=hello")).serializingString().value
        #expect(text == "hello")
        let task = AF.request(AFTest.url("/bytes/2048")).serializingData()
        let response = await task.response
        #expect(response.response?.statusCode == 200)
        #expect(try await task.value.count == 2048)
        #expect(try await task.result.get() == response.value)
    }

    @Test func aFailedValidationIsThrown() async {
        do {
            _ = try await AF.request(AFTest.url("/status/418")).validate().serializingData().value
            Issue.record("expected an error")
        } catch {
            #expect(error.asAFError?.responseCode == 418)
        }
    }

    @Test func cancellingTheDataTaskCancelsTheRequest() async {
        let request = AF.request(AFTest.url("/echo?delay=20000"))
        let task = request.serializingData()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { task.cancel() }
        let result = await task.result
        #expect(result.failure?.isExplicitlyCancelledError == true)
        #expect(request.isCancelled)
    }

    @Test func cancellingTheAwaitingTaskCancelsTheRequest() async {
        let request = AF.request(AFTest.url("/echo?delay=20000"))
        let waiting = _Concurrency.Task { try await request.serializingString().value }
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { waiting.cancel() }
        let result = await waiting.result
        #expect((try? result.get()) == nil)
        #expect(request.isCancelled)
    }
}

extension Result {
    fileprivate var failure: Failure? {
        guard case .failure(let error) = self else { return nil }
        return error
    }
}
