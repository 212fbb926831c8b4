import Foundation
import LoopbackServer
import TestSupport
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Servers that fail at the connection or the transfer: each fails with the documented `CourierError`
/// (`docs/RELIABILITY.md`), within the configured timeout, without a crash or a leaked task, and is
/// retried only where `RetryPolicy` allows.
///
/// Where no whole response arrived, neither transport hands back one: the error is
/// `.underlying(URLError, nil)`.
@Suite struct FaultTests {
    // MARK: Connection

    @Test(.timesURLSession, arguments: TransportKind.allCases)
    func connectionRefusedIsCannotConnectToHostAndIsRetried(kind: TransportKind) async throws {
        let server = try FaultServer(kind)
        defer { server.stop() }
        let hooks = HookRecorder(name: "hooks")
        let provider = server.provider(retrying: true, plugins: [hooks])
        let target = TestTarget(baseURL: try refusedURL(), path: "/echo")
        #expect(await server.promptFailure(of: target, with: provider) == .cannotConnectToHost)
        #expect(hooks.attempts == 3)
    }

    @Test(arguments: TransportKind.allCases)
    func resetBeforeAnyResponseIsNetworkConnectionLost(kind: TransportKind) async throws {
        let server = try FaultServer(kind)
        defer { server.stop() }
        let target = server.target("/fault/reset-before-response")
        #expect(await server.promptFailure(of: target, with: server.provider()) == .networkConnectionLost)
        #expect(server.hits.value == 1)
    }

    @Test(arguments: TransportKind.allCases)
    func aResetIsRetriedForGetButNeverForPost(kind: TransportKind) async throws {
        let server = try FaultServer(kind)
        defer { server.stop() }
        let provider = server.provider(retrying: true)
        let get = await server.send(server.target("/fault/reset-before-response"), with: provider)
        #expect(try #require(failure(of: get.outcome)).isCancelled == false)
        #expect(server.hits.value == 3)
        let post = await server.send(server.target("/fault/reset-before-response", method: .post), with: provider)
        #expect(urlErrorCode(try #require(failure(of: post.outcome))) == .networkConnectionLost)
        #expect(server.hits.value == 4)
        #expect(await server.leftoverTasks() == 0)
    }

    // MARK: Transfer

    @Test(arguments: TransportKind.allCases)
    func resetMidBodyIsNetworkConnectionLostAndIsRetried(kind: TransportKind) async throws {
        let server = try FaultServer(kind)
        defer { server.stop() }
        let target = server.target("/fault/reset-mid-body")
        #expect(await server.promptFailure(of: target, with: server.provider(retrying: true)) == .networkConnectionLost)
        #expect(server.hits.value == 3)
    }

    @Test(arguments: TransportKind.allCases)
    func bodyShorterThanItsContentLengthIsALostConnection(kind: TransportKind) async throws {
        let server = try FaultServer(kind)
        defer { server.stop() }
        // libcurl's "transfer closed with 90000 bytes remaining to read". CurlTransport reports it as
        // URLSession does on Apple platforms (.networkConnectionLost, retried for GET); URLSession on
        // Linux reports URLError(.unknown), which is not one of RetryPolicy's transient codes.
        let target = server.target("/fault/short-body")
        let code = await server.promptFailure(of: target, with: server.provider(retrying: true))
        switch kind {
        case .curl:
            #expect(code == .networkConnectionLost)
            #expect(server.hits.value == 3)
        case .urlSession:
            #expect(code == .unknown)
            #expect(server.hits.value == 1)
        }
    }

    @Test(.timesURLSession, arguments: TransportKind.allCases)
    func headersNeverSentTimeOutWithinTheRequestTimeout(kind: TransportKind) async throws {
        let server = try FaultServer(kind, requestTimeout: 1, resourceTimeout: 3)
        defer { server.stop() }
        let (outcome, seconds) = await server.send(server.target("/fault/no-headers"), with: server.provider())
        let error = try #require(failure(of: outcome))
        #expect(urlErrorCode(error) == .timedOut)
        #expect(error.response == nil)
        #expect(seconds >= server.requestTimeout * 0.9)
        #expect(seconds < server.requestTimeout + FaultServer.slack)
        #expect(server.hits.value == 1)
        #expect(await server.leftoverTasks() == 0)
    }

