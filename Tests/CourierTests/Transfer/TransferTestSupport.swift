import Foundation
import LoopbackServer
import TestSupport
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A folder of one test's own: its files, and Courier's temporary files for the requests the test
/// makes through ``transport(_:policy:)``, so the test can check that nothing is left behind while
/// other tests run.
struct ScratchFolder {
    let url: URL

    init() throws {
        url = try TestFiles.path("transfer-test")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A transport of `kind` whose temporary files go to this folder.
    func transport(_ kind: TransportKind = .curl, policy: TransportPolicy = TransportPolicy()) throws -> any Transport {
        var policy = policy
        policy.temporaryDirectory = url
        return try kind.make(policy: policy)
    }

    /// A path in the folder; the file is not created.
    func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    /// A new file in the folder holding `data`, written without `Data.write`'s `fsync`, which can hold a
    /// thread of Swift's cooperative pool for seconds on a busy disk.
    func write(_ data: Data, named name: String) throws -> URL {
        let file = file(name)
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try handle.write(contentsOf: data)
        return file
    }

    /// The names of Courier's temporary files still in the folder.
    var leftovers: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasPrefix(TemporaryFiles.prefix) }.sorted()
    }

    /// Removes the folder and everything in it.
    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Retries every failed attempt once.
struct RetryTransferOnce: RequestInterceptor {
    func retry(
        _ request: URLRequest, for target: any TargetType, result: Result<Response, CourierError>, attempt: Int
    ) async -> RetryDecision {
        attempt == 0 ? .retry : .doNotRetry
    }
}

/// The checksum the loopback server's `/upload` route reports for `data`.
func checksum(of data: Data) -> String {
    var checksum = Checksum()
    checksum.update(data)
    return checksum.hexDigest
}

/// The checksum of a file's contents, read a piece at a time.
func checksum(ofFile url: URL) throws -> String {
    let handle = try FileHandle(forReadingFrom: url)
    defer { try? handle.close() }
    var checksum = Checksum()
    while let piece = try handle.read(upToCount: 1 << 20), !piece.isEmpty {
        checksum.update(piece)
    }
    return checksum.hexDigest
}

/// What the `/upload` route answers.
struct UploadSummary: Decodable, Equatable {
    let bytes: Int
    let checksum: String
}

/// Checks that a request's progress reports rose steadily to a completed report with the response,
/// with at least `minimumIntermediate` reports before it.
func expectSteadyProgress(
    _ reports: [ProgressResponse], minimumIntermediate: Int, sourceLocation: SourceLocation = #_sourceLocation
) {
    let fractions = reports.map(\.progress)
    #expect(fractions == fractions.sorted(), "fractions went down: \(fractions)", sourceLocation: sourceLocation)
    #expect(
        reports.dropLast().count >= minimumIntermediate, "only \(reports.count) reports",
        sourceLocation: sourceLocation)
    #expect(
        reports.dropLast().allSatisfy { !$0.completed && $0.progress > 0 && $0.progress < 1 },
        sourceLocation: sourceLocation)
    #expect(reports.last?.completed == true, sourceLocation: sourceLocation)
    #expect(reports.last?.progress == 1, sourceLocation: sourceLocation)
    #expect(reports.last?.response != nil, sourceLocation: sourceLocation)
}

/// The progress reports of `target` through `requestWithProgress`, and its response.
func progressReports(
    _ provider: Provider<TestTarget>, _ target: TestTarget
) async throws -> (reports: [ProgressResponse], response: Response) {
    var reports: [ProgressResponse] = []
    for try await report in provider.requestWithProgress(target) {
        reports.append(report)
    }
    let response = try #require(reports.last?.response)
    return (reports, response)
}

/// Forwards every request to another transport, keeping the body file each one names, so that a test
/// can find the temporary file a provider wrote for a multipart form.
final class BodyFileWatcher: Transport {
    private let base: any Transport
    private let files = Locked<[URL]>([])

    init(_ base: any Transport) {
        self.base = base
    }

    /// The body files of the requests sent so far.
    var bodyFiles: [URL] { files.withLock { $0 } }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        if let file = request.bodyFileURL { files.withLock { $0.append(file) } }
        return try await base.send(request)
    }
}
