import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request in flight in a ``URLSessionTransport``: the `URLSessionTask` that carries it, what has
/// arrived so far, and the continuation its caller awaits.
///
/// Every request is a delegate-driven task (a data task, with the body if it is in memory; an upload
/// task from a file; a download task), so that the session delegate sees its redirects, progress and
/// completion. URLSession's async conveniences (`data(for:)`) are never used: on Linux they report no
/// progress, and they can deadlock when the awaiting task is cancelled while its response completes
/// (swift-corelibs-foundation issue 5412: the cancellation handler waits for URLSession's work queue
/// while holding the task's lock, and the work queue resumes the task, which needs that lock). Here the
/// continuation is resumed from the delegate queue, and a cancellation never waits: see
/// ``SessionOwner/cancel(_:)``.
///
/// The delegate feeds it from the delegate queue, the head's timer and the caller's cancellation from
/// other threads: every field sits behind the one lock, and the continuation is resumed exactly once.
final class SessionTask: Sendable {
    private let request: TransportRequest
    private let owner: SessionOwner
    /// Where a finished download is moved; chosen now, while the caller's task-locals are in reach.
    private let downloadURL: URL?
    private let headTimeout: TimeInterval
    private let state: Locked<State>

    private init(request: TransportRequest, owner: SessionOwner) {
        self.request = request
        self.owner = owner
        downloadURL = request.destination == .temporaryFile ? TemporaryFiles.newURL(for: "download") : nil
        headTimeout = owner.headTimeout(for: request.urlRequest)
        let body: Body =
            if let file = request.bodyFileURL {
                .file(file)
            } else if let data = request.urlRequest.httpBody, !data.isEmpty {
                .data(data)
            } else {
                .none
            }
        state = Locked(State(hop: request.urlRequest, requestBody: body))
    }

