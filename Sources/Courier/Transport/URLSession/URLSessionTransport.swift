import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The ``Transport`` that sends requests with `URLSession`: Courier's default on Apple platforms.
///
/// ```swift
/// let transport = URLSessionTransport(configuration: .ephemeral, policy: TransportPolicy(maximumRedirects: 5))
/// let provider = Provider<GitHub>(transport: transport)
/// ```
///
/// Every request is a task driven by Courier's own session delegate, the only way to see redirects and
/// progress on Linux; so the transport owns its session: ``init(session:policy:)`` takes the
/// configuration of the given session (timeouts, headers, cookies, proxies) for a session of its own,
/// and the given session's delegate answers authentication challenges, like the `delegate` of
/// ``init(configuration:policy:delegate:)``. Cancelling the Swift task that awaits ``send(_:)`` cancels
/// the `URLSessionTask` at once.
///
/// Redirects and size limits follow ``policy`` (see ``TransportPolicy``), as in ``CurlTransport``, with
/// URLSession's own limit on top: it follows at most 20 redirects per task on Linux (Apple platforms have
/// a limit of their own), whatever ``TransportPolicy/maximumRedirects`` allows. A 307 or 308 that keeps a body is
/// sent as a task of its own, because URLSession on Linux would send it without its body.
///
/// Timeouts come from the configuration: `timeoutIntervalForRequest` bounds each wait for data and, once
/// the body is sent, the wait for the whole response head, however slowly a server drips it (a
/// request's own `timeoutInterval`, when not the default 60 s, wins); `timeoutIntervalForResource`
/// bounds the whole request when shorter than a day: a request still running after it fails with
/// `URLError(.timedOut)`, on Linux too, where URLSession does not enforce it.
///
/// Every response carries ``TransferMetrics``: URLSession's own on Apple platforms; on Linux, where
/// URLSession collects none, the total time, the bytes it counted and the redirects.
///
/// On Linux the session keeps no `URLCache`, whatever the configuration says: URLSession there can
/// stop the process when a request that consults the cache is cancelled (swift-corelibs-foundation
/// issue 3296), and Courier never trades a crash for a cache.
public final class URLSessionTransport: Transport {
    private let owner: SessionOwner
    /// The rules for redirects and response sizes.
    public let policy: TransportPolicy

    /// A transport over a session with the `.default` configuration, the default policy and no delegate.
    public convenience init() {
        self.init(configuration: .default)
    }

    /// A transport over a session of its own with `configuration`.
    ///
    /// - Parameters:
    ///   - configuration: Timeouts, headers, cookies, proxies and connections per host.
    ///   - policy: Redirects and size limits. Default: `TransportPolicy()`, its defaults.
    ///   - delegate: Answers authentication challenges: the session-level
    ///     `urlSession(_:didReceive:completionHandler:)` and, when it is a `URLSessionTaskDelegate`, the
    ///     task-level `urlSession(_:task:didReceive:completionHandler:)` (on Linux, the 401 of a server
    ///     asking for Basic or Digest credentials). A challenge it has no method for gets
    ///     `.performDefaultHandling`, as does every challenge when it is `nil`. Its other methods are
    ///     not called: Courier's own delegate drives the tasks. Default: `nil`.
    public init(
        configuration: URLSessionConfiguration, policy: TransportPolicy = TransportPolicy(),
        delegate: (any URLSessionDelegate)? = nil
    ) {
        owner = SessionOwner(configuration: configuration, policy: policy, userDelegate: delegate)
        self.policy = policy
    }

    /// A transport over a session with the configuration of `session`, whose delegate answers
    /// authentication challenges; see ``init(configuration:policy:delegate:)``.
    public convenience init(session: URLSession, policy: TransportPolicy = TransportPolicy()) {
        self.init(configuration: session.configuration, policy: policy, delegate: session.delegate)
    }

    /// The session that carries the requests.
    public var session: URLSession { owner.session }

    /// The delegate that answers authentication challenges, or `nil` when every challenge gets
    /// `.performDefaultHandling`.
    public var delegate: (any URLSessionDelegate)? { owner.delegate.userDelegate }

    /// Sends `request` through the session; see ``Transport/send(_:)``.
    ///
    /// Fails with `URLError(.httpTooManyRedirects)` past ``TransportPolicy/maximumRedirects``,
    /// ``ResponseSizeLimitExceeded`` past a size limit, `URLError(.timedOut)` when the response head or
    /// the whole request takes too long, `URLError(.cancelled)` when the awaiting task is cancelled, and
    /// otherwise with URLSession's own errors.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            guard let limit = owner.resourceTimeout else { return try await SessionTask.send(request, in: owner) }
            return try await ResourceDeadline.run(seconds: limit) {
                try await SessionTask.send(request, in: self.owner)
            }
        } catch {
            throw TransportFailure.annotated(
                error, request: request.urlRequest, requestTimeout: owner.headTimeout(for: request),
                resourceTimeout: owner.resourceTimeout,
                elapsed: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
    }

    /// Sends `request` and returns once the head of the response has arrived; see
    /// ``Transport/stream(_:)``.
    ///
    /// On Apple platforms a reader that falls behind by about 1 MiB suspends the data task until it has
    /// caught up. On Linux URLSession cannot pause a transfer (suspending a running task there restarts
    /// it), so what the reader has not taken yet is held in memory, up to
    /// ``TransportPolicy/maximumResponseBodySize``, past which the stream fails with
    /// ``ResponseSizeLimitExceeded``; ``CurlTransport`` pauses instead. The resource timeout does not
    /// apply to a stream.
    public func stream(_ request: TransportRequest) async throws -> TransportStream {
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            return try await SessionTask.stream(request, in: owner)
        } catch {
            throw TransportFailure.annotated(
                error, request: request.urlRequest, requestTimeout: owner.headTimeout(for: request),
                resourceTimeout: nil, elapsed: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
    }
}
