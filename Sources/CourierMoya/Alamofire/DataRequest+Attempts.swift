import Courier

/// The attempts of a ``DataRequest``, as Alamofire makes them: make the `URLRequest`, adapt it, wait
/// until the request is resumed, send it through the session's transport, validate the response;
/// after a failure, ask the retriers.
extension DataRequest {
    /// What the retriers decided about a failure.
    enum RetryVerdict {
        /// Send the request again, after this many seconds if any.
        case retry(delay: TimeInterval?)
        /// Let the failure stand.
        case doNotRetry
        /// Fail with this error instead (``AFError/requestRetryFailed(retryError:originalError:)``).
        case fail(AFError)
    }

    /// Every attempt, until one succeeds or fails in a way no retrier retries: how the request ended.
    func performAttempts() async -> Outcome {
        while true {
            let error = await attempt()
            if isCancelled || _Concurrency.Task.isCancelled { return cancelledOutcome() }
            guard let error else { return outcome(with: nil) }
            switch await retryVerdict(dueTo: error) {
            case .retry(let delay):
                guard await prepareForRetry(after: delay) else { return cancelledOutcome() }
            case .doNotRetry:
                return outcome(with: error)
            case .fail(let failure):
                return outcome(with: failure)
            }
        }
    }

    /// The outcome of a request whose run was cancelled: by ``Request/cancel()`` or its session's
    /// ``Session/cancelAllRequests(completingOnQueue:completion:)`` (``AFError/explicitlyCancelled``), or
    /// by its session going away (``AFError/sessionDeinitialized``).
    func cancelledOutcome() -> Outcome {
        if session == nil, !isCancelled { return outcome(with: .sessionDeinitialized) }
        cancel()
        return outcome(with: .explicitlyCancelled)
    }

    /// The request's state as its final outcome, failed with `error` if any.
    private func outcome(with error: AFError?) -> Outcome {
        storage.withLock { $0.error = error }
        return Outcome(request: lastRequest, response: response, data: data, error: error)
    }

    /// Asks the retriers (the request's interceptor, then the session's) about `error`.
    func retryVerdict(dueTo error: AFError) async -> RetryVerdict {
        guard !isCancelled, let session, let retrier = session.interceptor(for: self) else { return .doNotRetry }
        let result = await Callback.result { (done: @escaping (RetryResult) -> Void) in
            retrier.retry(self, for: session, dueTo: error, completion: done)
        }
        switch result {
        case .retry: return .retry(delay: nil)
        case .retryWithDelay(let delay): return .retry(delay: delay)
        case .doNotRetry: return .doNotRetry
        case .doNotRetryWithError(let retryError):
            return .fail(.requestRetryFailed(retryError: retryError, originalError: error))
        }
    }

    /// Waits `delay` seconds, then counts the retry and tells the monitors; `false` when the request
    /// was cancelled meanwhile.
    func prepareForRetry(after delay: TimeInterval?) async -> Bool {
        if let delay, delay > 0 {
            let nanoseconds = UInt64(min(delay, 365 * 86_400) * 1_000_000_000)
            do {
                try await _Concurrency.Task.sleep(nanoseconds: nanoseconds)
            } catch {
                return false
            }
        }
        guard !isCancelled, !_Concurrency.Task.isCancelled else { return false }
        storage.withLock { state in
            state.retryCount += 1
            state.error = nil
        }
        resetProgress()
        eventMonitor?.requestIsRetrying(self)
        return true
    }

    /// One attempt; the error it failed with, if it did.
    private func attempt() async -> AFError? {
        let request: URLRequest
        switch await makeURLRequest() {
        case .success(let made): request = made
        case .failure(let error): return error
        }
        let task = self.task ?? AttemptTask(request: request, response: nil)
        eventMonitor?.request(self, didCreateTask: task)
        await waitUntilResumed()
        guard !isCancelled, !_Concurrency.Task.isCancelled else {
            eventMonitor?.request(self, didCompleteTask: task, with: .explicitlyCancelled)
            return .explicitlyCancelled
        }
        let transportError = await send(request)
        let error = transportError ?? validationError()
        storage.withLock { $0.error = error }
        eventMonitor?.request(self, didCompleteTask: self.task ?? task, with: transportError)
        return error
    }

