import Dispatch
import Foundation

/// Sends ``TypedRequest`` values to one host and hands back their decoded models.
///
/// Built on a ``Provider``, so requests travel the same path (plugins, interceptors, validation,
/// cancellation). Swap the transport to answer from files in tests:
///
/// ```swift
/// let client = APIClient(baseURL: URL(string: "https://api.example.com")!)
/// let testClient = APIClient(baseURL: client.baseURL, transport: FixtureTransport(directory: fixtures))
/// ```
public final class APIClient: Sendable {
    /// The host that request paths are appended to.
    public let baseURL: URL
    /// Where completion handlers run; `nil` means the main queue.
    public let callbackQueue: DispatchQueue?
    private let provider: Provider<TypedRequestTarget>

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - baseURL: The host that request paths are appended to.
    ///   - transport: Moves the bytes. Default: a ``URLSessionTransport``.
    ///   - callbackQueue: Where completion handlers run. Default: `nil`, the main queue.
    ///   - plugins: Hooks around every request. Default: none.
    ///   - interceptors: Adapt and retry every request. Default: none.
    public init(
        baseURL: URL, transport: any Transport = DefaultTransport.shared, callbackQueue: DispatchQueue? = nil,
        plugins: [any PluginType] = [], interceptors: [any RequestInterceptor] = []
    ) {
        self.baseURL = baseURL
        self.callbackQueue = callbackQueue
        provider = Provider(
            transport: transport, callbackQueue: callbackQueue, plugins: plugins, interceptors: interceptors)
    }

    /// Sends `request` and returns its decoded model.
    ///
    /// - Throws: What ``Provider/request(_:as:atKeyPath:using:)`` throws.
    public func send<R: TypedRequest>(_ request: R) async throws(CourierError) -> R.Model {
        let target = TypedRequestTarget(baseURL: baseURL, request: request)
        if let envelope = request.envelope {
            return try await provider.request(target, as: R.Model.self, envelope: envelope, using: request.decoder)
        }
        return try await provider.request(target, as: R.Model.self, atKeyPath: request.keyPath, using: request.decoder)
    }

    /// Sends `request` and calls `completion` with its model or its error, on the callback queue.
    @discardableResult
    public func send<R: TypedRequest>(
        _ request: R, completion: @escaping @Sendable (Result<R.Model, CourierError>) -> Void
    ) -> any Cancellable {
        let task = Task {
            let result = await self.result(of: request)
            (self.callbackQueue ?? .main).async { completion(result) }
        }
        return CancellableTask(task: task)
    }

    private func result<R: TypedRequest>(of request: R) async -> Result<R.Model, CourierError> {
        do {
            return .success(try await send(request))
        } catch {
            return .failure(error)
        }
    }
}
