import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `began` and `ended` come in pairs, one per request, however the request ends.
@Suite struct NetworkActivityPluginTests {
    private func activity() -> (NetworkActivityPlugin, EventLog) {
        let log = EventLog()
        let plugin = NetworkActivityPlugin { change, target in
            log.append("\(change == .began ? "began" : "ended") \(target.path)")
        }
        return (plugin, log)
    }

    @Test func aSuccessfulRequestBeginsAndEnds() async throws {
        let (plugin, log) = activity()
        _ = try await Provider<TestTarget>(plugins: [plugin]).request(try TestTarget.loopback("/echo"))
        #expect(log.events == ["began /echo", "ended /echo"])
    }

    @Test func aFailedRequestEnds() async throws {
        let (plugin, log) = activity()
        let target = try TestTarget.loopback("/status/500", validationType: .successCodes)
        await #expect(throws: CourierError.self) { try await Provider<TestTarget>(plugins: [plugin]).request(target) }
        #expect(log.events == ["began /status/500", "ended /status/500"])
    }

    @Test func aRetriedRequestBeginsOnceAndEndsOnce() async throws {
        let (plugin, log) = activity()
        let provider = Provider<TestTarget>(
            plugins: [plugin], interceptors: [RetryPolicy(exponentialBackoffScale: 0.01, jitter: 0)])
        _ = try await provider.request(try TestTarget.loopback("/status/503"))
        #expect(log.events == ["began /status/503", "ended /status/503"])
    }

    @Test func aCancelledRequestEnds() async throws {
        let (plugin, log) = activity()
        let provider = Provider<TestTarget>(plugins: [plugin])
        let target = try TestTarget.loopback(
            "/echo", task: .requestParameters(parameters: ["delay": 10_000], encoding: URLEncoding.default))
        let task = Task { () async throws(CourierError) -> Response in try await provider.request(target) }
        try await Task.sleep(nanoseconds: 200_000_000)
        task.cancel()
        _ = await task.result
        #expect(log.events == ["began /echo", "ended /echo"])
    }

    @Test func aRequestThatFailsBeforeSendingNeitherBeginsNorEnds() async throws {
        let (plugin, log) = activity()
        let target = try TestTarget.loopback(
            "/echo", method: .post,
            task: .requestParameters(parameters: ["x": Double.nan], encoding: JSONEncoding.default))
        await #expect(throws: CourierError.self) { try await Provider<TestTarget>(plugins: [plugin]).request(target) }
        #expect(log.events.isEmpty)
    }

    @Test func manyConcurrentRequestsStayBalanced() async throws {
        let (plugin, log) = activity()
        let provider = Provider<TestTarget>(plugins: [plugin])
        let target = try TestTarget.loopback("/echo")
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    let task = Task { _ = try await provider.request(target) }
                    if index % 3 == 0 { task.cancel() }
                    _ = await task.result
                }
            }
        }
        let began = log.events.filter { $0.hasPrefix("began") }.count
        let ended = log.events.filter { $0.hasPrefix("ended") }.count
        #expect(began == ended)
        #expect(began > 0)
    }
}
