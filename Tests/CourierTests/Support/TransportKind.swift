import Foundation
import LoopbackServer
import TestSupport
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The transports Courier ships, for tests that run against each.
enum TransportKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case curl
    case urlSession

    var testDescription: String { rawValue }

    /// A new transport of this kind with `configuration` and `policy`.
    func make(
        configuration: URLSessionConfiguration = .ephemeral, policy: TransportPolicy = TransportPolicy(),
        trust: ServerTrustPolicy = .system
    ) throws -> any Transport {
        switch self {
        case .curl: try CurlTransport(configuration: configuration, policy: policy, trust: trust)
        case .urlSession: URLSessionTransport(configuration: configuration, policy: policy)
        }
    }
}

/// What a test's requests left behind once those that are ending have ended (waiting up to 5 s): the
/// tasks a `URLSessionTransport`'s session still holds, and the requests `server` is still answering
/// (a transfer a transport failed to let go of keeps its exchange open; one it gave up on closes it).
/// 0 when nothing leaked. Observed through the transport's public session and the server, nothing
/// the library keeps for tests.
func leftoverTasks(of transport: any Transport, server: LoopbackServer?) async -> Int {
    await onTimingThreads {
        var left = 0
        for _ in 0..<500 {
            left = server?.exchangesInProgress ?? 0
            if let session = transport as? URLSessionTransport {
                left += await withCheckedContinuation { continuation in
                    session.session.getAllTasks { continuation.resume(returning: $0.count) }
                }
            }
            if left == 0 { return 0 }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        return left
    }
}
