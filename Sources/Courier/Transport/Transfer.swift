import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request in flight in a ``URLSessionTransport``: its task, the body received so far, and the
/// continuation that its caller awaits.
///
/// The session delegate feeds it from the delegate queue; the caller may cancel it from any thread.
/// Every field sits behind the one lock, and the continuation is resumed exactly once.
final class Transfer: @unchecked Sendable {
    private struct State {
        var continuation: CheckedContinuation<TransportResponse, any Error>?
        var task: URLSessionTask?
        var owner: SessionOwner?
        var isCancelled = false
        var body = Data()
        var fileURL: URL?
        var fileError: (any Error)?
        var progress = TransferProgress(
            bytesSent: 0, bytesExpectedToSend: -1, bytesReceived: 0, bytesExpectedToReceive: -1)
    }

    private let request: TransportRequest
    private let state = Locked(State())
    /// Where a finished download is moved; chosen now, while the caller's task-locals are in reach.
    private let downloadURL: URL?

    init(request: TransportRequest) {
        self.request = request
        downloadURL = request.destination == .temporaryFile ? TemporaryFiles.newURL(for: "download") : nil
    }

    /// Creates the session task, registers with the delegate and resumes it.
    func start(on owner: SessionOwner, continuation: CheckedContinuation<TransportResponse, any Error>) {
        let alreadyCancelled = state.withLock { state in
            if state.isCancelled { return true }
            state.continuation = continuation
            return false
        }
        if alreadyCancelled {
            continuation.resume(throwing: URLError(.cancelled))
            return
        }

        let task = makeTask(in: owner.session)
        owner.delegate.register(self, for: task)
        // Known to `cancel()` only once resumed: see `CompletionTask.start`.
        task.resume()
        let cancelNow = state.withLock { state in
            state.task = task
            state.owner = owner
            return state.isCancelled
        }
        if cancelNow { owner.cancel(task) }
    }

    private func makeTask(in session: URLSession) -> URLSessionTask {
        var urlRequest = request.urlRequest
        if request.destination == .temporaryFile {
            return session.downloadTask(with: urlRequest)
        }
        if let file = request.bodyFileURL {
            urlRequest.httpBody = nil
            return session.uploadTask(with: urlRequest, fromFile: file)
        }
        if request.progress != nil, let body = urlRequest.httpBody {
            // Only upload tasks report body progress on Linux.
            urlRequest.httpBody = nil
            return session.uploadTask(with: urlRequest, from: body)
        }
        return session.dataTask(with: urlRequest)
    }

    /// Cancels the transfer; its caller gets `URLError(.cancelled)`.
    func cancel() {
        let (task, owner) = state.withLock { state in
            state.isCancelled = true
            return (state.task, state.owner)
        }
        if let task, let owner { owner.cancel(task) }
    }

    // MARK: Fed by the session delegate

    func didReceive(_ data: Data, expected: Int64) {
        let progress = state.withLock { state in
            if state.body.isEmpty, expected > 0, expected <= 64 << 20 {
                state.body.reserveCapacity(Int(expected))
            }
            state.body.append(data)
            state.progress.bytesReceived += Int64(data.count)
            state.progress.bytesExpectedToReceive = expected
            return state.progress
        }
        request.progress?(progress)
    }

    // The totals are summed here from each callback's own count: swift-corelibs-foundation reads the
    // task's running total when the delegate queue gets to the callback, so when that queue lags behind
    // the transfer every late callback reports the final total and the progress in between is lost.

    func didSend(_ bytesSent: Int64, totalBytesExpected: Int64) {
        let progress = state.withLock { state in
            state.progress.bytesSent += bytesSent
            state.progress.bytesExpectedToSend = totalBytesExpected
            return state.progress
        }
        request.progress?(progress)
    }

    func didWrite(_ bytesWritten: Int64, totalBytesExpected: Int64) {
        let progress = state.withLock { state in
            state.progress.bytesReceived += bytesWritten
            state.progress.bytesExpectedToReceive = totalBytesExpected
            return state.progress
        }
        request.progress?(progress)
    }

    /// Moves a finished download out of URLSession's temporary file, which may vanish once this returns.
    func didFinishDownloading(to location: URL) {
        guard let downloadURL else { return }
        do {
            try FileManager.default.moveItem(at: location, to: downloadURL)
            state.withLock { $0.fileURL = downloadURL }
        } catch {
            state.withLock { $0.fileError = error }
        }
    }

    func didComplete(task: URLSessionTask, error: (any Error)?) {
        let (continuation, outcome) = state.withLock {
            state -> (CheckedContinuation<TransportResponse, any Error>?, Result<TransportResponse, any Error>) in
            let continuation = state.continuation
            state.continuation = nil
            if state.isCancelled {
                return (continuation, .failure(URLError(.cancelled)))
            }
            if let error {
                return (continuation, .failure(error))
            }
            if let fileError = state.fileError {
                return (continuation, .failure(fileError))
            }
            guard let response = task.response as? HTTPURLResponse else {
                return (continuation, .failure(URLError(.badServerResponse)))
            }
            if request.destination == .temporaryFile, state.fileURL == nil {
                return (continuation, .failure(URLError(.cannotCreateFile)))
            }
            let body = state.body
            state.body = Data()
            return (continuation, .success(TransportResponse(response: response, data: body, fileURL: state.fileURL)))
        }
        if case .failure = outcome, let fileURL = state.withLock({ $0.fileURL }) {
            try? FileManager.default.removeItem(at: fileURL)
        }
        continuation?.resume(with: outcome)
    }
}
