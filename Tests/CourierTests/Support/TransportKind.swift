import Foundation
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

/// The transfers of `transport` still alive, once those that are ending have ended (waiting up to
/// 2 s): 0 when the transport leaked nothing.
func leftoverTasks(of transport: any Transport) async -> Int {
    var left = 0
    for _ in 0..<200 {
        switch transport {
        case let curl as CurlTransport:
            left = curl.activeTransferCount
        case let session as URLSessionTransport:
            let delegate = session.session.delegate as? SessionDelegate
            let tasks = await withCheckedContinuation { continuation in
                session.session.getAllTasks { continuation.resume(returning: $0.count) }
            }
            left = (delegate?.activeTransferCount ?? 0) + tasks
        default:
            return 0
        }
        if left == 0 { return 0 }
        try? await Task.sleep(nanoseconds: 10_000_000)
    }
    return left
}
