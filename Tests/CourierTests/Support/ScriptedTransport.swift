import Foundation

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a ``ScriptedTransport`` saw of one attempt: the request and the bytes of its body, read while
/// the request was in flight.
struct RecordedAttempt: Sendable {
    let request: TransportRequest
    let body: Data?
}

/// A transport double, with no network at all: records every attempt, reading its body (in memory or
/// from its file) during `send`, and answers from a closure, after a delay when given one.
final class ScriptedTransport: Transport, Sendable {
    private let recorded = Locked<[RecordedAttempt]>([])
    private let answer: @Sendable (URLRequest, Int) throws -> TransportResponse
    private let delay: UInt64

    /// A transport that answers each request with `answer(request, index)`, `index` counting from 0,
    /// after `delay` nanoseconds.
    init(
        delay: UInt64 = 0, answer: @escaping @Sendable (URLRequest, Int) throws -> TransportResponse
    ) {
        self.delay = delay
        self.answer = answer
    }

    /// A transport that answers every request with `statusCode` and `body` after `delay` nanoseconds.
    convenience init(
        statusCode: Int = 200, body: String = "", delay: UInt64 = 0
    ) {
        self.init(delay: delay) { request, _ in
            TransportResponse(statusCode: statusCode, url: request.url, data: Data(body.utf8))
        }
    }

    /// The attempts sent so far, with their bodies.
    var attempts: [RecordedAttempt] { recorded.withLock { $0 } }

    /// The requests sent so far.
    var requests: [URLRequest] { attempts.map(\.request.urlRequest) }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let body: Data? =
            switch request.body {
            case .none: nil
            case .data(let data): data
            case .file(let file): try Data(contentsOf: file)
            }
        let index = recorded.withLock {
            $0.append(RecordedAttempt(request: request, body: body))
            return $0.count - 1
        }
        if delay > 0 {
            try await Task.sleep(nanoseconds: delay)
        }
        return try answer(request.urlRequest, index)
    }
}
