import Foundation
import Testing

@testable import Courier
@testable import LoopbackServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct StreamTests {
    @Test(arguments: TransportKind.allCases)
    func streamDeliversTheWholeBodyInChunks(kind: TransportKind) async throws {
        let provider = Provider<TestTarget>(transport: try kind.make())
        let size = 3_000_000
        let stream = try await provider.stream(try .loopback("/stream/bytes?size=\(size)"))
        #expect(stream.statusCode == 200)
        #expect(stream.response?.value(forHTTPHeaderField: "Content-Type") == "application/octet-stream")
        var body = Data()
        var chunks = 0
        for try await chunk in stream {
            body.append(chunk)
            chunks += 1
        }
        #expect(body.count == size)
        #expect(body == StandardRoutes.patternData(offset: 0, count: size))
        #expect(chunks > 1)
    }

    @Test(arguments: TransportKind.allCases)
    func firstChunkReachesTheCallerWhileTheServerHoldsTheRest(kind: TransportKind) async throws {
        let gate = DispatchSemaphore(value: 0)
        let server = try LoopbackServer { _ in
            ServerResponse(
                body: .rawStream { index in
                    switch index {
                    case 0:
                        return Data("HTTP/1.1 200 OK\r\nContent-Length: 10\r\nConnection: close\r\n\r\nhello".utf8)
                    case 1:
                        // Waits until the test has seen "hello" (or gives up after 20 s).
                        _ = gate.wait(timeout: .now() + 20)
                        return Data("world".utf8)
                    default:
                        return nil
                    }
                })
        }
        defer { server.stop() }
        let provider = Provider<TestTarget>(transport: try kind.make())
        let stream = try await provider.stream(TestTarget(baseURL: server.baseURL, path: "/held"))
        var iterator = stream.makeAsyncIterator()
        var seen = Data()
        while seen.count < 5, let chunk = try await iterator.next() {
            seen.append(chunk)
        }
        #expect(seen == Data("hello".utf8))
        gate.signal()
        while let chunk = try await iterator.next() {
            seen.append(chunk)
        }
        #expect(seen == Data("helloworld".utf8))
    }

    @Test(arguments: TransportKind.allCases)
    func leavingTheLoopClosesTheConnectionOnTheServer(kind: TransportKind) async throws {
        let server = try endlessServer()
        defer { server.stop() }
        let provider = Provider<TestTarget>(transport: try kind.make())
        do {
            let stream = try await provider.stream(TestTarget(baseURL: server.baseURL, path: "/endless"))
            for try await chunk in stream where !chunk.isEmpty {
                break
            }
        }
        #expect(await connectionsClose(on: server, within: Self.closingBound))
    }

    @Test(arguments: TransportKind.allCases)
    func cancellingTheReadingTaskClosesTheConnectionOnTheServer(kind: TransportKind) async throws {
        let server = try endlessServer()
        defer { server.stop() }
        let provider = Provider<TestTarget>(transport: try kind.make())
        let firstChunk = AsyncStream<Void>.makeStream()
        let reader = Task { () throws(CourierError) -> Int in
            let stream = try await provider.stream(TestTarget(baseURL: server.baseURL, path: "/endless"))
            var count = 0
            for try await chunk in stream {
                count += chunk.count
                firstChunk.continuation.yield()
            }
            return count
        }
        for await _ in firstChunk.stream { break }
        reader.cancel()
        let outcome = await reader.result
        #expect(throws: CourierError.self) { try outcome.get() }
        if case .failure(let error) = outcome { #expect((error as? CourierError)?.isCancelled == true) }
        #expect(await connectionsClose(on: server, within: Self.closingBound))
    }

    @Test(arguments: TransportKind.allCases)
    func rejectedStatusFailsBeforeAnyChunkWithTheStartOfTheBody(kind: TransportKind) async throws {
        let provider = Provider<TestTarget>(transport: try kind.make())
        let target = try TestTarget.loopback("/respond?status=503&body=try%20later", validationType: .successCodes)
        let outcome = await result { () throws(CourierError) in try await provider.stream(target) }
        guard case .failure(.statusCode(let response)) = outcome else {
            Issue.record("expected statusCode, got \(outcome)")
            return
        }
        #expect(response.statusCode == 503)
        #expect(String(decoding: response.data, as: UTF8.self) == "try later")
    }

    @Test func rejectedStatusKeepsAtMost64KiBOfTheBody() async throws {
        let server = try LoopbackServer { request in
            var response = StandardRoutes.handle(request)
            response.status = 500
            return response
        }
        defer { server.stop() }
        let provider = Provider<TestTarget>(transport: try TransportKind.curl.make())
        let target = TestTarget(
            baseURL: server.baseURL, path: "/stream/bytes?size=\(10 << 20)", validationType: .successCodes)
        let outcome = await result { () throws(CourierError) in try await provider.stream(target) }
        guard case .failure(.statusCode(let response)) = outcome else {
            Issue.record("expected statusCode, got \(outcome)")
            return
        }
        #expect(response.data == StandardRoutes.patternData(offset: 0, count: 64 << 10))
    }

    @Test(arguments: TransportKind.allCases)
    func pluginsHearDidReceiveOnceWithTheHeadAndTheByteCount(kind: TransportKind) async throws {
        let recorder = StreamRecorder()
        let provider = Provider<TestTarget>(transport: try kind.make(), plugins: [recorder])
        let stream = try await provider.stream(try .loopback("/stream/bytes?size=100000"))
        #expect(recorder.results.isEmpty)
        var count = 0
        for try await chunk in stream { count += chunk.count }
        #expect(count == 100_000)
        let results = recorder.results
        #expect(results.count == 1)
        let head = try results.first?.get()
        #expect(head?.statusCode == 200)
        #expect(head?.data.isEmpty == true)
        #expect(head?.streamedByteCount == 100_000)
        #expect(recorder.willSendCount == 1)
    }

    @Test(arguments: TransportKind.allCases)
    func pluginsHearOfAStreamStoppedEarlyOnce(kind: TransportKind) async throws {
        let recorder = StreamRecorder()
        let provider = Provider<TestTarget>(transport: try kind.make(), plugins: [recorder])
        do {
            let stream = try await provider.stream(try .loopback("/stream/bytes?size=\(8 << 20)"))
            for try await _ in stream { break }
        }
        // A reader that has what it wanted is not a failed request: the head, and the bytes it read.
        let results = recorder.results
        #expect(results.count == 1)
        let head = try #require(try results.first?.get())
        #expect(head.statusCode == 200)
        #expect((head.streamedByteCount ?? 0) > 0)
        #expect((head.streamedByteCount ?? 0) < 8 << 20)
    }

    @Test(arguments: TransportKind.allCases)
    func pluginsHearOfAStreamWhoseReadingTaskIsCancelledAsCancelled(kind: TransportKind) async throws {
        let recorder = StreamRecorder()
        let provider = Provider<TestTarget>(transport: try kind.make(), plugins: [recorder])
        let stream = try await provider.stream(try .loopback("/stream/bytes?size=\(8 << 20)"))
        let reader = Task {
            var iterator = stream.makeAsyncIterator()
            _ = try await iterator.next()
            withUnsafeCurrentTask { $0?.cancel() }
            while try await iterator.next() != nil {}
        }
        let error = await #expect(throws: CourierError.self) { try await reader.value }
        #expect(error?.isCancelled == true)
        let results = recorder.results
        #expect(results.count == 1)
        if case .failure(let failure) = results.first {
            #expect(failure.isCancelled)
        } else {
            Issue.record("a cancelled reader is a cancelled request, not \(String(describing: results.first))")
        }
    }

    @Test(arguments: TransportKind.allCases)
    func anInterceptorRetriesBeforeTheFirstByte(kind: TransportKind) async throws {
        let attempts = Counter()
        let server = try LoopbackServer { request in
            attempts.increment()
            if attempts.value == 1 { return .text("busy", status: 503) }
            return StandardRoutes.handle(request)
        }
        defer { server.stop() }
        let recorder = StreamRecorder()
        let provider = Provider<TestTarget>(
            transport: try kind.make(), plugins: [recorder], interceptors: [RetryFirstAttempt()])
        let target = TestTarget(baseURL: server.baseURL, path: "/stream/bytes?size=1000", validationType: .successCodes)
        let stream = try await provider.stream(target)
        var count = 0
        for try await chunk in stream { count += chunk.count }
        #expect(count == 1000)
        #expect(attempts.value == 2)
        #expect(recorder.willSendCount == 2)
        #expect(recorder.results.count == 1)
    }

    @Test(arguments: [StubBehavior.immediate, .delayed(seconds: 0.05)])
    func aStubStreamsItsSampleDataInChunks(stub: StubBehavior) async throws {
        let sample = StandardRoutes.patternData(offset: 0, count: 40_000)
        let recorder = StreamRecorder()
        let provider = Provider<TestTarget>(stubClosure: { _ in stub }, plugins: [recorder])
        var target = try TestTarget.loopback("/never-sent")
        target.sampleData = sample
        let stream = try await provider.stream(target)
        var chunks: [Data] = []
        for try await chunk in stream { chunks.append(chunk) }
        #expect(chunks.count == 3)
        #expect(chunks.reduce(Data(), +) == sample)
        #expect(recorder.results.count == 1)
    }

    @Test func aTransportWithoutStreamingHandsTheBodyOverAsOneChunk() async throws {
        let transport = ScriptedTransport { request, _ in
            TransportResponse(statusCode: 200, url: request.url, data: Data("whole".utf8))
        }
        let provider = Provider<TestTarget>(transport: transport)
        let stream = try await provider.stream(try .loopback("/anything"))
        var chunks: [Data] = []
        for try await chunk in stream { chunks.append(chunk) }
        #expect(chunks == [Data("whole".utf8)])
    }

    // MARK: Helpers

    /// A server whose one route sends a head, then 1 KiB every 10 ms for ever (until the client goes).
    private func endlessServer() throws -> LoopbackServer {
        try LoopbackServer { _ in
            ServerResponse(
                headers: [HeaderField(name: "Content-Type", value: "application/octet-stream")],
                body: .stream(length: 1 << 40) { offset, maxCount in
                    if offset > 0 { Thread.sleep(forTimeInterval: 0.01) }
                    return StandardRoutes.patternData(offset: offset, count: min(1024, maxCount))
                })
        }
    }

    /// How long a connection may take to close after the reader lets go. FoundationNetworking cancels a
    /// task on the work queue the whole process shares, where other tests' transfers read and decode
    /// their bodies: in a full run it once took over 3 s. The bound checks that it closes, not how fast.
    static let closingBound = 20.0

    /// Whether every connection of `server` has closed within `seconds` (with slack for a busy machine).
    private func connectionsClose(on server: LoopbackServer, within seconds: Double) async -> Bool {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        while server.openConnectionCount > 0 {
            if DispatchTime.now().uptimeNanoseconds > deadline { return false }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        return true
    }
}

/// Records what plugins hear of streamed requests.
final class StreamRecorder: PluginType, @unchecked Sendable {
    private let lock = NSLock()
    private var received: [Result<Response, CourierError>] = []
    private var sent = 0

    var results: [Result<Response, CourierError>] { lock.withLock { received } }
    var willSendCount: Int { lock.withLock { sent } }

    func willSend(_ request: any RequestType, target: any TargetType) {
        lock.withLock { sent += 1 }
    }

    func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
        lock.withLock { received.append(result) }
    }
}

/// Retries the first failed attempt at once.
struct RetryFirstAttempt: RequestInterceptor {
    func retry(
        _ request: URLRequest, for target: any TargetType, result: Result<Response, CourierError>, attempt: Int
    ) async -> RetryDecision {
        attempt == 0 ? .retry : .doNotRetry
    }
}
