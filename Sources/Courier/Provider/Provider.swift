import Dispatch
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends the commands of one API, described by `Target`, and hands back their responses.
///
/// ```swift
/// let provider = Provider<GitHub>()
/// let zen = try await provider.request(.zen).mapString()
/// ```
///
/// Each request travels one path (see `RequestPipeline.swift`): `endpointClosure` → `requestClosure`
/// → for each attempt: interceptors adapt → plugins prepare and willSend → stub or transport →
/// validation → interceptors decide on a retry; then plugins didReceive and process → caller.
///
/// The class is open so that an app can subclass it as it subclassed Moya's `MoyaProvider` (to add
/// default plugins, say). Its stored state is immutable; a subclass that adds mutable state must keep
/// it safe to use from any thread, and restates `@unchecked Sendable` to say so.
open class Provider<Target: TargetType>: @unchecked Sendable {
    /// Turns a target into an ``Endpoint``.
    public typealias EndpointClosure = @Sendable (Target) -> Endpoint
    /// Turns an ``Endpoint`` into the `URLRequest` to send; may suspend (to read a token, say).
    public typealias RequestClosure = @Sendable (Endpoint) async throws -> URLRequest
    /// Says whether a target is stubbed.
    public typealias StubClosure = @Sendable (Target) -> StubBehavior

    /// Turns a target into an ``Endpoint``.
    public let endpointClosure: EndpointClosure
    /// Turns an ``Endpoint`` into a `URLRequest`.
    public let requestClosure: RequestClosure
    /// Says whether a target is stubbed.
    public let stubClosure: StubClosure
    /// Moves the bytes of requests that are not stubbed.
    public let transport: any Transport
    /// Where completion handlers run when a call names no queue; `nil` means the main queue.
    public let callbackQueue: DispatchQueue?
    /// The plugins, run in array order.
    public let plugins: [any PluginType]
    /// The interceptors, run in array order.
    public let interceptors: [any RequestInterceptor]
    /// Whether identical `GET` and `HEAD` requests in flight at once share one transfer.
    public let trackInflights: Bool
    /// How long each request may wait for data, in seconds, for targets whose
    /// ``TargetType/timeoutInterval`` is `nil`; `nil` leaves the transport's timeout.
    public let timeout: TimeInterval?
    /// The session given to a `session:` initializer, Moya's `session`; `nil` for a provider made with a
    /// transport.
    ///
    /// Its configuration and delegate serve the requests, which travel over a session of the
    /// ``URLSessionTransport``'s own, made from it: invalidating this one stops none of them.
    public let session: Session?

    let inflights = InflightRequests()

    /// Creates a provider.
    ///
    /// - Parameters:
    ///   - endpointClosure: Turns a target into an ``Endpoint``. Default: ``defaultEndpointMapping(for:)``.
    ///   - requestClosure: Turns an endpoint into a `URLRequest`. Default: ``defaultRequestMapping(for:)``.
    ///     An error it throws fails the request (a non-Courier error as ``CourierError/underlying(_:_:)``).
    ///   - stubClosure: Says which targets are stubbed. Default: ``neverStub(_:)``.
    ///   - transport: Sends requests that are not stubbed. Default: ``DefaultTransport/shared``, a
    ///     ``CurlTransport`` on Linux and a ``URLSessionTransport`` on Apple platforms.
    ///   - callbackQueue: Where completion handlers run. Default: `nil`, the main queue.
    ///   - plugins: Hooks around every request, in order. Default: none.
    ///   - interceptors: Adapt every attempt and decide on retries, in order. Default: none.
    ///   - trackInflights: Share one transfer among identical `GET`/`HEAD` requests in flight. Default: `false`.
    public init(
        endpointClosure: @escaping EndpointClosure = Provider.defaultEndpointMapping(for:),
        requestClosure: @escaping RequestClosure = Provider.defaultRequestMapping(for:),
        stubClosure: @escaping StubClosure = Provider.neverStub,
        transport: any Transport = DefaultTransport.shared,
        callbackQueue: DispatchQueue? = nil,
        plugins: [any PluginType] = [],
        interceptors: [any RequestInterceptor] = [],
        trackInflights: Bool = false
    ) {
        self.endpointClosure = endpointClosure
        self.requestClosure = requestClosure
        self.stubClosure = stubClosure
        self.transport = transport
        self.callbackQueue = callbackQueue
        self.plugins = plugins
        self.interceptors = interceptors
        self.trackInflights = trackInflights
        timeout = nil
        session = nil
    }

