/// A value that is not `Sendable`, carried to another thread as Moya carried it: the closures of
/// Moya-shaped API (a `requestClosure` with a callback, a ``Completion``, a ``CancellableToken``'s
/// action), whose signatures have no `@Sendable` so that Swift 5 app code ports unchanged.
///
/// Courier calls each such closure once, and never from two threads at once; what the closure captures
/// is the caller's to keep safe, as it was with Moya.
struct UncheckedSendableBox<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
