/// Decides what happens to a redirect: Alamofire's `RedirectHandler`. A ``Session`` applies a
/// ``Redirector``'s `.follow` and `.doNotFollow` to its transport; `.modify` closures are not called
/// (Courier's transports follow redirects under their own rules: see `TransportPolicy`).
public protocol RedirectHandler {
    /// Calls `completion` with the request to follow `response`'s redirect with, or `nil` to stop there.
    ///
    /// - Parameters:
    ///   - task: The task that was redirected.
    ///   - request: The request the redirect asks for.
    ///   - response: The redirect.
    ///   - completion: Called with the request to send, or `nil`.
    func task(
        _ task: URLSessionTask, willBeRedirectedTo request: URLRequest, for response: HTTPURLResponse,
        completion: @escaping (URLRequest?) -> Void)
}

/// Follows redirects, stops at them, or changes the request: Alamofire's `Redirector`.
public struct Redirector {
    /// What a ``Redirector`` does.
    public enum Behavior {
        /// Follow the redirect.
        case follow
        /// Hand the redirect back as the response.
        case doNotFollow
        /// Follow with the request the closure makes, or stop when it gives `nil`.
        case modify((URLSessionTask, URLRequest, HTTPURLResponse) -> URLRequest?)
    }

    /// Follows every redirect.
    public static var follow: Redirector { Redirector(behavior: .follow) }
    /// Follows none.
    public static var doNotFollow: Redirector { Redirector(behavior: .doNotFollow) }

    /// What it does.
    public let behavior: Behavior

    /// Creates a redirector.
    ///
    /// - Parameter behavior: What it does.
    public init(behavior: Behavior) {
        self.behavior = behavior
    }
}

extension Redirector: RedirectHandler {
    /// Calls `completion` as the behaviour says.
    public func task(
        _ task: URLSessionTask, willBeRedirectedTo request: URLRequest, for response: HTTPURLResponse,
        completion: @escaping (URLRequest?) -> Void
    ) {
        switch behavior {
        case .follow: completion(request)
        case .doNotFollow: completion(nil)
        case .modify(let closure): completion(closure(task, request, response))
        }
    }
}

extension RedirectHandler where Self == Redirector {
    /// Follows every redirect.
    public static var follow: Redirector { .follow }
    /// Follows none.
    public static var doNotFollow: Redirector { .doNotFollow }
    /// Follows with the request `closure` makes, or stops when it gives `nil`.
    public static func modify(using closure: @escaping (URLSessionTask, URLRequest, HTTPURLResponse) -> URLRequest?)
        -> Redirector
    {
        Redirector(behavior: .modify(closure))
    }
}
