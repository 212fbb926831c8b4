import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one path every request travels, read top to bottom: a whole response and a streamed one, a
/// stub and the network, the first attempt and every retry are branches of this path, not copies of it.
///
/// ```text
/// endpointClosure → requestClosure → the transfer plan (body file, download)
/// → for each attempt: interceptors adapt → plugins prepare → headers checked → plugins willSend
///                     → the stub's answer or the transport's → validation → interceptors decide on a retry
/// → plugins didReceive and process (a stream: didReceive once its body has been read) → caller
/// ```
extension Provider {
    // MARK: Entry points

    /// Sends the request of `target` and returns its whole response; `progress` hears the transfer.
    func perform(_ target: Target, progress: ProgressBlock?) async throws(CourierError) -> Response {
        guard !Task.isCancelled else { throw .cancelled }
        let endpoint = endpoint(target)
        let request = try await urlRequest(for: endpoint)
        let delivery = Delivery.whole(progress: progress.map(ProgressReporter.init)?.transferHandler)
        let shares =
            trackInflights && progress == nil && !endpoint.task.isDownload
            && (endpoint.method == .get || endpoint.method == .head)
        guard shares else {
            return try await send(request, target: target, endpoint: endpoint, delivery: delivery).get()
        }
        return try await inflights.share(key: InflightRequests.key(for: request)) {
            await self.send(request, target: target, endpoint: endpoint, delivery: delivery)
        }.get()
    }

    /// ``perform(_:progress:)`` as a `Result`, for the completion API.
    func result(of target: Target, progress: ProgressBlock?) async -> Result<Response, CourierError> {
        do {
            return .success(try await perform(target, progress: progress))
        } catch {
            return .failure(error)
        }
    }

    /// Sends the request of `target` with `headers` added to the endpoint's (those it sets itself win),
    /// and returns once the head has arrived and passed validation; the body follows as it arrives.
    func openStream(_ target: Target, headers: [String: String]) async throws(CourierError) -> StreamedResponse {
        guard !Task.isCancelled else { throw .cancelled }
        var endpoint = endpoint(target)
        let own = Set((endpoint.httpHeaderFields ?? [:]).keys.map { $0.lowercased() })
        let added = headers.filter { !own.contains($0.key.lowercased()) }
        if !added.isEmpty { endpoint = endpoint.adding(newHTTPHeaderFields: added) }
        let request = try await urlRequest(for: endpoint)
        let exchange = await exchange(request, target: target, endpoint: endpoint, delivery: .streamed)
        switch exchange.outcome {
        case .success(let answer):
            let head = answer.response
            // Captures what it needs, not the exchange, which holds the body that holds this ending.
            let ending = StreamEnding(head: head) {
                [plugins, context = exchange.context, plan = exchange.plan] error, byteCount in
                plan?.cleanUp()
                let streamed = head.streamed(byteCount: byteCount)
                let result: Result<Response, CourierError> =
                    error.map { .failure($0.attaching(streamed)) } ?? .success(streamed)
                _ = Self.report(result, to: plugins, target: target, context: context, processing: false)
            }
            return StreamedResponse(head: head, body: answer.body ?? .empty, ending: ending)
        case .failure(let error):
            exchange.plan?.cleanUp()
            if exchange.wasSent {
                _ = Self.report(
                    .failure(error), to: plugins, target: target, context: exchange.context, processing: false)
            }
            throw error
        }
    }

    /// Every attempt of a request already made from `endpoint`, then the plugins' `didReceive` and
    /// `process` with the final result: the path after the `requestClosure`, for a face on this
    /// provider in another module of the package that makes its requests its own way.
    package func send(
        _ request: URLRequest, target: Target, endpoint: Endpoint,
        transferProgress: (@Sendable (TransferProgress) -> Void)?
    ) async -> Result<Response, CourierError> {
        await send(request, target: target, endpoint: endpoint, delivery: .whole(progress: transferProgress))
    }

    /// Every attempt, then the plugins with the final result, and the plan's files removed.
    private func send(
        _ request: URLRequest, target: Target, endpoint: Endpoint, delivery: Delivery
    ) async -> Result<Response, CourierError> {
        let exchange = await exchange(request, target: target, endpoint: endpoint, delivery: delivery)
        exchange.plan?.cleanUp()
        let outcome = exchange.outcome.map(\.response)
        guard exchange.wasSent else { return outcome }
        return Self.report(outcome, to: plugins, target: target, context: exchange.context, processing: true)
    }

    // MARK: The attempts

