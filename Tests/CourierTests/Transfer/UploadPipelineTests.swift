import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How the pipeline prepares upload bodies, seen through transport doubles.
@Suite struct UploadPipelineTests {
    private let base = URL(string: "https://api.example.com")!

    @Test func dataOnlyFormIsSentFromMemoryWithItsContentType() async throws {
        let transport = ScriptedTransport()
        let form = MultipartFormData(
            boundary: "XyZ", parts: [MultipartFormBodyPart(provider: .data(Data("Ada".utf8)), name: "user")])
        let target = TestTarget(baseURL: base, path: "form", method: .post, task: .uploadMultipart(form))
        _ = try await Provider<TestTarget>(transport: transport).request(target)
        let attempt = try #require(transport.attempts.first)
        #expect(attempt.request.bodyFileURL == nil)
        #expect(attempt.request.urlRequest.value(forHTTPHeaderField: "Content-Type") == form.contentType)
        #expect(
            attempt.body
                == Data("--XyZ\r\nContent-Disposition: form-data; name=\"user\"\r\n\r\nAda\r\n--XyZ--\r\n".utf8))
    }

    @Test func formWithAFileIsSentFromATemporaryFileRemovedAfterwards() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let file = try folder.write(Data("hello".utf8), named: "a.txt")
        let transport = ScriptedTransport()
        let form = MultipartFormData(boundary: "XyZ", parts: [MultipartFormBodyPart(provider: .file(file), name: "f")])
        let target = TestTarget(baseURL: base, path: "form", method: .post, task: .uploadMultipart(form))
        _ = try await Provider<TestTarget>(transport: transport).request(target)
        let attempt = try #require(transport.attempts.first)
        let bodyFile = try #require(attempt.request.bodyFileURL)
        #expect(bodyFile.lastPathComponent.hasPrefix("courier-multipart-"))
        // In the system's temporary directory, as Alamofire writes its forms.
        #expect(
            bodyFile.deletingLastPathComponent().standardizedFileURL.path
                == FileManager.default.temporaryDirectory.standardizedFileURL.path)
        #expect(attempt.request.urlRequest.httpBody == nil)
        #expect(
            attempt.body
                == Data(
                    ("--XyZ\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a.txt\"\r\n"
                        + "Content-Type: text/plain\r\n\r\nhello\r\n--XyZ--\r\n").utf8))
        #expect(!FileManager.default.fileExists(atPath: bodyFile.path))
        #expect(folder.leftovers.isEmpty)
    }

    @Test func retriesSendTheSamePreparedBody() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let file = try folder.write(Data("hello".utf8), named: "a.txt")
        let transport = ScriptedTransport { _, index in
            TransportResponse(statusCode: index == 0 ? 503 : 200)
        }
        let form = MultipartFormData(parts: [MultipartFormBodyPart(provider: .file(file), name: "f")])
        let target = TestTarget(baseURL: base, path: "form", method: .post, task: .uploadMultipart(form))
        let provider = Provider<TestTarget>(transport: transport, interceptors: [RetryTransferOnce()])
        let response = try await provider.request(target)
        #expect(response.statusCode == 200)
        let attempts = transport.attempts
        #expect(attempts.count == 2)
        let firstBodyFile = try #require(attempts.first?.request.bodyFileURL)
        #expect(attempts.allSatisfy { $0.request.bodyFileURL == firstBodyFile })
        #expect(attempts[0].body == attempts[1].body)
        #expect(folder.leftovers.isEmpty)
    }

    @Test func failedUploadRemovesItsTemporaryBody() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let file = try folder.write(Data("hello".utf8), named: "a.txt")
        let transport = ScriptedTransport { _, _ in
            throw URLError(.networkConnectionLost)
        }
        let form = MultipartFormData(parts: [MultipartFormBodyPart(provider: .file(file), name: "f")])
        let target = TestTarget(baseURL: base, path: "form", method: .post, task: .uploadMultipart(form))
        let error = await #expect(throws: CourierError.self) {
            try await Provider<TestTarget>(transport: transport).request(target)
        }
        guard case .underlying(let underlying, _) = error else {
            Issue.record("expected the transport's error, got \(String(describing: error))")
            return
        }
        #expect((underlying as? URLError)?.code == .networkConnectionLost)
        #expect(transport.requests.count == 1)
        #expect(folder.leftovers.isEmpty)
    }

    @Test func uploadFileSendsTheFileItself() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let file = try folder.write(Data("payload".utf8), named: "payload.bin")
        let transport = ScriptedTransport()
        let target = TestTarget(baseURL: base, path: "up", method: .put, task: .uploadFile(file))
        _ = try await Provider<TestTarget>(transport: transport).request(target)
        let attempt = try #require(transport.attempts.first)
        #expect(attempt.request.bodyFileURL == file)
        #expect(attempt.body == Data("payload".utf8))
        // The caller's file is theirs: it stays.
        #expect(FileManager.default.fileExists(atPath: file.path))
    }

    @Test func missingUploadFileFailsBeforeAnythingIsSent() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let missing = folder.file("nowhere.bin")
        let transport = ScriptedTransport()
        let hooks = HookRecorder(name: "hooks")
        let provider = Provider<TestTarget>(transport: transport, plugins: [hooks])
        let target = TestTarget(baseURL: base, path: "up", method: .post, task: .uploadFile(missing))
        let error = await #expect(throws: CourierError.self) { try await provider.request(target) }
        guard case .underlying(let underlying, nil) = error, case .fileNotFound(let url) = underlying as? TransferError
        else {
            Issue.record("expected a fileNotFound TransferError, got \(String(describing: error))")
            return
        }
        #expect(url == missing)
        #expect(error?.errorDescription?.contains("nowhere.bin") == true)
        #expect(transport.requests.isEmpty)
        #expect(hooks.events.isEmpty)
    }

    @Test func unreadableFileInAFormFailsBeforeAnythingIsSent() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let good = try folder.write(Data("ok".utf8), named: "ok.txt")
        let transport = ScriptedTransport()
        let hooks = HookRecorder(name: "hooks")
        let provider = Provider<TestTarget>(transport: transport, plugins: [hooks])
        let form = MultipartFormData(parts: [
            MultipartFormBodyPart(provider: .file(good), name: "a"),
            // A folder cannot be read as a file (and permissions do not stop root, who may run tests).
            MultipartFormBodyPart(provider: .file(folder.url), name: "b"),
        ])
        let target = TestTarget(baseURL: base, path: "up", method: .post, task: .uploadMultipart(form))
        let error = await #expect(throws: CourierError.self) { try await provider.request(target) }
        guard case .underlying(let underlying, nil) = error,
            case .fileNotReadable(let url) = underlying as? TransferError
        else {
            Issue.record("expected a fileNotReadable TransferError, got \(String(describing: error))")
            return
        }
        #expect(url == folder.url)
        #expect(transport.requests.isEmpty)
        #expect(hooks.events.isEmpty)
        #expect(folder.leftovers.isEmpty)
    }

    @Test func stubbedUploadsDoNotTouchTheDisk() async throws {
        let missing = URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString)")
        let provider = Provider<TestTarget>(stubClosure: Provider.immediatelyStub)
        let target = TestTarget(
            baseURL: base, path: "up", method: .post, task: .uploadFile(missing), sampleData: Data("stub".utf8))
        let response = try await provider.request(target)
        #expect(response.data == Data("stub".utf8))
    }

    @Test func downloadsAreNeverSharedInFlight() async throws {
        let transport = ScriptedTransport(delay: 200_000_000)
        let provider = Provider<TestTarget>(transport: transport, trackInflights: true)
        let target = TestTarget(baseURL: base, path: "file", task: .downloadDestination({ url, _ in (url, []) }))
        async let first = provider.request(target)
        async let second = provider.request(target)
        _ = try await (first, second)
        #expect(transport.attempts.count == 2)
        #expect(transport.attempts.allSatisfy { $0.request.destination == .temporaryFile })
    }
}
