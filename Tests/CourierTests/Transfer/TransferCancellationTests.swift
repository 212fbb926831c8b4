import Dispatch
import Foundation
import LoopbackServer
import TestSupport
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Cancelling an upload or a download part way leaves no file behind.
@Suite struct TransferCancellationTests {
    /// Sends `target` with the completion API and cancels it at its first progress report.
    /// Sends `target` through the completion-handler API, cancels it at its first progress report, and
    /// returns its outcome and the seconds from that cancellation to the completion (measured from
    /// the start when no progress came): the request's own start may wait its turn on a busy pool.
    private func cancelAtFirstProgress(_ target: TestTarget, in folder: ScratchFolder, kind: TransportKind) async throws
        -> (Result<Response, CourierError>, seconds: Double)
    {
        let provider = Provider<TestTarget>(transport: try folder.transport(kind))
        let handle = CancelOnce()
        let start = DispatchTime.now().uptimeNanoseconds
        let result = await onTimingThreads {
            await withCheckedContinuation { continuation in
                let cancellable = provider.request(
                    target, callbackQueue: DispatchQueue(label: "cancel"), progress: { _ in handle.fire() }
                ) { continuation.resume(returning: $0) }
                handle.arm(cancellable)
            }
        }
        let cancelled = handle.firedAt ?? start
        return (result, Double(DispatchTime.now().uptimeNanoseconds - cancelled) / 1e9)
    }

    @Test(arguments: TransportKind.allCases)
    func cancellingAnUploadInFlightRemovesItsTemporaryBody(kind: TransportKind) async throws {
        // The server holds its answer once the whole body has arrived, and the request is cancelled
        // then, not while the body is still going out: swift-corelibs-foundation can crash the process
        // (a `try!` in EasyHandle) when a task uploading from a file ends while its file reader is
        // catching up, which happens on the loopback interface.
        let bodyArrived = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let server = try LoopbackServer { request in
            bodyArrived.signal()
            _ = release.wait(timeout: .now() + 60)
            return StandardRoutes.handle(request)
        }
        defer { server.stop() }
        defer { release.signal() }
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let file = try folder.write(StandardRoutes.patternData(offset: 0, count: 4 << 20), named: "big.bin")
        let form = MultipartFormData(parts: [MultipartFormBodyPart(provider: .file(file), name: "f")])
        let target = TestTarget(baseURL: server.baseURL, path: "/upload", method: .post, task: .uploadMultipart(form))
        let watcher = BodyFileWatcher(try folder.transport(kind))
        let task = Task(executorPreference: TimingExecutor.shared) {
            try await Provider<TestTarget>(transport: watcher).request(target)
        }
        var arrived = false
        for _ in 0..<500 where !arrived {
            try await Task.sleep(nanoseconds: 10_000_000)
            arrived = bodyArrived.wait(timeout: .now()) == .success
        }
        #expect(arrived)
        let bodyFile = try #require(watcher.bodyFiles.first)
        #expect(bodyFile.lastPathComponent.hasPrefix("courier-multipart-"))
        #expect(
            FileManager.default.fileExists(atPath: bodyFile.path), "the form is in a temporary file while in flight")
        let elapsed = await seconds {
            task.cancel()
            let error = await #expect(throws: CourierError.self) { try await task.value }
            #expect(error?.isCancelled == true)
        }
        #expect(elapsed < 30, "the server holds its answer for 60 s; the cancellation ends the wait")
        #expect(!FileManager.default.fileExists(atPath: bodyFile.path))
        #expect(folder.leftovers.isEmpty)
    }

    @Test(arguments: TransportKind.allCases)
    func cancellingADownloadPartWayLeavesNothing(kind: TransportKind) async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let destination = folder.file("partial.bin")
        // 6 MiB, 1 KiB every 10 ms: a minute at least, so that a cancellation late by a loaded machine's
        // stall is still told apart from a body that came whole.
        let target = try TestTarget.loopback(
            "/slow-body/6291456",
            task: .downloadParameters(
                parameters: ["interval": 10], encoding: URLEncoding.queryString,
                destination: { _, _ in (destination, .createIntermediateDirectories) }))
        let (result, seconds) = try await cancelAtFirstProgress(target, in: folder, kind: kind)
        guard case .failure(let error) = result else {
            Issue.record("a cancelled download succeeded")
            return
        }
        #expect(error.isCancelled)
        #expect(seconds < 40, "the whole body would take a minute at least")
        #expect(!FileManager.default.fileExists(atPath: destination.path))
        #expect(folder.leftovers.isEmpty)
    }

    @Test(arguments: TransportKind.allCases)
    func cancellingWhileTheFormIsWrittenRemovesIt(kind: TransportKind) async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let file = try folder.write(Data(count: MultipartEncoder.chunkSize * 3), named: "big.bin")
        let form = MultipartFormData(parts: [MultipartFormBodyPart(provider: .file(file), name: "f")])
        let task = Task { () async throws -> TransferPlan in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await TransferPlan.prepare(for: .uploadMultipart(form), stub: .never, in: folder.url)
        }
        let error = await #expect(throws: CourierError.self) { try await task.value }
        #expect(error?.isCancelled == true)
        #expect(folder.leftovers.isEmpty)
    }
}

/// Cancels a request once both its handle is known and the trigger has fired, in either order.
private final class CancelOnce: Sendable {
    private let state = Locked((cancellable: (any Cancellable)?.none, fired: false))

    func arm(_ cancellable: any Cancellable) {
        let cancelNow = state.withLock {
            $0.cancellable = cancellable
            return $0.fired
        }
        if cancelNow { cancellable.cancel() }
    }

    /// When the first report came (`DispatchTime` nanoseconds), if one did.
    var firedAt: UInt64? { firstFire.withLock { $0 } }
    private let firstFire = Locked(UInt64?.none)

    func fire() {
        let now = DispatchTime.now().uptimeNanoseconds
        firstFire.withLock { if $0 == nil { $0 = now } }
        let cancellable = state.withLock {
            $0.fired = true
            return $0.cancellable
        }
        cancellable?.cancel()
    }
}
