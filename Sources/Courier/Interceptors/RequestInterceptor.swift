import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What an interceptor wants after a failed attempt.
public enum RetryDecision: Sendable {
    /// Let the failure stand (or leave the decision to the next interceptor).
    case doNotRetry
    /// Stop here and fail the request with this error (a non-Courier error is wrapped in
    /// ``CourierError/underlying(_:_:)`` with the attempt's response).
    case doNotRetryWithError(any Error)
    /// Send the request again now.
    case retry
    /// Send the request again after this many seconds.
    case retryAfter(TimeInterval)
}

/// Takes part in every attempt of a request: adapts it before it goes, and decides on a retry after
/// a failed attempt.
///
/// A ``Provider`` runs its interceptors in array order: each ``adapt(_:for:)`` takes the previous one's
/// request; after a failed attempt the first interceptor whose ``retry(_:for:result:attempt:)`` answers
/// something other than ``RetryDecision/doNotRetry`` decides. An attempt has failed when it ended in an
/// error other than cancellation, or when its status code is 400 or more. Both methods have defaults
/// that do nothing.
public protocol RequestInterceptor: Sendable {
    /// Returns the request to send for this attempt. Throwing fails the request with the error (wrapped
    /// in ``CourierError/underlying(_:_:)`` unless it is a ``CourierError``).
    func adapt(_ request: URLRequest, for target: any TargetType) async throws -> URLRequest

    /// Decides whether to send the request again.
    ///
    /// - Parameters:
    ///   - request: The request the failed attempt sent.
    ///   - target: The target of the request.
    ///   - result: What the attempt gave: an error, or a response with a status code of 400 or more.
    ///   - attempt: How many retries were made before this decision (0 after the first attempt).
    func retry(
        _ request: URLRequest, for target: any TargetType, result: Result<Response, CourierError>, attempt: Int
    ) async -> RetryDecision
}

extension RequestInterceptor {
    /// Returns `request` unchanged.
    public func adapt(_ request: URLRequest, for target: any TargetType) async throws -> URLRequest { request }

    /// Answers ``RetryDecision/doNotRetry``.
    public func retry(
        _ request: URLRequest, for target: any TargetType, result: Result<Response, CourierError>, attempt: Int
    ) async -> RetryDecision {
        .doNotRetry
    }
}
