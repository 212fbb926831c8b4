import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one path every request travels, read top to bottom. Stubs, retries, in-flight sharing and the
/// completion and progress APIs are branches of this path, not copies of it.
extension Provider {
    func perform(_ target: Target, progress: ProgressBlock?) async throws(CourierError) -> Response {
        guard !Task.isCancelled else { throw .cancelled }
        let endpoint = endpoint(target)
        let request = try await urlRequest(for: endpoint, timeout: target.timeoutInterval ?? timeout)

        let result: Result<Response, CourierError>
        if trackInflights, endpoint.method == .get || endpoint.method == .head, progress == nil,
            !endpoint.task.isDownload
        {
            result = await inflights.share(key: InflightRequests.key(for: request)) {
                await self.send(request, target: target, endpoint: endpoint, progress: nil)
            }
        } else {
            result = await send(request, target: target, endpoint: endpoint, progress: progress)
        }
        return try result.get()
    }

    /// ``perform(_:progress:)`` as a `Result`.
    func result(of target: Target, progress: ProgressBlock?) async -> Result<Response, CourierError> {
        do {
            return .success(try await perform(target, progress: progress))
        } catch {
            return .failure(error)
        }
    }

    /// Runs the `requestClosure`, turning whatever it throws into a ``CourierError``, and sets the
    /// target's `timeout` (``TargetType/timeoutInterval``), else the provider's, when there is one.
    func urlRequest(for endpoint: Endpoint, timeout: TimeInterval?) async throws(CourierError) -> URLRequest {
        do {
            var request = try await requestClosure(endpoint)
            if let timeout, timeout > 0 {
                request.timeoutInterval = timeout
            }
            return request
        } catch {
            throw CourierError(error)
        }
    }

    /// Every attempt of one request, then the plugins' `didReceive` and `process` with the final result.
    private func send(
        _ request: URLRequest, target: Target, endpoint: Endpoint, progress: ProgressBlock?
    ) async -> Result<Response, CourierError> {
        await send(
            request, target: target, endpoint: endpoint,
            transferProgress: progress.map(ProgressReporter.init)?.transferHandler)
    }

    /// Every attempt of a request already made from `endpoint`, then the plugins' `didReceive` and
    /// `process` with the final result; the transport's byte counts go to `transferProgress`.
    ///
    /// The path after the `requestClosure`, for a face on this provider that makes its requests its own
    /// way (`CourierMoya`'s `MoyaProvider`).
    package func send(
        _ request: URLRequest, target: Target, endpoint: Endpoint,
        transferProgress: (@Sendable (TransferProgress) -> Void)?
    ) async -> Result<Response, CourierError> {
        let stub = stubClosure(target)
        // The body is prepared once (a multipart form written to a temporary file) for every attempt.
        let plan: TransferPlan
        do {
            plan = try await TransferPlan.prepare(
                for: endpoint.task, stub: stub, in: transport.temporaryDirectory)
        } catch {
            return .failure(error)
        }
        defer { plan.cleanUp() }
        let request = plan.applied(to: request)
        let (outcome, context, wasSent) = await retrying(target, head: \.self) {
            await self.attempt(
                request, target: target, plan: plan, endpoint: endpoint, stub: stub, progress: transferProgress)
        }
        return finish(outcome, target: target, context: context, wasSent: wasSent)
    }

    /// Runs `attempt` again for as long as an interceptor asks for a retry, and returns the final
    /// outcome, the request's context, and whether any attempt reached `willSend`. Each final decision
    /// returns; the retry is the one path that loops. `head` is the response of a successful answer,
    /// which the interceptors judge.
    func retrying<Answer>(
        _ target: Target, head: (Answer) -> Response,
        _ attempt: () async -> (outcome: Result<Answer, CourierError>, sentRequest: URLRequest?)
    ) async -> (outcome: Result<Answer, CourierError>, context: RequestContext, wasSent: Bool) {
        var context = RequestContext()
        var wasSent = false
        while true {
            let attempt = await RequestContext.$bound.withValue(context) { await attempt() }
            let outcome = attempt.outcome
            wasSent = wasSent || attempt.sentRequest != nil
            let result = outcome.map(head)
            guard Self.failed(result), let sentRequest = attempt.sentRequest else { return (outcome, context, wasSent) }
            let decision = await RequestContext.$bound.withValue(context) {
                await retryDecision(sentRequest, target: target, result: result, retries: context.attempt)
            }
            let delay: Duration
            switch decision {
            case .doNotRetry:
                return (outcome, context, wasSent)
            case .doNotRetryWithError(let error):
                return (.failure(CourierError(error, response: result.response)), context, wasSent)
            case .retry:
                delay = .zero
            case .retryAfter(let seconds):
                delay = .seconds(clamping: seconds)
            }
            do {
                try await Task.sleep(for: delay)
            } catch {
                return (.failure(.cancelled), context, wasSent)
            }
            context.attempt += 1
        }
    }

    /// The final result, after the plugins' `didReceive` and `process`; a request that never reached
    /// `willSend` reaches no plugin.
    private func finish(
        _ outcome: Result<Response, CourierError>, target: Target, context: RequestContext, wasSent: Bool
    ) -> Result<Response, CourierError> {
        guard wasSent else { return outcome }
        return RequestContext.$bound.withValue(context) {
            for plugin in plugins {
                plugin.didReceive(outcome, target: target)
            }
            return plugins.reduce(outcome) { result, plugin in plugin.process(result, target: target) }
        }
    }

