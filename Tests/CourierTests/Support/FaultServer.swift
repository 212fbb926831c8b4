import Foundation
import LoopbackServer
import TestSupport
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A loopback server of the standard routes (the `/fault/...` ones included) that counts the requests
/// it receives, and a transport of the given kind that gives up quickly: the server of the fault tests.
struct FaultServer {
    /// The request timeout of a fault server for faults that need none: so long that failing within
    /// ``prompt`` proves the fault was noticed at once, not waited out.
    static let patientTimeout: TimeInterval = 30
    /// A fault that needs no timeout fails within this many seconds, even on a loaded machine.
    static let prompt: Double = 20
    /// How much longer than its timeout a timed-out request may take on a loaded machine.
    static let slack: Double = 10
    /// A retry policy with the default rules and almost no wait.
    static let retryPolicy = RetryPolicy(retryLimit: 2, exponentialBackoffScale: 0.01, jitter: 0)

    let loopback: LoopbackServer
    let hits: Counter
    let transport: any Transport
    /// Which transport the requests go through.
    let kind: TransportKind
    /// Each wait for data, in seconds (`timeoutIntervalForRequest`).
    let requestTimeout: TimeInterval
    /// The whole transfer, in seconds (`timeoutIntervalForResource`).
    let resourceTimeout: TimeInterval

    /// A fault server whose transport waits `requestTimeout` seconds for data and `resourceTimeout` for a
    /// whole transfer.
    init(
        _ kind: TransportKind, requestTimeout: TimeInterval = patientTimeout,
        resourceTimeout: TimeInterval = 2 * patientTimeout
    ) throws {
        self.kind = kind
        (loopback, hits) = try countingServer()
        self.requestTimeout = requestTimeout
        self.resourceTimeout = resourceTimeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = requestTimeout
        configuration.timeoutIntervalForResource = resourceTimeout
        transport = try kind.make(configuration: configuration)
    }

    /// The server's `http://127.0.0.1:<port>` URL.
    var baseURL: URL { loopback.baseURL }

    /// A provider over the fault server's transport, retrying with ``retryPolicy`` when asked.
    func provider(retrying: Bool = false, plugins: [any PluginType] = []) -> Provider<TestTarget> {
        Provider(transport: transport, plugins: plugins, interceptors: retrying ? [Self.retryPolicy] : [])
    }

    /// A target on the server.
    func target(_ path: String, method: Method = .get, validation: ValidationType = .none) -> TestTarget {
        TestTarget(baseURL: loopback.baseURL, path: path, method: method, validationType: validation)
    }

    /// Sends `target` and returns the outcome and the seconds it took.
    func send(_ target: TestTarget, with provider: Provider<TestTarget>) async -> (
        outcome: Result<Response, CourierError>, seconds: Double
    ) {
        let (outcome, seconds) = await timed {
            await result { () async throws(CourierError) in try await provider.request(target) }
        }
        return (outcome, seconds)
    }

    /// Sends `target` with `provider` and checks what every fault that needs no timeout shares: it
    /// fails within ``prompt``, without a response (none arrived whole), and leaves no task behind.
    ///
    /// - Returns: The `URLError` code of the failure; `nil` when it succeeded or failed otherwise.
    func promptFailure(
        of target: TestTarget, with provider: Provider<TestTarget>, sourceLocation: SourceLocation = #_sourceLocation
    ) async -> URLError.Code? {
        let (outcome, seconds) = await send(target, with: provider)
        #expect(seconds < Self.prompt, sourceLocation: sourceLocation)
        #expect(await leftoverTasks() == 0, sourceLocation: sourceLocation)
        guard let error = failure(of: outcome, sourceLocation: sourceLocation) else { return nil }
        #expect(error.response == nil, sourceLocation: sourceLocation)
        return urlErrorCode(error)
    }

    /// What the fault server's requests left behind; see ``leftoverTasks(of:server:)``.
    func leftoverTasks() async -> Int {
        await CourierTests.leftoverTasks(of: transport, server: loopback)
    }

    /// Stops the server.
    func stop() {
        loopback.stop()
    }
}

/// The `URLError` code of an `.underlying` error, or `nil` for any other error.
func urlErrorCode(_ error: CourierError) -> URLError.Code? {
    guard case .underlying(let underlying, _) = error else { return nil }
    return (underlying as? URLError)?.code
}

/// The failure of `outcome`, recording an issue when it succeeded.
func failure(
    of outcome: Result<Response, CourierError>, sourceLocation: SourceLocation = #_sourceLocation
) -> CourierError? {
    switch outcome {
    case .success(let response):
        Issue.record("expected a failure, got status \(response.statusCode)", sourceLocation: sourceLocation)
        return nil
    case .failure(let error):
        return error
    }
}
