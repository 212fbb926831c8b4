import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Retries idempotent requests that failed for a reason that may pass: a busy or failing server, a
/// timeout, a dropped connection.
///
/// The defaults: up to 2 retries; only `GET`, `HEAD`, `PUT`, `DELETE`, `OPTIONS` and `TRACE`; status
/// codes 408, 429, 500, 502, 503 and 504; the transient `URLError`s of
/// ``defaultRetryableURLErrorCodes`` (timed out, connection lost, cannot connect to host, cannot find
/// host, DNS lookup failed, not connected to the internet). TLS failures are never retried.
///
/// The wait before retry `n` (counting from 0) is `exponentialBackoffScale × exponentialBackoffBase^n` seconds, 0.5 s × 2ⁿ by default, plus up to
/// `jitter` of itself at random, so that clients do not retry in step. A `Retry-After` header (seconds,
/// or an HTTP date) takes the place of the backoff. Every wait is capped at `maximumDelay`.
/// Cancelling the request during a wait ends it at once.
public struct RetryPolicy: RequestInterceptor {
    /// The status codes retried by default: 408, 429, 500, 502, 503, 504.
    public static let defaultRetryableStatusCodes: Set<Int> = [408, 429, 500, 502, 503, 504]
    /// The methods retried by default: the idempotent ones.
    public static let defaultRetryableMethods: Set<HTTPMethod> = [.get, .head, .put, .delete, .options, .trace]
    /// The `URLError` codes retried by default: failures that may pass.
    public static let defaultRetryableURLErrorCodes: Set<URLError.Code> = [
        .timedOut, .networkConnectionLost, .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed,
        .notConnectedToInternet,
    ]

    /// How many retries at most, after the first attempt.
    public let retryLimit: Int
    /// The base of the exponential backoff.
    public let exponentialBackoffBase: Double
    /// The wait before the first retry, in seconds.
    public let exponentialBackoffScale: TimeInterval
    /// The random share of a wait added to it, from 0 (none) to 1 (up to double).
    public let jitter: Double
    /// The longest wait, in seconds, whatever the backoff or `Retry-After` says.
    public let maximumDelay: TimeInterval
    /// The methods that are retried.
    public let retryableMethods: Set<HTTPMethod>
    /// The status codes that are retried.
    public let retryableStatusCodes: Set<Int>
    /// The `URLError` codes that are retried.
    public let retryableURLErrorCodes: Set<URLError.Code>

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - retryLimit: Retries at most. Default: 2.
    ///   - exponentialBackoffBase: The base of the backoff. Default: 2.
    ///   - exponentialBackoffScale: The first wait, in seconds. Default: 0.5.
    ///   - jitter: The random share added to each wait, 0...1. Default: 0.25.
    ///   - maximumDelay: The cap on any wait, in seconds. Default: 30.
    ///   - retryableMethods: Default: the idempotent methods.
    ///   - retryableStatusCodes: Default: 408, 429, 500, 502, 503, 504.
    ///   - retryableURLErrorCodes: Default: ``defaultRetryableURLErrorCodes``.
    public init(
        retryLimit: Int = 2,
        exponentialBackoffBase: Double = 2,
        exponentialBackoffScale: TimeInterval = 0.5,
        jitter: Double = 0.25,
        maximumDelay: TimeInterval = 30,
        retryableMethods: Set<HTTPMethod> = RetryPolicy.defaultRetryableMethods,
        retryableStatusCodes: Set<Int> = RetryPolicy.defaultRetryableStatusCodes,
        retryableURLErrorCodes: Set<URLError.Code> = RetryPolicy.defaultRetryableURLErrorCodes
    ) {
        self.retryLimit = max(0, retryLimit)
        self.exponentialBackoffBase = exponentialBackoffBase
        self.exponentialBackoffScale = max(0, exponentialBackoffScale)
        self.jitter = min(max(0, jitter), 1)
        self.maximumDelay = max(0, maximumDelay)
        self.retryableMethods = retryableMethods
        self.retryableStatusCodes = retryableStatusCodes
        self.retryableURLErrorCodes = retryableURLErrorCodes
    }

    /// Retries after a wait when the method, the status or the error allow it and retries remain.
    public func retry(
        _ request: URLRequest, for target: any TargetType, result: Result<Response, CourierError>, attempt: Int
    ) async -> RetryDecision {
        guard attempt < retryLimit,
            retryableMethods.contains(HTTPMethod(rawValue: request.httpMethod ?? "GET")),
            isRetryable(result)
        else { return .doNotRetry }
        let response = result.response?.response
        if let retryAfter = response.flatMap(Self.retryAfter(of:)) {
            return .retryAfter(min(retryAfter, maximumDelay))
        }
        return .retryAfter(delay(beforeRetry: attempt))
    }

    /// The wait before retry `attempt` (counting from 0): the backoff plus its jitter, capped.
    public func delay(beforeRetry attempt: Int) -> TimeInterval {
        let backoff = exponentialBackoffScale * pow(exponentialBackoffBase, Double(attempt))
        let spread = jitter > 0 ? Double.random(in: 0...jitter) : 0
        let delay = backoff * (1 + spread)
        return delay.isFinite ? min(delay, maximumDelay) : maximumDelay
    }

    private func isRetryable(_ result: Result<Response, CourierError>) -> Bool {
        switch result {
        case .success(let response):
            return retryableStatusCodes.contains(response.statusCode)
        case .failure(.statusCode(let response)):
            return retryableStatusCodes.contains(response.statusCode)
        case .failure(.underlying(let error, let response)):
            if let response { return retryableStatusCodes.contains(response.statusCode) }
            guard let urlError = error as? URLError else { return false }
            return retryableURLErrorCodes.contains(urlError.code)
        case .failure:
            return false
        }
    }

    /// The wait a `Retry-After` header asks for, in seconds: a number of seconds or an HTTP date.
    static func retryAfter(of response: HTTPURLResponse) -> TimeInterval? {
        guard let value = response.value(forHTTPHeaderField: "Retry-After")?.trimmingCharacters(in: .whitespaces),
            !value.isEmpty
        else { return nil }
        if let seconds = Int(value) { return TimeInterval(max(0, seconds)) }
        guard let date = httpDateFormatter.date(from: value) else { return nil }
        return max(0, date.timeIntervalSinceNow)
    }

    /// Reads IMF-fixdate (RFC 9110 §5.6.7), the only date form a server should send.
    private static var httpDateFormatter: DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter
    }
}
