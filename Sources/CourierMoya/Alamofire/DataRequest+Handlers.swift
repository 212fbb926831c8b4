import Courier

/// The response handlers of a ``DataRequest``, run as Alamofire runs them once the request is done:
/// each serializes on the request's ``Request/serializationQueue`` in the order they were added; a
/// serializer's own failure is put to the retriers (a retry sends the request again, and every
/// handler then runs on the new response); then every handler's closure is called on its queue.
extension DataRequest {
    /// How a run of the response handlers ended.
    enum HandlerRun {
        /// Every handler was called.
        case done
        /// A serializer's failure is to be retried, after this many seconds if any.
        case retry(delay: TimeInterval?)
    }

    /// Runs the handlers not yet called, and those added meanwhile.
    func runResponseHandlers() async -> HandlerRun {
        while true {
            let (handlers, outcome) = dataState.withLock { state -> ([ResponseHandler], Outcome?) in
                if state.handlers.isEmpty { state.isRunning = false }
                return (state.handlers, state.outcome)
            }
            guard let outcome, !handlers.isEmpty else {
                markFinished()
                return .done
            }
            var deliveries: [() -> Void] = []
            for handler in handlers {
                let serialized = await serialize(outcome, with: handler)
                var replacement: AFError?
                if let failure = serialized.failure, !isCancelled {
                    switch await retryVerdict(dueTo: failure) {
                    case .retry(let delay): return .retry(delay: delay)
                    case .doNotRetry: break
                    case .fail(let error): replacement = error
                    }
                }
                deliveries.append { [replacement] in serialized.deliver(replacement) }
            }
            dataState.withLock { $0.handlers.removeFirst(handlers.count) }
            markFinished()
            for deliver in deliveries {
                deliver()
            }
        }
    }

    /// Moves the request to ``Request/State/finished``, unless it was cancelled.
    private func markFinished() {
        storage.withLock { state in
            if state.state != .cancelled { state.state = .finished }
        }
    }

    /// Runs `handler`'s serializer on the serialization queue.
    private func serialize(_ outcome: Outcome, with handler: ResponseHandler) async -> Serialized {
        let work = Unchecked((handler, outcome))
        return await withCheckedContinuation { (continuation: CheckedContinuation<Unchecked<Serialized>, Never>) in
            serializationQueue.async {
                continuation.resume(returning: Unchecked(work.value.0.serialize(work.value.1)))
            }
        }.value
    }
}
