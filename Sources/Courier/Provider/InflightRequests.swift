import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Identical `GET`/`HEAD` requests in flight at once, sharing one transfer (``Provider/trackInflights``).
///
/// The first request starts the shared work; later identical ones wait for its result. A waiter whose
/// task is cancelled leaves at once with a cancelled error; the shared work is cancelled only when every
/// waiter has left.
final class InflightRequests: Sendable {
    private let flights = Locked([String: Flight]())

    /// The shared transfers in flight: 0 once every request has ended.
    var count: Int {
        flights.withLock { $0.count }
    }

    /// The sharing key of a request: method, URL and header fields.
    static func key(for request: URLRequest) -> String {
        var key = (request.httpMethod ?? "GET") + " " + (request.url?.absoluteString ?? "")
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            key += "\n\(name.lowercased()): \(value)"
        }
        return key
    }

    /// The result of `work` for `key`, shared with every identical request in flight at the same time.
    func share(
        key: String, work: @escaping @Sendable () async -> Result<Response, CourierError>
    ) async -> Result<Response, CourierError> {
        let (flight, isNew, waiter) = flights.withLock { flights -> (Flight, Bool, Int) in
            if let flight = flights[key] { return (flight, false, flight.join()) }
            let flight = Flight()
            flights[key] = flight
            return (flight, true, flight.join())
        }
        if isNew {
            flight.start {
                let result = await work()
                self.remove(flight, for: key)
                return result
            }
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                flight.wait(waiter, continuation: continuation)
            }
        } onCancel: {
            if flight.leave(waiter) {
                self.remove(flight, for: key)
            }
        }
    }

    private func remove(_ flight: Flight, for key: String) {
        flights.withLock { flights in
            if flights[key] === flight { flights[key] = nil }
        }
    }
}

/// One shared transfer and the requests waiting for it.
private final class Flight: Sendable {
    private struct State {
        var nextWaiter = 0
        var members = 0
        var waiters: [Int: CheckedContinuation<Result<Response, CourierError>, Never>] = [:]
        var departed: Set<Int> = []
        var result: Result<Response, CourierError>?
        var task: Task<Void, Never>?
    }

    private let state = Locked(State())

    func start(_ work: @escaping @Sendable () async -> Result<Response, CourierError>) {
        let task = Task {
            let result = await work()
            self.finish(result)
        }
        state.withLock { $0.task = task }
    }

    /// Counts in a new request and returns its waiter number.
    func join() -> Int {
        state.withLock { state in
            state.nextWaiter += 1
            state.members += 1
            return state.nextWaiter
        }
    }

    /// Registers a waiter, or answers it at once when the result is in or it has already left.
    func wait(_ waiter: Int, continuation: CheckedContinuation<Result<Response, CourierError>, Never>) {
        let immediate = state.withLock { state -> Result<Response, CourierError>? in
            if state.departed.contains(waiter) { return .failure(.cancelled) }
            if let result = state.result { return result }
            state.waiters[waiter] = continuation
            return nil
        }
        if let immediate { continuation.resume(returning: immediate) }
    }

    /// Lets a cancelled waiter go; returns whether it was the last, in which case the work is cancelled.
    func leave(_ waiter: Int) -> Bool {
        let (continuation, task) = state.withLock {
            state -> (CheckedContinuation<Result<Response, CourierError>, Never>?, Task<Void, Never>?) in
            state.departed.insert(waiter)
            state.members -= 1
            let continuation = state.waiters.removeValue(forKey: waiter)
            let isLast = state.result == nil && state.members == 0
            return (continuation, isLast ? state.task : nil)
        }
        continuation?.resume(returning: .failure(.cancelled))
        task?.cancel()
        return task != nil
    }

    private func finish(_ result: Result<Response, CourierError>) {
        let waiters = state.withLock { state in
            state.result = result
            defer { state.waiters = [:] }
            return state.waiters
        }
        for continuation in waiters.values {
            continuation.resume(returning: result)
        }
    }
}
