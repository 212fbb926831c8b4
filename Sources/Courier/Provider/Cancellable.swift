/// A request that can be cancelled; returned by the completion-handler ``Provider`` API.
public protocol Cancellable: Sendable {
    /// Whether ``cancel()`` has been called.
    var isCancelled: Bool { get }
    /// Cancels the request. Its completion is called with a cancelled ``CourierError`` unless it had
    /// already finished.
    func cancel()
}

/// The ``Cancellable`` of a request running in a Swift task.
struct CancellableTask: Cancellable {
    let task: Task<Void, Never>

    var isCancelled: Bool { task.isCancelled }

    func cancel() {
        task.cancel()
    }
}
