import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The path of a streamed request: the same steps as every request (see `RequestPipeline.swift`), up
/// to the response head; the body then goes to the caller as it arrives.
///
/// `endpointClosure` → `requestClosure` → for each attempt: interceptors adapt, plugins prepare and
/// hear `willSend` (``prepareAttempt(_:target:)``) → stub or ``Transport/stream(_:)`` → validation of
/// the head → interceptors decide on a retry; then the caller reads the body, and plugins hear
/// `didReceive` once when it ends. An interceptor may retry only before the first body byte reached the
/// caller: a failure mid-body ends the stream.
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

    /// The most body bytes read into a ``CourierError/statusCode(_:)`` error's response.
    static var rejectedBodyPrefix: Int { 64 << 10 }

    /// The size of the chunks a stubbed target's sample data is streamed in.
    static var stubChunkSize: Int { 16 << 10 }

    /// ``stream(_:)`` with `headers` added to the endpoint's (those it sets itself win).
    func openStream(_ target: Target, headers: [String: String]) async throws(CourierError) -> StreamedResponse {
        guard !Task.isCancelled else { throw .cancelled }
        var endpoint = endpoint(target)
        let own = Set((endpoint.httpHeaderFields ?? [:]).keys.map { $0.lowercased() })
        let added = headers.filter { !own.contains($0.key.lowercased()) }
        if !added.isEmpty { endpoint = endpoint.adding(newHTTPHeaderFields: added) }
        let stub = stubClosure(target)
        let plan = try await TransferPlan.prepare(for: endpoint.task, stub: stub, in: transport.temporaryDirectory)
        let request: URLRequest
        do {
            request = plan.applied(to: try await urlRequest(for: endpoint, timeout: target.timeoutInterval ?? timeout))
        } catch {
            plan.cleanUp()
            throw error
        }

        let (outcome, context, wasSent) = await retrying(target, head: \.head) {
            await self.openAttempt(request, target: target, endpoint: endpoint, plan: plan, stub: stub)
        }

        switch outcome {
        case .success(let opened):
            let plugins = plugins
            let ending = StreamEnding(head: opened.head) { [context] error, byteCount in
                plan.cleanUp()
                let head = opened.head.streamed(byteCount: byteCount)
                let result: Result<Response, CourierError> =
                    error.map { .failure(Self.attaching(head, to: $0)) } ?? .success(head)
                RequestContext.$bound.withValue(context) {
                    for plugin in plugins {
                        plugin.didReceive(result, target: target)
                    }
                }
            }
            return StreamedResponse(head: opened.head, body: opened.body, ending: ending)
        case .failure(let error):
            plan.cleanUp()
            // A request that never reached `willSend` reaches no plugin.
            if wasSent {
                RequestContext.$bound.withValue(context) {
                    for plugin in plugins {
                        plugin.didReceive(.failure(error), target: target)
                    }
                }
            }
            throw error
        }
    }

    /// One attempt: the request goes out as ``prepareAttempt(_:target:)`` makes it, the stub or the
    /// transport answers with a head, and the head is validated before any body byte is read.
    private func openAttempt(
        _ unprepared: URLRequest, target: Target, endpoint: Endpoint, plan: TransferPlan, stub: StubBehavior
    ) async -> (outcome: Result<OpenedStream, CourierError>, sentRequest: URLRequest?) {
        let request: URLRequest
        switch await prepareAttempt(unprepared, target: target) {
        case .success(let prepared): request = prepared
        case .failure(let error): return (.failure(error), nil)
        }

        let opened: OpenedStream
        switch stub {
        case .never:
            var transportRequest = plan.transportRequest(for: request, progress: nil)
            transportRequest.destination = .memory
            do {
                let stream = try await transport.stream(transportRequest)
                let head = Response(
                    statusCode: stream.statusCode, data: Data(), request: request, source: stream.source,
                    fileURL: nil, metrics: nil)
                opened = OpenedStream(head: head, body: stream.body)
            } catch {
                return (.failure(CourierError(error)), request)
            }
        case .immediate, .delayed:
            switch await stubbedAnswer(request: request, endpoint: endpoint, stub: stub) {
            case .success(let answer):
                opened = OpenedStream(stubbed: answer, chunkSize: Self.stubChunkSize)
            case .failure(let error):
                return (.failure(error), request)
            }
        }
        guard !target.validationType.accepts(opened.head.statusCode) else { return (.success(opened), request) }
        // Rejected: the caller gets the start of the body with the error, and the transfer stops.
        let start = await opened.prefix(Self.rejectedBodyPrefix)
        let rejected = Response(
            statusCode: opened.head.statusCode, data: start, request: request,
            response: opened.head.response)
        return (.failure(.statusCode(rejected)), request)
    }

    /// `error` with `head` attached, when it is an error that carries a response and has none.
    private static func attaching(_ head: Response, to error: CourierError) -> CourierError {
        if case .underlying(let underlying, nil) = error, !error.isCancelled { return .underlying(underlying, head) }
        return error
    }
}

/// A response head that has arrived, and its body still to be read.
struct OpenedStream: Sendable {
    let head: Response
    let body: TransportStream.Body

    init(head: Response, body: TransportStream.Body) {
        self.head = head
        self.body = body
    }

    /// A stub's answer, its body in chunks of `chunkSize` bytes.
    init(stubbed answer: Response, chunkSize: Int) {
        head = Response(
            statusCode: answer.statusCode, data: Data(), request: answer.request, response: answer.response)
        var chunks: [Data] = []
        var offset = answer.data.startIndex
        while offset < answer.data.endIndex {
            let end = answer.data.index(offset, offsetBy: chunkSize, limitedBy: answer.data.endIndex)
            chunks.append(answer.data[offset..<(end ?? answer.data.endIndex)])
            offset = end ?? answer.data.endIndex
        }
        body = TransportStream.Body(.buffer(StreamBuffer(chunks: chunks)))
    }

    /// Up to `limit` bytes from the start of the body; the rest is not read (the transfer stops when
    /// the body goes).
    func prefix(_ limit: Int) async -> Data {
        var start = Data()
        var iterator = body.makeAsyncIterator()
        while start.count < limit, let chunk = try? await iterator.next() {
            start.append(chunk.prefix(limit - start.count))
        }
        return start
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
