/// A ``Cancellable`` that runs an action when it is first cancelled: Moya's `CancellableToken`, for
/// code (a custom provider method, a stub) that hands out its own cancellable.
///
/// The action runs once, on the thread that first calls ``cancel()``; later calls do nothing.
public final class CancellableToken: Cancellable, CustomDebugStringConvertible {
    private let action: Locked<UncheckedSendableBox<() -> Void>?>

    /// Creates a token that runs `action` when it is cancelled.
    ///
    /// - Parameter action: What cancelling does, such as stopping a timer. It is not `@Sendable`, as
    ///   Moya's is not.
    public init(action: @escaping () -> Void) {
        self.action = Locked(UncheckedSendableBox(action))
    }

    /// Whether ``cancel()`` has been called.
    public var isCancelled: Bool {
        action.withLock { $0 == nil }
    }

    /// Runs the action, the first time only.
    public func cancel() {
        let action = action.withLock { action in
            defer { action = nil }
            return action
        }
        action?.value()
    }

    /// `Cancellable token (cancelled)` or `Cancellable token (not cancelled)`.
    public var debugDescription: String {
        "Cancellable token (\(isCancelled ? "cancelled" : "not cancelled"))"
    }
}
