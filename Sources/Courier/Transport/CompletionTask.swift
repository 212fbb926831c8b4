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
/// on the delegate queue, and the cancellation never waits: see ``SessionOwner/cancel(_:)``.
final class CompletionTask: Sendable {
    private struct State {
        var task: URLSessionTask?
        var isCancelled = false
    }

    private let owner: SessionOwner
    private let state = Locked(State())

    private init(owner: SessionOwner) {
        self.owner = owner
    }

    /// Sends `request` through `owner`'s session and returns its response; the awaiting task's
    /// cancellation cancels the URLSession task and fails with `URLError(.cancelled)`.
    static func send(_ request: TransportRequest, in owner: SessionOwner) async throws -> TransportResponse {
        let handle = CompletionTask(owner: owner)
        let session = owner.session
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
        if cancelled { owner.cancel(task) }
    }

    /// Cancels the task, now or as soon as it has been resumed.
    private func cancel() {
        let task = state.withLock { state in
            state.isCancelled = true
            return state.task
        }
        if let task { owner.cancel(task) }
    }
}
