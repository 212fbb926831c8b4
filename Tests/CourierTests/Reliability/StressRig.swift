import Dispatch
import Foundation
import LoopbackServer
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// MARK: - The rig

/// One provider's worth of plugins, interceptors and bookkeeping.
final class StressRig: Sendable {
    let ledger = CompletionLedger()
    let hooks = HookCounts()
    let transport: any Transport
    private let callbackQueue = DispatchQueue(label: "stress.callbacks", attributes: .concurrent)

    init(_ kind: TransportKind) throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 16
        configuration.timeoutIntervalForRequest = 60
        transport = try kind.make(configuration: configuration)
    }

    /// The provider under test: activity, logger and counting plugins, a quick retry policy, shared
    /// in-flight requests, completion handlers on a queue of their own.
    func provider() -> Provider<StressTarget> {
        let hooks = hooks
        let activity = NetworkActivityPlugin { change, _ in hooks.activity(change) }
        let logger = NetworkLoggerPlugin(
            configuration: .init(
                output: { _, items in hooks.logged(items) },
                logOptions: [.verbose, .formatRequestAscURL]))
        return Provider(
            transport: transport, callbackQueue: DispatchQueue(label: "stress.provider.callbacks"),
            plugins: [activity, logger, CountingPlugin(counts: hooks)],
            interceptors: [RetryPolicy(retryLimit: 1, exponentialBackoffScale: 0.005, jitter: 0.5)],
            trackInflights: true)
    }

    /// Sends `request` with the API it names, cancels it when it says so, and records its completion.
    func send(_ request: StressRequest, through provider: Provider<StressTarget>) async {
        if request.usesCompletionHandler {
            let ledger = ledger
            let queue: DispatchQueue? = request.id % 4 == 1 ? callbackQueue : nil
            let cancellable = provider.request(request.target, callbackQueue: queue) { result in
                ledger.record(request.id, result)
            }
            if let delay = request.cancelAfterMilliseconds {
                try? await Task.sleep(nanoseconds: UInt64(delay) * 1_000_000)
                // Marked first: a completion recorded after the mark may be a cancellation.
                ledger.markCancelled(request.id)
                cancellable.cancel()
            }
        } else {
            let task = Task { () async -> Result<Response, CourierError> in
                do throws(CourierError) {
                    return .success(try await provider.request(request.target))
                } catch {
                    return .failure(error)
                }
            }
            if let delay = request.cancelAfterMilliseconds {
                try? await Task.sleep(nanoseconds: UInt64(delay) * 1_000_000)
                ledger.markCancelled(request.id)
                task.cancel()
            }
            ledger.record(request.id, await task.value)
        }
    }
}

/// What each request ended with, and how many times its completion was called.
final class CompletionLedger: Sendable {
    private let state = Locked(State())

    /// A request's result, and whether it was cancelled before it completed.
    struct Outcome {
        let result: Result<Response, CourierError>
        let wasCancelled: Bool
    }

    private struct State {
        var calls: [Int: Int] = [:]
        var outcomes: [Int: Outcome] = [:]
        var cancelled: Set<Int> = []
    }

    var calls: [Int: Int] { state.withLock { $0.calls } }
    var outcomes: [Int: Outcome] { state.withLock { $0.outcomes } }
    var cancelledCount: Int { state.withLock { $0.cancelled.count } }

    func markCancelled(_ id: Int) {
        state.withLock { _ = $0.cancelled.insert(id) }
    }

    func record(_ id: Int, _ result: Result<Response, CourierError>) {
        state.withLock { state in
            state.calls[id, default: 0] += 1
            state.outcomes[id] = Outcome(result: result, wasCancelled: state.cancelled.contains(id))
        }
    }

    /// Waits until `count` requests have completed.
    func waitForAll(count: Int, timeoutSeconds: Double) async throws {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeoutSeconds * 1e9)
        while state.withLock({ $0.calls.count }) < count {
            guard DispatchTime.now().uptimeNanoseconds < deadline else {
                Issue.record("only \(calls.count) of \(count) requests completed in \(timeoutSeconds) s")
                return
            }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
    }
}

/// Counts of every plugin hook, activity change and log output.
final class HookCounts: Sendable {
    struct Snapshot {
        var began = 0
        var ended = 0
        var prepare = 0
        var willSend = 0
        var didReceive = 0
        var process = 0
        var loggedRequests = 0
        var loggedResponses = 0
        /// The attempts sent to a `/fault/` route.
        var resetSends = 0
    }

    private let counts = Locked(Snapshot())

    var snapshot: Snapshot { counts.withLock { $0 } }

    func update(_ change: (inout Snapshot) -> Void) {
        counts.withLock { change(&$0) }
    }

    func activity(_ change: NetworkActivityChangeType) {
        update {
            if change == .began {
                $0.began += 1
            } else {
                $0.ended += 1
            }
        }
    }