    /// Creates a provider whose requests wait at most `timeout` seconds for data, unless their target
    /// says otherwise (``TargetType/timeoutInterval``).
    ///
    /// ```swift
    /// let provider = Provider<GitHub>(plugins: [NetworkLoggerPlugin()], timeout: 15)
    /// ```
    ///
    /// The other parameters are those of ``init(endpointClosure:requestClosure:stubClosure:transport:callbackQueue:plugins:interceptors:trackInflights:)``.
    public init(
        endpointClosure: @escaping EndpointClosure = Provider.defaultEndpointMapping(for:),
        requestClosure: @escaping RequestClosure = Provider.defaultRequestMapping(for:),
        stubClosure: @escaping StubClosure = Provider.neverStub,
        transport: any Transport = DefaultTransport.shared,
        callbackQueue: DispatchQueue? = nil,
        plugins: [any PluginType] = [],
        interceptors: [any RequestInterceptor] = [],
        trackInflights: Bool = false,
        timeout: TimeInterval
    ) {
        self.endpointClosure = endpointClosure
        self.requestClosure = requestClosure
        self.stubClosure = stubClosure
        self.transport = transport
        self.callbackQueue = callbackQueue
        self.plugins = plugins
        self.interceptors = interceptors
        self.trackInflights = trackInflights
        self.timeout = timeout
        session = nil
    }

    /// Creates a provider that sends its requests with `session`: Moya's initializer.
    ///
    /// Requests go through ``URLSessionTransport/init(session:policy:)``, over a session with the
    /// configuration and delegate of `session`. A subclass may override this initializer with these
    /// labels and call it with `super.init`.
    ///
    /// - Parameters:
    ///   - endpointClosure: Turns a target into an ``Endpoint``. Default: ``defaultEndpointMapping(for:)``.
    ///   - requestClosure: Turns an endpoint into a `URLRequest`. Default: ``defaultRequestMapping(for:)``.
    ///   - stubClosure: Says which targets are stubbed. Default: ``neverStub(_:)``.
    ///   - callbackQueue: Where completion handlers run. Default: `nil`, the main queue.
    ///   - session: The session whose configuration and delegate carry the requests, such as
    ///     ``defaultSession()``.
    ///   - plugins: Hooks around every request, in order. Default: none.
    ///   - trackInflights: Share one transfer among identical `GET`/`HEAD` requests in flight. Default: `false`.
    public init(
        endpointClosure: @escaping EndpointClosure = Provider.defaultEndpointMapping(for:),
        requestClosure: @escaping RequestClosure = Provider.defaultRequestMapping(for:),
        stubClosure: @escaping StubClosure = Provider.neverStub,
        callbackQueue: DispatchQueue? = nil,
        session: Session,
        plugins: [any PluginType] = [],
        trackInflights: Bool = false
    ) {
        self.endpointClosure = endpointClosure
        self.requestClosure = requestClosure
        self.stubClosure = stubClosure
        self.transport = URLSessionTransport(session: session)
        self.callbackQueue = callbackQueue
        self.plugins = plugins
        self.interceptors = []
        self.trackInflights = trackInflights
        timeout = nil
        self.session = session
    }