    /// The `URLRequest` of an attempt: made from ``convertible``, refused as the session refuses it
    /// (invalidated, or a `GET` with a body), adapted by the interceptors.
    private func makeURLRequest() async -> Result<URLRequest, AFError> {
        guard let session else { return .failure(.sessionDeinitialized) }
        let initial: URLRequest
        do {
            initial = try convertible.asURLRequest()
        } catch {
            return failedToCreate(error.asAFError ?? .createURLRequestFailed(error: error))
        }
        storage.withLock { state in
            state.requests.append(initial)
            state.response = nil
        }
        dataState.withLock { $0.data = nil }
        eventMonitor?.request(self, didCreateInitialURLRequest: initial)
        if let refusal = session.refusal(of: initial) { return failedToCreate(refusal) }

        var request = initial
        if let adapter = session.interceptor(for: self) {
            let state = RequestAdapterState(requestID: id, session: session)
            let result = await Callback.result { (done: @escaping (Result<URLRequest, Error>) -> Void) in
                adapter.adapt(initial, using: state, completion: done)
            }
            switch result {
            case .success(let adapted):
                didCreate(adapted)
                eventMonitor?.request(self, didAdaptInitialRequest: initial, to: adapted)
                request = adapted
            case .failure(let error):
                let failure = AFError.requestAdaptationFailed(error: error)
                eventMonitor?.request(self, didFailToAdaptURLRequest: initial, withError: failure)
                callCURLHandlers()
                return .failure(failure)
            }
        }
        eventMonitor?.request(self, didCreateURLRequest: request)
        callCURLHandlers()
        return .success(request)
    }

    private func failedToCreate(_ error: AFError) -> Result<URLRequest, AFError> {
        eventMonitor?.request(self, didFailToCreateURLRequestWithError: error)
        callCURLHandlers()
        return .failure(error)
    }

    /// Sends `request` through the session's transport and records the response; the error of the
    /// transfer, if any: ``AFError/explicitlyCancelled`` when the request was cancelled, else
    /// ``AFError/sessionTaskFailed(error:)`` (with a `URLError` such as `.timedOut`).
    private func send(_ request: URLRequest) async -> AFError? {
        do throws(CourierError) {
            try HeaderValidation.check(request.allHTTPHeaderFields)
        } catch {
            return .sessionTaskFailed(error: error.underlyingError ?? error)
        }
        let transfer = TransportRequest(urlRequest: request, progress: { [self] in updateProgress($0) })
        do {
            let answer = try await transport.send(transfer)
            let response =
                answer.response
                ?? HTTPURLResponse(
                    url: request.url ?? URL(fileURLWithPath: "/"), statusCode: answer.statusCode,
                    httpVersion: "HTTP/1.1",
                    headerFields: nil)
            storage.withLock { $0.response = response }
            dataState.withLock { $0.data = answer.data.isEmpty ? nil : answer.data }
            return nil
        } catch {
            let isCancelled = isCancelled || _Concurrency.Task.isCancelled
            return isCancelled ? .explicitlyCancelled : MoyaResult.afError(error, isMultipart: false)
        }
    }

    /// The error of the first validation the response fails, if any.
    private func validationError() -> AFError? {
        guard let response else { return nil }
        let validators = dataState.withLock { $0.validators }
        let (request, data) = (self.request, self.data)
        for validation in validators {
            let result = validation(request, response, data)
            eventMonitor?.request(self, didValidateRequest: request, response: response, data: data, withResult: result)
            if case .failure(let error) = result {
                return error.asAFError ?? .responseValidationFailed(reason: .customValidationFailed(error: error))
            }
        }
        return nil
    }
}
