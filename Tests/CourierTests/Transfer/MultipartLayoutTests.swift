import Foundation
import TestSupport
import Testing

@testable import Courier

/// The bytes of a multipart form, exactly, with a fixed boundary.
@Suite struct MultipartLayoutTests {
    private func encoded(_ parts: [MultipartFormBodyPart]) throws -> String {
        let data = try MultipartEncoder(form: MultipartFormData(boundary: "XyZ", parts: parts)).encodedData()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func contentTypeNamesTheBoundary() {
        #expect(MultipartFormData(boundary: "XyZ", parts: []).contentType == "multipart/form-data; boundary=XyZ")
    }

    @Test func randomBoundariesDiffer() {
        #expect(MultipartFormData(parts: []).boundary != MultipartFormData(parts: []).boundary)
    }

    @Test func dataPartsFollowTheRFC7578Layout() throws {
        let body = try encoded([
            MultipartFormBodyPart(provider: .data(Data("Ada".utf8)), name: "user"),
            MultipartFormBodyPart(provider: .data(Data("{}".utf8)), name: "meta", mimeType: "application/json"),
        ])
        #expect(
            body
                == "--XyZ\r\n"
                + "Content-Disposition: form-data; name=\"user\"\r\n"
                + "\r\n"
                + "Ada\r\n"
                + "--XyZ\r\n"
                + "Content-Disposition: form-data; name=\"meta\"\r\n"
                + "Content-Type: application/json\r\n"
                + "\r\n"
                + "{}\r\n"
                + "--XyZ--\r\n")
    }