    /// Sends `request` as many times as the interceptors ask, and returns the final answer.
    ///
    /// A request that fails before any attempt reached `willSend` (its body could not be prepared, an
    /// interceptor threw) reaches no plugin, which ``Exchange/wasSent`` tells the caller.
    private func exchange(
        _ request: URLRequest, target: Target, endpoint: Endpoint, delivery: Delivery
    ) async -> Exchange {
        let stub = stubClosure(target)
        let plan: TransferPlan
        do {
            plan = try await TransferPlan.prepare(for: endpoint.task, stub: stub)
        } catch {
            return Exchange(outcome: .failure(error), context: RequestContext(), wasSent: false, plan: nil)
        }
        var request = plan.applied(to: request)
        let timeout = target.timeoutInterval ?? timeout
        if let timeout { request.timeoutInterval = timeout }
        var context = RequestContext()
        var wasSent = false
        while true {
            let outcome: Result<Answer, CourierError>
            switch await RequestContext.$bound.withValue(
                context, operation: { await outgoing(request, target: target) })
            {
            case .failure(let error):
                return Exchange(outcome: .failure(error), context: context, wasSent: wasSent, plan: plan)
            case .success(let sent):
                wasSent = true
                context.request = sent
                let answer = await RequestContext.$bound.withValue(context) {
                    switch stub {
                    case .never:
                        let transfer = plan.transportRequest(for: sent, timeout: timeout, delivery: delivery)
                        return await self.transportAnswer(transfer, delivery: delivery)
                    case .immediate, .delayed:
                        return await Self.stubAnswer(of: endpoint, for: sent, stub: stub, delivery: delivery)
                    }
                }
                outcome = await Self.validated(answer, by: target.validationType, plan: plan)
            }

            guard Self.failed(outcome), let sent = context.request else {
                return Exchange(outcome: outcome, context: context, wasSent: wasSent, plan: plan)
            }
            let result = outcome.map(\.response)
            let decision = await RequestContext.$bound.withValue(context) {
                await retryDecision(sent, target: target, result: result, retries: context.attempt)
            }
            let delay: Duration
            switch decision {
            case .doNotRetry:
                return Exchange(outcome: outcome, context: context, wasSent: wasSent, plan: plan)
            case .doNotRetryWithError(let error):
                let failure = CourierError(error, response: result.response)
                return Exchange(outcome: .failure(failure), context: context, wasSent: wasSent, plan: plan)
            case .retry:
                delay = .zero
            case .retryAfter(let seconds):
                delay = .seconds(clamping: seconds)
            }
            do {
                try await Task.sleep(for: delay)
            } catch {
                return Exchange(outcome: .failure(.cancelled), context: context, wasSent: wasSent, plan: plan)
            }
            context.attempt += 1
        }
    }

    /// The request of one attempt as it goes out: interceptors adapt it, plugins prepare it, its
    /// header fields are checked (nothing is sent, or logged, with a header that could inject another),
    /// and plugins hear `willSend`.
    private func outgoing(_ request: URLRequest, target: Target) async -> Result<URLRequest, CourierError> {
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

    /// The transport's answer to `request`: the whole response, or its head and the body to come.
    private func transportAnswer(_ request: TransportRequest, delivery: Delivery) async -> Result<Answer, CourierError>
    {
        do {
            switch delivery {
            case .whole:
                let answer = try await transport.send(request)
                return .success(
                    Answer(
                        response: Response(
                            statusCode: answer.statusCode, data: answer.data, request: request.urlRequest,
                            source: answer.source, fileURL: answer.fileURL, metrics: answer.metrics)))
            case .streamed:
                let stream = try await transport.stream(request)
                let head = Response(
                    statusCode: stream.statusCode, data: Data(), request: request.urlRequest, source: stream.source,
                    fileURL: nil, metrics: nil)
                return .success(Answer(response: head, body: stream.body))
            }
        } catch {
            return .failure(CourierError(error))
        }
    }

    /// The first decision other than ``RetryDecision/doNotRetry`` among the interceptors.
    private func retryDecision(
        _ request: URLRequest, target: Target, result: Result<Response, CourierError>, retries: Int
    ) async -> RetryDecision {
        for interceptor in interceptors {
            let decision = await interceptor.retry(request, for: target, result: result, attempt: retries)
            if case .doNotRetry = decision { continue }
            return decision
        }
        return .doNotRetry
    }

    // MARK: The steps' parts

    /// Runs the `requestClosure`, turning whatever it throws into a ``CourierError``.
    func urlRequest(for endpoint: Endpoint) async throws(CourierError) -> URLRequest {
        do {
            return try await requestClosure(endpoint)
        } catch {
            throw CourierError(error)
        }
    }

    /// Whether an attempt failed in a way an interceptor may retry: an error other than cancellation,
    /// or a status code of 400 or more.
    static func failed(_ outcome: Result<Answer, CourierError>) -> Bool {
        switch outcome {
        case .success(let answer): answer.response.statusCode >= 400
        case .failure(let error): !error.isCancelled
        }
    }
}

/// How the caller takes the response of one request.
enum Delivery: Sendable {
    /// Whole, once its body has arrived; the transport's byte counts go to `progress`.
    case whole(progress: (@Sendable (TransferProgress) -> Void)?)
    /// The head first, the body as it arrives.
    case streamed
}

/// What one attempt was answered: the response (for a stream, its head), and a streamed body still to
/// be read.
struct Answer: Sendable {
    var response: Response
    var body: TransportStream.Body? = nil
}

/// How the attempts of one request ended.
struct Exchange: Sendable {
    /// The final answer.
    var outcome: Result<Answer, CourierError>
    /// The request's context: its last attempt and the request that went out.
    var context: RequestContext
    /// Whether any attempt reached `willSend`; a request that did not reaches no plugin.
    var wasSent: Bool
    /// The request's transfer plan, whose files go once the request is over.
    var plan: TransferPlan?
}
