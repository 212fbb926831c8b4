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
}

/// Whether the plugins have already prepared and heard of the request a stub is answering.
enum StubNotification {
    /// `true` while the provider's own pipeline runs ``Provider/stubRequest(_:request:callbackQueue:completion:endpoint:stubBehavior:)``.
    @TaskLocal static var pluginsNotified = false
}
