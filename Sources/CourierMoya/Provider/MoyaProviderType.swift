/// What reactive extensions of a provider are written against: Moya's `MoyaProviderType`.
/// ``MoyaProvider`` conforms.
public protocol MoyaProviderType: AnyObject {
    /// The API whose commands the provider sends.
    associatedtype Target: TargetType

    /// Sends the request of `target` and calls `completion` with the result.
    ///
    /// - Parameters:
    ///   - target: The command to send.
    ///   - callbackQueue: Where `progress` and `completion` run, or `nil` for the provider's queue.
    ///   - progress: Called as the transfer advances, or `nil`.
    ///   - completion: Called once with the result.
    /// - Returns: A handle that cancels the request.
    func request(
        _ target: Target, callbackQueue: DispatchQueue?, progress: ProgressBlock?, completion: @escaping Completion
    ) -> Cancellable
}
