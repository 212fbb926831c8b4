import Courier

extension MoyaProvider {
    /// Sends `request` over the network through Courier, and calls `completion` on the callback queue
    /// (the main queue when there is none) after the plugins' `didReceive`, as Moya's Alamofire
    /// requests do.
    ///
    /// The session refuses it first, as Alamofire's does, when it has been invalidated or the request is
    /// a `GET` with a body; the plugins then hear `didReceive` without `prepare` or `willSend`.
    func sendRequest(
        _ target: Target, request: URLRequest, callbackQueue: DispatchQueue?, progress: ProgressBlock?,
        completion: @escaping Completion, endpoint: Endpoint
    ) -> Cancellable {
        let queue = callbackQueue ?? .main
        let tracker = progress.map {
            ProgressTracker(isUpload: endpoint.task.isUpload, queue: callbackQueue, block: $0)
        }
        let finish = Unchecked { [plugins] (result: Result<Response, MoyaError>) in
            for plugin in plugins {
                plugin.didReceive(result, target: target)
            }
            tracker?.complete(with: try? result.get())
            completion(result)
        }

        if let refusal = session.refusal(of: request) {
            queue.async { finish.value(.failure(.underlying(refusal, nil))) }
            return CancellableToken {}
        }

        let transfer = Courier.Endpoint(
            url: endpoint.url, sampleResponseClosure: { .networkResponse(200, Data()) }, method: endpoint.method,
            task: endpoint.task.transferTask, httpHeaderFields: nil)
        let engine = engine
        let isMultipart = if case .uploadMultipart = transfer.task { true } else { false }
        let validation = target.validationType
        let session = Unchecked(session)
        let monitored = session.value.monitoredRequest(for: request)
        let task = session.value.start {
            let result = await EventInterceptor.$current.withValue(monitored) {
                await engine.send(request, target: target, endpoint: transfer, transferProgress: tracker?.handler)
            }
            let moyaResult = Unchecked(
                MoyaResult.network(result, validation: validation, isMultipart: isMultipart, session: session.value))
            session.value.didFinish(monitored, response: moyaResult.value.response, error: moyaResult.value.error)
            queue.async { finish.value(moyaResult.value) }
        }
        return CancellableToken(
            request: { [sessionHeaders = session.value.sessionConfiguration.headers.dictionary] in
                CURLDescription.command(for: request, sessionHeaders: sessionHeaders)
            }, action: { task.cancel() })
    }
}