    @Test(.timesURLSession, arguments: TransportKind.allCases)
    func aTimeoutIsRetriedForGet(kind: TransportKind) async throws {
        let server = try FaultServer(kind, requestTimeout: 1, resourceTimeout: 3)
        defer { server.stop() }
        let provider = Provider<TestTarget>(
            transport: server.transport,
            interceptors: [RetryPolicy(retryLimit: 1, exponentialBackoffScale: 0.01, jitter: 0)])
        let (outcome, seconds) = await server.send(server.target("/fault/no-headers"), with: provider)
        #expect(urlErrorCode(try #require(failure(of: outcome))) == .timedOut)
        #expect(server.hits.value == 2)
        // Two attempts, each timing out: each may take its slack on a loaded machine.
        #expect(seconds < 2 * (server.requestTimeout + FaultServer.slack))
        #expect(await server.leftoverTasks() == 0)
    }

    @Test(.timesURLSession, arguments: TransportKind.allCases)
    func bodyThatStopsComingTimesOutWithinTheRequestTimeout(kind: TransportKind) async throws {
        let server = try FaultServer(kind, requestTimeout: 1, resourceTimeout: 3)
        defer { server.stop() }
        let (outcome, seconds) = await server.send(server.target("/fault/endless-body"), with: server.provider())
        let error = try #require(failure(of: outcome))
        #expect(urlErrorCode(error) == .timedOut)
        #expect(error.response == nil)
        #expect(seconds >= server.requestTimeout * 0.9)
        #expect(seconds < server.requestTimeout + FaultServer.slack)
        #expect(await server.leftoverTasks() == 0)
    }

    @Test(.timesURLSession, arguments: TransportKind.allCases)
    func bodyThatNeverEndsTimesOutWithinTheResourceTimeout(kind: TransportKind) async throws {
        // 16 bytes every 100 ms: the request timeout never fires (it is long, too: on Linux all of a
        // process's URLSessions share one work queue, and while other tests' transfers keep it busy
        // for a second, URLSession's own request timer can fire before it reads the bytes that came).
        // URLSession on Linux ignores timeoutIntervalForResource; URLSessionTransport enforces it.
        let server = try FaultServer(kind, requestTimeout: 10, resourceTimeout: 3)
        defer { server.stop() }
        let (outcome, seconds) = await server.send(server.target("/fault/trickle"), with: server.provider())
        let error = try #require(failure(of: outcome))
        #expect(urlErrorCode(error) == .timedOut)
        #expect(error.response == nil)
        #expect(seconds >= server.resourceTimeout * 0.9)
        #expect(seconds < server.resourceTimeout + FaultServer.slack)
        #expect(await server.leftoverTasks() == 0)
    }

    @Test(arguments: TransportKind.allCases)
    func malformedStatusLineIsABadResponseAndNotRetried(kind: TransportKind) async throws {
        let server = try FaultServer(kind)
        defer { server.stop() }
        // libcurl's "Unsupported HTTP version in response": .badServerResponse on CurlTransport,
        // .unsupportedURL as URLSession on Linux reports it.
        let target = server.target("/fault/bad-status-line")
        let code = await server.promptFailure(of: target, with: server.provider(retrying: true))
        #expect(code == (kind == .curl ? .badServerResponse : .unsupportedURL))
        #expect(server.hits.value == 1)
    }

    @Test(arguments: TransportKind.allCases)
    func redirectLoopStopsAfterTwentyRedirects(kind: TransportKind) async throws {
        let server = try FaultServer(kind)
        defer { server.stop() }
        let target = server.target("/fault/redirect-loop")
        #expect(await server.promptFailure(of: target, with: server.provider(retrying: true)) == .httpTooManyRedirects)
        #expect(server.hits.value == 21)  // the request and 20 redirects, never retried
    }

    @Test(.loadsURLSessionsQueue, arguments: TransportKind.allCases)
    func fiftyMebibyteBodyArrivesWhole(kind: TransportKind) async throws {
        let server = try FaultServer(kind)
        defer { server.stop() }
        let count = 50 << 20
        let target = server.target("/bytes/\(count)", validation: .successCodes)
        let (outcome, seconds) = await server.send(target, with: server.provider())
        let response = try outcome.get()
        #expect(response.data.count == count)
        #expect(response.data == StandardRoutes.patternData(offset: 0, count: count))
        #expect(response.response?.expectedContentLength == Int64(count))
        #expect(seconds < server.requestTimeout)
        #expect(await server.leftoverTasks() == 0)
    }

