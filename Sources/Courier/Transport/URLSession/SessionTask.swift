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
    let request: TransportRequest
    let owner: SessionOwner
    /// Where a finished download is moved; chosen now, while the caller's task-locals are in reach.
    let downloadURL: URL?
    let headTimeout: TimeInterval
    let state: Locked<State>
    /// Where the body goes as it arrives, for a streamed response (see `SessionTask+Stream.swift`);
    /// `nil` for other requests.
    let stream: StreamBuffer?

    init(request: TransportRequest, owner: SessionOwner, stream: StreamBuffer? = nil) {
        self.request = request
        self.owner = owner
        self.stream = stream
        downloadURL =
            request.destination == .temporaryFile
            ? TemporaryFiles.newURL(for: "download", in: owner.policy.temporaryDirectory) : nil
        headTimeout = owner.headTimeout(for: request)
        state = Locked(State(hop: request.urlRequest, requestBody: request.body))
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

    func start(_ continuation: CheckedContinuation<TransportResponse, any Error>) {
        let cancelled = state.withLock { state in
            if state.isCancelled { return true }
            state.continuation = continuation
            state.startTime = DispatchTime.now().uptimeNanoseconds
            return false
        }
        if cancelled {
            continuation.resume(throwing: URLError(.cancelled))
        } else {
            owner.control { self.launch() }
        }
    }

    /// Creates the URLSession task of the current hop, registers it with the delegate and resumes it;
    /// on the session's control queue (see ``SessionOwner/control(_:)``), as URLSession may block here.
    private func launch() {
        let (hop, body) = state.withLock { ($0.hop, $0.requestBody) }
        guard let task = owner.makeTask({ session in makeTask(for: hop, body: body, in: session) }) else {
            fail(SessionInvalidatedError())
            return
        }
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

    /// Ends the request with `error` before a task of its hop was made.
    private func fail(_ error: any Error) {
        let continuation = state.withLock { state in
            state.headTimer?.cancel()
            state.headTimer = nil
            defer { state.continuation = nil }
            return state.continuation
        }
        let outcome: Result<TransportResponse, any Error> = .failure(error)
        continuation?.resume(with: outcome)
        finishStream(with: outcome)
    }

    private func makeTask(for hop: URLRequest, body: TransportRequest.Body, in session: URLSession) -> URLSessionTask {
        var hop = hop
        hop.httpBody = nil
        owner.addingDefaultHeaders(to: &hop)
        // URLSession's own timer gets a timeout the request sets (a year at most: FoundationNetworking
        // converts it with `Int(timeoutInterval)`, which traps on `.infinity`), rounded up to whole
        // seconds on Linux, where its timer takes whole seconds and a timeout under one second would
        // fire at once; the head deadline of this task keeps the exact one. Without one, the
        // configuration's applies.
        if request.timeout != nil {
            #if canImport(FoundationNetworking)
                hop.timeoutInterval = headTimeout.rounded(.up)
            #else
                hop.timeoutInterval = headTimeout
            #endif
        }
        switch (request.destination, body) {
        case (.temporaryFile, .data(let data)):
            hop.httpBody = data
            return session.downloadTask(with: hop)
        case (.temporaryFile, _):
            // URLSession has no download task from a file; Courier never asks for one (uploads and
            // downloads are different `HTTPTask`s).
            return session.downloadTask(with: hop)
        case (.memory, .file(let file)):
            return session.uploadTask(with: hop, fromFile: file)
        case (.memory, .data(let data)):
            // An upload task, not a data task with `httpBody`: URLSession on Linux labels a POST's
            // `httpBody` a form when the request gives no `Content-Type`; an upload sends none, as
            // CurlTransport does.
            return session.uploadTask(with: hop, from: data)
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
    func stop(_ task: URLSessionTask, failing error: any Error) {
        let stopping = state.withLock { state in
            guard state.failure == nil, !state.isCancelled, state.continuation != nil || state.isStreamingBody
            else { return false }
            state.failure = error
            state.isHeadDue = false
            return true
        }
        if stopping { owner.cancel(task) }
    }

    // MARK: The end of a task

    func didComplete(_ task: URLSessionTask, error: (any Error)?) {
        let now = DispatchTime.now().uptimeNanoseconds
        let (sent, received) = (task.countOfBytesSent, task.countOfBytesReceived)
        let response = task.response as? HTTPURLResponse
        let ending = state.withLock { state -> Ending in
            state.isHeadDue = false
            if let metrics = state.metricsOfTask {
                state.bytesSent += metrics.bytesSent
                state.bytesReceived += metrics.bytesReceived
            } else {
                state.bytesSent += sent
                // Zero for data tasks on Linux: their bytes are counted as they arrive.
                state.bytesReceived += max(received, state.receivedByTask)
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
            let outcome = outcome(response: response, error: error, state: &state, now: now)
            return .finished(continuation, outcome, state.fileURL)
        }
        switch ending {
        case .nextHop:
            owner.control { self.launch() }
        case .finished(let continuation, let outcome, let fileURL):
            if case .failure = outcome, let fileURL { TemporaryFiles.remove(fileURL) }
            continuation?.resume(with: outcome)
            finishStream(with: outcome)
        }
    }

    /// The answer to the caller once the last task has ended with `response` or `error`.
    private func outcome(
        response: HTTPURLResponse?, error: (any Error)?, state: inout State, now: UInt64
    ) -> Result<TransportResponse, any Error> {
        if state.isCancelled { return .failure(URLError(.cancelled)) }
        if let failure = state.failure { return .failure(failure) }
        var metrics = state.metricsOfTask ?? TransferMetrics(total: .zero)
        metrics.total = .nanoseconds(Int64(now - state.startTime))
        metrics.bytesSent = state.bytesSent
        metrics.bytesReceived = state.bytesReceived
        metrics.redirectCount = state.redirectCount
        if let handedBack = state.handedBack {
            guard let downloadURL else {
                return .success(TransportResponse(response: handedBack, data: state.data, metrics: metrics))
            }
            guard FileManager.default.createFile(atPath: downloadURL.path, contents: nil) else {
                return .failure(URLError(.cannotCreateFile))
            }
            state.fileURL = downloadURL
            return .success(TransportResponse(response: handedBack, fileURL: downloadURL, metrics: metrics))
        }
        if let error { return .failure(error) }
        if let fileError = state.fileError { return .failure(fileError) }
        guard let response else { return .failure(URLError(.badServerResponse)) }
        if downloadURL != nil, state.fileURL == nil { return .failure(URLError(.cannotCreateFile)) }
        let body = state.data
        state.data = Data()
        return .success(TransportResponse(response: response, data: body, fileURL: state.fileURL, metrics: metrics))
    }
}

extension SessionTask {
    private enum Ending {
        case nextHop
        case finished(CheckedContinuation<TransportResponse, any Error>?, Result<TransportResponse, any Error>, URL?)
    }

    struct State {
        var continuation: CheckedContinuation<TransportResponse, any Error>?
        /// Whether a streamed response's caller has its head, its body going to ``SessionTask/stream``.
        var isStreamingBody = false
        /// The URLSession task under way, known to ``SessionTask/cancel()`` only once resumed.
        var task: URLSessionTask?
        var isCancelled = false
        /// Why Courier stopped the task (a limit, the head's deadline, too many redirects), reported in
        /// place of the cancellation that stopped it.
        var failure: (any Error)?

        /// The request of the current hop and its body.
        var hop: URLRequest
        var requestBody: TransportRequest.Body
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

        init(hop: URLRequest, requestBody: TransportRequest.Body) {
            self.hop = hop
            self.requestBody = requestBody
        }
    }
}
