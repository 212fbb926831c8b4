import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The request a transport failure belongs to, written into the `URLError` a transport throws, so that
/// ``CourierError``'s sentence can name the method, the URL and the timeout that ran out
/// (`GET http://host/slow timed out after 0.5 s.`). The error keeps its code, so code matching on
/// `URLError.Code` (and ``RetryPolicy``) is unaffected.
enum TransportFailure {
    /// The user-info key of the request's HTTP method (a `String`).
    static let methodKey = "CourierHTTPMethod"
    /// The user-info key of the scheme a refused redirect pointed to (a `String`), on `.unsupportedURL`.
    static let refusedSchemeKey = "CourierRefusedRedirectScheme"
    /// The user-info key of the timeout that ran out, in seconds (a `TimeInterval`), on `.timedOut`.
    static let timeoutKey = "CourierTimeoutInterval"

    /// `error` with the method and URL of `request` added when it is a `URLError` other than a
    /// cancellation, and, for `.timedOut`, the timeout: `resourceTimeout` once `elapsed` has reached
    /// it, `requestTimeout` otherwise. Any other error is returned as it is.
    static func annotated(
        _ error: any Error, request: URLRequest, requestTimeout: TimeInterval, resourceTimeout: TimeInterval?,
        elapsed: TimeInterval
    ) -> any Error {
        guard let urlError = error as? URLError, urlError.code != .cancelled else { return error }
        var userInfo = urlError.userInfo
        if userInfo[NSURLErrorFailingURLErrorKey] == nil, let url = request.url {
            userInfo[NSURLErrorFailingURLErrorKey] = url
        }
        userInfo[methodKey] = request.httpMethod ?? "GET"
        if urlError.code == .timedOut, userInfo[timeoutKey] == nil {
            let isResource = resourceTimeout.map { elapsed >= $0 - 0.01 } ?? false
            userInfo[timeoutKey] = isResource ? resourceTimeout ?? requestTimeout : requestTimeout
        }
        return URLError(urlError.code, userInfo: userInfo)
    }
}
