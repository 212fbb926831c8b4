import Courier

/// Carries the requests of a ``MoyaProvider``: Alamofire's `Session`, with its initializer and settings,
/// mapped onto a Courier transport.
///
/// ```swift
/// let configuration = URLSessionConfiguration.af.default
/// configuration.timeoutIntervalForRequest = 20
/// let session = Session(configuration: configuration, interceptor: TokenInterceptor())
/// let provider = MoyaProvider<GitHub>(session: session)
/// ```
///
/// The configuration's timeouts, additional headers, cookies, connections per host and proxies, the
/// ``ServerTrustManager``'s evaluators (per host) and the ``RedirectHandler`` become the settings of the
/// transport that sends the requests: a `CurlTransport` on Linux (a `URLSessionTransport` when libcurl
/// cannot be loaded, and on Apple platforms). ``session`` is a `URLSession` with the same configuration
/// and ``delegate``; invalidating it (`session.session.invalidateAndCancel()`) ends the requests in
/// flight with ``AFError/sessionInvalidated(error:)`` and refuses new ones, as Alamofire's does.
open class Session {
    /// The session of `AF`: the `.af.default` configuration. (Its state is behind locks, so sharing the
    /// one instance is safe.)
    nonisolated(unsafe) public static let `default` = Session()

    /// A `URLSession` of this session's configuration and delegate.
    public let session: URLSession
    /// The delegate of ``session``.
    public let delegate: SessionDelegate
    /// The queue the session's work is ordered on.
    public let rootQueue: DispatchQueue
    /// Whether a request starts as soon as it has a response handler. Moya starts its requests itself.
    public let startRequestsImmediately: Bool
    /// The queue requests are made on.
    public let requestQueue: DispatchQueue
    /// The queue responses are read on.
    public let serializationQueue: DispatchQueue
    /// Adapts and retries every request of the session.
    public let interceptor: RequestInterceptor?
    /// Which servers are trusted, by host.
    public let serverTrustManager: ServerTrustManager?
    /// What is done with redirects.
    public let redirectHandler: RedirectHandler?
    /// What is done with responses a cache would keep. (Courier's transports keep none.)
    public let cachedResponseHandler: CachedResponseHandler?
    /// The monitors that hear of every request's events.
    public let eventMonitor: CompositeEventMonitor
    /// The monitors every session has: none that a Moya app needs.
    public let defaultEventMonitors: [EventMonitor] = []

    /// The transport that sends the requests.
    let transport: any Transport
    /// The requests in flight, and whether the session was invalidated.
    private let flights = Locked(Flights())

    private struct Flights {
        var tasks: [UUID: _Concurrency.Task<Void, Never>] = [:]
        var invalidation: Invalidation?
    }

    /// How the session was invalidated.
    struct Invalidation {
        let error: Error?
    }

    /// Creates a session around `session`, whose configuration and delegate it uses.
    ///
    /// - Parameters:
    ///   - session: The `URLSession` whose configuration the requests follow.
    ///   - delegate: The session's delegate; it should be `session`'s.
    ///   - rootQueue: The queue the session's work is ordered on.
    ///   - startRequestsImmediately: Whether a request starts as soon as it has a response handler.
    ///     Default: `true`.
    ///   - requestQueue: The queue requests are made on. Default: `rootQueue`.
    ///   - serializationQueue: The queue responses are read on. Default: `rootQueue`.
    ///   - interceptor: Adapts and retries every request. Default: none.
    ///   - serverTrustManager: Which servers are trusted, by host. Default: none, the system's CA store.
    ///   - redirectHandler: What is done with redirects. Default: none, they are followed.
    ///   - cachedResponseHandler: What is done with cacheable responses. Default: none.
    ///   - eventMonitors: Monitors of every request's events. Default: none.
    public init(
        session: URLSession, delegate: SessionDelegate, rootQueue: DispatchQueue, startRequestsImmediately: Bool = true,
        requestQueue: DispatchQueue? = nil, serializationQueue: DispatchQueue? = nil,
        interceptor: RequestInterceptor? = nil, serverTrustManager: ServerTrustManager? = nil,
        redirectHandler: RedirectHandler? = nil, cachedResponseHandler: CachedResponseHandler? = nil,
        eventMonitors: [EventMonitor] = []
    ) {
        self.session = session
        self.delegate = delegate
        self.rootQueue = rootQueue
        self.startRequestsImmediately = startRequestsImmediately
        self.requestQueue = requestQueue ?? rootQueue
        self.serializationQueue = serializationQueue ?? rootQueue
        self.interceptor = interceptor
        self.serverTrustManager = serverTrustManager
        self.redirectHandler = redirectHandler
        self.cachedResponseHandler = cachedResponseHandler
        eventMonitor = CompositeEventMonitor(monitors: eventMonitors)
        transport = Self.transport(
            configuration: session.configuration, trustManager: serverTrustManager, redirects: redirectHandler)
        delegate.session = self
    }

