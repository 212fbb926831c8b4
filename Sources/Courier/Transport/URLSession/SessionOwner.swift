import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Owns a ``URLSessionTransport``'s session and delegate, what the transport keeps of its configuration,
/// and the queue that cancels its tasks; invalidates the session when the transport goes.
final class SessionOwner: Sendable {
    let session: URLSession
    let delegate: SessionDelegate
    let policy: TransportPolicy
    /// The resource timeout Courier enforces itself (see ``ResourceDeadline``), or `nil` for none.
    let resourceTimeout: TimeInterval?
    /// The configuration's `timeoutIntervalForRequest`.
    private let requestTimeout: TimeInterval
    private let cookies: StoredCookies
    /// The names, lowercased, of the configuration's `httpAdditionalHeaders`.
    private let additionalHeaderNames: Set<String>

    init(configuration: URLSessionConfiguration, policy: TransportPolicy, userDelegate: (any URLSessionDelegate)?) {
        self.policy = policy
        resourceTimeout = ResourceDeadline.limit(for: configuration)
        requestTimeout = configuration.timeoutIntervalForRequest
        additionalHeaderNames = Set(
            (configuration.httpAdditionalHeaders ?? [:]).keys.compactMap { ($0 as? String)?.lowercased() })
        cookies = StoredCookies(
            storage: configuration.httpShouldSetCookies ? configuration.httpCookieStorage : nil)
        let configuration = (configuration.copy() as? URLSessionConfiguration) ?? configuration
        // FoundationNetworking converts the request timeout with `Int(seconds) * 1000`, which traps on
        // `.infinity`, on a number that large and on NaN: the session gets what Courier reads the value
        // as (see ``TransportRequest/clampedTimeout(_:)``).
        configuration.timeoutIntervalForRequest = TransportRequest.clampedTimeout(requestTimeout)
        #if canImport(FoundationNetworking)
            // URLSession on Linux can stop the process when a task that looks its response up in a
            // URLCache is cancelled: the cancellation, deferred until the cache answers, reports its
            // failure for a task the session has already dropped (swift-corelibs-foundation issue
            // 3296). Courier's sessions there keep no URLCache.
            configuration.urlCache = nil
        #endif
        let delegate = SessionDelegate(userDelegate: userDelegate)
        let queue = OperationQueue()
        queue.name = "Courier.URLSessionTransport"
        queue.maxConcurrentOperationCount = 1
        self.delegate = delegate
        #if canImport(FoundationNetworking)
            session = GuardedSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
        #else
            session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
        #endif
    }

    /// The task `make` makes in the session, or `nil`, without calling it, once the session has been
    /// invalidated: URLSession stops the process when a task is made in an invalidated session.
    ///
    /// On Linux the session notes its invalidation as it is asked for, and no task is made while it
    /// happens. On Apple platforms the delegate hears of it a moment later, so a task made in between
    /// is URLSession's to refuse.
    func makeTask(_ make: (URLSession) -> URLSessionTask) -> URLSessionTask? {
        #if canImport(FoundationNetworking)
            if let guarded = session as? GuardedSession {
                return guarded.unlessInvalidated { make(guarded) }
            }
        #endif
        guard !delegate.isInvalidated else { return nil }
        return make(session)
    }

    /// How long each wait for data of `request` may take, the response head's once its body is sent
    /// included: its ``TransportRequest/timeout``, else the configuration's, as ``CurlTransport`` reads them.
    func headTimeout(for request: TransportRequest) -> TimeInterval {
        request.requestTimeout(configured: requestTimeout)
    }

    /// `request` with Courier's ``DefaultHeaders`` where neither it nor the configuration sets them.
    func addingDefaultHeaders(to request: inout URLRequest) {
        for field in DefaultHeaders.fields
        where !additionalHeaderNames.contains(field.lowercased) && request.value(forHTTPHeaderField: field.name) == nil
        {
            request.setValue(field.value, forHTTPHeaderField: field.name)
        }
    }

    /// `request` with the cookies the session's storage holds for its URL, unless it sets `Cookie`
    /// itself: URLSession on Linux adds them to a task's first request only, not to the redirects its
    /// delegate lets it follow. Apple platforms add them to every hop themselves.
    func addingStoredCookies(to request: URLRequest) -> URLRequest {
        #if canImport(FoundationNetworking)
            guard request.httpShouldHandleCookies, request.value(forHTTPHeaderField: "Cookie") == nil,
                let url = request.url, let stored = cookies.storage?.cookies(for: url), !stored.isEmpty
            else { return request }
            var request = request
            for (name, value) in HTTPCookie.requestHeaderFields(with: stored) {
                request.setValue(value, forHTTPHeaderField: name)
            }
            return request
        #else
            return request
        #endif
    }

    /// Where the session's tasks are made, resumed and cancelled, one after the other.
    private let control = DispatchQueue(label: "Courier.URLSessionTransport.control")

    /// Runs `work`, which makes, resumes or cancels tasks, on the session's control queue, in order,
    /// without waiting for it.
    ///
    /// URLSession on Linux does each of these with `sync` on one work queue that every session of the
    /// process shares, where it also reads sockets and decodes bodies; so each can block its thread for
    /// as long as another transfer keeps that queue busy (a large gzip body: seconds). Hence:
    /// - Not in the caller: on Swift's cooperative pool, whose threads are as many as the cores (two
    ///   here), two blocked calls stall every task of the process. A cancellation handler, besides,
    ///   runs while the Swift runtime holds the cancelled task's lock, which URLSession's work queue may
    ///   need to resume that task: a deadlock (swift-corelibs-foundation issue 5412).
    /// - Not on the delegate queue: when a fast transfer makes it lag behind its progress callbacks, a
    ///   cancellation would wait for all of them while the transfer goes on.
    /// - Not on a global queue: a burst (a thousand requests cancelled at once) took the threads that
    ///   URLSession's own timers need, delaying timeouts by seconds.
    ///
    /// One serial queue per session blocks at most one thread, and only for the work queue.
    func control(_ work: @escaping @Sendable () -> Void) {
        control.async(execute: work)
    }

    /// Cancels `task` without waiting, on the control queue (see ``control(_:)``).
    func cancel(_ task: URLSessionTask) {
        control { task.cancel() }
    }

    deinit {
        session.finishTasksAndInvalidate()
    }
}

/// The session's cookie storage, when it sends cookies; thread-safe by contract, though not marked
/// `Sendable`.
private struct StoredCookies: @unchecked Sendable {
    let storage: HTTPCookieStorage?
}

#if canImport(FoundationNetworking)
    /// A session that notes, as it is asked for, that it is being invalidated, so that no task is made in
    /// it afterwards (FoundationNetworking stops the process with `fatalError("Session invalidated")`).
    private final class GuardedSession: URLSession, @unchecked Sendable {
        private let invalidated = Locked(false)

        /// What `make` returns, or `nil` once the session is invalidated; no invalidation starts while
        /// `make` runs.
        func unlessInvalidated(_ make: () -> URLSessionTask) -> URLSessionTask? {
            invalidated.withLock { invalidated in invalidated ? nil : make() }
        }

        override func invalidateAndCancel() {
            invalidated.withLock { $0 = true }
            super.invalidateAndCancel()
        }

        override func finishTasksAndInvalidate() {
            invalidated.withLock { $0 = true }
            super.finishTasksAndInvalidate()
        }
    }
#endif
