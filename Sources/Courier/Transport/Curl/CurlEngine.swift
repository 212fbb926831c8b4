import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One thread driving one libcurl multi handle: every transfer of a ``CurlTransport``.
///
/// Callers hand transfers in (``run(_:)``) and cancel them from any thread through a locked inbox and a
/// wake-up; everything else (the multi handle, the table of active transfers, the callbacks) belongs
/// to the engine's thread. Each transfer's awaiting task is resumed exactly once, from that thread.
final class CurlEngine: @unchecked Sendable {
    private struct Inbox {
        var added: [CurlTransfer] = []
        var cancelled: [CurlTransfer] = []
        /// Streamed transfers whose reader has drained their buffer: to unpause.
        var resumed: [CurlTransfer] = []
        var isStopping = false
        /// Whether the engine's thread is (about to be) waiting in `poll`: only then does news need a
        /// wake-up (a system call on each side).
        var isPolling = false
    }

    private let multi: CurlMulti
    private let inbox = Locked(Inbox())
    /// Idle easy handles, reused from transfer to transfer.
    private let pool = Locked([CurlEasy]())
    private static let poolLimit = 64

    // The engine's thread only.
    private var active: [UInt: CurlTransfer] = [:]
    private var nextDeadlineCheck: UInt64 = .max

    /// Starts the engine's thread.
    init(maximumConnectionsPerHost: Int) throws {
        guard let multi = CurlMulti(maximumConnectionsPerHost: maximumConnectionsPerHost) else {
            throw CurlUnavailableError(reason: "curl_multi_init failed")
        }
        self.multi = multi
        let thread = Thread { [self] in loop() }
        thread.name = "Courier.CurlTransport"
        thread.start()
    }

    /// An easy handle to configure a transfer on.
    func makeEasy() throws -> CurlEasy {
        if let easy = pool.withLock({ $0.popLast() }) { return easy }
        guard let easy = CurlEasy() else { throw URLError(.cannotLoadFromNetwork) }
        return easy
    }

    /// Gives back an easy handle whose transfer is over or never reached the engine.
    func recycle(_ easy: CurlEasy) {
        easy.reset()
        pool.withLock { if $0.count < Self.poolLimit { $0.append(easy) } }
    }

