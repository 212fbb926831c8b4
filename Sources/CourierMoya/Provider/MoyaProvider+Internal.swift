/// The path of a ``MoyaProvider`` request, as Moya's: endpoint → request closure → stub or network →
/// plugins → completion.
extension MoyaProvider {
    /// Sends the request of `target`: what ``request(_:callbackQueue:progress:completion:)`` does, with
    /// the callback queue already chosen.
    ///
    /// The endpoint and the stub behaviour are read first; with ``trackInflights``, a request whose
    /// endpoint is already in flight waits for that one's result. The ``requestClosure`` then makes the
    /// `URLRequest`: its failure goes to the plugins' `process` and the completion (no other hook); a
    /// request cancelled meanwhile ends as ``cancelCompletion(_:target:)`` ends it. Otherwise the stub
    /// (``stubRequest(_:request:callbackQueue:completion:endpoint:stubBehavior:)``) or the network answers,
    /// and every result passes through the plugins' `process`.
    public func requestNormal(
        _ target: Target, callbackQueue: DispatchQueue?, progress: ProgressBlock?, completion: @escaping Completion
    ) -> Cancellable {
        let endpoint = self.endpoint(target)
        let stubBehavior = stubClosure(target)
        let cancellableToken = CancellableWrapper()

        let plugins = self.plugins
        let pluginsWithCompletion: Completion = { result in
            let processed = plugins.reduce(result) { $1.process($0, target: target) }
            completion(processed)
        }

        if trackInflights {
            let isFirst = inflights.withLock { inflights -> Bool in
                if inflights[endpoint] != nil {
                    inflights[endpoint]?.append(Unchecked(pluginsWithCompletion))
                    return false
                }
                inflights[endpoint] = [Unchecked(pluginsWithCompletion)]
                return true
            }
            guard isFirst else { return cancellableToken }
        }

        // Every completion of a request that reached the inflight table goes to all who wait for it,
        // while the endpoint is still listed (as Moya calls them); those that joined meanwhile after.
        let finish: Completion = { result in
            guard self.trackInflights else { return pluginsWithCompletion(result) }
            let waiting = self.inflights.withLock { $0[endpoint] ?? [] }
            for completion in waiting {
                completion.value(result)
            }
            let joined = self.inflights.withLock { $0.removeValue(forKey: endpoint) ?? [] }.dropFirst(waiting.count)
            for completion in joined {
                completion.value(result)
            }
        }

        let performNetworking = { (requestResult: Result<URLRequest, MoyaError>) in
            if cancellableToken.isCancelled {
                self.cancelCompletion(finish, target: target)
                return
            }
            let request: URLRequest
            switch requestResult {
            case .success(let urlRequest):
                request = urlRequest
            case .failure(let error):
                finish(.failure(error))
                return
            }
            cancellableToken.wrap(
                self.performRequest(
                    target, request: request, callbackQueue: callbackQueue, progress: progress, completion: finish,
                    endpoint: endpoint, stubBehavior: stubBehavior))
        }

        requestClosure(endpoint, performNetworking)
        return cancellableToken
    }

    /// Ends a request of `target` as cancelled, as Moya does: the plugins hear `didReceive` with
    /// `.underlying(NSError(domain: NSURLErrorDomain, code: NSURLErrorCancelled), nil)`, then
    /// `completion` gets it.
    public func cancelCompletion(_ completion: Completion, target: Target) {
        let error = MoyaError.underlying(
            NSError(domain: NSURLErrorDomain, code: NSURLErrorCancelled, userInfo: nil), nil)
        for plugin in plugins {
            plugin.didReceive(.failure(error), target: target)
        }
        completion(.failure(error))
    }

    /// A closure that answers a stubbed request of `target` from the endpoint's sample response, for
    /// ``stubRequest(_:request:callbackQueue:completion:endpoint:stubBehavior:)`` (and overrides of it)
    /// to run at once or after a delay.
    ///
    /// When it runs: a cancelled `token` ends the request as ``cancelCompletion(_:target:)`` does;
    /// otherwise the sample response is validated against the target's `validationType` (a rejected
    /// status is `.underlying(MoyaError.statusCode(response), response)`), `plugins` hear
    /// `didReceive`, and `completion` gets the result.
    ///
    /// - Parameters:
    ///   - token: The token whose cancellation stops the answer.
    ///   - target: The stubbed command.
    ///   - completion: Called once with the answer.
    ///   - endpoint: The endpoint whose sample response answers.
    ///   - plugins: The plugins that hear of the answer.
    ///   - request: The request the answer is for, as the plugins prepared it.
    /// - Returns: The closure that answers.
    public final func createStubFunction(
        _ token: CancellableToken, forTarget target: Target, withCompletion completion: @escaping Completion,
        endpoint: Endpoint, plugins: [PluginType], request: URLRequest
    ) -> (() -> Void) {
        {
            if token.isCancelled {
                self.cancelCompletion(completion, target: target)
                return
            }
            let validate = { (response: Response) -> Result<Response, MoyaError> in
                let validCodes = target.validationType.statusCodes
                guard !validCodes.isEmpty, !validCodes.contains(response.statusCode) else { return .success(response) }
                return .failure(.underlying(MoyaError.statusCode(response), response))
            }
            let result: Result<Response, MoyaError>
            switch endpoint.sampleResponseClosure() {
            case .networkResponse(let statusCode, let data):
                result = validate(Response(statusCode: statusCode, data: data, request: request, response: nil))
            case .response(let customResponse, let data):
                result = validate(
                    Response(
                        statusCode: customResponse.statusCode, data: data, request: request, response: customResponse))
            case .networkError(let error):
                result = .failure(.underlying(error, nil))
            }
            for plugin in plugins {
                plugin.didReceive(result, target: target)
            }
            completion(result)
        }
    }

    /// Lets the plugins prepare `request` and hear that it is about to be sent, for a stub: what an
    /// override of ``stubRequest(_:request:callbackQueue:completion:endpoint:stubBehavior:)`` calls first,
    /// as Moya's documentation says.
    ///
    /// - Parameters:
    ///   - request: The request the stub answers.
    ///   - target: The command it was made from.
    /// - Returns: The request as the plugins prepared it.
    public final func notifyPluginsOfImpendingStub(for request: URLRequest, target: Target) -> URLRequest {
        let prepared = plugins.reduce(request) { $1.prepare($0, target: target) }
        let sent = SentRequest(request: prepared, session: session)
        for plugin in plugins {
            plugin.willSend(sent, target: target)
        }
        return prepared
    }

    /// The stub or the network, as the stub behaviour says.
    private func performRequest(
        _ target: Target, request: URLRequest, callbackQueue: DispatchQueue?, progress: ProgressBlock?,
        completion: @escaping Completion, endpoint: Endpoint, stubBehavior: StubBehavior
    ) -> Cancellable {
        switch stubBehavior {
        case .never:
            sendRequest(
                target, request: request, callbackQueue: callbackQueue, progress: progress, completion: completion,
                endpoint: endpoint)
        case .immediate, .delayed:
            stubRequest(
                target, request: request, callbackQueue: callbackQueue, completion: completion, endpoint: endpoint,
                stubBehavior: stubBehavior)
        }
    }
}

extension ValidationType {
    /// The status codes a validation accepts, as Moya lists them: empty for `.none` (and for
    /// `.customCodes([])`), meaning nothing is validated.
    var statusCodes: [Int] {
        switch self {
        case .successCodes: Array(200..<300)
        case .successAndRedirectCodes: Array(200..<400)
        case .customCodes(let codes): codes
        case .none: []
        }
    }
}
