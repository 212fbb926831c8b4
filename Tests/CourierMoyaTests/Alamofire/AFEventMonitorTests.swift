import CourierMoya
import Testing

/// The events a session's monitors hear of its requests.
@Suite struct AFEventMonitorTests {
    /// Records the name of each event, on its own queue.
    private final class Monitor: EventMonitor {
        let queue = DispatchQueue(label: "monitor")
        let events = EventList<String>()
        let tasks = EventList<URLSessionTask>()

        func request(_ request: Request, didCreateInitialURLRequest urlRequest: URLRequest) {
            events.append("didCreateInitialURLRequest")
        }
        func request(
            _ request: Request, didAdaptInitialRequest initialRequest: URLRequest, to adaptedRequest: URLRequest
        ) {
            events.append("didAdaptInitialRequest")
        }
        func request(_ request: Request, didCreateURLRequest urlRequest: URLRequest) {
            events.append("didCreateURLRequest")
        }
        func request(_ request: Request, didCreateTask task: URLSessionTask) {
            events.append("didCreateTask")
            tasks.append(task)
        }
        func request(_ request: Request, didCompleteTask task: URLSessionTask, with error: AFError?) {
            events.append(error == nil ? "didCompleteTask" : "didCompleteTask(error)")
            tasks.append(task)
        }
        func request(
            _ request: DataRequest, didValidateRequest urlRequest: URLRequest?, response: HTTPURLResponse, data: Data?,
            withResult result: Request.ValidationResult
        ) {
            events.append("didValidateRequest")
        }
        func requestIsRetrying(_ request: Request) { events.append("requestIsRetrying") }
        func requestDidResume(_ request: Request) { events.append("requestDidResume") }
        func requestDidCancel(_ request: Request) { events.append("requestDidCancel") }
        func requestDidFinish(_ request: Request) { events.append("requestDidFinish") }
        func request(_ request: DataRequest, didParseResponse response: DataResponse<Data?, AFError>) {
            events.append("didParseResponse(Data?)")
        }
        func request<Value>(_ request: DataRequest, didParseResponse response: DataResponse<Value, AFError>) {
            events.append("didParseResponse(\(Value.self))")
        }

        /// The events so far, once the monitor's queue has run those already sent to it.
        func recorded() async -> [String] {
            await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
            return events.all
        }
    }

    private func isOrdered(_ events: [String], _ expected: [String]) -> Bool {
        var rest = events[...]
        for event in expected {
            guard let index = rest.firstIndex(of: event) else { return false }
            rest = rest[(index + 1)...]
        }
        return true
    }

    @Test func aRequestTellsItsLifeInOrder() async {
        let monitor = Monitor()
        let session = Session(
            interceptor: Adapter { request, _, completion in completion(.success(request)) }, eventMonitors: [monitor])
        let response = await AFTest.value { done in
            session.request(AFTest.url("/echo")).validate().response { _ in }.responseString(completionHandler: done)
        }
        #expect(response.value != nil)
        let events = await monitor.recorded()
        #expect(events.contains("requestDidResume"))
        #expect(
            isOrdered(
                events,
                [
                    "didCreateInitialURLRequest", "didAdaptInitialRequest", "didCreateURLRequest", "didCreateTask",
                    "didValidateRequest", "didCompleteTask", "requestDidFinish", "didParseResponse(Data?)",
                    "didParseResponse(String)",
                ]), "\(events)")
        let tasks = monitor.tasks.all
        #expect(tasks.count == 2)
        #expect(tasks.last?.originalRequest?.url?.path == "/echo")
        #expect((tasks.last?.response as? HTTPURLResponse)?.statusCode == 200)
    }

    @Test func aRetryIsTold() async {
        let monitor = Monitor()
        let retrier = Retrier { request, _, _, completion in completion(request.retryCount < 1 ? .retry : .doNotRetry) }
        let session = Session(eventMonitors: [monitor])
        let response = await AFTest.value {
            session.request(AFTest.url("/status/500"), interceptor: retrier).validate().responseData(
                completionHandler: $0)
        }
        #expect(response.error?.responseCode == 500)
        let events = await monitor.recorded()
        #expect(
            isOrdered(
                events,
                [
                    "didCompleteTask", "requestIsRetrying", "didCreateInitialURLRequest", "didCompleteTask",
                    "requestDidFinish",
                ]),
            "\(events)")
        #expect(events.filter { $0 == "requestIsRetrying" }.count == 1)
    }

    @Test func aCancellationIsTold() async {
        let monitor = Monitor()
        let session = Session(startRequestsImmediately: false, eventMonitors: [monitor])
        let request = session.request(AFTest.url("/echo"))
        let response = await AFTest.value { done in
            request.responseData(completionHandler: done)
            request.cancel()
        }
        #expect(response.error?.isExplicitlyCancelledError == true)
        let events = await monitor.recorded()
        #expect(isOrdered(events, ["requestDidCancel", "requestDidFinish"]), "\(events)")
        #expect(!events.contains("requestDidResume"))
    }
}