    func logged(_ items: [String]) {
        let isRequest = items.first?.contains("Request") == true
        update {
            if isRequest {
                $0.loggedRequests += 1
            } else {
                $0.loggedResponses += 1
            }
        }
    }
}

/// Counts each hook of every request.
struct CountingPlugin: PluginType {
    let counts: HookCounts

    func prepare(_ request: URLRequest, target: any TargetType) -> URLRequest {
        counts.update { $0.prepare += 1 }
        return request
    }

    func willSend(_ request: any RequestType, target: any TargetType) {
        let isFault = target.path.hasPrefix("/fault/")
        counts.update {
            $0.willSend += 1
            if isFault { $0.resetSends += 1 }
        }
    }

    func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
        counts.update { $0.didReceive += 1 }
    }

    func process(_ result: Result<Response, CourierError>, target: any TargetType) -> Result<Response, CourierError> {
        counts.update { $0.process += 1 }
        return result
    }
}

// MARK: - Requests

/// A target of the stress tests: one of the loopback routes, with query items.
struct StressTarget: TargetType {
    let id: Int
    let baseURL: URL
    let path: String
    let method: Method
    let query: Parameters
    var body: Parameters = [:]
    var validationType: ValidationType = .none

    var task: HTTPTask {
        body.isEmpty
            ? .requestParameters(parameters: query, encoding: URLEncoding.queryString)
            : .requestCompositeParameters(
                bodyParameters: body, bodyEncoding: JSONEncoding.default, urlParameters: query)
    }
    var headers: [String: String]? { ["Authorization": "Bearer stress-token"] }

    func with(id: Int) -> StressTarget {
        StressTarget(
            id: id, baseURL: baseURL, path: path, method: method, query: query, body: body,
            validationType: validationType)
    }
}

/// One request of a stress test, what it should end with, and how it is sent.
struct StressRequest: Sendable {
    enum Expectation: Sendable {
        case success(Int)
        case statusCode(Int)
        case urlError(URLError.Code)
    }

    let id: Int
    let target: StressTarget
    let expectation: Expectation
    let cancelAfterMilliseconds: Int?
    let usesCompletionHandler: Bool

    init(
        id: Int, target: StressTarget, expectation: Expectation, cancelAfterMilliseconds: Int?,
        usesCompletionHandler: Bool
    ) {
        self.id = id
        self.target = target
        self.expectation = expectation
        self.cancelAfterMilliseconds = cancelAfterMilliseconds
        self.usesCompletionHandler = usesCompletionHandler
    }

    /// A random request of the mix: shared GETs, delayed GETs, POSTs, retried 503s and resets.
    init(id: Int, server: URL, random: inout SplitMix64) {
        let roll = random.next(below: 100)
        let delay = Int(random.next(below: 40))
        switch roll {
        case 0..<40:
            target = StressTarget(
                id: id, baseURL: server, path: "/echo", method: .get, query: ["group": random.next(below: 10)])
            expectation = .success(200)
        case 40..<60:
            target = StressTarget(
                id: id, baseURL: server, path: "/echo/\(id)", method: .get, query: ["delay": delay])
            expectation = .success(200)
        case 60..<85:
            target = StressTarget(
                id: id, baseURL: server, path: "/echo", method: .post, query: ["delay": delay / 2],
                body: ["id": id, "password": "p\(id)"])
            expectation = .success(200)
        case 85..<95:
            target = StressTarget(
                id: id, baseURL: server, path: "/status/503", method: .get, query: ["id": id],
                validationType: .successCodes)
            expectation = .statusCode(503)
        default:
            target = StressTarget(
                id: id, baseURL: server, path: "/fault/reset-before-response", method: .get, query: ["id": id])
            expectation = .urlError(.networkConnectionLost)
        }
        self.id = id
        cancelAfterMilliseconds = random.next(below: 5) == 0 ? Int(random.next(below: 30)) : nil
        usesCompletionHandler = id % 2 == 1
    }

    /// Records an issue unless `outcome` is what this request should end with.
    func check(_ outcome: CompletionLedger.Outcome) {
        if case .failure(let error) = outcome.result, error.isCancelled {
            #expect(outcome.wasCancelled, "request \(id) was cancelled though nobody cancelled it")
            return
        }
        switch (expectation, outcome.result) {
        case (.success(let status), .success(let response)):
            #expect(response.statusCode == status, "request \(id)")
            if target.method == .post {
                #expect(String(decoding: response.data, as: UTF8.self).contains(#"\"id\":\#(id)"#), "request \(id)")
            }
        case (.statusCode(let status), .failure(.statusCode(let response))):
            #expect(response.statusCode == status, "request \(id)")
        case (.urlError(let code), .failure(let error)):
            #expect(urlErrorCode(error) == code, "request \(id): \(error)")
        default:
            Issue.record("request \(id) expected \(expectation), got \(outcome.result)")
        }
    }
}

/// A small seeded generator, so that a failing mix can be replayed.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    mutating func next(below bound: UInt64) -> UInt64 {
        next() % bound
    }
}