    /// Sends `request` through `owner`'s session and returns its response; the awaiting task's
    /// cancellation cancels the URLSession task and fails with `URLError(.cancelled)`.
    static func send(_ request: TransportRequest, in owner: SessionOwner) async throws -> TransportResponse {
        let task = SessionTask(request: request, owner: owner)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                task.start(continuation)
            }
        } onCancel: {
            task.cancel()
        }
    }

    private func start(_ continuation: CheckedContinuation<TransportResponse, any Error>) {
        let cancelled = state.withLock { state in
            if state.isCancelled { return true }
            state.continuation = continuation
            state.startTime = DispatchTime.now().uptimeNanoseconds
            return false
        }
        if cancelled {
            continuation.resume(throwing: URLError(.cancelled))
        } else {
            launch()
        }
    }

    /// Creates the URLSession task of the current hop, registers it with the delegate and resumes it.
    private func launch() {
        let (hop, body) = state.withLock { ($0.hop, $0.requestBody) }
        let task = makeTask(for: hop, body: body)
        owner.delegate.register(self, for: task)
        // Known to `cancel()` only once resumed: a task cancelled while `resume()` runs can start
        // loading anyway.
        task.resume()
        let cancelled = state.withLock { state in
            state.task = task
            state.receivedByTask = 0
            state.metricsOfTask = nil
            armHead(&state)
            return state.isCancelled
        }
        if cancelled { owner.cancel(task) }
    }

    private func makeTask(for hop: URLRequest, body: Body) -> URLSessionTask {
        let session = owner.session
        var hop = hop
        hop.httpBody = nil
        switch (request.destination, body) {
        case (.temporaryFile, .data(let data)):
            hop.httpBody = data
            return session.downloadTask(with: hop)
        case (.temporaryFile, _):
            return session.downloadTask(with: hop)
        case (.memory, .file(let file)):
            return session.uploadTask(with: hop, fromFile: file)
        case (.memory, .data(let data)):
            // A data task reports its body's progress as an upload task does, and keeps URLSession's
            // default `Content-Type` for a form body that sets none.
            hop.httpBody = data
            return session.dataTask(with: hop)
        case (.memory, .none):
            return session.dataTask(with: hop)
        }
    }

    /// Cancels the request; its caller gets `URLError(.cancelled)`.
    func cancel() {
        let task = state.withLock { state in
            state.isCancelled = true
            return state.task
        }
        if let task { owner.cancel(task) }
    }

    /// Stops `task` and fails the request with `error` (a limit, the head's deadline), unless it has
    /// already ended or been stopped.
    private func stop(_ task: URLSessionTask, failing error: any Error) {
        let stopping = state.withLock { state in
            guard state.failure == nil, !state.isCancelled, state.continuation != nil else { return false }
            state.failure = error
            state.isHeadDue = false
            return true
        }
        if stopping { owner.cancel(task) }
    }

    // MARK: The response head's deadline

    // URLSession on Linux restarts its request timer on every header line, so a server dripping one
    // line every 200 ms holds a request for ever. The head is due a request timeout after the request,
    // or the last piece of its body, went out (as CurlTransport has it); one timer per request checks.

    /// Makes the head due a request timeout from now.
    private func armHead(_ state: inout State) {
        let deadline = DispatchTime.now() + headTimeout
        state.isHeadDue = true
        state.headDeadline = deadline
        if let timer = state.headTimer {
            timer.schedule(deadline: deadline)
            return
        }
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.setEventHandler { [weak self] in self?.headDeadlinePassed() }
        timer.schedule(deadline: deadline)
        timer.activate()
        state.headTimer = timer
    }

    private func headDeadlinePassed() {
        let task = state.withLock { state -> URLSessionTask? in
            guard state.isHeadDue, DispatchTime.now() >= state.headDeadline else { return nil }
            return state.task
        }
        guard let task else { return }
        // URLSession sets these before it queues the callbacks that tell of them, so a head that came
        // while the delegate queue lags behind is not mistaken for a late one.
        if task.response != nil || task.countOfBytesReceived > 0 {
            state.withLock { $0.isHeadDue = false }
            return
        }
        var info: [String: Any] = [NSLocalizedDescriptionKey: "The response head did not arrive in time."]
        info[NSURLErrorFailingURLErrorKey] = task.currentRequest?.url
        stop(task, failing: URLError(.timedOut, userInfo: info))
    }

    // MARK: Fed by the session delegate

    /// A data task's response head (URLSession gives download tasks none: their first bytes stand for it).
    func didReceive(_ response: URLResponse) {
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
        let limit = owner.policy.maximumResponseBodySize
        let intake = state.withLock { state -> Intake in
            guard state.failure == nil, !state.isCancelled else { return .ignored }
            state.isHeadDue = false
            state.receivedByTask += Int64(data.count)
            if Int64(state.data.count) + Int64(data.count) > limit { return .overLimit }
            state.data.append(data)
            state.progress.bytesReceived += Int64(data.count)
            state.progress.bytesExpectedToReceive = task.response?.expectedContentLength ?? -1
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
        guard let downloadURL, wanted else { return }
        do {
            try FileManager.default.moveItem(at: location, to: downloadURL)
            state.withLock { $0.fileURL = downloadURL }
        } catch {
            state.withLock { $0.fileError = error }
        }
    }

    /// What to do with a redirect, under ``TransportPolicy``; see ``RedirectAnswer``.
    func redirection(after response: HTTPURLResponse, of task: URLSessionTask) -> RedirectAnswer {
        let policy = owner.policy
        let location = response.value(forHTTPHeaderField: "Location")
        let answer = state.withLock { state -> RedirectAnswer in
            guard state.failure == nil, !state.isCancelled else { return .stop }
            guard policy.maximumRedirects > 0,
                let redirect = Redirect.next(after: response.statusCode, location: location, from: state.hop)
            else {
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
            if redirect.keepsBody, state.requestBody.isPresent {
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

    func didComplete(_ task: URLSessionTask, error: (any Error)?) {
        let now = DispatchTime.now().uptimeNanoseconds
        let ending = state.withLock { state -> Ending in
            state.isHeadDue = false
            if let metrics = state.metricsOfTask {
                state.bytesSent += metrics.bytesSent
                state.bytesReceived += metrics.bytesReceived
            } else {
                state.bytesSent += task.countOfBytesSent
                // Zero for data tasks on Linux: their bytes are counted as they arrive.
                state.bytesReceived += max(task.countOfBytesReceived, state.receivedByTask)
            }
            if let next = state.nextHop, state.failure == nil, !state.isCancelled {
                state.nextHop = nil
                state.hop = next
                state.task = nil
                state.data = Data()
                return .nextHop
            }
            state.headTimer?.cancel()
            state.headTimer = nil
            let continuation = state.continuation
            state.continuation = nil
            let outcome = outcome(of: task, error: error, state: &state, now: now)
            return .finished(continuation, outcome, state.fileURL)
        }
        switch ending {
        case .nextHop:
            launch()
        case .finished(let continuation, let outcome, let fileURL):
            if case .failure = outcome, let fileURL { TemporaryFiles.remove(fileURL) }
            continuation?.resume(with: outcome)
        }
    }

    private func outcome(
        of task: URLSessionTask, error: (any Error)?, state: inout State, now: UInt64
    ) -> Result<TransportResponse, any Error> {
        if state.isCancelled { return .failure(URLError(.cancelled)) }
        if let failure = state.failure { return .failure(failure) }
        var metrics = state.metricsOfTask ?? TransferMetrics(total: .zero)
        metrics.total = .nanoseconds(Int64(now - state.startTime))
        metrics.bytesSent = state.bytesSent
        metrics.bytesReceived = state.bytesReceived
        metrics.redirectCount = state.redirectCount
        if let response = state.handedBack {
            guard let downloadURL else {
                return .success(TransportResponse(response: response, data: state.data, metrics: metrics))
            }
            guard FileManager.default.createFile(atPath: downloadURL.path, contents: nil) else {
                return .failure(URLError(.cannotCreateFile))
            }
            state.fileURL = downloadURL
            return .success(TransportResponse(response: response, fileURL: downloadURL, metrics: metrics))
        }
        if let error { return .failure(error) }
        if let fileError = state.fileError { return .failure(fileError) }
        guard let response = task.response as? HTTPURLResponse else { return .failure(URLError(.badServerResponse)) }
        if downloadURL != nil, state.fileURL == nil { return .failure(URLError(.cannotCreateFile)) }
        let body = state.data
        state.data = Data()
        return .success(TransportResponse(response: response, data: body, fileURL: state.fileURL, metrics: metrics))
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

extension SessionTask {
    /// Where the request body comes from.
    fileprivate enum Body {
        case none
        case data(Data)
        case file(URL)

        var isPresent: Bool {
            if case .none = self { return false }
            return true
        }
    }

    /// What became of a piece of the response body.
    fileprivate enum Intake {
        case accepted(TransferProgress)
        case overLimit
        case ignored
    }

    fileprivate enum Ending {
        case nextHop
        case finished(CheckedContinuation<TransportResponse, any Error>?, Result<TransportResponse, any Error>, URL?)
    }

    fileprivate struct State {
        var continuation: CheckedContinuation<TransportResponse, any Error>?
        /// The URLSession task under way, known to ``SessionTask/cancel()`` only once resumed.
        var task: URLSessionTask?
        var isCancelled = false
        /// Why Courier stopped the task (a limit, the head's deadline, too many redirects), reported in
        /// place of the cancellation that stopped it.
        var failure: (any Error)?

        /// The request of the current hop and its body.
        var hop: URLRequest
        var requestBody: Body
        var redirectCount = 0
        /// A redirect to send as a task of its own once the current one has stopped.
        var nextHop: URLRequest?
        /// A response that is the answer although the task did not end with it: a redirect handed back
        /// to a download, a 401 that URLSession holds.
        var handedBack: HTTPURLResponse?

        /// The response body received in memory.
        var data = Data()
        /// The bytes a download wrote.
        var written: Int64 = 0
        var fileURL: URL?
        var fileError: (any Error)?
        var progress = TransferProgress(
            bytesSent: 0, bytesExpectedToSend: -1, bytesReceived: 0, bytesExpectedToReceive: -1)

        var isHeadDue = false
        var headDeadline = DispatchTime.now()
        var headTimer: (any DispatchSourceTimer)?

        var startTime: UInt64 = 0
        var bytesSent: Int64 = 0
        var bytesReceived: Int64 = 0
        /// Body bytes that reached the current task's data callbacks.
        var receivedByTask: Int64 = 0
        /// What URLSession measured of the current task (Apple platforms).
        var metricsOfTask: TransferMetrics?

        init(hop: URLRequest, requestBody: Body) {
            self.hop = hop
            self.requestBody = requestBody
        }
    }
}
