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
/// A provider holds only immutable settings, so one can be shared by every task and thread. To give
/// every provider of an app the same plugins, write a function that makes one.
public final class Provider<Target: TargetType>: Sendable {
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
    /// Where completion handlers run when a call names no queue; `nil` means the main queue, which a
    /// command-line program or server on Linux drains only inside `dispatchMain()`, `RunLoop.main.run()`
    /// or an `async` `main`: name a queue there.
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

    let inflights = InflightRequests()

    /// Creates a provider.
    ///
    /// ```swift
    /// let provider = Provider<GitHub>(plugins: [NetworkLoggerPlugin()], timeout: 15)
    /// ```
    ///
    /// - Parameters:
    ///   - endpointClosure: Turns a target into an ``Endpoint``. Default: ``defaultEndpointMapping(for:)``.
    ///   - requestClosure: Turns an endpoint into a `URLRequest`. Default: ``defaultRequestMapping(for:)``.
    ///     An error it throws fails the request (a non-Courier error as ``CourierError/underlying(_:_:)``).
    ///   - stubClosure: Says which targets are stubbed. Default: ``neverStub(_:)``.
    ///   - transport: Sends requests that are not stubbed. Default: ``DefaultTransport/shared``, a
    ///     ``CurlTransport`` on Linux and a ``URLSessionTransport`` on Apple platforms.
    ///   - callbackQueue: Where completion handlers run. Default: `nil`, the main queue (on Linux, name a
    ///     queue in a program that does not drain the main queue; see ``callbackQueue``).
    ///   - plugins: Hooks around every request, in order. Default: none.
    ///   - interceptors: Adapt every attempt and decide on retries, in order. Default: none.
    ///   - trackInflights: Share one transfer among identical `GET`/`HEAD` requests in flight. Default: `false`.
    ///   - timeout: How many seconds each request may wait for data when its target's
    ///     ``TargetType/timeoutInterval`` is `nil`. Default: `nil`, the transport's timeout.
    public init(
        endpointClosure: @escaping EndpointClosure = Provider.defaultEndpointMapping(for:),
        requestClosure: @escaping RequestClosure = Provider.defaultRequestMapping(for:),
        stubClosure: @escaping StubClosure = Provider.neverStub,
        transport: any Transport = DefaultTransport.shared,
        callbackQueue: DispatchQueue? = nil,
        plugins: [any PluginType] = [],
        interceptors: [any RequestInterceptor] = [],
        trackInflights: Bool = false,
        timeout: TimeInterval? = nil
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
    }

    /// The endpoint of `target`, from the ``endpointClosure``.
    public func endpoint(_ target: Target) -> Endpoint {
        endpointClosure(target)
    }

    /// Sends the request of `target` and calls `completion` with the result.
    ///
    /// - Parameters:
    ///   - target: The command to send.
    ///   - callbackQueue: Where `progress` and `completion` run. Default: the provider's queue, else main.
    ///   - progress: Called as the transfer advances, and once more with the response. Default: `nil`.
    ///   - completion: Called exactly once, on the callback queue, also when the request is cancelled.
    /// - Returns: A handle whose ``Cancellable/cancel()`` stops the HTTP request.
    @discardableResult
    public func request(
        _ target: Target, callbackQueue: DispatchQueue? = nil, progress: ProgressBlock? = nil,
        completion: @escaping @Sendable (Result<Response, CourierError>) -> Void
    ) -> any Cancellable {
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
            queue.async { completion(result) }
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
