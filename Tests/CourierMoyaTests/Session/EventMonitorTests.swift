import CourierMoya
import Testing

/// A monitor that writes down what it hears, as apps log with one.
private final class Heard: EventMonitor, @unchecked Sendable {
    let queue = DispatchQueue(label: "monitor")
    private let lock = NSLock()
    private var events: [String] = []
    var all: [String] {
        queue.sync {}
        return lock.withLock { events }
    }
    private func add(_ event: String) { lock.withLock { events.append(event) } }

    func request(_ request: Request, didCreateInitialURLRequest urlRequest: URLRequest) { add("initial") }
    func request(_ request: Request, didCreateURLRequest urlRequest: URLRequest) { add("urlRequest") }
    func request(_ request: Request, didCreateTask task: URLSessionTask) { add("task") }
    func requestDidResume(_ request: Request) { add("resume") }
    func requestIsRetrying(_ request: Request) { add("retrying \(request.retryCount)") }
    func request(_ request: Request, didCompleteTask task: URLSessionTask, with error: AFError?) {
        add("complete \((task.response as? HTTPURLResponse)?.statusCode ?? 0) \(error == nil ? "ok" : "failed")")
    }
    func requestDidFinish(_ request: Request) { add("finish") }
}

@Suite struct EventMonitorTests {
    @Test func aSessionsMonitorsHearOfAProvidersRequestAndItsRetries() async throws {
        let heard = Heard()
        let session = Session(
            interceptor: RetryPolicy(retryLimit: 1, exponentialBackoffScale: 0.01), eventMonitors: [heard])
        _ = await send(MoyaProvider<Loopback>(session: session), .status(503))
        #expect(
            heard.all == [
                "initial", "resume", "urlRequest", "task", "retrying 1", "urlRequest", "task", "complete 503 failed",
                "finish",
            ])

        let ok = Heard()
        let response = try await send(MoyaProvider<Loopback>(session: Session(eventMonitors: [ok])), .echo).get()
        #expect(response.statusCode == 200)
        #expect(ok.all == ["initial", "resume", "urlRequest", "task", "complete 200 ok", "finish"])
    }
}
