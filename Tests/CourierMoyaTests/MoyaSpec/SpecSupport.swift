import CourierMoya
import TestSupport
import Testing

/// A value the specs' callbacks write from whatever thread they run on, and the test reads.
final class Recorder<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    func update(_ change: (inout Value) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        change(&stored)
    }

    func set(_ value: Value) {
        update { $0 = value }
    }
}

extension Recorder {
    /// Appends `element` to a recorded array.
    func append<Element>(_ element: Element) where Value == [Element] {
        update { $0.append(element) }
    }
}

/// Whether `condition` holds within `seconds`, checked every 10 ms.
func eventually(within seconds: Double = 10, _ condition: () -> Bool) async -> Bool {
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
    while !condition() {
        guard DispatchTime.now().uptimeNanoseconds < deadline else { return false }
        try? await _Concurrency.Task.sleep(nanoseconds: 10_000_000)
    }
    return true
}

/// Sends `target` through `provider` and waits for the completion.
func send<Target: TargetType>(
    _ provider: MoyaProvider<Target>, _ target: Target, callbackQueue: DispatchQueue? = nil,
    progress: ProgressBlock? = nil
) async -> Result<Response, MoyaError> {
    await answer { done in
        provider.request(target, callbackQueue: callbackQueue, progress: progress) { done($0) }
    }
}

/// Names the queue a callback runs on, as Moya's specs read queue labels: each queue a spec makes is
/// marked with its label, and the main queue with `main`.
enum QueueName {
    private static let key = DispatchSpecificKey<String>()

    /// A new serial queue, marked with `label`.
    static func serialQueue(_ label: String) -> DispatchQueue {
        let queue = DispatchQueue(label: label)
        queue.setSpecific(key: key, value: label)
        return queue
    }

    /// A new concurrent queue, marked with `label`.
    static func concurrentQueue(_ label: String) -> DispatchQueue {
        let queue = DispatchQueue(label: label, attributes: .concurrent)
        queue.setSpecific(key: key, value: label)
        return queue
    }

    /// Marks the main queue `main`. (On Linux the main queue may run on a thread other than the first,
    /// so `Thread.isMainThread` does not tell.)
    static func markMainQueue() {
        DispatchQueue.main.setSpecific(key: key, value: "main")
    }

    /// The mark of the queue the caller runs on, or `nil` for a queue no spec marked.
    static var current: String? {
        DispatchQueue.getSpecific(key: key)
    }
}

/// A plugin that records what it hears, marks each request it prepares, and sets the status code of every
/// successful response it processes to -1: the plugin of Moya's specs.
final class RecordingPlugin: PluginType, @unchecked Sendable {
    private let lock = NSLock()
    private var sentRequest: (RequestType, TargetType)?
    private var receivedResult: Result<Response, MoyaError>?
    private var sawPreparedRequest = false

    /// The request `willSend` heard of, and its target.
    var request: (RequestType, TargetType)? { locked { sentRequest } }
    /// The result `didReceive` heard of.
    var result: Result<Response, MoyaError>? { locked { receivedResult } }
    /// Whether the request `willSend` heard of had passed through `prepare`.
    var didPrepare: Bool { locked { sawPreparedRequest } }

    func prepare(_ request: URLRequest, target: TargetType) -> URLRequest {
        var request = request
        request.addValue("yes", forHTTPHeaderField: "prepared")
        return request
    }

    func willSend(_ request: RequestType, target: TargetType) {
        // Read without regard to case: Foundation on Linux stores the field as `Prepared`, where Moya's
        // spec (on Darwin) reads `allHTTPHeaderFields?["prepared"]`.
        let prepared = request.request?.value(forHTTPHeaderField: "prepared") == "yes"
        locked {
            sentRequest = (request, target)
            sawPreparedRequest = prepared
        }
    }

    func didReceive(_ result: Result<Response, MoyaError>, target: TargetType) {
        locked { receivedResult = result }
    }

    func process(_ result: Result<Response, MoyaError>, target: TargetType) -> Result<Response, MoyaError> {
        guard case .success(let response) = result else { return result }
        return .success(
            Response(statusCode: -1, data: response.data, request: response.request, response: response.response))
    }

    private func locked<Value>(_ body: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}

extension Result {
    /// The failure, or `nil` for a success.
    var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }

    /// The success, or `nil` for a failure.
    var value: Success? {
        try? get()
    }
}

/// Whether `error` is `.underlying` of the URL loading system's cancellation error, with no response:
/// how Moya ends a stub, or a request not yet sent, that was cancelled.
func isURLCancellation(_ error: MoyaError?) -> Bool {
    guard case .underlying(let underlying, nil)? = error else { return false }
    let nsError = underlying as NSError
    return nsError.domain == NSURLErrorDomain && nsError.code == NSURLErrorCancelled
}
