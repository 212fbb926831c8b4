import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Streamed responses: the head first, the body as it arrives (the path is the one of every request,
/// in `RequestPipeline.swift`).
extension Provider {
    /// Sends the request of `target` and returns its response as soon as the head has arrived and passed
    /// the target's ``TargetType/validationType``; the body is read as it arrives.
    ///
    /// ```swift
    /// let stream = try await provider.stream(.export(year: 2026))
    /// for try await line in stream.lines {
    ///     print(line)
    /// }
    /// ```
    ///
    /// The request goes through the `endpointClosure`, the `requestClosure`, the interceptors' `adapt`
    /// and the plugins' `prepare` and `willSend`, as with ``request(_:)``. Plugins hear `didReceive` once,
    /// when the stream ends, with the head and without the body (its length is
    /// ``Response/streamedByteCount``); `process` is not called, as there is no whole response to
    /// transform. A stubbed target streams its sample data in chunks.
    ///
    /// - Throws: ``CourierError/statusCode(_:)`` before any body byte is handed out when validation
    ///   rejects the status (its ``Response/data`` is the start of the body, up to 64 KiB); what
    ///   ``request(_:)`` throws for a request that could not be made or sent; a cancelled error when the
    ///   task is cancelled.
    public func stream(_ target: Target) async throws(CourierError) -> StreamedResponse {
        try await openStream(target, headers: [:])
    }
}

extension Response {
    /// This head as plugins hear of it once its stream has ended after `byteCount` body bytes.
    func streamed(byteCount: Int64) -> Response {
        Response(
            statusCode: statusCode, data: Data(), request: request, source: .built(response), fileURL: nil,
            metrics: metrics, streamedByteCount: byteCount)
    }
}

extension CourierError {
    /// This error with `head` attached, when it is an error that carries a response and has none.
    func attaching(_ head: Response) -> CourierError {
        if case .underlying(let underlying, nil) = self, !isCancelled { return .underlying(underlying, head) }
        return self
    }
}
