import Courier
import Foundation

/// Waits until `start` calls the function it is handed, and returns the value of its first call; each
/// later call goes to `onLaterCall` with its number (2 for the second).
///
/// The value passes through a lock rather than through the continuation: a continuation resumed on
/// another thread before it is awaited (an immediate stub answered on a callback queue) orders nothing
/// that ThreadSanitizer sees, and reading the value afterwards was reported as a race.
package func firstValue<Value>(
    _ start: (@escaping (Value) -> Void) -> Void, onLaterCall: @escaping (Int) -> Void = { _ in }
) async -> Value {
    let box = HandOff<Value>()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        start { value in
            let call = box.put(value)
            if call == 1 {
                continuation.resume()
            } else {
                onLaterCall(call)
            }
        }
    }
    return box.first()
}

/// The first value handed over, behind a lock.
private final class HandOff<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var calls = 0
    private var value: Value?

    /// Records `value` if it is the first; returns the number of this call.
    func put(_ value: Value) -> Int {
        lock.withLock {
            calls += 1
            if calls == 1 { self.value = value }
            return calls
        }
    }

    /// The first value; only called once it was put.
    func first() -> Value {
        lock.withLock {
            guard let value else { preconditionFailure("resumed before a value was handed over") }
            return value
        }
    }
}
