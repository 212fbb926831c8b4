import Courier
import Foundation
import LoopbackServer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Uploads against the loopback server, checked by the checksum of what it received.
@Suite struct UploadTests {
    @Test(arguments: TransportKind.allCases)
    func uploadedFileArrivesWholeWithSteadyProgress(kind: TransportKind) async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let payload = StandardRoutes.patternData(offset: 7, count: 4_000_000)
        let file = try folder.write(payload, named: "payload.bin")
        let target = try TestTarget.loopback("/upload", method: .post, task: .uploadFile(file))
        let (reports, response) = try await progressReports(Provider(transport: try kind.make()), target)
        #expect(
            try response.map(UploadSummary.self) == UploadSummary(bytes: 4_000_000, checksum: checksum(of: payload)))
        expectSteadyProgress(reports, minimumIntermediate: 3)
    }

    @Test(arguments: TransportKind.allCases)
    func formWithAFileArrivesWholeWithSteadyProgress(kind: TransportKind) async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let contents = StandardRoutes.patternData(offset: 3, count: 3_000_000)
        let file = try folder.write(contents, named: "scan.pdf")
        let form = MultipartFormData(
            boundary: "courier-test-boundary",
            parts: [
                MultipartFormBodyPart(provider: .data(Data("Ada".utf8)), name: "owner"),
                MultipartFormBodyPart(provider: .file(file), name: "document"),
            ])
        var expected = Data(
            ("--courier-test-boundary\r\nContent-Disposition: form-data; name=\"owner\"\r\n\r\nAda\r\n"
                + "--courier-test-boundary\r\nContent-Disposition: form-data; name=\"document\"; filename=\"scan.pdf\"\r\n"
                + "Content-Type: application/pdf\r\n\r\n").utf8)
        expected.append(contents)
        expected.append(Data("\r\n--courier-test-boundary--\r\n".utf8))

        let target = try TestTarget.loopback("/upload", method: .post, task: .uploadMultipart(form))
        let reports = Reports()
        let provider = Provider<TestTarget>(transport: try folder.transport(kind))
        let result: Result<Response, CourierError> = await withCheckedContinuation { continuation in
            provider.request(
                target, callbackQueue: DispatchQueue(label: "progress"), progress: { reports.append($0) }
            ) { continuation.resume(returning: $0) }
        }
        let summary = try result.get().map(UploadSummary.self)
        #expect(summary == UploadSummary(bytes: expected.count, checksum: checksum(of: expected)))
        expectSteadyProgress(reports.all, minimumIntermediate: 3)
        #expect(folder.leftovers.isEmpty)
    }

    @Test(arguments: TransportKind.allCases)
    func compositeFormKeepsItsURLParametersAndPassesThePlugins(kind: TransportKind) async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let file = try folder.write(Data("line 1\nline 2\n".utf8), named: "notes.txt")
        let form = MultipartFormData(
            boundary: "B0undary", parts: [MultipartFormBodyPart(provider: .file(file), name: "notes")])
        let hooks = HookRecorder(name: "hooks")
        let target = try TestTarget.loopback(
            "/echo", method: .post, task: .uploadCompositeMultipart(form, urlParameters: ["page": 2]))
        let response = try await Provider<TestTarget>(transport: try folder.transport(kind), plugins: [hooks]).request(
            target)
        let echo = try response.map(Echo.self)
        #expect(echo.query == "page=2")
        #expect(echo.headers["content-type"] == "multipart/form-data; boundary=B0undary")
        #expect(echo.headers["x-prepared-by"] == "hooks")
        #expect(
            echo.body
                == "--B0undary\r\nContent-Disposition: form-data; name=\"notes\"; filename=\"notes.txt\"\r\n"
                + "Content-Type: text/plain\r\n\r\nline 1\nline 2\n\r\n--B0undary--\r\n")
        #expect(hooks.events == ["prepare", "willSend", "didReceive", "process"])
        #expect(folder.leftovers.isEmpty)
    }
}