    /// One attempt: interceptors adapt, plugins prepare, the headers are checked, plugins hear
    /// `willSend`, then the stub or the transport answers and the status is validated.
    private func attempt(
        _ unprepared: URLRequest, target: Target, plan: TransferPlan, endpoint: Endpoint, stub: StubBehavior,
        progress: (@Sendable (TransferProgress) -> Void)?
    ) async -> (outcome: Result<Response, CourierError>, sentRequest: URLRequest?) {
        let request: URLRequest
        switch await prepareAttempt(unprepared, target: target) {
        case .success(let prepared): request = prepared
        case .failure(let error): return (.failure(error), nil)
        }

        let outcome: Result<Response, CourierError>
        switch stub {
        case .never:
            outcome = await transfer(request, plan: plan, progress: progress)
        case .immediate, .delayed:
            outcome = await stubbedAnswer(request: request, endpoint: endpoint, stub: stub)
        }
        // A download reaches its destination only once its status has passed validation.
        return (plan.completingDownload(Self.validate(outcome, with: target.validationType)), request)
    }

    /// The request of one attempt, as it goes out: interceptors adapt it, plugins prepare it, its headers
    /// are checked, and plugins hear `willSend`.
    func prepareAttempt(_ request: URLRequest, target: Target) async -> Result<URLRequest, CourierError> {
        guard !Task.isCancelled else { return .failure(.cancelled) }
        var request = request
        do {
            for interceptor in interceptors {
                request = try await interceptor.adapt(request, for: target)
            }
        } catch {
            return .failure(CourierError(error))
        }
        request = plugins.reduce(request) { request, plugin in plugin.prepare(request, target: target) }
        // Headers added by interceptors and plugins are checked as the endpoint's were: nothing is sent
        // (or logged) with a header that could inject another.
        do {
            try HeaderValidation.check(request.allHTTPHeaderFields)
        } catch {
            return .failure(error)
        }
        let sent = SentRequest(request: request)
        for plugin in plugins {
            plugin.willSend(sent, target: target)
        }
        return .success(request)
    }

    /// Sends `request` through the transport, its body and response body where `plan` says.
    private func transfer(
        _ request: URLRequest, plan: TransferPlan, progress: (@Sendable (TransferProgress) -> Void)?
    ) async -> Result<Response, CourierError> {
        let transportRequest = plan.transportRequest(for: request, progress: progress)
        do {
            let answer = try await transport.send(transportRequest)
            return .success(
                Response(
                    statusCode: answer.statusCode, data: answer.data, request: request,
                    source: answer.source, fileURL: answer.fileURL, metrics: answer.metrics))
        } catch {
            return .failure(CourierError(error))
        }
    }

    /// The first decision other than ``RetryDecision/doNotRetry`` among the interceptors.
    func retryDecision(
        _ request: URLRequest, target: Target, result: Result<Response, CourierError>, retries: Int
    ) async -> RetryDecision {
        for interceptor in interceptors {
            let decision = await interceptor.retry(request, for: target, result: result, attempt: retries)
            if case .doNotRetry = decision { continue }
            return decision
        }
        return .doNotRetry
    }

    /// Whether an attempt failed in a way an interceptor may retry: an error other than cancellation,
    /// or a status code of 400 or more.
    static func failed(_ outcome: Result<Response, CourierError>) -> Bool {
        switch outcome {
        case .success(let response): response.statusCode >= 400
        case .failure(let error): !error.isCancelled
        }
    }

    /// The stub's answer: the endpoint's sample response, at once or after the stub's delay (a
    /// cancelled wait ends with a cancelled error).
    func stubbedAnswer(request: URLRequest, endpoint: Endpoint, stub: StubBehavior) async -> Result<
        Response, CourierError
    > {
        if case .delayed(let seconds) = stub {
            do {
                try await Task.sleep(for: .seconds(clamping: seconds))
            } catch {
                return .failure(.cancelled)
            }
        }
        return Self.sampleResponse(of: endpoint, for: request)
    }

    /// The answer `endpoint`'s sample response makes for `request`.
    static func sampleResponse(of endpoint: Endpoint, for request: URLRequest) -> Result<
        Response, CourierError
    > {
        let url = request.url ?? URL(fileURLWithPath: "/")
        switch endpoint.sampleResponseClosure() {
        case .networkResponse(let statusCode, let data):
            let response = HTTPURLResponse(url: url, statusCode: statusCode, httpVersion: "HTTP/1.1", headerFields: nil)
            return .success(Response(statusCode: statusCode, data: data, request: request, response: response))
        case .response(let response, let data):
            return .success(Response(statusCode: response.statusCode, data: data, request: request, response: response))
        case .networkError(let error):
            return .failure(CourierError(error))
        }
    }

    static func validate(_ outcome: Result<Response, CourierError>, with validation: ValidationType) -> Result<
        Response, CourierError
    > {
        guard case .success(let response) = outcome, !validation.accepts(response.statusCode) else { return outcome }
        return .failure(.statusCode(response))
    }
}
