import Dispatch

/// Called with the result of a request: Moya's `Completion`.
///
/// It is not `@Sendable`, as Moya's is not; a ``Provider`` calls it once, on its callback queue.
public typealias Completion = (_ result: Result<Response, CourierError>) -> Void

/// A provider of requests for one API: Moya's `MoyaProviderType`, what reactive extensions of a
/// provider are written against. ``Provider`` conforms.
public protocol ProviderType: AnyObject {
    /// The API whose commands the provider sends.
    associatedtype Target: TargetType

    /// Sends the request of `target` and calls `completion` with the result.
    ///
    /// - Parameters:
    ///   - target: The command to send.
    ///   - callbackQueue: Where `progress` and `completion` run, or `nil` for the provider's queue.
    ///   - progress: Called as the transfer advances, or `nil`.
    ///   - completion: Called exactly once with the result.
    /// - Returns: A handle that cancels the request.
    func request(
        _ target: Target, callbackQueue: DispatchQueue?, progress: ProgressBlock?, completion: @escaping Completion
    ) -> any Cancellable
}

extension Provider: ProviderType {}
