import Foundation

/// The body of a streamed response between the transport that fills it and the one consumer that
/// drains it: a bounded queue of chunks that tells the transport when to pause and when to go on.
///
/// The transport offers chunks (``offer(_:)``, ``append(_:)``) and ends the body (``finish(throwing:)``);
/// the consumer takes them (``next()``). Past ``highWater`` buffered bytes the transport is told to pause;
/// once the consumer has drained the buffer to ``lowWater``, ``Hooks/resume`` asks it to go on. When the
/// consumer goes away or its task is cancelled (``terminate()``), ``Hooks/cancel`` stops the transfer.
/// Every field sits behind the one lock; the hooks are called outside it.
final class StreamBuffer: Sendable {
    /// What the transport does when the consumer asks: go on after a pause, or stop for good.
    struct Hooks: Sendable {
        var resume: @Sendable () -> Void = {}
        var cancel: @Sendable () -> Void = {}
    }

    private struct State {
        var chunks: [Data] = []
        /// The index of the next chunk to hand out (chunks before it are spent).
        var head = 0
        var buffered = 0
        /// `nil` while the body goes on; then how it ended.
        var end: Result<Void, any Error>?
        /// Whether the consumer has seen the end (and been told of an error once).
        var isDrained = false
        var waiter: CheckedContinuation<Data?, any Error>?
        /// Whether the transport was told to pause and not yet to go on.
        var isPaused = false
        var isTerminated = false
        var hooks = Hooks()
    }

    /// Buffered bytes past which the transport is told to pause.
    let highWater: Int
    /// Buffered bytes at or under which a paused transport is told to go on.
    let lowWater: Int
    private let state = Locked(State())

    /// A buffer that pauses its transport past `highWater` bytes (default 1 MiB) and resumes it at a
    /// quarter of that.
    init(highWater: Int = 1 << 20) {
        self.highWater = max(1, highWater)
        lowWater = highWater / 4
    }

    /// A buffer that holds `chunks` and has ended: a whole body handed out piece by piece.
    convenience init(chunks: [Data]) {
        self.init(highWater: .max)
        state.withLock { state in
            state.chunks = chunks.filter { !$0.isEmpty }
            state.buffered = state.chunks.reduce(0) { $0 + $1.count }
            state.end = .success(())
        }
    }

    /// Sets what the transport does when asked to go on or to stop; a stop already asked for calls
    /// `cancel` at once.
    func setHooks(_ hooks: Hooks) {
        let terminated = state.withLock { state in
            state.hooks = hooks
            return state.isTerminated && state.end == nil
        }
        if terminated { hooks.cancel() }
    }

    // MARK: The transport's side

    /// Takes a copy of `bytes` unless the buffer is full: `false` means the transport must keep them
    /// and pause until ``Hooks/resume`` (libcurl's way: a paused write is delivered again).
    func offer(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let full = state.withLock { state -> Bool in
            if state.isTerminated || state.end != nil { return false }
            if state.buffered >= highWater { state.isPaused = true }
            return state.isPaused
        }
        if full { return false }
        append(Data(bytes))
        return true
    }

    /// Takes `data` whatever the buffer holds, and says whether the transport should pause now (once
    /// per pause: URLSession's way, as delivered data cannot be refused).
    @discardableResult
    func append(_ data: Data) -> Bool {
        guard !data.isEmpty else { return false }
        let (waiter, pause) = state.withLock { state -> (CheckedContinuation<Data?, any Error>?, Bool) in
            if state.isTerminated || state.end != nil { return (nil, false) }
            if let waiter = state.waiter {
                state.waiter = nil
                return (waiter, false)
            }
            state.chunks.append(data)
            state.buffered += data.count
            guard !state.isPaused, state.buffered >= highWater else { return (nil, false) }
            state.isPaused = true
            return (nil, true)
        }
        waiter?.resume(returning: data)
        return pause
    }

    /// Ends the body, with `error` or without; later calls do nothing.
    func finish(throwing error: (any Error)? = nil) {
        let waiter = state.withLock { state -> CheckedContinuation<Data?, any Error>? in
            guard state.end == nil else { return nil }
            state.end = error.map { .failure($0) } ?? .success(())
            guard let waiter = state.waiter else { return nil }
            state.waiter = nil
            state.isDrained = true
            return waiter
        }
        guard let waiter else { return }
        if let error { waiter.resume(throwing: error) } else { waiter.resume(returning: nil) }
    }

    /// Bytes buffered and not yet handed out.
    var bufferedByteCount: Int { state.withLock { $0.buffered } }

    // MARK: The consumer's side

    /// The next chunk, waiting for one; `nil` once the body has ended; throws the transport's error
    /// once, or `CancellationError` when the awaiting task is cancelled (which stops the transfer).
    func next() async throws -> Data? {
        // A cancelled reader stops the transfer even while chunks are buffered.
        if Task.isCancelled {
            terminate()
            throw CancellationError()
        }
        while true {
            switch take() {
            case .chunk(let chunk, let resume):
                if resume { state.withLock { $0.hooks }.resume() }
                return chunk
            case .ended(let end):
                try end?.get()
                return nil
            case .wait:
                // An empty chunk is a wake-up that carried nothing: look again.
                let chunk = try await wait()
                if let chunk, chunk.isEmpty { continue }
                return chunk
            }
        }
    }

    private enum Step {
        case chunk(Data, resume: Bool)
        case ended(Result<Void, any Error>?)
        case wait
    }

    /// Takes the next chunk, or says that the body has ended or that there is nothing yet.
    private func take() -> Step {
        state.withLock { state -> Step in
            if state.head < state.chunks.count {
                let chunk = state.chunks[state.head]
                state.chunks[state.head] = Data()
                state.head += 1
                state.buffered -= chunk.count
                if state.head == state.chunks.count || state.head >= 64 {
                    state.chunks.removeFirst(state.head)
                    state.head = 0
                }
                var resume = false
                if state.isPaused, state.buffered <= lowWater {
                    state.isPaused = false
                    resume = true
                }
                return .chunk(chunk, resume: resume)
            }
            if state.isTerminated { return .ended(.failure(CancellationError())) }
            if let end = state.end {
                defer { state.isDrained = true }
                return .ended(state.isDrained ? nil : end)
            }
            return .wait
        }
    }

    /// Waits for the transport: a chunk handed straight over, `nil` at the end, an empty chunk when
    /// something came meanwhile.
    private func wait() async throws -> Data? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ready = state.withLock { state -> Result<Data?, any Error>? in
                    if state.isTerminated { return .failure(CancellationError()) }
                    if state.head < state.chunks.count || state.end != nil { return .success(Data()) }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            terminate()
        }
    }

    /// The consumer is gone (dropped or cancelled): drops what is buffered, fails a waiting `next`
    /// with `CancellationError` and stops the transfer unless it has ended.
    func terminate() {
        let (waiter, hooks, running) = state.withLock {
            state -> (CheckedContinuation<Data?, any Error>?, Hooks?, Bool) in
            if state.isTerminated { return (nil, nil, false) }
            state.isTerminated = true
            state.chunks = []
            state.head = 0
            state.buffered = 0
            let waiter = state.waiter
            state.waiter = nil
            return (waiter, state.hooks, state.end == nil)
        }
        waiter?.resume(throwing: CancellationError())
        if running { hooks?.cancel() }
    }
}
