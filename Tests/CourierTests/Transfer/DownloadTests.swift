import Foundation
import LoopbackServer
import TestSupport
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads against the loopback server: checksums, destinations and their options.
@Suite struct DownloadTests {
    private func download(
        _ path: String, to destination: URL, options: DownloadOptions = [], validationType: ValidationType = .none,
        in folder: ScratchFolder, kind: TransportKind
    ) async throws -> Response {
        let target = try TestTarget.loopback(
            path, task: .downloadDestination({ _, _ in (destination, options) }), validationType: validationType)
        return try await Provider<TestTarget>(transport: try folder.transport(kind)).request(target)
    }

    @Test(arguments: TransportKind.allCases)
    func downloadArrivesWholeAtItsDestinationWithSteadyProgress(kind: TransportKind) async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let destination = folder.file("out.bin")
        let seen = Reports()
        let target = try TestTarget.loopback(
            "/bytes/3000000",
            task: .downloadDestination({ temporaryURL, response in
                // The closure sees the finished body in Courier's temporary file, and the response.
                let size = (try? FileManager.default.attributesOfItem(atPath: temporaryURL.path)[.size]) as? Int
                seen.append(ProgressResponse(progress: Double(size ?? -1) + Double(response.statusCode) / 1000))
                return (destination, [])
            }))
        let (reports, response) = try await progressReports(Provider(transport: try folder.transport(kind)), target)
        #expect(response.fileURL == destination)
        #expect(response.data.isEmpty)
        #expect(response.statusCode == 200)
        #expect(try checksum(ofFile: destination) == StandardRoutes.patternChecksum(count: 3_000_000))
        #expect(seen.all.map(\.progress) == [3_000_000.2])
        expectSteadyProgress(reports, minimumIntermediate: 3)
        #expect(folder.leftovers.isEmpty)
    }

    @Test(arguments: TransportKind.allCases)
    func downloadParametersAreEncodedIntoTheRequest(kind: TransportKind) async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let destination = folder.file("echo.json")
        let target = try TestTarget.loopback(
            "/echo",
            task: .downloadParameters(
                parameters: ["q": "a b"], encoding: URLEncoding.queryString, destination: { _, _ in (destination, []) })
        )
        let response = try await Provider<TestTarget>(transport: try folder.transport(kind)).request(target)
        #expect(response.fileURL == destination)
        let echo = try JSONDecoder().decode(Echo.self, from: Data(contentsOf: destination))
        #expect(echo.query == "q=a%20b")
        #expect(folder.leftovers.isEmpty)
    }

    @Test(arguments: TransportKind.allCases)
    func intermediateDirectoriesAreCreatedWhenAsked(kind: TransportKind) async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let destination = folder.file("a/b/c.bin")
        let response = try await download(
            "/bytes/1000", to: destination, options: .createIntermediateDirectories, in: folder, kind: kind)
        #expect(response.fileURL == destination)
        #expect(try Data(contentsOf: destination) == StandardRoutes.patternData(offset: 0, count: 1000))
    }

    @Test(arguments: TransportKind.allCases)
    func missingFolderWithoutCreateIntermediateDirectoriesIsAnError(kind: TransportKind) async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let destination = folder.file("missing/c.bin")
        let error = await #expect(throws: CourierError.self) {
            try await download("/bytes/1000", to: destination, in: folder, kind: kind)
        }
        guard case .underlying(let underlying, let response?) = error,
            case .cannotMoveDownload(let url, _) = underlying as? TransferError
        else {
            Issue.record("expected cannotMoveDownload, got \(String(describing: error))")
            return
        }
        #expect(url == destination)
        #expect(response.statusCode == 200)
        #expect(response.fileURL == nil)
        #expect(folder.leftovers.isEmpty)
    }

    @Test(arguments: TransportKind.allCases)
    func existingDestinationIsNotOverwrittenWithoutRemovePreviousFile(kind: TransportKind) async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let destination = try folder.write(Data("old".utf8), named: "kept.bin")
        let error = await #expect(throws: CourierError.self) {
            try await download("/bytes/1000", to: destination, in: folder, kind: kind)
        }
        guard case .underlying(let underlying, _) = error,
            case .destinationExists(let url) = underlying as? TransferError
        else {
            Issue.record("expected destinationExists, got \(String(describing: error))")
            return
        }
        #expect(url == destination)
        #expect(error?.errorDescription?.contains(destination.path) == true)
        #expect(try Data(contentsOf: destination) == Data("old".utf8))
        #expect(folder.leftovers.isEmpty)
    }

    @Test(arguments: TransportKind.allCases)
    func existingDestinationIsReplacedWithRemovePreviousFile(kind: TransportKind) async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let destination = try folder.write(Data("old".utf8), named: "replaced.bin")
        let response = try await download(
            "/bytes/1000", to: destination, options: .removePreviousFile, in: folder, kind: kind)
        #expect(response.fileURL == destination)
        #expect(try Data(contentsOf: destination) == StandardRoutes.patternData(offset: 0, count: 1000))
    }

    @Test(arguments: TransportKind.allCases)
    func downloadRejectedByValidationLeavesNothing(kind: TransportKind) async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let destination = folder.file("never.bin")
        let error = await #expect(throws: CourierError.self) {
            try await download("/status/404", to: destination, validationType: .successCodes, in: folder, kind: kind)
        }
        guard case .statusCode(let response) = error else {
            Issue.record("expected a status code error, got \(String(describing: error))")
            return
        }
        #expect(response.statusCode == 404)
        #expect(response.fileURL == nil)
        // What the server said is kept for the caller.
        #expect(try response.mapJSON() as? [String: Int] == ["status": 404])
        #expect(!FileManager.default.fileExists(atPath: destination.path))
        #expect(folder.leftovers.isEmpty)
    }

    @Test(arguments: TransportKind.allCases)
    func retriedDownloadLandsOnceAndLeavesNoTemporaryFiles(kind: TransportKind) async throws {
        let counter = Counter()
        let server = try LoopbackServer { request in
            counter.increment()
            return counter.value == 1 ? .json(["busy": true], status: 503) : StandardRoutes.handle(request)
        }
        defer { server.stop() }
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let destination = folder.file("retried.bin")
        let target = TestTarget(
            baseURL: server.baseURL, path: "/bytes/5000", task: .downloadDestination({ _, _ in (destination, []) }),
            validationType: .successCodes)
        let provider = Provider<TestTarget>(transport: try folder.transport(), interceptors: [RetryTransferOnce()])
        let response = try await provider.request(target)
        #expect(counter.value == 2)
        #expect(response.fileURL == destination)
        #expect(try Data(contentsOf: destination) == StandardRoutes.patternData(offset: 0, count: 5000))
        #expect(folder.leftovers.isEmpty)
    }
}
