/// Retries requests that failed in ways that are worth another try, with exponential backoff:
/// Alamofire's `RetryPolicy`.
///
/// A request is retried, at most ``retryLimit`` times, when its method is idempotent
/// (``retryableHTTPMethods``) and it failed with a status of ``retryableHTTPStatusCodes`` (a status the
/// target's validation rejected) or a transport error of ``retryableURLErrorCodes``. The delay before
/// retry *n* (from 0) is `exponentialBackoffBase^n × exponentialBackoffScale` seconds.
open class RetryPolicy: RequestInterceptor {
    /// The default number of retries: 2.
    public static let defaultRetryLimit: UInt = 2
    /// The default base of the backoff: 2.
    public static let defaultExponentialBackoffBase: UInt = 2
    /// The default scale of the backoff: 0.5 s.
    public static let defaultExponentialBackoffScale: Double = 0.5
    /// The methods retried by default: `DELETE`, `GET`, `HEAD`, `OPTIONS`, `PUT` and `TRACE`.
    public static let defaultRetryableHTTPMethods: Set<HTTPMethod> = [.delete, .get, .head, .options, .put, .trace]
    /// The statuses retried by default: 408, 500, 502, 503 and 504.
    public static let defaultRetryableHTTPStatusCodes: Set<Int> = [408, 500, 502, 503, 504]
    /// The transport errors retried by default: lost or refused connections, timeouts, DNS failures and
    /// the like, not cancellation or a bad URL.
    public static let defaultRetryableURLErrorCodes: Set<URLError.Code> = [
        .backgroundSessionInUseByAnotherProcess, .backgroundSessionWasDisconnected, .badServerResponse,
        .callIsActive, .cannotConnectToHost, .cannotFindHost, .cannotLoadFromNetwork, .dataNotAllowed,
        .dnsLookupFailed, .downloadDecodingFailedMidStream, .downloadDecodingFailedToComplete,
        .internationalRoamingOff, .networkConnectionLost, .notConnectedToInternet,
        .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateNotYetValid, .timedOut,
    ]

    /// How many times a request is retried at most.
    public let retryLimit: UInt
    /// The base of the backoff.
    public let exponentialBackoffBase: UInt
    /// The scale of the backoff, in seconds.
    public let exponentialBackoffScale: Double
    /// The methods that are retried.
    public let retryableHTTPMethods: Set<HTTPMethod>
    /// The statuses that are retried.
    public let retryableHTTPStatusCodes: Set<Int>
    /// The transport errors that are retried.
    public let retryableURLErrorCodes: Set<URLError.Code>

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - retryLimit: How many times a request is retried at most. Default: 2.
    ///   - exponentialBackoffBase: The base of the backoff. Default: 2.
    ///   - exponentialBackoffScale: The scale of the backoff, in seconds. Default: 0.5.
    ///   - retryableHTTPMethods: The methods that are retried. Default: the idempotent ones.
    ///   - retryableHTTPStatusCodes: The statuses that are retried. Default: 408, 500, 502, 503, 504.
    ///   - retryableURLErrorCodes: The transport errors that are retried. Default: the transient ones.
    public init(
        retryLimit: UInt = RetryPolicy.defaultRetryLimit,
        exponentialBackoffBase: UInt = RetryPolicy.defaultExponentialBackoffBase,
        exponentialBackoffScale: Double = RetryPolicy.defaultExponentialBackoffScale,
        retryableHTTPMethods: Set<HTTPMethod> = RetryPolicy.defaultRetryableHTTPMethods,
        retryableHTTPStatusCodes: Set<Int> = RetryPolicy.defaultRetryableHTTPStatusCodes,
        retryableURLErrorCodes: Set<URLError.Code> = RetryPolicy.defaultRetryableURLErrorCodes
    ) {
        self.retryLimit = retryLimit
        self.exponentialBackoffBase = exponentialBackoffBase
        self.exponentialBackoffScale = exponentialBackoffScale
        self.retryableHTTPMethods = retryableHTTPMethods
        self.retryableHTTPStatusCodes = retryableHTTPStatusCodes
        self.retryableURLErrorCodes = retryableURLErrorCodes
    }

    /// Retries `request` after the backoff when it is retryable and under the limit.
    open func retry(
        _ request: Request, for session: Session, dueTo error: Error, completion: @escaping (RetryResult) -> Void
    ) {
        if request.retryCount < retryLimit, shouldRetry(request: request, dueTo: error) {
            completion(
                .retryWithDelay(
                    pow(Double(exponentialBackoffBase), Double(request.retryCount)) * exponentialBackoffScale))
        } else {
            completion(.doNotRetry)
        }
    }

    /// Whether `request`, which failed with `error`, is worth another try.
    open func shouldRetry(request: Request, dueTo error: Error) -> Bool {
        guard let method = request.request?.method, retryableHTTPMethods.contains(method) else { return false }
        if let statusCode = request.response?.statusCode, retryableHTTPStatusCodes.contains(statusCode) {
            return true
        }
        let underlying = (error as? AFError)?.underlyingError ?? error
        guard let code = (underlying as? URLError)?.code else { return false }
        return retryableURLErrorCodes.contains(code)
    }
}

