#if canImport(Security)
    import Foundation
    import Security

    /// Answers the server-trust challenges of a ``Session``'s `URLSessionTransport` (Apple platforms)
    /// with the evaluator its ``ServerTrustManager`` gives the host, as Alamofire's session delegate
    /// does: a host without one (that need not have one) gets the system's evaluation; an evaluator that
    /// throws cancels the connection.
    final class TrustChallengeDelegate: NSObject, URLSessionDelegate, @unchecked Sendable {
        private let manager: ServerTrustManager

        init(manager: ServerTrustManager) {
            self.manager = manager
        }

        func urlSession(
            _ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            let space = challenge.protectionSpace
            guard space.authenticationMethod == NSURLAuthenticationMethodServerTrust, let trust = space.serverTrust
            else { return completionHandler(.performDefaultHandling, nil) }
            do {
                guard let evaluator = try manager.serverTrustEvaluator(forHost: space.host) else {
                    return completionHandler(.performDefaultHandling, nil)
                }
                try evaluator.evaluate(trust, forHost: space.host)
                completionHandler(.useCredential, URLCredential(trust: trust))
            } catch {
                completionHandler(.cancelAuthenticationChallenge, nil)
            }
        }
    }
#endif
