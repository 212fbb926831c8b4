import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport double: records every request and answers from a closure, with no network at all.
final class RecordingTransport: Transport, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [URLRequest] = []
    private let answer: @Sendable (URLRequest, Int) throws -> TransportResponse

    /// A transport that answers each request with `answer(request, index)`, `index` counting from 0.
    init(answer: @escaping @Sendable (URLRequest, Int) throws -> TransportResponse) {
        self.answer = answer
    }

    /// A transport that answers every request with `statusCode` and `body`.
    convenience init(statusCode: Int = 200, body: String = "") {
        self.init { request, _ in
            TransportResponse(statusCode: statusCode, url: request.url, data: Data(body.utf8))
        }
    }

    /// The requests sent so far.
    var requests: [URLRequest] {
        lock.withLock { recorded }
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let index = lock.withLock {
            recorded.append(request.urlRequest)
            return recorded.count - 1
        }
        return try answer(request.urlRequest, index)
    }
}

/// Records the order of plugin hooks.
final class HookRecorder: PluginType, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    let name: String

    init(name: String) {
        self.name = name
    }

    var events: [String] { lock.withLock { recorded } }

    private func record(_ event: String) {
        lock.withLock { recorded.append(event) }
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