    /// A part's own header fields follow its `Content-Disposition` and `Content-Type`, by name; one that
    /// would replace those, or whose name is no token, is not written, and CR and LF are dropped from
    /// values, so that no field or part can be slipped in.
    @Test func aPartsOwnHeaderFieldsFollowItsType() throws {
        let headers = [
            "X-Part-Index": "2", "X-Checksum": "sha-256=abc\r\nX-Evil: 1", "content-type": "text/html",
            "Content-Disposition": "attachment", "Bad Name": "x", "X:Colon": "y", "": "z",
        ]
        let body = try encoded([
            MultipartFormBodyPart(provider: .data(Data("hi".utf8)), name: "f", mimeType: "text/plain", headers: headers)
        ])
        #expect(
            body
                == "--XyZ\r\nContent-Disposition: form-data; name=\"f\"\r\nContent-Type: text/plain\r\n"
                + "X-Checksum: sha-256=abcX-Evil: 1\r\nX-Part-Index: 2\r\n\r\nhi\r\n--XyZ--\r\n")
    }

    @Test func emptyFormIsOnlyTheClosingDelimiter() throws {
        #expect(try encoded([]) == "--XyZ--\r\n")
    }

    @Test func dataPartWithAFileNameGetsATypeFromItsExtension() throws {
        let body = try encoded([MultipartFormBodyPart(provider: .data(Data("a,b".utf8)), name: "f", fileName: "t.csv")])
        #expect(
            body
                == "--XyZ\r\nContent-Disposition: form-data; name=\"f\"; filename=\"t.csv\"\r\n"
                + "Content-Type: text/csv\r\n\r\na,b\r\n--XyZ--\r\n")
    }

    @Test func filePartSendsItsOwnNameAndTypeFromItsExtension() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let file = try folder.write(Data("PNG!".utf8), named: "photo.PNG")
        let body = try encoded([MultipartFormBodyPart(provider: .file(file), name: "avatar")])
        #expect(
            body
                == "--XyZ\r\nContent-Disposition: form-data; name=\"avatar\"; filename=\"photo.PNG\"\r\n"
                + "Content-Type: image/png\r\n\r\nPNG!\r\n--XyZ--\r\n")
    }

    @Test func givenFileNameAndMimeTypeWin() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let file = try folder.write(Data("x".utf8), named: "photo.png")
        let body = try encoded([
            MultipartFormBodyPart(provider: .file(file), name: "a", fileName: "sent.jpg"),
            MultipartFormBodyPart(provider: .file(file), name: "b", fileName: "sent.jpg", mimeType: "image/x-mine"),
            MultipartFormBodyPart(provider: .file(file), name: "c", fileName: "no-extension"),
        ])
        #expect(body.contains("name=\"a\"; filename=\"sent.jpg\"\r\nContent-Type: image/jpeg\r\n"))
        #expect(body.contains("name=\"b\"; filename=\"sent.jpg\"\r\nContent-Type: image/x-mine\r\n"))
        // A sent name without a known extension falls back to the file's own extension.
        #expect(body.contains("name=\"c\"; filename=\"no-extension\"\r\nContent-Type: image/png\r\n"))
    }

    @Test func unknownExtensionsFallBackToOctetStream() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let file = try folder.write(Data("x".utf8), named: "blob.xyz")
        let body = try encoded([
            MultipartFormBodyPart(provider: .file(file), name: "a"),
            MultipartFormBodyPart(provider: .data(Data()), name: "b", fileName: "notes"),
        ])
        #expect(body.contains("filename=\"blob.xyz\"\r\nContent-Type: application/octet-stream\r\n\r\nx\r\n"))
        #expect(body.contains("filename=\"notes\"\r\nContent-Type: application/octet-stream\r\n\r\n\r\n"))
    }

    @Test(arguments: [
        ("a.json", "application/json"), ("a.txt", "text/plain"), ("a.html", "text/html"), ("a.png", "image/png"),
        ("a.jpg", "image/jpeg"), ("a.JPEG", "image/jpeg"), ("a.gif", "image/gif"), ("a.webp", "image/webp"),
        ("a.pdf", "application/pdf"), ("a.zip", "application/zip"), ("a.mp4", "video/mp4"), ("a.mp3", "audio/mpeg"),
        ("a.csv", "text/csv"), ("a.xml", "application/xml"), ("archive.tar.gz", "application/octet-stream"),
        (".png", "application/octet-stream"), ("png", "application/octet-stream"),
    ])
    func mimeTypeComesFromTheExtension(fileName: String, type: String) throws {
        let body = try encoded([MultipartFormBodyPart(provider: .data(Data()), name: "f", fileName: fileName)])
        #expect(body.contains("\r\nContent-Type: \(type)\r\n\r\n"))
    }

    @Test func quotesBackslashesAndLineBreaksInNamesAreEscaped() throws {
        let body = try encoded([
            MultipartFormBodyPart(
                provider: .data(Data("v".utf8)), name: "a\"b\\c\r\nd", fileName: "x\"\r\n\\.txt",
                mimeType: "text/plain\r\nX-Injected: 1")
        ])
        #expect(
            body
                == "--XyZ\r\n"
                + "Content-Disposition: form-data; name=\"a%22b%5Cc%0D%0Ad\"; filename=\"x%22%0D%0A%5C.txt\"\r\n"
                + "Content-Type: text/plainX-Injected: 1\r\n"
                + "\r\n"
                + "v\r\n"
                + "--XyZ--\r\n")
    }

    @Test func nonASCIINamesAreSentAsUTF8() throws {
        let body = try encoded([MultipartFormBodyPart(provider: .data(Data()), name: "prénom", fileName: "çà.txt")])
        #expect(body.contains("name=\"prénom\"; filename=\"çà.txt\"\r\nContent-Type: text/plain\r\n"))
    }

    @Test func fileWrittenInChunksMatchesTheLayout() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        // Larger than one chunk, and not a multiple of it.
        let contents = patternBytes(count: MultipartEncoder.chunkSize * 2 + 12_345) {
            UInt8(truncatingIfNeeded: $0 &* 7)
        }
        let file = try folder.write(contents, named: "big.bin")
        let form = MultipartFormData(
            boundary: "XyZ",
            parts: [
                MultipartFormBodyPart(provider: .data(Data("1".utf8)), name: "n"),
                MultipartFormBodyPart(provider: .file(file), name: "f"),
            ])
        let output = folder.file("body")
        try MultipartEncoder(form: form).write(to: output)
        var expected = Data("--XyZ\r\nContent-Disposition: form-data; name=\"n\"\r\n\r\n1\r\n".utf8)
        expected.append(
            Data(
                ("--XyZ\r\nContent-Disposition: form-data; name=\"f\"; filename=\"big.bin\"\r\n"
                    + "Content-Type: application/octet-stream\r\n\r\n").utf8))
        expected.append(contents)
        expected.append(Data("\r\n--XyZ--\r\n".utf8))
        #expect(try Data(contentsOf: output) == expected)
    }

    @Test func missingFilePartIsAnErrorNamingTheFile() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let missing = folder.file("missing.txt")
        let form = MultipartFormData(parts: [MultipartFormBodyPart(provider: .file(missing), name: "f")])
        let error = #expect(throws: TransferError.self) {
            try MultipartEncoder(form: form).write(to: folder.file("body"))
        }
        guard case .fileNotFound(let url) = error else {
            Issue.record("expected fileNotFound, got \(String(describing: error))")
            return
        }
        #expect(url == missing)
        #expect(error?.errorDescription?.contains(missing.path) == true)
        #expect(!FileManager.default.fileExists(atPath: folder.file("body").path))
    }
}