    @Test(.loadsURLSessionsQueue, arguments: TransportKind.allCases)
    func fiftyMebibyteDownloadLandsWhole(kind: TransportKind) async throws {
        let server = try FaultServer(kind)
        defer { server.stop() }
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let count = 50 << 20
        let file = folder.file("big.bin")
        let target = TestTarget(
            baseURL: server.baseURL, path: "/bytes/\(count)",
            task: .downloadDestination { _, _ in (file, []) }, validationType: .successCodes)
        let response = try await server.provider().request(target)
        #expect(response.fileURL == file)
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.size] as? NSNumber)?.intValue == count)
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(count - 4096))
        #expect(
            try handle.read(upToCount: 4096) == StandardRoutes.patternData(offset: Int64(count - 4096), count: 4096))
        #expect(folder.leftovers.isEmpty)
        #expect(await server.leftoverTasks() == 0)
    }

    @Test(arguments: TransportKind.allCases)
    func gzipBodyIsDecoded(kind: TransportKind) async throws {
        let server = try FaultServer(kind)
        defer { server.stop() }
        let (outcome, seconds) = await server.send(
            server.target("/fault/gzip", validation: .successCodes), with: server.provider())
        let response = try outcome.get()
        #expect(response.data == StandardRoutes.gzipPayload)
        #expect(response.response?.value(forHTTPHeaderField: "Content-Encoding") == "gzip")
        let json = try #require(try response.mapJSON() as? [String: Any])
        #expect((json["items"] as? [Any])?.count == 200)
        #expect(seconds < FaultServer.prompt)
        #expect(await server.leftoverTasks() == 0)
    }

    @Test(arguments: TransportKind.allCases)
    func corruptGzipBodyCannotBeDecodedAndIsNotRetried(kind: TransportKind) async throws {
        let server = try FaultServer(kind)
        defer { server.stop() }
        // libcurl's "Error while processing content unencoding: incorrect data check":
        // .cannotDecodeContentData on CurlTransport, .unknown as URLSession on Linux reports it.
        let target = server.target("/fault/gzip?corrupt=1")
        let code = await server.promptFailure(of: target, with: server.provider(retrying: true))
        #expect(code == (kind == .curl ? .cannotDecodeContentData : .unknown))
        #expect(server.hits.value == 1)
    }
}

/// What libcurl does on its own, below `RetryPolicy`, under either transport.
@Suite struct TransportResendTests {
    @Test(arguments: TransportKind.allCases, [Method.get, .post])
    func aReusedConnectionThatDiesBeforeAnsweringIsResentByLibcurl(kind: TransportKind, method: Method) async throws {
        let server = try FaultServer(kind)
        defer { server.stop() }
        let provider = server.provider()
        // One request leaves a kept-alive connection behind; the next one reuses it and is reset.
        _ = try await provider.request(server.target("/echo"))
        let before = server.hits.value
        let (outcome, _) = await server.send(
            server.target("/fault/reset-before-response", method: method), with: provider)
        #expect(urlErrorCode(try #require(failure(of: outcome))) == .networkConnectionLost)
        // libcurl took the dead connection for a stale one and sent the request again on a new one,
        // whatever its method. Courier's RetryPolicy did not run: no interceptor is installed.
        #expect(server.hits.value - before == 2)
        #expect(await server.leftoverTasks() == 0)
    }

    @Test(arguments: TransportKind.allCases, [Method.get, .post])
    func aConnectionThatDiesAfterAnsweringBeganIsNeverResent(kind: TransportKind, method: Method) async throws {
        let server = try FaultServer(kind)
        defer { server.stop() }
        let provider = server.provider()
        _ = try await provider.request(server.target("/echo"))
        let before = server.hits.value
        let (outcome, _) = await server.send(server.target("/fault/reset-mid-body", method: method), with: provider)
        #expect(urlErrorCode(try #require(failure(of: outcome))) == .networkConnectionLost)
        #expect(server.hits.value - before == 1)
    }
}
