import CourierMoya
import TestSupport

/// Helpers of the Alamofire request tests: URLs on the loopback server, and the first value a
/// callback API hands over, awaited.
enum AFTest {
    /// `path` (with its query) on the loopback server.
    static func url(_ path: String) -> String {
        TestServer.baseURL.absoluteString + path
    }

    /// Waits for the first value `register` passes to its callback.
    static func value<Value>(_ register: (@escaping (Value) -> Void) -> Void) async -> Value {
        await firstValue(register)
    }

    /// A serial queue that knows its name, and the key to ask it with.
    static let queueKey = DispatchSpecificKey<String>()

    static func queue(named name: String) -> DispatchQueue {
        let queue = DispatchQueue(label: name)
        queue.setSpecific(key: queueKey, value: name)
        return queue
    }

    private static let mainIsNamed: Bool = {
        DispatchQueue.main.setSpecific(key: queueKey, value: "main")
        return true
    }()

    /// The name of the queue the caller runs on, if it is one of ``queue(named:)``'s or the main queue.
    static var currentQueueName: String? {
        _ = mainIsNamed
        return DispatchQueue.getSpecific(key: queueKey)
    }
}

/// Values appended from any thread.
final class EventList<Value> {
    private let lock = NSLock()
    private var values: [Value] = []

    /// Appends `value`; how many values there are with it.
    @discardableResult
    func append(_ value: Value) -> Int {
        lock.lock()
        defer { lock.unlock() }
        values.append(value)
        return values.count
    }

    var all: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}
