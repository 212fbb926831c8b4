import Foundation

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A thread-safe counter.
final class Counter: Sendable {
    private let count = Locked(0)

    func increment() {
        count.withLock { $0 += 1 }
    }

    var value: Int { count.withLock { $0 } }
}

/// Progress reports collected from any thread.
final class Reports: Sendable {
    private let reports = Locked<[ProgressResponse]>([])

    func append(_ report: ProgressResponse) {
        reports.withLock { $0.append(report) }
    }

    var all: [ProgressResponse] { reports.withLock { $0 } }
}

/// Events in the order they happened, appended from any thread.
final class EventLog: Sendable {
    private let recorded = Locked<[String]>([])

    func append(_ event: String) {
        recorded.withLock { $0.append(event) }
    }

    var events: [String] { recorded.withLock { $0 } }
}

/// A plugin that records the hooks it hears, in order (`prepare`, `willSend`, `didReceive`, `process`),
/// and marks each request it prepares with an `X-Prepared-By: <name>` header. Given a shared `log`, it
/// also writes `<name>.<hook>` there, so that the order across several plugins shows.
final class HookRecorder: PluginType, Sendable {
    let name: String
    private let own = EventLog()
    private let shared: EventLog?

    init(name: String, log: EventLog? = nil) {
        self.name = name
        self.shared = log
    }

    /// The hooks heard so far.
    var events: [String] { own.events }

    /// The attempts heard so far (one `willSend` each).
    var attempts: Int { events.filter { $0 == "willSend" }.count }

    private func record(_ hook: String) {
        own.append(hook)
        shared?.append("\(name).\(hook)")
    }

    func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest {
        record("prepare")
        var request = request
        request.addValue(name, forHTTPHeaderField: "X-Prepared-By")
        return request
    }

    func willSend(_ request: any RequestType, target: any TargetType) {
        record("willSend")
    }

    func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
        record("didReceive")
    }

    func process(_ result: Result<Response, CourierError>, target: any TargetType) -> Result<Response, CourierError> {
        record("process")
        return result
    }
}
