import Foundation
import LoopbackServer
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A file name suggested by a server can never place a download outside the chosen folder.
@Suite struct DownloadFileNameTests {
    @Test(arguments: [
        ("report.pdf", "report.pdf"),
        ("résumé 2024.pdf", "résumé 2024.pdf"),
        ("../../etc/passwd", "passwd"),
        ("/abs", "abs"),
        ("/etc/", "etc"),
        ("a/../../b", "b"),
        ("..\\..\\windows\\win.ini", "win.ini"),
        ("..", "download"),
        (".", "download"),
        ("...", "download"),
        ("", "download"),
        ("/", "download"),
        (".profile", "profile"),
        ("..hidden.txt", "hidden.txt"),
        ("  spaced .txt  ", "spaced .txt"),
        ("trailing...", "trailing"),
        ("a\u{0}b.txt", "ab.txt"),
        ("\u{0}", "download"),
        ("line\r\nbreak\t.txt", "linebreak.txt"),
        ("bell\u{7}\u{85}\u{2028}.txt", "bell.txt"),
        ("雪.jpg", "雪.jpg"),
    ])
    func hostileNamesBecomeOneSafeName(suggested: String, expected: String) {
        #expect(DownloadDestinations.safeFileName(suggested) == expected)
    }

    @Test func missingNamesAndUnsafeFallbacksStillGiveAName() {
        #expect(DownloadDestinations.safeFileName(nil) == "download")
        #expect(DownloadDestinations.safeFileName(nil, fallback: "export.csv") == "export.csv")
        #expect(DownloadDestinations.safeFileName("..", fallback: "../x") == "x")
        #expect(DownloadDestinations.safeFileName("..", fallback: "..") == "download")
    }

    @Test func veryLongNamesAreCutKeepingTheExtension() {
        let long = DownloadDestinations.safeFileName(String(repeating: "a", count: 1000) + ".tar.gz")
        #expect(long.utf8.count == 255)
        #expect(long.hasSuffix("a.gz"))
        let wide = DownloadDestinations.safeFileName(String(repeating: "雪", count: 200) + ".txt")
        #expect(wide.utf8.count <= 255)
        #expect(wide == String(repeating: "雪", count: 83) + ".txt")
        let noExtension = DownloadDestinations.safeFileName(String(repeating: "b", count: 300))
        #expect(noExtension == String(repeating: "b", count: 255))
        let longExtension = DownloadDestinations.safeFileName("x." + String(repeating: "e", count: 300))
        #expect(longExtension == "x." + String(repeating: "e", count: 253))
    }

    @Test func theDestinationIsAlwaysDirectlyInTheFolder() throws {
        let folder = URL(fileURLWithPath: "/tmp/courier-downloads", isDirectory: true)
        let hostile = [
            "../../etc/passwd", "/abs", "a/../../b", "..", "", "\u{0}", ".", "~/.ssh/id_rsa", "..%2F..%2Fetc",
            String(repeating: "../", count: 100) + "x",
        ]
        for name in hostile {
            let response = try #require(
                HTTPURLResponse(
                    url: URL(string: "https://h/files/1")!, statusCode: 200, httpVersion: "HTTP/1.1",
                    headerFields: ["Content-Disposition": "attachment; filename=\"\(name)\""]))
            let (url, options) = DownloadDestinations.suggestedFileName(in: folder)(folder, response)
            #expect(url.deletingLastPathComponent().standardizedFileURL.path == folder.path, "for \(name)")
            #expect(!url.lastPathComponent.hasPrefix("."), "for \(name)")
            #expect(options == .createIntermediateDirectories)
        }
    }

    @Test(arguments: ["../../escaped.txt", "/abs.txt", "a/../../b.txt", "..", "", "..\\..\\win.ini"])
    func hostileNamesFromTheServerLandInTheChosenFolder(suggested: String) async throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let folder = scratch.url.appendingPathComponent("downloads/inner", isDirectory: true)
        let target = try TestTarget.loopback(
            "/attachment",
            task: .downloadParameters(
                parameters: ["filename": suggested, "body": "payload"], encoding: URLEncoding.queryString,
                destination: DownloadDestinations.suggestedFileName(in: folder, fallback: "fallback.bin")),
            validationType: .successCodes)
        let response = try await Provider<TestTarget>(transport: try scratch.transport()).request(target)
        let file = try #require(response.fileURL)
        #expect(file.deletingLastPathComponent().standardizedFileURL.path == folder.standardizedFileURL.path)
        #expect(try Data(contentsOf: file) == Data("payload".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [file.lastPathComponent])
        // Nothing was written anywhere else: the scratch folder holds only the downloads folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) == ["downloads"])
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("escaped.txt").path))
    }

    @Test func aSuggestedNameThatIsTakenFailsInsteadOfReplacingTheFile() async throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let existing = try scratch.write(Data("mine".utf8), named: "notes.txt")
        let target = try TestTarget.loopback(
            "/attachment",
            task: .downloadParameters(
                parameters: ["filename": "notes.txt"], encoding: URLEncoding.queryString,
                destination: DownloadDestinations.suggestedFileName(in: scratch.url)))
        let error = await #expect(throws: CourierError.self) {
            try await Provider<TestTarget>(transport: try scratch.transport()).request(target)
        }
        guard case .underlying(let underlying, _)? = error, case .destinationExists? = underlying as? TransferError
        else {
            Issue.record("expected TransferError.destinationExists, got \(String(describing: error))")
            return
        }
        #expect(try Data(contentsOf: existing) == Data("mine".utf8))
    }
}
