import Courier

/// Tells a ``Session``'s ``EventMonitor``s of each attempt of a ``MoyaProvider`` request: the last of the
/// provider's interceptors, so that the `URLRequest` it sees is the one that goes out.
///
/// The ``Request`` that stands for the provider's request is bound for the life of the transfer
/// (``current``); each attempt after the first is announced as a retry.
struct EventInterceptor: Courier.RequestInterceptor {
    /// The request whose attempts are running, as the monitors see it.
    @TaskLocal static var current: Request?

    func adapt(_ request: URLRequest, for target: any Courier.TargetType) async throws -> URLRequest {
        guard let moyaRequest = Self.current, let monitor = moyaRequest.eventMonitor else { return request }
        let attempt = RequestContext.current?.attempt ?? 0
        if attempt > 0 {
            moyaRequest.storage.withLock { $0.retryCount = attempt }
            monitor.requestIsRetrying(moyaRequest)
        }
        moyaRequest.didCreate(request)
        monitor.request(moyaRequest, didCreateURLRequest: request)
        if let task = moyaRequest.task {
            monitor.request(moyaRequest, didCreateTask: task)
        }
        return request
    }
}

extension Session {
    /// Whether any monitor listens to the session's requests.
    var hasEventMonitors: Bool { !eventMonitor.monitors.isEmpty }

    /// A ``Request`` standing for a request of `urlRequest`, told to the monitors as made and started.
    func monitoredRequest(for urlRequest: URLRequest) -> Request? {
        guard hasEventMonitors else { return nil }
        let request = Request(
            eventMonitor: eventMonitor,
            sessionHeaders: sessionConfiguration.httpAdditionalHeaders as? [String: String] ?? [:])
        eventMonitor.request(request, didCreateInitialURLRequest: urlRequest)
        request.resume()
        return request
    }

    /// Tells the monitors how `request`'s last attempt ended, and that it is done.
    func didFinish(_ request: Request?, response: Response?, error: MoyaError?) {
        guard let request else { return }
        let afError = error.flatMap { error -> AFError? in
            if case .underlying(let underlying, _) = error { return underlying.asAFError }
            return nil
        }
        request.didComplete(response: response?.response, error: afError, retryCount: request.retryCount)
        if let task = request.task {
            eventMonitor.request(request, didCompleteTask: task, with: afError)
        }
        if case .explicitlyCancelled? = afError {
            request.cancel()
        }
        request.finish()
        eventMonitor.requestDidFinish(request)
    }
}
