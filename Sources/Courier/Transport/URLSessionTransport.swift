import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The ``Transport`` that sends requests with `URLSession`.
///
/// Transfers are driven by a session delegate, the only way to get upload and download progress on
/// Linux. Because of that the transport owns its session: ``init(session:)`` takes the configuration of
/// the given session (timeouts, headers, cookies, cache, proxies) for a session of its own.
/// Cancelling the Swift task that awaits ``send(_:)`` cancels the `URLSessionTask` at once.
public struct URLSessionTransport: Transport {
    private let owner: SessionOwner

    /// A transport over a session with the `.default` configuration.
    public init() {
        self.init(configuration: .default)
    }

    /// A transport over a session with the given configuration.
    public init(configuration: URLSessionConfiguration) {
        owner = SessionOwner(configuration: configuration)
    }

    /// A transport over a session with the configuration of `session`.
    ///
    /// The given session's delegate is not used: Courier's own delegate drives every transfer.
    public init(session: URLSession) {
        self.init(configuration: session.configuration)
    }

    /// The session that carries the requests.
    public var session: URLSession { owner.session }

    /// Sends `request` through the session; see ``Transport/send(_:)``.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let transfer = Transfer(request: request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                transfer.start(on: owner, continuation: continuation)
            }
        } onCancel: {
            transfer.cancel()
        }
    }
}

/// Owns the session and its delegate, and invalidates the session when the last transport copy goes.
final class SessionOwner: Sendable {
    let session: URLSession
    let delegate: SessionDelegate

    init(configuration: URLSessionConfiguration) {
        let delegate = SessionDelegate()
        let queue = OperationQueue()
        queue.name = "Courier.URLSessionTransport"
        queue.maxConcurrentOperationCount = 1
        self.delegate = delegate
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }
}
