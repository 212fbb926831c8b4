import Dispatch

/// What the pipeline knows about the request whose plugin hooks are running: which request, which
/// attempt, and when it started.
///
/// Bound as a task-local for the whole life of a request, so plugins read it from their hooks without
/// any table of their own (the logger's elapsed time, the activity plugin's first attempt).
struct RequestContext: Sendable {
    /// A number that tells this request from every other one in the process.
    let id: UInt64
    /// When the request started, before its first attempt.
    let start: DispatchTime
    /// How many retries came before the current attempt (0 for the first attempt).
    var attempt: Int

    /// The context of the request whose hooks are running, or `nil` outside a request.
    @TaskLocal static var current: RequestContext?

    private static let counter = Locked<UInt64>(0)

    /// A context for a new request, at its first attempt.
    static func begin() -> RequestContext {
        let id = counter.withLock { count in
            count += 1
            return count
        }
        return RequestContext(id: id, start: .now(), attempt: 0)
    }

    /// Seconds since the request started.
    var elapsed: Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }
}
