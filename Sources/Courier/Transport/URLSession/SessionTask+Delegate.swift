import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the session delegate tells a ``SessionTask``: the response, the body as it arrives, progress,
/// redirects; each checked against the transport's ``TransportPolicy``.
extension SessionTask {
    /// A data task's response head (URLSession gives download tasks none: their first bytes stand for it).
    func didReceive(_ response: URLResponse) {
        if stream != nil {
            deliverHead(response)
            return
        }
        state.withLock { state in
            state.isHeadDue = false
            // A new response: the body of an earlier one (a 401 answered with credentials) is not its body.
            state.data = Data()
            let expected = response.expectedContentLength
            if expected > 0, expected <= min(64 << 20, owner.policy.maximumResponseBodySize) {
                state.data.reserveCapacity(Int(expected))
            }
        }
    }

    // The progress totals are summed here from each callback's own count: swift-corelibs-foundation
    // reads the task's running total when the delegate queue gets to the callback, so when that queue
    // lags behind the transfer every late callback reports the final total and the progress in between
    // is lost.

    /// Body bytes of a data task, decoded: counted against ``TransportPolicy/maximumResponseBodySize``.
    func didReceive(_ data: Data, from task: URLSessionDataTask) {
        if stream != nil {
            didStream(data, from: task)
            return
        }
        let limit = owner.policy.maximumResponseBodySize
        let expected = request.progress == nil ? -1 : task.response?.expectedContentLength ?? -1
        let intake = state.withLock { state -> Intake in
            guard state.failure == nil, !state.isCancelled else { return .ignored }
            state.isHeadDue = false
            state.receivedByTask += Int64(data.count)
            if Int64(state.data.count) + Int64(data.count) > limit { return .overLimit }
            state.data.append(data)
            state.progress.bytesReceived += Int64(data.count)
            state.progress.bytesExpectedToReceive = expected
            return .accepted(state.progress)
        }
        switch intake {
        case .overLimit: stop(task, failing: ResponseSizeLimitExceeded(limit: limit, isDownload: false))
        case .accepted(let progress): request.progress?(progress)
        case .ignored: break
        }
    }

    func didSend(_ bytesSent: Int64, totalBytesExpected: Int64) {
        let progress = state.withLock { state in
            if state.isHeadDue { armHead(&state) }
            state.progress.bytesSent += bytesSent
            state.progress.bytesExpectedToSend = totalBytesExpected
            return state.progress
        }
        request.progress?(progress)
    }

    /// Body bytes a download task wrote: counted against ``TransportPolicy/maximumDownloadSize``.
    func didWrite(_ bytesWritten: Int64, totalBytesExpected: Int64, by task: URLSessionDownloadTask) {
        let limit = owner.policy.maximumDownloadSize
        let intake = state.withLock { state -> Intake in
            guard state.failure == nil, !state.isCancelled else { return .ignored }
            state.isHeadDue = false
            state.written += bytesWritten
            if let limit, state.written > limit { return .overLimit }
            state.progress.bytesReceived += bytesWritten
            state.progress.bytesExpectedToReceive = totalBytesExpected
            return .accepted(state.progress)
        }
        switch intake {
        case .overLimit: stop(task, failing: ResponseSizeLimitExceeded(limit: limit ?? 0, isDownload: true))
        case .accepted(let progress): request.progress?(progress)
        case .ignored: break
        }
    }

    /// Moves a finished download out of URLSession's temporary file, which may vanish once this returns.
    func didFinishDownloading(to location: URL) {
        let wanted = state.withLock {
            $0.failure == nil && !$0.isCancelled && $0.nextHop == nil && $0.handedBack == nil
        }
        // A file not taken is removed: FoundationNetworking leaves it in the temporary folder (a
        // download over its size limit left its 3 MB there), where Apple's URLSession removes it.
        guard let downloadURL, wanted else {
            try? FileManager.default.removeItem(at: location)
            return
        }
        do {
            try FileManager.default.moveItem(at: location, to: downloadURL)
            state.withLock { $0.fileURL = downloadURL }
        } catch {
            try? FileManager.default.removeItem(at: location)
            state.withLock { $0.fileError = error }
        }
    }

    /// What to do with a redirect, under ``TransportPolicy``; see ``RedirectAnswer``.
    func redirection(after response: HTTPURLResponse, of task: URLSessionTask) -> RedirectAnswer {
        let policy = owner.policy
        let location = response.value(forHTTPHeaderField: "Location")
        let answer = state.withLock { state -> RedirectAnswer in
            guard state.failure == nil, !state.isCancelled else { return .stop }
            let next: Redirect?
            do {
                next =
                    policy.maximumRedirects > 0
                    ? try Redirect.next(after: response.statusCode, location: location, from: state.hop) : nil
            } catch {
                state.failure = error
                return .stop
            }
            guard let redirect = next else {
                // URLSession on Linux traps when a download task is handed back a redirect with a body (it
                // passes the body to a data-task callback with no data task): end it and answer here.
                guard task is URLSessionDownloadTask else { return .handBack }
                state.handedBack = response
                return .stop
            }
            guard state.redirectCount < policy.maximumRedirects else {
                var info: [String: Any] = [
                    NSLocalizedDescriptionKey:
                        "More than \(policy.maximumRedirects) redirects (TransportPolicy.maximumRedirects)."
                ]
                info[NSURLErrorFailingURLErrorKey] = response.url
                state.failure = URLError(.httpTooManyRedirects, userInfo: info)
                return .stop
            }
            state.redirectCount += 1
            state.hop = owner.addingStoredCookies(to: redirect.request)
            if !redirect.keepsBody { state.requestBody = .none }
            if redirect.keepsBody, state.requestBody != .none {
                // URLSession sends a followed redirect without its body: it asks for no new body stream and
                // sends `Content-Length: 0` (swift-corelibs-foundation). The hop goes as a task of its own.
                state.nextHop = state.hop
                return .stop
            }
            armHead(&state)
            return .follow(state.hop)
        }
        if case .stop = answer { owner.cancel(task) }
        return answer
    }

    /// Ends the request with `response` as its answer and cancels what is left of `task`: for a 401 that
    /// URLSession would hold for ever (see ``SessionDelegate``). The body is the one received in memory;
    /// a download gets an empty file.
    func answer(with response: HTTPURLResponse, of task: URLSessionTask) {
        let ending = state.withLock { state in
            guard state.failure == nil, !state.isCancelled, state.continuation != nil else { return false }
            state.handedBack = response
            return true
        }
        if ending { owner.cancel(task) }
    }

    /// The metrics of the task that is ending (Apple platforms only).
    func didCollect(_ metrics: TransferMetrics) {
        state.withLock { $0.metricsOfTask = metrics }
    }

}

/// What the session delegate answers URLSession about a redirect.
enum RedirectAnswer {
    /// Follow it with this request.
    case follow(URLRequest)
    /// Do not follow it: the redirect response is the answer.
    case handBack
    /// Call nothing back: the task is being cancelled (URLSession traps if the redirect is answered
    /// after that), and the request ends as ``SessionTask`` decided.
    case stop
}

/// What became of a piece of the response body.
private enum Intake {
    case accepted(TransferProgress)
    case overLimit
    case ignored
}
