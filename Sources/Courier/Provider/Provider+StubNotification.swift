import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Provider {
    /// Lets the plugins prepare `request` and hear that it is about to be sent, for a stub answered
    /// outside the provider's own path: Moya's `notifyPluginsOfImpendingStub(for:target:)`.
    ///
    /// Each plugin's ``PluginType/prepare(_:target:)`` runs in order, then each one's
    /// ``PluginType/willSend(_:target:)``; the prepared request comes back. Within
    /// ``stubRequest(_:request:callbackQueue:completion:endpoint:stubBehavior:)`` called by the provider,
    /// the plugins have already done both for this request, so it comes back unchanged and no plugin hears
    /// of it twice: an override ported from Moya that calls it first keeps working.
    ///
    /// - Parameters:
    ///   - request: The request the stub answers.
    ///   - target: The command it was made from.
    /// - Returns: The request as the plugins prepared it.
    public final func notifyPluginsOfImpendingStub(for request: URLRequest, target: Target) -> URLRequest {
        guard !StubNotification.pluginsNotified else { return request }
        let prepared = plugins.reduce(request) { request, plugin in plugin.prepare(request, target: target) }
        let sent = SentRequest(request: prepared)
        for plugin in plugins {
            plugin.willSend(sent, target: target)
        }
        return prepared
    }

    /// A closure that answers a stubbed request of `target` from the endpoint's sample response:
    /// Moya's `createStubFunction`, for ``stubRequest(_:request:callbackQueue:completion:endpoint:stubBehavior:)``
    /// overrides ported from Moya, which call it and then run the closure at once or after the delay.
    ///
    /// When the closure runs, a cancelled `token` ends the request with a cancellation error; otherwise
    /// `completion` gets the sample response. Within the provider's own path the plugins and the status
    /// validation run around the stub already, so the closure only answers; called from elsewhere, it
    /// validates the status and tells `plugins` of the result first, as Moya's does.
    ///
    /// - Parameters:
    ///   - token: The token whose cancellation stops the answer.
    ///   - target: The stubbed command.
    ///   - completion: Called once with the answer.
    ///   - endpoint: The endpoint whose sample response answers.
    ///   - plugins: The plugins to tell of the result, outside the provider's own path.
    ///   - request: The request the answer is for.
    /// - Returns: The closure that answers; it may run on any queue, as with `asyncAfter`.
    public final func createStubFunction(
        _ token: CancellableToken, forTarget target: Target, withCompletion completion: @escaping Completion,
        endpoint: Endpoint, plugins: [any PluginType], request: URLRequest
    ) -> @Sendable () -> Void {
        let outsideThePipeline = !StubNotification.pluginsNotified
        // Courier calls `completion` once, from whichever thread runs the closure (Moya's is not Sendable).
        let completion = UncheckedSendableBox(completion)
        return {
            var answer: Result<Response, CourierError> = .failure(.cancelled)
            if !token.isCancelled {
                answer = Self.sampleResponse(of: endpoint, for: request)
                if outsideThePipeline { answer = Self.validate(answer, with: target.validationType) }
            }
            if outsideThePipeline {
                for plugin in plugins {
                    plugin.didReceive(answer, target: target)
                }
            }
            completion.value(answer)
        }
    }
}

/// Whether the plugins have already prepared and heard of the request a stub is answering.
enum StubNotification {
    /// `true` while the provider's own pipeline runs ``Provider/stubRequest(_:request:callbackQueue:completion:endpoint:stubBehavior:)``.
    @TaskLocal static var pluginsNotified = false
}
