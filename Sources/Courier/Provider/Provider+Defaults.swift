import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default closures of a ``Provider``: how a target becomes an endpoint and a request, and
/// whether it is stubbed.
extension Provider {
    /// The endpoint of `target`: its URL (base URL and path joined), method, task, headers, and a stub
    /// answer of the target's ``TargetType/sampleStatusCode`` (200 by default) and sample data.
    @Sendable public static func defaultEndpointMapping(for target: Target) -> Endpoint {
        Endpoint(
            url: TargetURL.string(baseURL: target.baseURL, path: target.path),
            sampleResponseClosure: { .networkResponse(target.sampleStatusCode, target.sampleData) },
            method: target.method,
            task: target.task,
            httpHeaderFields: target.headers)
    }

    /// The `URLRequest` of `endpoint`, from ``Endpoint/urlRequest()``.
    @Sendable public static func defaultRequestMapping(for endpoint: Endpoint) async throws(CourierError) -> URLRequest
    {
        try endpoint.urlRequest()
    }

    /// Sends every request for real.
    @Sendable public static func neverStub(_: Target) -> StubBehavior { .never }

    /// Answers every request with its sample response at once.
    @Sendable public static func immediatelyStub(_: Target) -> StubBehavior { .immediate }

    /// Answers every request with its sample response after `seconds`.
    public static func delayedStub(_ seconds: TimeInterval) -> @Sendable (Target) -> StubBehavior {
        { _ in .delayed(seconds: seconds) }
    }
}
