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
///
/// On Linux the session keeps no `URLCache`, whatever the configuration says: URLSession there can
/// stop the process when a request that consults the cache is cancelled (swift-corelibs-foundation
/// issue 3296), and Courier never trades a crash for a cache.
public final class URLSessionTransport: Transport {
    private let owner: SessionOwner
    /// The rules for redirects and response sizes.
    public let policy: TransportPolicy

    /// A transport over a session with the `.default` configuration.
    public convenience init() {
        self.init(configuration: .default)
    }

    /// A transport over a session with the given configuration.
    public init(configuration: URLSessionConfiguration, policy: TransportPolicy = TransportPolicy()) {
        owner = SessionOwner(configuration: configuration)
        self.policy = policy
    }

    /// A transport over a session with the configuration of `session`.
    ///
    /// The given session's delegate is not used: Courier's own delegate drives every transfer.
    public convenience init(session: URLSession, policy: TransportPolicy = TransportPolicy()) {
        self.init(configuration: session.configuration, policy: policy)
    }

    /// The session that carries the requests.
    public var session: URLSession { owner.session }

    /// Sends `request` through the session; see ``Transport/send(_:)``.
    ///
    /// The session configuration's `timeoutIntervalForResource` bounds the whole transfer: when it is
    /// shorter than a day, a transfer still running after it fails with `URLError(.timedOut)`, as on
    /// Apple platforms (URLSession on Linux does not enforce it, so a body that never ends, trickling
    /// in, would otherwise never fail). `timeoutIntervalForRequest` bounds each wait for data.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        guard let limit = owner.resourceTimeout else { return try await sendUnbounded(request) }
        return try await ResourceDeadline.run(seconds: limit) { try await self.sendUnbounded(request) }
    }

    /// ``send(_:)`` without the resource deadline.
    private func sendUnbounded(_ request: TransportRequest) async throws -> TransportResponse {
        if request.progress == nil {
            return try await CompletionTask.send(request, in: owner)
        }
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
    /// The resource timeout Courier enforces itself (see ``ResourceDeadline``), or `nil` for none.
    let resourceTimeout: TimeInterval?

    init(configuration: URLSessionConfiguration) {
        resourceTimeout = ResourceDeadline.limit(for: configuration)
        #if canImport(FoundationNetworking)
            // URLSession on Linux can stop the process when a task that looks its response up in a
            // URLCache is cancelled: the cancellation, deferred until the cache answers, reports its
            // failure for a task the session has already dropped (swift-corelibs-foundation issue
            // 3296). Courier's sessions there keep no URLCache.
            let configuration = (configuration.copy() as? URLSessionConfiguration) ?? configuration
            configuration.urlCache = nil
        #endif
        let delegate = SessionDelegate()
        let queue = OperationQueue()
        queue.name = "Courier.URLSessionTransport"
        queue.maxConcurrentOperationCount = 1
        self.delegate = delegate
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    /// Where cancellations run, one after the other.
    private let cancellations = DispatchQueue(label: "Courier.URLSessionTransport.cancellations")

    /// Cancels `task` without waiting, on a queue of its own.
    ///
    /// - Not in the caller: a cancellation handler runs while the Swift runtime holds the cancelled
    ///   task's lock, and `URLSessionTask.cancel()` waits for URLSession's work queue, which may be
    ///   waiting for that lock to resume the task: a deadlock (swift-corelibs-foundation issue 5412).
    /// - Not on the delegate queue: when a fast transfer makes it lag behind its progress callbacks, the
    ///   cancellation would wait for all of them while the transfer goes on.
    /// - Not on a global queue: each `cancel()` blocks its thread until URLSession's work queue takes
    ///   it, and a burst of them (a thousand requests cancelled at once) took the threads that
    ///   URLSession's own timers need, delaying timeouts by seconds.
    ///
    /// One serial queue per session blocks at most one thread, and only for that session's work queue.
    func cancel(_ task: URLSessionTask) {
        cancellations.async { task.cancel() }
    }

    deinit {
        session.finishTasksAndInvalidate()
    }
}