/// Retries requests whose connection was lost: Alamofire's `ConnectionLostRetryPolicy`.
open class ConnectionLostRetryPolicy: RetryPolicy {
    /// Creates a policy that retries only `URLError.networkConnectionLost`.
    ///
    /// - Parameters:
    ///   - retryLimit: How many times a request is retried at most. Default: 2.
    ///   - exponentialBackoffBase: The base of the backoff. Default: 2.
    ///   - exponentialBackoffScale: The scale of the backoff, in seconds. Default: 0.5.
    ///   - retryableHTTPMethods: The methods that are retried. Default: the idempotent ones.
    public init(
        retryLimit: UInt = RetryPolicy.defaultRetryLimit,
        exponentialBackoffBase: UInt = RetryPolicy.defaultExponentialBackoffBase,
        exponentialBackoffScale: Double = RetryPolicy.defaultExponentialBackoffScale,
        retryableHTTPMethods: Set<HTTPMethod> = RetryPolicy.defaultRetryableHTTPMethods
    ) {
        super.init(
            retryLimit: retryLimit, exponentialBackoffBase: exponentialBackoffBase,
            exponentialBackoffScale: exponentialBackoffScale, retryableHTTPMethods: retryableHTTPMethods,
            retryableHTTPStatusCodes: [], retryableURLErrorCodes: [.networkConnectionLost])
    }
}

extension RequestInterceptor where Self == RetryPolicy {
    /// A ``RetryPolicy`` with its defaults: `interceptor: .retryPolicy`.
    public static var retryPolicy: RetryPolicy { RetryPolicy() }

    /// A ``RetryPolicy`` with these settings.
    public static func retryPolicy(
        retryLimit: UInt = RetryPolicy.defaultRetryLimit,
        exponentialBackoffBase: UInt = RetryPolicy.defaultExponentialBackoffBase,
        exponentialBackoffScale: Double = RetryPolicy.defaultExponentialBackoffScale,
        retryableHTTPMethods: Set<HTTPMethod> = RetryPolicy.defaultRetryableHTTPMethods,
        retryableHTTPStatusCodes: Set<Int> = RetryPolicy.defaultRetryableHTTPStatusCodes,
        retryableURLErrorCodes: Set<URLError.Code> = RetryPolicy.defaultRetryableURLErrorCodes
    ) -> RetryPolicy {
        RetryPolicy(
            retryLimit: retryLimit, exponentialBackoffBase: exponentialBackoffBase,
            exponentialBackoffScale: exponentialBackoffScale, retryableHTTPMethods: retryableHTTPMethods,
            retryableHTTPStatusCodes: retryableHTTPStatusCodes, retryableURLErrorCodes: retryableURLErrorCodes)
    }
}

extension RequestInterceptor where Self == ConnectionLostRetryPolicy {
    /// A ``ConnectionLostRetryPolicy`` with its defaults: `interceptor: .connectionLostRetryPolicy`.
    public static var connectionLostRetryPolicy: ConnectionLostRetryPolicy { ConnectionLostRetryPolicy() }

    /// A ``ConnectionLostRetryPolicy`` with these settings.
    public static func connectionLostRetryPolicy(
        retryLimit: UInt = RetryPolicy.defaultRetryLimit,
        exponentialBackoffBase: UInt = RetryPolicy.defaultExponentialBackoffBase,
        exponentialBackoffScale: Double = RetryPolicy.defaultExponentialBackoffScale,
        retryableHTTPMethods: Set<HTTPMethod> = RetryPolicy.defaultRetryableHTTPMethods
    ) -> ConnectionLostRetryPolicy {
        ConnectionLostRetryPolicy(
            retryLimit: retryLimit, exponentialBackoffBase: exponentialBackoffBase,
            exponentialBackoffScale: exponentialBackoffScale, retryableHTTPMethods: retryableHTTPMethods)
    }
}

extension RequestInterceptor where Self == Interceptor {
    /// An ``Interceptor`` of one adapting and one retrying closure.
    public static func interceptor(
        adapter: @escaping AdaptHandler, retrier: @escaping RetryHandler
    ) -> Interceptor {
        Interceptor(adaptHandler: adapter, retryHandler: retrier)
    }

    /// An ``Interceptor`` of one adapter and one retrier.
    public static func interceptor(adapter: RequestAdapter, retrier: RequestRetrier) -> Interceptor {
        Interceptor(adapter: adapter, retrier: retrier)
    }

    /// An ``Interceptor`` of these adapters, retriers and interceptors.
    public static func interceptor(
        adapters: [RequestAdapter] = [], retriers: [RequestRetrier] = [], interceptors: [RequestInterceptor] = []
    ) -> Interceptor {
        Interceptor(adapters: adapters, retriers: retriers, interceptors: interceptors)
    }
}
