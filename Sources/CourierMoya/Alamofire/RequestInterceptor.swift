/// What a ``RequestAdapter`` is told along with the request it adapts.
public struct RequestAdapterState {
    /// The identifier of the ``Request`` the `URLRequest` belongs to.
    public let requestID: UUID
    /// The session that sends it.
    public let session: Session
}

/// Changes each `URLRequest` before it is sent (adds a token, say): Alamofire's `RequestAdapter`.
public protocol RequestAdapter {
    /// Calls `completion` with the request to send in place of `urlRequest`, or with the error that
    /// keeps it from being sent (the request then fails with ``AFError/requestAdaptationFailed(error:)``).
    func adapt(
        _ urlRequest: URLRequest, for session: Session, completion: @escaping (Result<URLRequest, Error>) -> Void)

    /// The same, told the request's identifier. Default: ``adapt(_:for:completion:)``.
    func adapt(
        _ urlRequest: URLRequest, using state: RequestAdapterState,
        completion: @escaping (Result<URLRequest, Error>) -> Void)
}

extension RequestAdapter {
    /// Calls ``adapt(_:for:completion:)`` with the state's session.
    public func adapt(
        _ urlRequest: URLRequest, using state: RequestAdapterState,
        completion: @escaping (Result<URLRequest, Error>) -> Void
    ) {
        adapt(urlRequest, for: state.session, completion: completion)
    }
}

/// What a ``RequestRetrier`` decides after a request failed: Alamofire's `RetryResult`.
public enum RetryResult {
    /// Send the request again now.
    case retry
    /// Send the request again after this many seconds.
    case retryWithDelay(TimeInterval)
    /// Let the failure stand.
    case doNotRetry
    /// Let the request fail with this error (inside ``AFError/requestRetryFailed(retryError:originalError:)``).
    case doNotRetryWithError(Error)
}

/// Decides whether a failed request is sent again: Alamofire's `RequestRetrier`.
///
/// It is asked after a request failed: a transport error, or a status the target's `validationType`
/// rejected (a status that nothing rejects is a response, not a failure, as with Alamofire).
public protocol RequestRetrier {
    /// Calls `completion` with the decision for `request`, which failed with `error`.
    ///
    /// - Parameters:
    ///   - request: The failed request: its `URLRequest`, `response`, `retryCount`, `task?.response`.
    ///   - session: The session that sent it.
    ///   - error: Why it failed, an ``AFError``.
    ///   - completion: Called once with the decision.
    func retry(
        _ request: Request, for session: Session, dueTo error: Error, completion: @escaping (RetryResult) -> Void)
}

/// Adapts and retries requests: Alamofire's `RequestInterceptor`. Both methods have defaults that do
/// nothing, so an interceptor implements what it needs.
public protocol RequestInterceptor: RequestAdapter, RequestRetrier {}

extension RequestInterceptor {
    /// Calls `completion` with `urlRequest` unchanged.
    public func adapt(
        _ urlRequest: URLRequest, for session: Session, completion: @escaping (Result<URLRequest, Error>) -> Void
    ) {
        completion(.success(urlRequest))
    }

    /// Calls `completion` with ``RetryResult/doNotRetry``.
    public func retry(
        _ request: Request, for session: Session, dueTo error: Error, completion: @escaping (RetryResult) -> Void
    ) {
        completion(.doNotRetry)
    }
}

/// The closure of an ``Adapter``.
public typealias AdaptHandler = (URLRequest, Session, _ completion: @escaping (Result<URLRequest, Error>) -> Void) ->
    Void
/// The closure of a ``Retrier``.
public typealias RetryHandler = (Request, Session, Error, _ completion: @escaping (RetryResult) -> Void) -> Void

/// An interceptor whose `adapt` is a closure: Alamofire's `Adapter`.
open class Adapter: RequestInterceptor {
    private let adaptHandler: AdaptHandler

    /// Creates an adapter that runs `adaptHandler`.
    public init(_ adaptHandler: @escaping AdaptHandler) {
        self.adaptHandler = adaptHandler
    }

    /// Runs the closure.
    open func adapt(
        _ urlRequest: URLRequest, for session: Session, completion: @escaping (Result<URLRequest, Error>) -> Void
    ) {
        adaptHandler(urlRequest, session, completion)
    }

