import Courier

/// The transport of a ``Session`` whose ``ServerTrustManager`` decides each host: every request goes
/// through a `CurlTransport` whose trust policy gives the request's host the rules of the evaluator
/// ``ServerTrustManager/serverTrustEvaluator(forHost:)`` answers, so that a manager subclass (wildcard
/// hosts, say) is asked as Alamofire asks it. The hosts of ``ServerTrustManager/evaluators`` share one
/// transport; a host the subclass alone knows gets one with its rules added (made once, kept).
final class TrustRoutingTransport: Transport, @unchecked Sendable {
    private let manager: ServerTrustManager
    private let base: CurlTransport
    private let configuration: URLSessionConfiguration
    private let variants = Locked<[ServerTrustPolicy: CurlTransport]>([:])

    init(manager: ServerTrustManager, base: CurlTransport, configuration: URLSessionConfiguration) {
        self.manager = manager
        self.base = base
        self.configuration = configuration
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        try await transport(for: request.urlRequest.url).send(request)
    }

    func stream(_ request: TransportRequest) async throws -> TransportStream {
        try await transport(for: request.urlRequest.url).stream(request)
    }

    /// The transport whose trust policy gives `url`'s host its evaluator's rules.
    ///
    /// - Throws: What the manager throws for the host (``AFError/ServerTrustFailureReason/noRequiredEvaluator(host:)``).
    private func transport(for url: URL?) throws -> CurlTransport {
        guard let url, url.scheme?.lowercased() == "https", let host = url.host else { return base }
        let wanted = try manager.serverTrustEvaluator(forHost: host).map(ServerTrustManager.policy(of:)) ?? .system
        guard base.trust.policy(forHost: host) != wanted else { return base }
        var trust = base.trust
        trust.hosts[host] = wanted
        if let made = variants.withLock({ $0[trust] }) { return made }
        let made = try CurlTransport(configuration: configuration, policy: base.policy, trust: trust)
        return variants.withLock { variants in
            if let existing = variants[trust] { return existing }
            variants[trust] = made
            return made
        }
    }
}
