import Courier

/// A ``Session``'s Alamofire-shaped ``RequestInterceptor`` as one of Courier's: its `adapt` changes each
/// attempt (a failure is ``AFError/requestAdaptationFailed(error:)``), and its `retry` is asked after an
/// attempt that failed as Alamofire counts failures: an error, or a status the target's validation
/// rejected, never a response nothing rejected.
struct SessionInterceptor: Courier.RequestInterceptor, @unchecked Sendable {
    let interceptor: RequestInterceptor
    let session: Session

    init(_ interceptor: RequestInterceptor, session: Session) {
        self.interceptor = interceptor
        self.session = session
    }

    func adapt(_ request: URLRequest, for target: any Courier.TargetType) async throws -> URLRequest {
        let state = RequestAdapterState(requestID: UUID(), session: session)
        let result = await Callback.result { (done: @escaping (Result<URLRequest, Error>) -> Void) in
            interceptor.adapt(request, using: state, completion: done)
        }
        switch result {
        case .success(let adapted): return adapted
        case .failure(let error as AFError): throw error
        case .failure(let error): throw AFError.requestAdaptationFailed(error: error)
        }
    }

    func retry(
        _ request: URLRequest, for target: any Courier.TargetType, result: Result<Courier.Response, CourierError>,
        attempt: Int
    ) async -> RetryDecision {
        guard case .failure(let failure) = result else { return .doNotRetry }
        let error: AFError
        if case .statusCode(let response) = failure {
            error = .responseValidationFailed(reason: .unacceptableStatusCode(code: response.statusCode))
        } else if case .underlying(let underlying, _) = failure {
            error = MoyaResult.afError(underlying, isMultipart: false, session: session)
        } else {
            return .doNotRetry
        }
        let failed = Request(
            sessionHeaders: session.sessionConfiguration.httpAdditionalHeaders as? [String: String] ?? [:])
        failed.didCreate(request)
        failed.didComplete(response: failure.response?.response, error: error, retryCount: attempt)
        let decision = await Callback.result { (done: @escaping (RetryResult) -> Void) in
            interceptor.retry(failed, for: session, dueTo: error, completion: done)
        }
        switch decision {
        case .retry: return .retry
        case .retryWithDelay(let delay): return .retryAfter(delay)
        case .doNotRetry: return .doNotRetry
        case .doNotRetryWithError(let retryError):
            return .doNotRetryWithError(AFError.requestRetryFailed(retryError: retryError, originalError: error))
        }
    }
}

/// Waits for a callback of Moya's or Alamofire's shape, which an app may call from any thread and, by
/// mistake, more than once: the first call counts.
enum Callback {
    static func result<Value>(_ start: (@escaping (Value) -> Void) -> Void) async -> Value {
        await withCheckedContinuation { (continuation: CheckedContinuation<Unchecked<Value>, Never>) in
            let answered = Locked(false)
            start { value in
                let isFirst = answered.withLock { answered in
                    defer { answered = true }
                    return !answered
                }
                if isFirst { continuation.resume(returning: Unchecked(value)) }
            }
        }.value
    }
}
