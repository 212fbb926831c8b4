import Courier

/// A request that can be cancelled: what ``MoyaProvider/request(_:callbackQueue:progress:completion:)``
/// returns, Moya's `Cancellable`.
///
/// It may be cancelled from any thread, so it is `Sendable`; in the Swift 5 language mode a class of an
/// app's own conforms as it did with Moya.
@preconcurrency
public protocol Cancellable: Sendable {
    /// Whether the request has been cancelled.
    var isCancelled: Bool { get }
    /// Cancels the request; its completion is called with a cancellation error unless it had finished.
    func cancel()
}

/// A ``Cancellable`` that runs an action when it is first cancelled: Moya's `CancellableToken`, for
/// code (a stub, a method of an app's own) that hands out its own cancellable.
///
/// The action runs once, on the thread that first calls ``cancel()``; later calls do nothing.
public final class CancellableToken: Cancellable, CustomDebugStringConvertible, @unchecked Sendable {
    private let state: Locked<(cancelled: Bool, action: Unchecked<() -> Void>?)>
    private let requestDescription: Unchecked<(() -> String)?>

    /// Creates a token that runs `action` when it is cancelled.
    ///
    /// - Parameter action: What cancelling does, such as stopping a timer.
    public init(action: @escaping () -> Void) {
        state = Locked((false, Unchecked(action)))
        requestDescription = Unchecked(nil)
    }

    /// A token whose cancelling runs `action`, described by the `curl` command of its request.
    init(request describe: @escaping () -> String, action: @escaping () -> Void) {
        state = Locked((false, Unchecked(action)))
        requestDescription = Unchecked(describe)
    }

    /// Whether ``cancel()`` has been called.
    public var isCancelled: Bool {
        state.withLock { $0.cancelled }
    }

    /// Runs the action, the first time only.
    public func cancel() {
        let action = state.withLock { state in
            defer { state = (true, nil) }
            return state.action
        }
        action?.value()
    }

    /// The `curl` command of the request the token cancels, or `Empty Request` for a token made with
    /// ``init(action:)``.
    public var debugDescription: String {
        requestDescription.value?() ?? "Empty Request"
    }
}

/// The cancellable ``MoyaProvider/request(_:callbackQueue:progress:completion:)`` hands back before it
/// knows how the request will be made: cancelling it cancels what it comes to stand for.
final class CancellableWrapper: Cancellable, @unchecked Sendable {
    private let state = Locked<(cancelled: Bool, inner: Unchecked<Cancellable>?)>((false, nil))

    var isCancelled: Bool {
        state.withLock { $0.cancelled }
    }

    /// Makes it stand for `inner`, which is cancelled at once if this was.
    func wrap(_ inner: Cancellable) {
        let cancelNow = state.withLock { state -> Bool in
            state.inner = Unchecked(inner)
            return state.cancelled
        }
        if cancelNow { inner.cancel() }
    }

    func cancel() {
        let inner = state.withLock { state -> Unchecked<Cancellable>? in
            state.cancelled = true
            return state.inner
        }
        inner?.value.cancel()
    }
}
