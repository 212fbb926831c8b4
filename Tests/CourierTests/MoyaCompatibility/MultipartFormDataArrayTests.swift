import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An upload API written as Moya 15 apps write one: each `MultipartFormData` is one part, and the tasks
/// take arrays of them.
private enum ProfileAPI: TargetType {
    case uploadAvatar(Data)
    case uploadDocument(URL, page: Int)
    /// A case cannot hold an `InputStream` itself: `TargetType` is `Sendable` and `InputStream` is not.
    case uploadLog(MultipartFormData.FormDataProvider)

    var baseURL: URL { loopbackBaseURL }
    var path: String { "/echo" }
    var method: Method { .post }
    var headers: [String: String]? { nil }

    var task: HTTPTask {
        switch self {
        case .uploadAvatar(let data):
            let avatar = MultipartFormData(
                provider: .data(data), name: "avatar", fileName: "me.png", mimeType: "image/png")
            let owner = MultipartFormData(provider: .data(Data("Ada".utf8)), name: "owner")
            return .uploadMultipart([avatar, owner])
        case .uploadDocument(let url, let page):
            let provider: MultipartFormData.FormDataProvider = .file(url)
            return .uploadCompositeMultipart(
                [MultipartFormData(provider: provider, name: "doc")], urlParameters: ["page": page])
        case .uploadLog(let provider):
            return .uploadMultipart([
                MultipartFormData(provider: provider, name: "log", fileName: "log.txt", mimeType: "text/plain")
            ])
        }
    }
}

/// Moya's multipart shape sent to the loopback server, which sees the exact bytes.
@Suite struct MultipartFormDataArrayTests {
    private func echo(_ target: ProfileAPI, transport: any Transport = DefaultTransport.shared) async throws -> (
        Echo, String
    ) {
        let response = try await Provider<ProfileAPI>(transport: transport).request(target)
        let echo = try response.map(Echo.self)
        let b = try #require(boundary(ofContentType: echo.headers["content-type"]))
        return (echo, b)
    }

    @Test func anArrayOfOnePartFormsIsSentAsOneBody() async throws {
        let (echo, b) = try await echo(.uploadAvatar(Data("PNG!".utf8)))
        #expect(echo.headers["content-type"] == "multipart/form-data; boundary=\(b)")
        #expect(
            echo.body
                == "--\(b)\r\nContent-Disposition: form-data; name=\"avatar\"; filename=\"me.png\"\r\n"
                + "Content-Type: image/png\r\n\r\nPNG!\r\n"
                + "--\(b)\r\nContent-Disposition: form-data; name=\"owner\"\r\n\r\nAda\r\n--\(b)--\r\n")
    }

    @Test func compositeArrayKeepsItsURLParametersAndSendsTheFile() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let file = try folder.write(Data("page one\n".utf8), named: "doc.txt")
        let (echo, b) = try await echo(.uploadDocument(file, page: 3), transport: try folder.transport())
        #expect(echo.query == "page=3")
        #expect(
            echo.body
                == "--\(b)\r\nContent-Disposition: form-data; name=\"doc\"; filename=\"doc.txt\"\r\n"
                + "Content-Type: text/plain\r\n\r\npage one\n\r\n--\(b)--\r\n")
        #expect(folder.leftovers.isEmpty)
    }

    @Test func aStreamPartSendsExactlyItsLengthOfTheStream() async throws {
        // The stream holds more than the declared length: only the first 11 bytes belong to the part.
        let stream = InputStream(data: Data("hello world and more".utf8))
        let (echo, b) = try await echo(.uploadLog(.stream(stream, 11)))
        #expect(
            echo.body
                == "--\(b)\r\nContent-Disposition: form-data; name=\"log\"; filename=\"log.txt\"\r\n"
                + "Content-Type: text/plain\r\n\r\nhello world\r\n--\(b)--\r\n")
    }

    @Test func aStreamPartReadsAFileStreamLargerThanOneChunk() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let contents = Data((0..<2_500_000).map { UInt8(truncatingIfNeeded: $0 % 251) })
        let file = try folder.write(contents, named: "big.bin")
        let stream = try #require(InputStream(url: file))
        let form = MultipartFormData(provider: .stream(stream, UInt64(contents.count)), name: "big")
        let target = try TestTarget.loopback("/upload", method: .post, task: .uploadMultipart([form]))
        let summary = try await Provider<TestTarget>(transport: try folder.transport()).request(target).map(
            UploadSummary.self)
        var expected = Data("--\(form.boundary)\r\nContent-Disposition: form-data; name=\"big\"\r\n\r\n".utf8)
        expected.append(contents)
        expected.append(Data("\r\n--\(form.boundary)--\r\n".utf8))
        #expect(summary == UploadSummary(bytes: expected.count, checksum: checksum(of: expected)))
        #expect(folder.leftovers.isEmpty)
    }

    @Test func aStreamShorterThanItsLengthFailsBeforeAnythingIsSent() async throws {
        let stream = InputStream(data: Data("short".utf8))
        let error = await #expect(throws: CourierError.self) {
            try await Provider<ProfileAPI>().request(.uploadLog(.stream(stream, 100)))
        }
        guard case .underlying(let underlying, nil)? = error,
            case .streamNotReadable(let expected, let read)? = underlying as? TransferError
        else {
            Issue.record("expected a stream error, got \(String(describing: error))")
            return
        }
        #expect(expected == 100)
        #expect(read == 5)
    }

    @Test func theFormShapeAndTheOnePartShapeCompileSideBySide() {
        let form = MultipartFormData(
            boundary: "XyZ", parts: [MultipartFormBodyPart(provider: .data(Data("1".utf8)), name: "n")])
        let part = MultipartFormData(provider: .data(Data("1".utf8)), name: "n")
        let joined = MultipartFormData(joining: [form, part])
        #expect(joined.boundary == "XyZ")
        #expect(joined.parts == form.parts + part.parts)
        #expect(part.parts.count == 1)
    }
}
