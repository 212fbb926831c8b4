import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A streamed response in a ``URLSessionTransport``: the caller is resumed with the head, and the body
/// goes to a ``StreamBuffer`` as the delegate hears of it.
///
/// On Apple platforms a full buffer suspends the data task and a drained one resumes it. On Linux
/// `suspend()` of a running task takes its transfer out of libcurl and `resume()` starts it again from
/// the first byte (swift-corelibs-foundation), so the task is never suspended there: what the reader
/// has not taken yet is held in memory, up to ``TransportPolicy/maximumResponseBodySize``, past which
/// the stream fails with ``ResponseSizeLimitExceeded``. ``CurlTransport`` pauses on every platform.
extension SessionTask {
    /// Sends `request` through `owner`'s session and returns once the response head has arrived.
    static func stream(_ request: TransportRequest, in owner: SessionOwner) async throws -> TransportStream {
        let buffer = StreamBuffer()
        let task = SessionTask(request: request, owner: owner, stream: buffer)
        buffer.setHooks(
            StreamBuffer.Hooks(
                resume: { [weak task] in task?.resumeSuspendedTask() },
                cancel: { [weak task] in task?.cancel() }))
        let head = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                task.start(continuation)
            }
        } onCancel: {
            task.cancel()
        }
        return TransportStream(statusCode: head.statusCode, source: head.source, buffer: buffer)
    }

    /// Resumes the caller with the head of a streamed response.
    func deliverHead(_ response: URLResponse) {
        let continuation = state.withLock { state -> CheckedContinuation<TransportResponse, any Error>? in
            state.isHeadDue = false
            guard !state.isCancelled, state.failure == nil, let continuation = state.continuation else { return nil }
            state.continuation = nil
            state.isStreamingBody = true
            return continuation
        }
        guard let continuation else { return }
        guard let response = response as? HTTPURLResponse else {
            continuation.resume(throwing: URLError(.badServerResponse))
            return
        }
        continuation.resume(returning: TransportResponse(response: response))
    }

    /// Body bytes of a streamed response.
    func didStream(_ data: Data, from task: URLSessionDataTask) {
        guard let stream else { return }
        let progress = state.withLock { state -> TransferProgress? in
            guard state.failure == nil, !state.isCancelled else { return nil }
            state.isHeadDue = false
            state.receivedByTask += Int64(data.count)
            state.progress.bytesReceived += Int64(data.count)
            return state.progress
        }
        guard let progress else { return }
        let shouldPause = stream.append(data)
        #if canImport(FoundationNetworking)
            _ = shouldPause
            let limit = owner.policy.maximumResponseBodySize
            if stream.bufferedByteCount > limit {
                stop(task, failing: ResponseSizeLimitExceeded(limit: limit, isDownload: false))
                return
            }
        #else
            if shouldPause { task.suspend() }
        #endif
        request.progress?(progress)
    }

    /// Resumes the data task that a full buffer suspended (Apple platforms only; see above).
    func resumeSuspendedTask() {
        #if !canImport(FoundationNetworking)
            state.withLock { $0.task }?.resume()
        #endif
    }

    /// Ends the body of a streamed response with the request's outcome.
    func finishStream(with outcome: Result<TransportResponse, any Error>) {
        guard let stream else { return }
        switch outcome {
        case .success: stream.finish()
        case .failure(let error): stream.finish(throwing: error)
        }
    }
}
