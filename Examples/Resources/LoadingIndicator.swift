import Courier
import Foundation

/// A loading indicator that stays on while any request that shows it is in flight.
///
/// Driven by a ``NetworkActivityPlugin`` (see ``plugin``); a real app would show a spinner where this
/// records its changes.
public final class LoadingIndicator: Sendable {
    private struct State {
        var inFlight = 0
        var changes: [Bool] = []
    }

    private let state = LockedState(State())
    private let onChange: @Sendable (Bool) -> Void

    /// Creates an indicator that calls `onChange` each time it turns on or off.
    public init(onChange: @escaping @Sendable (Bool) -> Void = { _ in }) {
        self.onChange = onChange
    }

    /// Whether the indicator is on.
    public var isVisible: Bool { state.withLock { $0.inFlight > 0 } }

    /// Every change so far: `true` for on, `false` for off.
    public var changes: [Bool] { state.withLock { $0.changes } }

    /// The plugin that drives this indicator for the resource commands that show it.
    public var plugin: NetworkActivityPlugin {
        NetworkActivityPlugin { [self] change, target in
            guard (target as? ResourceAPI)?.showsLoadingIndicator ?? true else { return }
            update(by: change == .began ? 1 : -1)
        }
    }

    private func update(by delta: Int) {
        let change = state.withLock { state -> Bool? in
            let wasVisible = state.inFlight > 0
            state.inFlight += delta
            let isVisible = state.inFlight > 0
            guard wasVisible != isVisible else { return nil }
            state.changes.append(isVisible)
            return isVisible
        }
        if let change { onChange(change) }
    }
}

/// A value behind a lock.
final class LockedState<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
