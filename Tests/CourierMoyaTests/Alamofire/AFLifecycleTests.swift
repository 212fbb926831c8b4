import CourierMoya
import Testing

/// When a request starts and how it ends when cancelled.
@Suite struct AFLifecycleTests {
    @Test func aSessionThatStartsRequestsImmediatelyStartsOneWithItsFirstHandler() async {
        let request = AF.request(AFTest.url("/echo"))
        #expect(request.isInitialized)
        let response = await AFTest.value { done in
            request.responseData(completionHandler: done)
            #expect(request.isResumed)
        }
        #expect(response.response?.statusCode == 200)
    }

    @Test func aSessionThatDoesNotStartRequestsWaitsForResume() async throws {
        let session = Session(startRequestsImmediately: false)
        let request = session.request(AFTest.url("/echo"))
        let calls = EventList<AFDataResponse<Data>>()
        request.responseData { calls.append($0) }
        try await _Concurrency.Task.sleep(nanoseconds: 500_000_000)
        #expect(calls.all.isEmpty)
        #expect(request.isInitialized)
        #expect(request.response == nil)
        let response = await AFTest.value { done in
            request.responseData(completionHandler: done)
            request.resume()
        }
        #expect(response.response?.statusCode == 200)
        #expect(calls.all.count == 1)
    }

    @Test func cancellingARequestThatWasNeverResumedEndsItAsCancelled() async {
        let session = Session(startRequestsImmediately: false)
        let request = session.request(AFTest.url("/echo"))
        let response = await AFTest.value { done in
            request.responseData(completionHandler: done)
            request.cancel()
        }
        #expect(response.error?.isExplicitlyCancelledError == true)
        #expect(request.isCancelled)
        #expect(request.response == nil)
    }

    @Test func cancellingARequestInFlightEndsItAsCancelled() async {
        let request = AF.request(AFTest.url("/echo?delay=20000"))
        let response = await AFTest.value { done in
            request.responseData(completionHandler: done)
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { request.cancel() }
        }
        #expect(response.error?.isExplicitlyCancelledError == true)
        #expect(request.isCancelled)
        #expect(request.error?.isExplicitlyCancelledError == true)
    }

    @Test func cancelAllRequestsCancelsEveryRequestOfTheSession() async {
        let session = Session()
        let first = session.request(AFTest.url("/echo?delay=20000"))
        let second = session.request(AFTest.url("/echo?delay=20000"))
        first.resume()
        second.resume()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { session.cancelAllRequests() }
        let one = await AFTest.value { first.response(completionHandler: $0) }
        let two = await AFTest.value { second.response(completionHandler: $0) }
        #expect(one.error?.isExplicitlyCancelledError == true)
        #expect(two.error?.isExplicitlyCancelledError == true)
        #expect(first.isCancelled && second.isCancelled)
    }

    @Test func cancellingAFinishedRequestChangesNothing() async {
        let request = AF.request(AFTest.url("/echo"))
        let response = await AFTest.value { request.responseData(completionHandler: $0) }
        request.cancel()
        #expect(request.isFinished)
        #expect(request.error == nil)
        #expect(response.error == nil)
    }
}
