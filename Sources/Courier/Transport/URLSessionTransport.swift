import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The ``Transport`` that sends requests with `URLSession`.
///
/// Transfers are driven by a session delegate, the only way to get upload and download progress on
/// Linux. Because of that the transport owns its session: ``init(session:)`` takes the configuration of
/// the given session (timeouts, headers, cookies, cache, proxies) for a session of its own.
/// Cancelling the Swift task that awaits ``send(_:)`` cancels the `URLSessionTask` at once.
public struct URLSessionTransport: Transport {
    private let owner: SessionOwner

    /// A transport over a session with the `.default` configuration.
    public init() {
        self.init(configuration: .default)
    }

    /// A transport over a session with the given configuration.
    public init(configuration: URLSessionConfiguration) {
        owner = SessionOwner(configuration: configuration)
    }

    /// A transport over a session with the configuration of `session`.
    ///
    /// The given session's delegate is not used: Courier's own delegate drives every transfer.
    public init(session: URLSession) {
        self.init(configuration: session.configuration)
    }

    /// The session that carries the requests.
    public var session: URLSession { owner.session }

    /// Sends `request` through the session; see ``Transport/send(_:)``.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        if request.progress == nil {
            return try await sendWithoutProgress(request)
        }
        let transfer = Transfer(request: request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                transfer.start(on: owner, continuation: continuation)
            }
        } onCancel: {
            transfer.cancel()
        }
    }
}

extension URLSessionTransport {
    /// Sends with URLSession's async conveniences when nobody listens for progress.
    ///
    /// They hand the body over once, at the end, where the delegate path hops to the delegate queue for
    /// every chunk: on Linux that costs CPU per request and, when the delegate queue lags, memory (each
    /// queued chunk stays alive). Cancelling the awaiting task cancels them at once.
    fileprivate func sendWithoutProgress(_ request: TransportRequest) async throws -> TransportResponse {
        let session = owner.session
        switch request.destination {
        case .memory:
            let data: Data
            let response: URLResponse
            if let file = request.bodyFileURL {
                var urlRequest = request.urlRequest
                urlRequest.httpBody = nil
                (data, response) = try await session.upload(for: urlRequest, fromFile: file)
            } else {
                (data, response) = try await session.data(for: request.urlRequest)
            }
            guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
            return TransportResponse(response: http, data: data)
        case .temporaryFile:
            let (location, response) = try await session.download(for: request.urlRequest)
            let url = TemporaryFiles.newURL(for: "download")
            try FileManager.default.moveItem(at: location, to: url)
            guard let http = response as? HTTPURLResponse else {
                TemporaryFiles.remove(url)
                throw URLError(.badServerResponse)
            }
            return TransportResponse(response: http, data: Data(), fileURL: url)
        }
    }
}

/// Owns the session and its delegate, and invalidates the session when the last transport copy goes.
final class SessionOwner: Sendable {
    let session: URLSession
    let delegate: SessionDelegate

    init(configuration: URLSessionConfiguration) {
        let delegate = SessionDelegate()
        let queue = OperationQueue()
        queue.name = "Courier.URLSessionTransport"
        queue.maxConcurrentOperationCount = 1
        self.delegate = delegate
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }
}