    /// Runs `transfer` and returns its outcome; cancelling the awaiting task stops it at once, and a
    /// transfer cancelled before the engine took it never reaches the network.
    ///
    /// A streamed transfer (one with a ``CurlTransfer/stream``) returns once its head has arrived and
    /// goes on filling its buffer; ``cancel(_:)`` stops it, and the engine gives its handle back.
    func run(_ transfer: CurlTransfer, redirectCount: Int) async throws -> CurlHopResult {
        // The handle is reset on the caller's thread, not the engine's, once the transfer is over. The
        // engine's last use of it is published through the transfer's lock (see `finish`), which this
        // takes first.
        defer {
            let submitted = transfer.state.withLock { $0.isSubmitted }
            if transfer.stream == nil || !submitted { recycle(transfer.easy) }
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                transfer.continuation = continuation
                let submitted = transfer.state.withLock { state -> Bool in
                    if state.isCancelled { return false }
                    state.isSubmitted = true
                    return true
                }
                guard submitted else {
                    transfer.continuation = nil
                    transfer.release()
                    if let file = transfer.sinkURL { try? FileManager.default.removeItem(at: file) }
                    continuation.resume(throwing: URLError(.cancelled))
                    return
                }
                transfer.redirectCount = redirectCount
                deliver { $0.added.append(transfer) }
            }
        } onCancel: {
            cancel(transfer)
        }
    }

    /// Stops `transfer` at once, from any thread; one not yet handed to the engine never starts.
    func cancel(_ transfer: CurlTransfer) {
        let submitted = transfer.state.withLock { state -> Bool in
            state.isCancelled = true
            return state.isSubmitted
        }
        guard submitted else { return }
        deliver { $0.cancelled.append(transfer) }
    }

    /// Unpauses a streamed `transfer` whose reader has drained its buffer, from any thread: the
    /// engine's thread, which drives the multi handle, does it.
    func unpause(_ transfer: CurlTransfer) {
        deliver { $0.resumed.append(transfer) }
    }

    /// Lets the thread end once the transfers under way have ended.
    func stop() {
        deliver { $0.isStopping = true }
    }

    /// Puts news in the inbox, waking the engine's thread if it waits in `poll`.
    private func deliver(_ news: (inout Inbox) -> Void) {
        let isPolling = inbox.withLock { inbox in
            news(&inbox)
            defer { inbox.isPolling = false }
            return inbox.isPolling
        }
        if isPolling { multi.wakeUp() }
    }

    // MARK: The engine's thread

    private func loop() {
        while true {
            let inbox = inbox.withLock { inbox in
                inbox.isPolling = false
                defer {
                    inbox.added.removeAll(keepingCapacity: true)
                    inbox.cancelled.removeAll(keepingCapacity: true)
                    inbox.resumed.removeAll(keepingCapacity: true)
                }
                return inbox
            }
            let now = DispatchTime.now().uptimeNanoseconds
            for transfer in inbox.added {
                if transfer.state.withLock({ $0.isCancelled }) {
                    finish(transfer, with: .failure(URLError(.cancelled)), added: false)
                } else if multi.add(transfer.easy) {
                    transfer.started(at: now)
                    active[transfer.easy.key] = transfer
                    nextDeadlineCheck = min(nextDeadlineCheck, transfer.deadline)
                } else {
                    finish(transfer, with: .failure(URLError(.cannotLoadFromNetwork)), added: false)
                }
            }
            for transfer in inbox.cancelled {
                // The easy handle may already carry a later transfer when this one has finished.
                guard active[transfer.easy.key] === transfer else { continue }
                active.removeValue(forKey: transfer.easy.key)
                finish(transfer, with: .failure(URLError(.cancelled)), added: true)
            }
            for transfer in inbox.resumed where active[transfer.easy.key] === transfer {
                transfer.unpause()
                nextDeadlineCheck = min(nextDeadlineCheck, transfer.deadline)
            }
            if inbox.isStopping && active.isEmpty { return }

            multi.perform()
            while let (key, code) = multi.nextFinished() {
                guard let transfer = active.removeValue(forKey: key) else { continue }
                finish(transfer, with: transfer.outcome(code: code), added: true)
            }
            let timeout = pollTimeout()
            let waits = self.inbox.withLock { inbox in
                inbox.isPolling =
                    inbox.added.isEmpty && inbox.cancelled.isEmpty && inbox.resumed.isEmpty && !inbox.isStopping
                return inbox.isPolling
            }
            // News that came during `perform` is taken at once; otherwise wait for sockets or news.
            if waits { multi.poll(milliseconds: timeout) }
        }
    }

    /// Fails the transfers whose deadline has passed, and returns how long the next poll may wait.
    private func pollTimeout() -> Int32 {
        guard !active.isEmpty else {
            nextDeadlineCheck = .max
            return 10_000
        }
        let now = DispatchTime.now().uptimeNanoseconds
        if now >= nextDeadlineCheck {
            var earliest = UInt64.max
            for (key, transfer) in active {
                let deadline = transfer.deadline
                if deadline <= now {
                    active.removeValue(forKey: key)
                    let error = URLError(
                        .timedOut,
                        userInfo: [
                            NSLocalizedDescriptionKey: "The request timed out.",
                            NSURLErrorFailingURLErrorKey: transfer.url,
                        ])
                    finish(transfer, with: .failure(error), added: true)
                } else {
                    earliest = min(earliest, deadline)
                }
            }
            nextDeadlineCheck = earliest
        }
        guard nextDeadlineCheck != .max else { return 10_000 }
        let wait = nextDeadlineCheck > now ? (nextDeadlineCheck - now) / 1_000_000 + 1 : 0
        return Int32(min(wait, 10_000))
    }

    /// Takes `transfer` out of the multi handle, frees what it holds and resumes its caller (who gives
    /// the easy handle back).
    private func finish(_ transfer: CurlTransfer, with outcome: Result<CurlHopResult, any Error>, added: Bool) {
        if added { multi.remove(transfer.easy) }
        transfer.release()
        if case .failure = outcome, let file = transfer.sinkURL {
            try? FileManager.default.removeItem(at: file)
        }
        let continuation = transfer.continuation
        transfer.continuation = nil
        if let stream = transfer.stream {
            // A streamed transfer's caller has its head (or gets the failure below); the body ends here,
            // and the handle, no longer in use, goes back to the pool from the engine's thread.
            switch outcome {
            case .success: stream.finish()
            case .failure(let error): stream.finish(throwing: error)
            }
            recycle(transfer.easy)
        }
        // Hands the easy handle over to the caller, who resets it once resumed (see `run`).
        transfer.state.withLock { _ in }
        continuation?.resume(with: outcome)
    }

    deinit {
        for transfer in active.values {
            multi.remove(transfer.easy)
            transfer.release()
        }
    }
}