    /// Creates a provider whose `requestClosure` hands its `URLRequest` to a callback, as Moya's does.
    ///
    /// ```swift
    /// let provider = Provider<GitHub>(requestClosure: { endpoint, done in
    ///     do {
    ///         var request = try endpoint.urlRequest()
    ///         request.timeoutInterval = 30
    ///         done(.success(request))
    ///     } catch let error as CourierError {
    ///         done(.failure(error))
    ///     } catch {
    ///         done(.failure(.underlying(error, nil)))
    ///     }
    /// })
    /// ```
    ///
    /// The closure may call back at once or later, from any thread; the request waits until it does
    /// (and forever if it never does). A `.failure` ends the request with that error and reaches no
    /// plugin. Calls after the first are ignored.
    ///
    /// - Parameters:
    ///   - endpointClosure: Turns a target into an ``Endpoint``. Default: ``defaultEndpointMapping(for:)``.
    ///   - requestClosure: Turns an endpoint into a `URLRequest` and passes it to the callback.
    ///   - stubClosure: Says which targets are stubbed. Default: ``neverStub(_:)``.
    ///   - callbackQueue: Where completion handlers run. Default: `nil`, the main queue.
    ///   - session: The session whose configuration and delegate carry the requests. Default: `nil`,
    ///     ``DefaultTransport/shared``.
    ///   - plugins: Hooks around every request, in order. Default: none.
    ///   - trackInflights: Share one transfer among identical `GET`/`HEAD` requests in flight. Default: `false`.
    public init(
        endpointClosure: @escaping EndpointClosure = Provider.defaultEndpointMapping(for:),
        requestClosure: @escaping (Endpoint, @escaping RequestResultClosure) -> Void,
        stubClosure: @escaping StubClosure = Provider.neverStub,
        callbackQueue: DispatchQueue? = nil,
        session: Session? = nil,
        plugins: [any PluginType] = [],
        trackInflights: Bool = false
    ) {
        self.endpointClosure = endpointClosure
        self.requestClosure = Provider.asyncRequestClosure(requestClosure)
        self.stubClosure = stubClosure
        self.transport = session.map { URLSessionTransport(session: $0) } ?? DefaultTransport.shared
        self.callbackQueue = callbackQueue
        self.plugins = plugins
        self.interceptors = []
        self.trackInflights = trackInflights
        timeout = nil
        self.session = session
    }

    /// The endpoint of `target`, from the ``endpointClosure``; every request asks for it here, so a
    /// subclass may override it, as with Moya's `MoyaProvider`.
    open func endpoint(_ target: Target) -> Endpoint {
        endpointClosure(target)
    }

    /// Answers a stubbed request of `target` (one whose ``stubClosure`` says `stubBehavior` other than
    /// ``StubBehavior/never``): Moya's override point for stubs.
    ///
    /// The default answers with the endpoint's ``Endpoint/sampleResponseClosure``, at once or after the
    /// delay; cancelling the returned token ends it with a cancellation error. A subclass may override it
    /// to answer stubs its own way; it must call `completion` exactly once. Unlike Moya's, the provider
    /// itself runs the plugins and the status validation around it, for every request, stubbed or not.
    ///
    /// - Parameters:
    ///   - target: The stubbed command.
    ///   - request: The request as it would have been sent, after interceptors and plugins.
    ///   - callbackQueue: Unused by the default; passed on for overrides, as Moya does (`nil` here).
    ///   - completion: Called exactly once with the stubbed answer.
    ///   - endpoint: The endpoint of `target`.
    ///   - stubBehavior: How the stub answers: at once or after a delay.
    /// - Returns: A token whose ``CancellableToken/cancel()`` ends the stub with a cancellation error.
    @discardableResult
    open func stubRequest(
        _ target: Target, request: URLRequest, callbackQueue: DispatchQueue?, completion: @escaping Completion,
        endpoint: Endpoint, stubBehavior: StubBehavior
    ) -> CancellableToken {
        let completion = UncheckedSendableBox(completion)
        let answer = Self.sampleResponse(of: endpoint, for: request)
        guard case .delayed(let seconds) = stubBehavior else {
            completion.value(answer)
            return CancellableToken {}
        }
        let task = Task {
            do {
                try await Task.sleep(for: .seconds(clamping: seconds))
                completion.value(answer)
            } catch {
                completion.value(.failure(.cancelled))
            }
        }
        return CancellableToken { task.cancel() }
    }