    /// Runs the closure with the state's session.
    open func adapt(
        _ urlRequest: URLRequest, using state: RequestAdapterState,
        completion: @escaping (Result<URLRequest, Error>) -> Void
    ) {
        adaptHandler(urlRequest, state.session, completion)
    }
}

/// An interceptor whose `retry` is a closure: Alamofire's `Retrier`.
open class Retrier: RequestInterceptor {
    private let retryHandler: RetryHandler

    /// Creates a retrier that runs `retryHandler`.
    public init(_ retryHandler: @escaping RetryHandler) {
        self.retryHandler = retryHandler
    }

    /// Runs the closure.
    open func retry(
        _ request: Request, for session: Session, dueTo error: Error, completion: @escaping (RetryResult) -> Void
    ) {
        retryHandler(request, session, error, completion)
    }
}

/// Several adapters and retriers as one interceptor: Alamofire's `Interceptor`.
///
/// The adapters run in order, each taking the previous one's request; the first to fail fails the
/// request. The retriers are asked in order until one answers other than ``RetryResult/doNotRetry``.
open class Interceptor: RequestInterceptor {
    /// The adapters, in order.
    public let adapters: [RequestAdapter]
    /// The retriers, in order.
    public let retriers: [RequestRetrier]

    /// An interceptor of one adapting and one retrying closure.
    public init(adaptHandler: @escaping AdaptHandler, retryHandler: @escaping RetryHandler) {
        adapters = [Adapter(adaptHandler)]
        retriers = [Retrier(retryHandler)]
    }

    /// An interceptor of one adapter and one retrier.
    public init(adapter: RequestAdapter, retrier: RequestRetrier) {
        adapters = [adapter]
        retriers = [retrier]
    }

    /// An interceptor of `adapters`, then `interceptors` as adapters; `retriers`, then `interceptors` as
    /// retriers.
    public init(
        adapters: [RequestAdapter] = [], retriers: [RequestRetrier] = [], interceptors: [RequestInterceptor] = []
    ) {
        self.adapters = adapters + interceptors
        self.retriers = retriers + interceptors
    }

    /// Runs the adapters in order.
    open func adapt(
        _ urlRequest: URLRequest, for session: Session, completion: @escaping (Result<URLRequest, Error>) -> Void
    ) {
        adapt(urlRequest, adapters: adapters[...], completion: completion) { adapter, request, next in
            adapter.adapt(request, for: session, completion: next)
        }
    }

    /// Runs the adapters in order, telling each the state.
    open func adapt(
        _ urlRequest: URLRequest, using state: RequestAdapterState,
        completion: @escaping (Result<URLRequest, Error>) -> Void
    ) {
        adapt(urlRequest, adapters: adapters[...], completion: completion) { adapter, request, next in
            adapter.adapt(request, using: state, completion: next)
        }
    }

    /// Asks the retriers in order until one decides.
    open func retry(
        _ request: Request, for session: Session, dueTo error: Error, completion: @escaping (RetryResult) -> Void
    ) {
        retry(request, for: session, dueTo: error, retriers: retriers[...], completion: completion)
    }

    private func adapt(
        _ urlRequest: URLRequest, adapters: ArraySlice<RequestAdapter>,
        completion: @escaping (Result<URLRequest, Error>) -> Void,
        using call: @escaping (RequestAdapter, URLRequest, @escaping (Result<URLRequest, Error>) -> Void) -> Void
    ) {
        guard let adapter = adapters.first else { return completion(.success(urlRequest)) }
        call(adapter, urlRequest) { result in
            switch result {
            case .success(let adapted):
                self.adapt(adapted, adapters: adapters.dropFirst(), completion: completion, using: call)
            case .failure:
                completion(result)
            }
        }
    }

    private func retry(
        _ request: Request, for session: Session, dueTo error: Error, retriers: ArraySlice<RequestRetrier>,
        completion: @escaping (RetryResult) -> Void
    ) {
        guard let retrier = retriers.first else { return completion(.doNotRetry) }
        retrier.retry(request, for: session, dueTo: error) { result in
            if case .doNotRetry = result {
                self.retry(request, for: session, dueTo: error, retriers: retriers.dropFirst(), completion: completion)
            } else {
                completion(result)
            }
        }
    }
}
