import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request sent as one `URLSessionTask` with a completion handler and awaited: the path of every
/// request that nobody asks progress of.
///
/// The body arrives once, at the end, where the delegate path (``Transfer``) hops to the delegate
/// queue for every chunk: on Linux that costs CPU per request and, when the delegate queue lags,
/// memory. URLSession's own async conveniences (`data(for:)`) would do the same, but on Linux they can
/// deadlock when the awaiting task is cancelled while its response completes (swift-corelibs-foundation
/// issue 5412: the cancellation handler waits for URLSession's work queue while holding the task's
/// lock, and the work queue resumes the task, which needs that lock). Here the completion handler runs
/// on the delegate queue, and the cancellation never waits: see ``cancel(_:in:)``.
final class CompletionTask: Sendable {
    private struct State {
        var task: URLSessionTask?
        var isCancelled = false
    }

    private let session: URLSession
    private let state = Locked(State())

    private init(session: URLSession) {
        self.session = session
    }

    /// Sends `request` through `session` and returns its response; the awaiting task's cancellation
    /// cancels the URLSession task and fails with `URLError(.cancelled)`.
    static func send(_ request: TransportRequest, in session: URLSession) async throws -> TransportResponse {
        let handle = CompletionTask(session: session)
        // Chosen now, while the caller's task-locals are in reach.
        let downloadURL = request.destination == .temporaryFile ? TemporaryFiles.newURL(for: "download") : nil
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = makeTask(for: request, in: session, downloadURL: downloadURL) {
                    continuation.resume(with: $0)
                }
                handle.start(task)
            }
        } onCancel: {
            handle.cancel()
        }
    }

    /// The task for `request`, calling `finish` exactly once with its outcome.
    private static func makeTask(
        for request: TransportRequest, in session: URLSession, downloadURL: URL?,
        finish: @escaping @Sendable (Result<TransportResponse, any Error>) -> Void
    ) -> URLSessionTask {
        var urlRequest = request.urlRequest
        if let downloadURL {
            return session.downloadTask(with: urlRequest) { location, response, error in
                finish(
                    Result {
                        if let error { throw error }
                        guard let http = response as? HTTPURLResponse, let location else {
                            throw URLError(.badServerResponse)
                        }
                        // URLSession removes its file once this handler returns.
                        try FileManager.default.moveItem(at: location, to: downloadURL)
                        return TransportResponse(response: http, data: Data(), fileURL: downloadURL)
                    })
            }
        }
        let handler: @Sendable (Data?, URLResponse?, (any Error)?) -> Void = { data, response, error in
            finish(
                Result {
                    if let error { throw error }
                    guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
                    return TransportResponse(response: http, data: data ?? Data())
                })
        }
        if let file = request.bodyFileURL {
            urlRequest.httpBody = nil
            return session.uploadTask(with: urlRequest, fromFile: file, completionHandler: handler)
        }
        return session.dataTask(with: urlRequest, completionHandler: handler)
    }

    /// Resumes `task`, then cancels it when the caller was cancelled meanwhile.
    ///
    /// The task is known to ``cancel()`` only once resumed: a task cancelled while `resume()` runs can
    /// start loading anyway.
    private func start(_ task: URLSessionTask) {
        task.resume()
        let cancelled = state.withLock { state in
            state.task = task
            return state.isCancelled
        }
        if cancelled { Self.cancel(task, in: session) }
    }

    /// Cancels the task, now or as soon as it has been resumed.
    private func cancel() {
        let task = state.withLock { state in
            state.isCancelled = true
            return state.task
        }
        if let task { Self.cancel(task, in: session) }
    }

    /// Cancels `task` on `session`'s delegate queue, without waiting.
    ///
    /// Two races in URLSession on Linux make any other thread unsafe:
    /// - A cancellation handler runs while the Swift runtime holds the cancelled task's lock, and
    ///   `URLSessionTask.cancel()` waits for URLSession's work queue, which may be waiting for that lock
    ///   to resume the task: cancelling in the handler can deadlock (swift-corelibs-foundation issue
    ///   5412). Here the handler only queues the cancellation and returns.
    /// - A task completes on the delegate queue: its completion handler runs, then it is marked
    ///   completed and dropped from the session. A `cancel()` from another thread in between sees a
    ///   running task and later reports its failure for a task the session no longer knows, which stops
    ///   the process. On the (serial) delegate queue the cancellation runs wholly before the completion,
    ///   or wholly after it, when it does nothing.
    static func cancel(_ task: URLSessionTask, in session: URLSession) {
        session.delegateQueue.addOperation { task.cancel() }
    }
}
