import Courier

/// Sends the commands of one API and calls back with their responses: Moya's `MoyaProvider`, an open
/// class with Moya's initializer, overridable methods and behaviour.
///
/// ```swift
/// let provider = MoyaProvider<GitHub>(plugins: [NetworkLoggerPlugin()])
/// provider.request(.zen) { result in
///     switch result {
///     case .success(let response): print(try? response.mapString())
///     case .failure(let error): print(error.localizedDescription)
///     }
/// }
/// ```
///
/// Requests go out through Courier's pipeline and transport (libcurl on Linux), configured by the
/// ``Session``; stubs are answered as Moya answers them, an immediate stub without a callback queue
/// before ``request(_:callbackQueue:progress:completion:)`` returns.
open class MoyaProvider<Target: TargetType>: MoyaProviderType {
    /// Turns a target into an ``Endpoint``.
    public typealias EndpointClosure = (Target) -> Endpoint
    /// Receives the `URLRequest` a ``RequestClosure`` made, or the error that kept it from being made.
    public typealias RequestResultClosure = (Result<URLRequest, MoyaError>) -> Void
    /// Turns an ``Endpoint`` into a `URLRequest` and hands it to the callback, at once or later.
    public typealias RequestClosure = (Endpoint, @escaping RequestResultClosure) -> Void
    /// Says whether, and how, a target is stubbed.
    public typealias StubClosure = (Target) -> StubBehavior

    /// Turns a target into an ``Endpoint``.
    public let endpointClosure: EndpointClosure
    /// Turns an ``Endpoint`` into a `URLRequest`.
    public let requestClosure: RequestClosure
    /// Says whether, and how, a target is stubbed.
    public let stubClosure: StubClosure
    /// The session that carries the requests: its configuration, interceptor, trust and redirect rules.
    public let session: Session
    /// The plugins, run in array order.
    public let plugins: [PluginType]
    /// Whether a request whose endpoint equals one already in flight waits for that one's result
    /// instead of being sent, as Moya does (for every method).
    public let trackInflights: Bool

    /// The completions waiting for each endpoint in flight, when ``trackInflights`` is on.
    open var inflightRequests: [Endpoint: [Completion]] {
        inflights.withLock { $0.mapValues { $0.map(\.value) } }
    }

    /// Where completions run when a call names no queue; `nil` means the main queue.
    let callbackQueue: DispatchQueue?
    /// The completions waiting for each endpoint in flight.
    let inflights = Locked<[Endpoint: [Unchecked<Completion>]]>([:])
    /// Courier's provider, which sends the requests that are not stubbed.
    let engine: Courier.Provider<Target>

    /// Creates a provider.
    ///
    /// - Parameters:
    ///   - endpointClosure: Turns a target into an ``Endpoint``. Default: ``defaultEndpointMapping(for:)``.
    ///   - requestClosure: Turns an endpoint into a `URLRequest`. Default: ``defaultRequestMapping(for:closure:)``.
    ///   - stubClosure: Says which targets are stubbed. Default: ``neverStub(_:)``.
    ///   - callbackQueue: Where completions and progress run. Default: `nil`, the main queue.
    ///   - session: The session that carries the requests. Default: ``defaultAlamofireSession()``.
    ///   - plugins: Hooks around every request, in order. Default: none.
    ///   - trackInflights: Whether identical requests in flight share one. Default: `false`.
    public init(
        endpointClosure: @escaping EndpointClosure = MoyaProvider.defaultEndpointMapping,
        requestClosure: @escaping RequestClosure = MoyaProvider.defaultRequestMapping,
        stubClosure: @escaping StubClosure = MoyaProvider.neverStub,
        callbackQueue: DispatchQueue? = nil,
        session: Session = MoyaProvider<Target>.defaultAlamofireSession(),
        plugins: [PluginType] = [],
        trackInflights: Bool = false
    ) {
        self.endpointClosure = endpointClosure
        self.requestClosure = requestClosure
        self.stubClosure = stubClosure
        self.session = session
        self.plugins = plugins
        self.trackInflights = trackInflights
        self.callbackQueue = callbackQueue
        var interceptors: [any Courier.RequestInterceptor] = [
            PluginInterceptor<Target>(plugins: plugins, session: session)
        ]
        if let interceptor = session.interceptor {
            interceptors.append(SessionInterceptor(interceptor, session: session))
        }
        if session.hasEventMonitors {
            interceptors.append(EventInterceptor())
        }
        engine = Courier.Provider(
            stubClosure: Courier.Provider.neverStub, transport: session.transport, interceptors: interceptors)
    }

    /// The endpoint of `token`, from the ``endpointClosure``; every request asks for it here.
    open func endpoint(_ token: Target) -> Endpoint {
        endpointClosure(token)
    }

    /// Sends the request of `target` and calls `completion` with the result.
    ///
    /// - Parameters:
    ///   - target: The command to send.
    ///   - callbackQueue: Where `progress` and `completion` run. Default: the provider's queue, else the
    ///     main queue (an immediate stub with neither runs at once, before this returns).
    ///   - progress: Called as the transfer advances, and once more with the response. Default: none.
    ///   - completion: Called once with the result, also when the request is cancelled.
    /// - Returns: A handle whose `cancel()` stops the request.
    @discardableResult
    open func request(
        _ target: Target, callbackQueue: DispatchQueue? = .none, progress: ProgressBlock? = .none,
        completion: @escaping Completion
    ) -> Cancellable {
        let callbackQueue = callbackQueue ?? self.callbackQueue
        return requestNormal(target, callbackQueue: callbackQueue, progress: progress, completion: completion)
    }

    /// Answers a stubbed request of `target`: Moya's override point for stubs.
    ///
    /// The default lets the plugins prepare the request and hear that it is sent
    /// (``notifyPluginsOfImpendingStub(for:target:)``), then runs ``createStubFunction(_:forTarget:withCompletion:endpoint:plugins:request:)``:
    /// at once for an immediate stub (on `callbackQueue`, or on this thread when there is none), or after
    /// the delay on `callbackQueue` (else the main queue). An override does the same, as Moya's
    /// documentation says.
    ///
    /// - Parameters:
    ///   - target: The stubbed command.
    ///   - request: The request as the request closure made it.
    ///   - callbackQueue: Where the answer runs, or `nil` for the provider's queue.
    ///   - completion: Called once with the answer.
    ///   - endpoint: The endpoint of `target`.
    ///   - stubBehavior: How the stub answers.
    /// - Returns: A token whose cancelling ends the stub with a cancellation error.
    @discardableResult
    open func stubRequest(
        _ target: Target, request: URLRequest, callbackQueue: DispatchQueue?, completion: @escaping Completion,
        endpoint: Endpoint, stubBehavior: StubBehavior
    ) -> CancellableToken {
        let callbackQueue = callbackQueue ?? self.callbackQueue
        let cancellableToken = CancellableToken {}
        let preparedRequest = notifyPluginsOfImpendingStub(for: request, target: target)
        let stub = Unchecked(
            createStubFunction(
                cancellableToken, forTarget: target, withCompletion: completion, endpoint: endpoint, plugins: plugins,
                request: preparedRequest))
        switch stubBehavior {
        case .immediate, .never:
            if let callbackQueue {
                callbackQueue.async { stub.value() }
            } else {
                stub.value()
            }
        case .delayed(let seconds):
            let delay = seconds.isFinite ? max(0, min(seconds, 365 * 86_400)) : 365 * 86_400
            (callbackQueue ?? .main).asyncAfter(deadline: .now() + delay) { stub.value() }
        }
        return cancellableToken
    }
}
