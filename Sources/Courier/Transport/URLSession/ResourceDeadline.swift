import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Ends a request that outlives its session's `timeoutIntervalForResource`.
///
/// URLSession enforces that limit on Apple platforms but not on Linux, where a response that never
/// ends (a body trickling in forever) keeps its request alive, and a libcurl worker busy, for ever.
/// ``URLSessionTransport`` races each request against a timer when the configured limit is shorter
/// than a day (the default is seven days, so default sessions pay nothing).
enum ResourceDeadline {
    /// Limits of this many seconds or more are left to URLSession.
    static let longestEnforced: TimeInterval = 86_400

    /// The limit to enforce for sessions with `configuration`, or `nil` when it is a day or more.
    static func limit(for configuration: URLSessionConfiguration) -> TimeInterval? {
        let limit = configuration.timeoutIntervalForResource
        return limit > 0 && limit < longestEnforced ? limit : nil
    }

    /// The result of `operation`, or `URLError(.timedOut)` once `seconds` have passed first; the
    /// operation is then cancelled (its URLSession task stops at once).
    static func run<T: Sendable>(
        seconds: TimeInterval, _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: .seconds(clamping: seconds))
                throw URLError(.timedOut)
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw URLError(.timedOut) }
            return first
        }
    }
}
