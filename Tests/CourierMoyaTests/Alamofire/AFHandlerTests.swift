import CourierMoya
import TestSupport
import Testing

/// Response handlers: their queues, several on one request, one added late, and `cURLDescription`.
@Suite struct AFHandlerTests {
    @Test func handlersRunOnTheMainQueueByDefaultAndOnTheGivenQueue() async {
        let main = await AFTest.value { done in
            AF.request(AFTest.url("/echo")).response { _ in done(AFTest.currentQueueName) }
        }
        #expect(main == "main")
        let queue = AFTest.queue(named: "handlers")
        let named = await AFTest.value { done in
            AF.request(AFTest.url("/echo")).responseData(queue: queue) { _ in done(AFTest.currentQueueName) }
        }
        #expect(named == "handlers")
    }

    @Test func everyHandlerGetsTheSameResponseInOrder() async throws {
        let order = EventList<String>()
        let queue = AFTest.queue(named: "ordered")
        let request = AF.request(AFTest.url("/echo?n=1"))
        let (data, echo, text) = await AFTest.value { done in
            var data: Data?
            var echo: Echo?
            request
                .responseData(queue: queue) {
                    order.append("data")
                    data = $0.value
                }
                .responseDecodable(of: Echo.self, queue: queue) {
                    order.append("decodable")
                    echo = $0.value
                }
                .responseString(queue: queue) {
                    order.append("string")
                    done((data, echo, $0.value))
                }
        }
        #expect(order.all == ["data", "decodable", "string"])
        let body = try #require(data)
        #expect(try JSONDecoder().decode(Echo.self, from: body) == echo)
        #expect(text == String(decoding: body, as: UTF8.self))
        #expect(echo?.query == "n=1")
    }

    @Test func aHandlerAddedAfterTheRequestIsDoneGetsTheResponse() async {
        let request = AF.request(AFTest.url("/echo"))
        let first = await AFTest.value { request.responseData(completionHandler: $0) }
        #expect(request.isFinished)
        let second = await AFTest.value { request.responseData(completionHandler: $0) }
        #expect(second.value == first.value)
        #expect(second.value != nil)
        #expect(request.isFinished)
    }

    @Test func cURLDescriptionWaitsForTheURLRequest() async {
        let request = AF.request(AFTest.url("/echo?name=ada"), method: .post, headers: ["X-Trace": "1"])
        let description = await AFTest.value { request.cURLDescription(calling: $0) }
        #expect(description.contains("curl"))
        #expect(description.contains("/echo?name=ada"))
        #expect(description.contains("X-Trace: 1"))
        #expect(request.cURLDescription() == description)
        request.cancel()
    }

    @Test func progressHandlersHearTheTransfer() async {
        let fractions = EventList<Double>()
        let queue = AFTest.queue(named: "progress")
        let response = await AFTest.value { done in
            AF.request(AFTest.url("/bytes/300000"))
                .downloadProgress(queue: queue) { fractions.append($0.fractionCompleted) }
                .responseData(queue: queue, completionHandler: done)
        }
        #expect(response.value?.count == 300_000)
        #expect(fractions.all.last == 1)
        #expect(fractions.all == fractions.all.sorted())
    }

    @Test func theResponseDescribesItsResult() async {
        let response = await AFTest.value { AF.request(AFTest.url("/status/201")).responseData(completionHandler: $0) }
        #expect(response.description.hasPrefix("success"))
        #expect(response.debugDescription.contains("[Response]: 201"))
        let mapped = response.map(\.count)
        #expect(mapped.value == response.value?.count)
        let failed = response.tryMap { _ -> Int in throw CocoaError(.fileNoSuchFile) }
        #expect(failed.error is CocoaError)
        #expect(response.mapError { $0 as Error }.value == response.value)
    }
}