    /// Sends the request of `target` and calls `completion` with the result, Moya style.
    ///
    /// A subclass may override it, as with Moya's `MoyaProvider`; the async methods do not go through it.
    ///
    /// - Parameters:
    ///   - target: The command to send.
    ///   - callbackQueue: Where `progress` and `completion` run. Default: the provider's queue, else main.
    ///   - progress: Called as the transfer advances, and once more with the response. Default: `nil`.
    ///   - completion: Called exactly once, on the callback queue, also when the request is cancelled. It
    ///     need not be `@Sendable` (Moya's ``Completion`` is not): Courier calls it on that queue only.
    /// - Returns: A handle whose ``Cancellable/cancel()`` stops the HTTP request.
    @discardableResult
    open func request(
        _ target: Target, callbackQueue: DispatchQueue? = nil, progress: ProgressBlock? = nil,
        completion: @escaping Completion
    ) -> any Cancellable {
        let completion = UncheckedSendableBox(completion)
        let queue = callbackQueue ?? self.callbackQueue ?? .main
        var onProgress: ProgressBlock?
        if let progress {
            onProgress = { report in queue.async { progress(report) } }
        }
        let reportProgress = onProgress
        let task = Task {
            let result = await self.result(of: target, progress: reportProgress)
            if case .success(let response) = result {
                reportProgress?(ProgressResponse(progress: 1, completed: true, response: response))
            }
            queue.async { completion.value(result) }
        }
        return CancellableTask(task: task)
    }
}

extension Provider {
    /// Sends the request of `target` and returns its response.
    ///
    /// Cancelling the Swift task that awaits this cancels the HTTP request.
    ///
    /// - Throws: A ``CourierError``: ``CourierError/statusCode(_:)`` when the target's ``ValidationType``
    ///   rejects the status; ``CourierError/underlying(_:_:)`` for transport errors and cancellation
    ///   (``CourierError/isCancelled``); the mapping and encoding cases when no request could be made.
    public func request(_ target: Target) async throws(CourierError) -> Response {
        try await perform(target, progress: nil)
    }

    /// Sends the request of `target` and decodes its body (or the value at a key path in it) as `D`.
    ///
    /// - Parameters:
    ///   - target: The command to send.
    ///   - type: The type to decode.
    ///   - keyPath: A dot-separated path into the JSON body, such as `"data.user"`. Default: the whole body.
    ///   - decoder: The decoder. Default: a new `JSONDecoder`.
    /// - Throws: What ``request(_:)`` throws, and what ``Response/map(_:atKeyPath:using:failsOnEmptyData:)``
    ///   throws, with the response attached.
    public func request<D: Decodable>(
        _ target: Target, as type: D.Type, atKeyPath keyPath: String? = nil, using decoder: JSONDecoder = JSONDecoder()
    ) async throws(CourierError) -> D {
        try await request(target).map(type, atKeyPath: keyPath, using: decoder)
    }

    /// Sends the request of `target` and reports its progress as a sequence whose error is a
    /// ``CourierError``.
    ///
    /// The fraction rises to 1.0; the last element is `completed` and carries the ``Response``. Ending
    /// the iteration cancels the request. In a `do throws(CourierError)` block, or a function that
    /// throws `CourierError`, `for try await` needs no cast:
    ///
    /// ```swift
    /// do throws(CourierError) {
    ///     for try await step in provider.requestWithProgress(.upload(file)) { show(step.progress) }
    /// } catch .statusCode(let response) {
    ///     showRejected(response)
    /// } catch {
    ///     show(error)
    /// }
    /// ```
    public func requestWithProgress(_ target: Target) -> ProgressSequence {
        ProgressSequence(stream: progressStream(target))
    }

    /// The same progress as an `AsyncThrowingStream`, for code that names that type.
    @_disfavoredOverload
    public func requestWithProgress(_ target: Target) -> AsyncThrowingStream<ProgressResponse, any Error> {
        progressStream(target)
    }

    private func progressStream(_ target: Target) -> AsyncThrowingStream<ProgressResponse, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let response = try await perform(target, progress: { continuation.yield($0) })
                    continuation.yield(ProgressResponse(progress: 1, completed: true, response: response))
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
