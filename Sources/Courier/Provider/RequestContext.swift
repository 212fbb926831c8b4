import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What Courier knows about the request whose plugin hooks and interceptor methods are running: which
/// attempt it is at, and when it started.
///
/// Read it as ``current`` from any hook of a ``PluginType`` or ``RequestInterceptor``; it is `nil`
/// outside a request. The built-in plugins read nothing else, so a plugin of your own can do all they
/// do, such as timing a request:
///
/// ```swift
/// struct TimingPlugin: PluginType {
///     func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
///         guard let context = RequestContext.current else { return }
///         print("\(target.path) took \(context.elapsed) over \(context.attempt + 1) attempts")
///     }
/// }
/// ```
public struct RequestContext: Sendable {
    /// How many retries came before the current attempt: 0 for the first attempt.
    public internal(set) var attempt: Int
    /// When the request started, before its first attempt.
    public let start: ContinuousClock.Instant
    /// The request of the current attempt as it went out, after every interceptor and plugin: `nil`
    /// until the first attempt has reached `willSend`.
    public internal(set) var request: URLRequest?

    /// The context of the request whose hooks are running, or `nil` outside a request.
    public static var current: RequestContext? { bound }

    /// Bound by the pipeline for the whole life of a request.
    @TaskLocal static var bound: RequestContext?

    /// A context for a new request, at its first attempt.
    init() {
        attempt = 0
        start = .now
    }

    /// The time since the request started.
    public var elapsed: Duration { .now - start }
}
