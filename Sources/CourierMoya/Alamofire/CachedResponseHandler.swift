/// Decides whether a response is cached: Alamofire's `CachedResponseHandler`. Courier's transports
/// keep no HTTP cache, so a ``Session`` accepts one and never asks it.
public protocol CachedResponseHandler {
    /// Calls `completion` with the response to cache, or `nil` to cache none.
    func dataTask(
        _ task: URLSessionDataTask, willCacheResponse response: CachedURLResponse,
        completion: @escaping (CachedURLResponse?) -> Void)
}

/// Caches responses as they are, not at all, or changed: Alamofire's `ResponseCacher`.
public struct ResponseCacher {
    /// What a ``ResponseCacher`` does.
    public enum Behavior {
        /// Cache the response as it is.
        case cache
        /// Cache nothing.
        case doNotCache
        /// Cache what the closure gives.
        case modify((URLSessionDataTask, CachedURLResponse) -> CachedURLResponse?)
    }

    /// Caches responses as they are.
    public static var cache: ResponseCacher { ResponseCacher(behavior: .cache) }
    /// Caches nothing.
    public static var doNotCache: ResponseCacher { ResponseCacher(behavior: .doNotCache) }

    /// What it does.
    public let behavior: Behavior

    /// Creates a cacher.
    public init(behavior: Behavior) {
        self.behavior = behavior
    }
}

extension ResponseCacher: CachedResponseHandler {
    /// Calls `completion` as the behaviour says.
    public func dataTask(
        _ task: URLSessionDataTask, willCacheResponse response: CachedURLResponse,
        completion: @escaping (CachedURLResponse?) -> Void
    ) {
        switch behavior {
        case .cache: completion(response)
        case .doNotCache: completion(nil)
        case .modify(let closure): completion(closure(task, response))
        }
    }
}

extension CachedResponseHandler where Self == ResponseCacher {
    /// Caches responses as they are.
    public static var cache: ResponseCacher { .cache }
    /// Caches nothing.
    public static var doNotCache: ResponseCacher { .doNotCache }
    /// Caches what `closure` gives.
    public static func modify(using closure: @escaping (URLSessionDataTask, CachedURLResponse) -> CachedURLResponse?)
        -> ResponseCacher
    {
        ResponseCacher(behavior: .modify(closure))
    }
}