    /// Creates a session with `configuration`: Alamofire's initializer.
    ///
    /// - Parameters:
    ///   - configuration: Timeouts, headers, cookies, connections per host and proxies. Default:
    ///     `URLSessionConfiguration.af.default`, with Alamofire's default headers.
    ///   - delegate: The delegate of ``session``. Default: a new ``SessionDelegate``.
    ///   - rootQueue: The queue the session's work is ordered on. Default: a new serial queue.
    ///   - startRequestsImmediately: Whether a request starts as soon as it has a response handler.
    ///     Default: `true`.
    ///   - requestQueue: The queue requests are made on. Default: `rootQueue`.
    ///   - serializationQueue: The queue responses are read on. Default: `rootQueue`.
    ///   - interceptor: Adapts and retries every request. Default: none.
    ///   - serverTrustManager: Which servers are trusted, by host. Default: none, the system's CA store.
    ///   - redirectHandler: What is done with redirects. Default: none, they are followed.
    ///   - cachedResponseHandler: What is done with cacheable responses. Default: none.
    ///   - eventMonitors: Monitors of every request's events. Default: none.
    public convenience init(
        configuration: URLSessionConfiguration = URLSessionConfiguration.af.default,
        delegate: SessionDelegate = SessionDelegate(),
        rootQueue: DispatchQueue = DispatchQueue(label: "org.alamofire.session.rootQueue"),
        startRequestsImmediately: Bool = true, requestQueue: DispatchQueue? = nil,
        serializationQueue: DispatchQueue? = nil, interceptor: RequestInterceptor? = nil,
        serverTrustManager: ServerTrustManager? = nil, redirectHandler: RedirectHandler? = nil,
        cachedResponseHandler: CachedResponseHandler? = nil, eventMonitors: [EventMonitor] = []
    ) {
        let delegateQueue = OperationQueue()
        delegateQueue.maxConcurrentOperationCount = 1
        delegateQueue.underlyingQueue = rootQueue
        delegateQueue.name = "org.alamofire.session.sessionDelegateQueue"
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: delegateQueue)
        self.init(
            session: session, delegate: delegate, rootQueue: rootQueue,
            startRequestsImmediately: startRequestsImmediately,
            requestQueue: requestQueue, serializationQueue: serializationQueue, interceptor: interceptor,
            serverTrustManager: serverTrustManager, redirectHandler: redirectHandler,
            cachedResponseHandler: cachedResponseHandler, eventMonitors: eventMonitors)
    }

    deinit {
        cancelTasks()
        session.finishTasksAndInvalidate()
    }

    /// The configuration of ``session``.
    public var sessionConfiguration: URLSessionConfiguration { session.configuration }

    /// Cancels every request in flight; each fails with ``AFError/explicitlyCancelled``. `completion` runs
    /// on `queue` once they have been told.
    ///
    /// - Parameters:
    ///   - queue: Where `completion` runs. Default: the main queue.
    ///   - completion: Called once every request in flight has been cancelled. Default: none.
    public func cancelAllRequests(completingOnQueue queue: DispatchQueue = .main, completion: (() -> Void)? = nil) {
        cancelTasks()
        if let completion {
            let completion = Unchecked(completion)
            queue.async { completion.value() }
        }
    }

    private func cancelTasks() {
        let tasks = flights.withLock { $0.tasks.values }
        for task in tasks {
            task.cancel()
        }
    }

    /// Starts `work` as a request of the session, which ``cancelAllRequests(completingOnQueue:completion:)``
    /// and invalidation cancel.
    func start(_ work: @escaping @Sendable () async -> Void) -> _Concurrency.Task<Void, Never> {
        let id = UUID()
        let registry = flights
        return flights.withLock { flights in
            let task = _Concurrency.Task {
                await work()
                registry.withLock { _ = $0.tasks.removeValue(forKey: id) }
            }
            flights.tasks[id] = task
            return task
        }
    }

    /// The error the session refuses `request` with before it is sent, as Alamofire does: the session
    /// was invalidated, or the request is a `GET` with a body.
    func refusal(of request: URLRequest) -> AFError? {
        if let invalidation = flights.withLock({ $0.invalidation }) {
            return .sessionInvalidated(error: invalidation.error)
        }
        do {
            try request.validate()
        } catch let error as AFError {
            return error
        } catch {
            return .urlRequestValidationFailed(reason: .bodyDataInGETRequest(request.httpBody ?? Data()))
        }
        return nil
    }

    /// How the session was invalidated, or `nil` while it is valid.
    var invalidation: Invalidation? {
        flights.withLock { $0.invalidation }
    }

    /// Marks the session invalid and cancels what is in flight: ``session`` became invalid.
    func didBecomeInvalid(with error: Error?) {
        flights.withLock { $0.invalidation = Invalidation(error: error) }
        cancelTasks()
    }

    /// The transport for `configuration` under these rules.
    private static func transport(
        configuration: URLSessionConfiguration, trustManager: ServerTrustManager?, redirects: RedirectHandler?
    ) -> any Transport {
        var policy = TransportPolicy()
        if let redirector = redirects as? Redirector, case .doNotFollow = redirector.behavior {
            policy.maximumRedirects = 0
        }
        #if os(Linux)
            let trust = trustManager?.trustPolicy ?? .system
            if let curl = try? CurlTransport(configuration: configuration, policy: policy, trust: trust) {
                guard let trustManager else { return curl }
                return TrustRoutingTransport(manager: trustManager, base: curl, configuration: configuration)
            }
        #endif
        #if canImport(Security)
            // The platform asks a delegate about each server's trust: the manager's evaluators answer.
            if let trustManager {
                return URLSessionTransport(
                    configuration: configuration, policy: policy,
                    delegate: TrustChallengeDelegate(manager: trustManager))
            }
        #endif
        return URLSessionTransport(configuration: configuration, policy: policy)
    }
}

/// The delegate of a ``Session``'s `URLSession`: Alamofire's `SessionDelegate`. It tells the session when
/// its `URLSession` becomes invalid.
open class SessionDelegate: NSObject, URLSessionDelegate, @unchecked Sendable {
    /// The file manager downloads are moved with.
    public let fileManager: FileManager
    /// The session this delegate's `URLSession` belongs to.
    weak var session: Session?

    /// Creates a delegate.
    ///
    /// - Parameter fileManager: The file manager downloads are moved with. Default: `.default`.
    public init(fileManager: FileManager = .default) {
        self.fileManager = fileManager
    }

    /// Tells the session that its `URLSession` was invalidated: requests in flight end with
    /// ``AFError/sessionInvalidated(error:)`` and new ones are refused.
    open func urlSession(_ session: URLSession, didBecomeInvalidWithError error: Error?) {
        self.session?.didBecomeInvalid(with: error)
    }
}
