import Dispatch
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The result the pieces of a finished transfer make, as Moya's `convertResponseToResult` gives it: a
/// ``Response`` when there is an HTTP response and no error; the error, with the response attached when
/// there is one, otherwise; `URLError(.unknown)` when there is neither.
///
/// - Parameters:
///   - response: The HTTP response, if one arrived.
///   - request: The request that was sent.
///   - data: The body, if any.
///   - error: The error the transfer ended with, if any.
public func convertResponseToResult(
    _ response: HTTPURLResponse?, request: URLRequest?, data: Data?, error: (any Error)?
) -> Result<Response, CourierError> {
    let answer = response.map {
        Response(statusCode: $0.statusCode, data: data ?? Data(), request: request, response: $0)
    }
    if let error { return .failure(CourierError(error, response: answer)) }
    guard let answer else { return .failure(.underlying(URLError(.unknown), nil)) }
    return .success(answer)
}

extension Provider {
    /// Moya's `requestNormal(_:callbackQueue:progress:completion:)`: the same as
    /// ``request(_:callbackQueue:progress:completion:)``, which a subclass may override instead.
    @discardableResult
    public final func requestNormal(
        _ target: Target, callbackQueue: DispatchQueue?, progress: ProgressBlock?, completion: @escaping Completion
    ) -> any Cancellable {
        request(target, callbackQueue: callbackQueue, progress: progress, completion: completion)
    }

    /// Ends a request of `target` as cancelled, as Moya's `cancelCompletion(_:target:)` does: the plugins
    /// hear `didReceive` with the cancelled error, then `completion` gets it.
    public final func cancelCompletion(_ completion: Completion, target: Target) {
        let cancelled = Result<Response, CourierError>.failure(.cancelled)
        for plugin in plugins {
            plugin.didReceive(cancelled, target: target)
        }
        completion(cancelled)
    }
}
