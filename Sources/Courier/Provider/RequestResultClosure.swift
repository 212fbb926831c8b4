import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Provider {
    /// Receives the `URLRequest` made by a Moya-style `requestClosure`, or the error that stopped it:
    /// Moya's `MoyaProvider.RequestResultClosure`.
    ///
    /// Unlike Moya's it is `@Sendable`: Courier makes it and the app only calls it, so the app may call
    /// it from any thread (after a token refresh on another queue, say), also in Swift 6 code.
    public typealias RequestResultClosure = @Sendable (Result<URLRequest, CourierError>) -> Void

    /// A Moya-style `requestClosure`, which hands its result to a callback, as the async
    /// ``RequestClosure`` the pipeline runs.
    ///
    /// The request waits for the first call of the callback; later calls are ignored, so that a closure
    /// that calls back twice cannot resume the request twice.
    static func asyncRequestClosure(
        _ closure: @escaping (Endpoint, @escaping RequestResultClosure) -> Void
    ) -> RequestClosure {
        let box = UncheckedSendableBox(closure)
        return { endpoint in
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<URLRequest, any Error>) in
                let answered = Locked(false)
                box.value(endpoint) { result in
                    let isFirst = answered.withLock { answered in
                        defer { answered = true }
                        return !answered
                    }
                    guard isFirst else { return }
                    continuation.resume(with: result.mapError { $0 as any Error })
                }
            }
        }
    }
}
