import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session delegate of a ``URLSessionTransport``: routes each task's callbacks to its
/// ``SessionTask``, and authentication challenges to the user's delegate.
///
/// Holds the transport's task table, the one piece of shared state of the transport.
final class SessionDelegate: NSObject, URLSessionDataDelegate, URLSessionDownloadDelegate, Sendable {
    private let tasks = Locked([Int: SessionTask]())
    /// The delegate given to the transport, asked about authentication challenges.
    let userDelegate: (any URLSessionDelegate)?

    init(userDelegate: (any URLSessionDelegate)?) {
        self.userDelegate = userDelegate
    }

    private let invalidated = Locked(false)

    /// Whether the session has told its delegate that it became invalid.
    var isInvalidated: Bool { invalidated.withLock { $0 } }

    func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
        invalidated.withLock { $0 = true }
        #if canImport(FoundationNetworking)
            userDelegate?.urlSession(session, didBecomeInvalidWithError: error)
        #else
            userDelegate?.urlSession?(session, didBecomeInvalidWithError: error)
        #endif
    }

    func register(_ sessionTask: SessionTask, for task: URLSessionTask) {
        tasks.withLock { $0[task.taskIdentifier] = sessionTask }
    }

    private func sessionTask(for task: URLSessionTask) -> SessionTask? {
        tasks.withLock { $0[task.taskIdentifier] }
    }

    // MARK: Tasks

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        sessionTask(for: dataTask)?.didReceive(response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        sessionTask(for: dataTask)?.didReceive(data, from: dataTask)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        sessionTask(for: task)?.didSend(bytesSent, totalBytesExpected: totalBytesExpectedToSend)
    }

    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
        totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64
    ) {
        sessionTask(for: downloadTask)?.didWrite(
            bytesWritten, totalBytesExpected: totalBytesExpectedToWrite, by: downloadTask)
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        sessionTask(for: downloadTask)?.didFinishDownloading(to: location)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let sessionTask = sessionTask(for: task) else { return completionHandler(request) }
        switch sessionTask.redirection(after: response, of: task) {
        case .follow(let next): completionHandler(next)
        case .handBack: completionHandler(nil)
        case .stop: break
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didFinishCollecting metrics: URLSessionTaskMetrics) {
        sessionTask(for: task)?.didCollect(TransferMetrics(metrics))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let sessionTask = tasks.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        sessionTask?.didComplete(task, error: error)
    }

    // MARK: Authentication, answered by the user's delegate

    // Courier answers no challenge itself: each goes to the same method of the delegate given to the
    // transport, or gets `.performDefaultHandling` when that delegate has none. URLSession on Linux never
    // sends session-level challenges (libcurl checks certificates itself), and sends the task-level one
    // for a 401 with a `WWW-Authenticate` it can parse (Basic, Digest).

    func urlSession(
        _ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard let userDelegate else { return completionHandler(.performDefaultHandling, nil) }
        #if canImport(FoundationNetworking)
            // A protocol extension answers `.performDefaultHandling` for a delegate without the method.
            userDelegate.urlSession(session, didReceive: challenge, completionHandler: completionHandler)
        #else
            if userDelegate.urlSession?(session, didReceive: challenge, completionHandler: completionHandler) == nil {
                completionHandler(.performDefaultHandling, nil)
            }
        #endif
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        let completionHandler = unstuck(completionHandler, for: challenge, of: task)
        guard let userDelegate = userDelegate as? any URLSessionTaskDelegate else {
            return completionHandler(.performDefaultHandling, nil)
        }
        #if canImport(FoundationNetworking)
            // The protocol extension answers `.performDefaultHandling` for a delegate without the method,
            // as the task's delegate is this one.
            userDelegate.urlSession(session, task: task, didReceive: challenge, completionHandler: completionHandler)
        #else
            if userDelegate.urlSession?(
                session, task: task, didReceive: challenge, completionHandler: completionHandler)
                == nil
            {
                completionHandler(.performDefaultHandling, nil)
            }
        #endif
    }

    /// `completionHandler`, made to end the request with the 401 when the answer leaves URLSession on
    /// Linux stuck: there a 401 given `.performDefaultHandling` with no credential proposed holds its task
    /// suspended for ever (fixed after Swift 6.3 by swift-corelibs-foundation #5457, which completes it
    /// with the 401, as Apple platforms do).
    private func unstuck(
        _ completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void,
        for challenge: URLAuthenticationChallenge, of task: URLSessionTask
    ) -> @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void {
        #if canImport(FoundationNetworking)
            guard challenge.proposedCredential == nil, let response = challenge.failureResponse as? HTTPURLResponse,
                let sessionTask = sessionTask(for: task)
            else { return completionHandler }
            return { disposition, credential in
                completionHandler(disposition, credential)
                if disposition == .performDefaultHandling { sessionTask.answer(with: response, of: task) }
            }
        #else
            return completionHandler
        #endif
    }
}
