import Courier
import Foundation
import LoopbackServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `RecordingTransport` against the loopback server: what it writes, when, and what it hides. (In this
/// module `RecordingTransport` alone is the tests' own transport double, so Courier's is qualified.)
@Suite struct RecordingTransportTests {
    @Test func eachExchangeIsInTheFileByTheTimeItsResponseReturns() async throws {
        let file = try cassetteFolder().appendingPathComponent("echo.har")
        let server = try TestServer.baseURL()
        let provider = Provider<TestTarget>(
            transport: Courier.RecordingTransport(recording: try liveTransport(), to: file))

        let first = try await provider.request(target(server, "/echo/first"))
        #expect(first.statusCode == 200)
        #expect(try HARDocument(contentsOf: file).entries.count == 1)

        _ = try await provider.request(target(server, "/status/404"))
        let document = try HARDocument(contentsOf: file)
        #expect(document.entries.count == 2)
        #expect(document.value("log.entries.0.request.url") as? String == server.absoluteString + "/echo/first")
        #expect(document.value("log.entries.1.response.status") as? Int == 404)
        #expect(document.value("log.entries.1.response.statusText") as? String == "Not Found")
    }

    @Test func anEntryHoldsTheFieldsOfHAR12() async throws {
        let file = try cassetteFolder().appendingPathComponent("form.har")
        let server = try TestServer.baseURL()
        let provider = Provider<TestTarget>(
            transport: Courier.RecordingTransport(recording: try liveTransport(), to: file))
        let form = HTTPTask.requestCompositeParameters(
            bodyParameters: ["name": "Ann Lee", "city": "Oslo"], bodyEncoding: URLEncoding.httpBody,
            urlParameters: ["page": 2, "sort": "name"])

        let response = try await provider.request(target(server, "/echo/form", method: .post, task: form))

        let document = try HARDocument(contentsOf: file)
        #expect(document.value("log.version") as? String == "1.2")
        #expect(document.value("log.creator.name") as? String == "Courier")
        let entry = try #require(document.entries.first)
        let started = try #require(entry["startedDateTime"] as? String)
        #expect(try Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(started) <= Date())
        #expect((entry["time"] as? Double ?? -1) >= 0)
        #expect(entry["serverIPAddress"] as? String == "127.0.0.1")
        #expect(entry["cache"] is [String: Any])
        for phase in ["send", "wait", "receive"] {
            #expect(HARDocument.value("timings.\(phase)", in: entry) is Double)
        }

        let request = try #require(entry["request"] as? [String: Any])
        #expect(request["method"] as? String == "POST")
        #expect(request["httpVersion"] as? String == "HTTP/1.1")
        let query = try #require(request["queryString"] as? [[String: String]])
        #expect(Set(query.map { "\($0["name"] ?? "")=\($0["value"] ?? "")" }) == ["page=2", "sort=name"])
        #expect(
            HARDocument.value("postData.mimeType", in: request) as? String
                == "application/x-www-form-urlencoded; charset=utf-8")
        #expect(HARDocument.value("postData.text", in: request) as? String == "city=Oslo&name=Ann%20Lee")
        let params = try #require(HARDocument.value("postData.params", in: request) as? [[String: String]])
        #expect(params.map { $0["name"] ?? "" } == ["city", "name"])
        #expect(params.map { $0["value"] ?? "" } == ["Oslo", "Ann Lee"])
        #expect(request["bodySize"] as? Int == 24)

        let answer = try #require(entry["response"] as? [String: Any])
        #expect(answer["status"] as? Int == 200)
        #expect(answer["statusText"] as? String == "OK")
        #expect(HARDocument.header("Content-Type", in: answer["headers"]) == "application/json")
        #expect(HARDocument.value("content.mimeType", in: answer) as? String == "application/json")
        #expect(
            HARDocument.value("content.text", in: answer) as? String == String(decoding: response.data, as: UTF8.self))
        #expect(HARDocument.value("content.size", in: answer) as? Int == response.data.count)
        #expect(answer["redirectURL"] as? String == "")
    }

    @Test func secretsNeverReachTheFile() async throws {
        let file = try cassetteFolder().appendingPathComponent("secrets.har")
        let cookieServer = try LoopbackServer { request in
            guard request.path == "/session" else { return StandardRoutes.handle(request) }
            return ServerResponse(
                headers: [HeaderField(name: "Set-Cookie", value: "session=srv-c00kie; Path=/; HttpOnly")],
                body: .data(Data("ok".utf8)))
        }
        defer { cookieServer.stop() }
        let server = cookieServer.baseURL
        let redaction = Redaction.default.adding(headerNames: ["X-Tenant"], fieldNames: ["pin"])
        // A transport with cookie storage of its own: the cookie set here goes to no other test's requests.
        let provider = Provider<TestTarget>(
            transport: Courier.RecordingTransport(
                recording: try TransportKind.curl.make(), to: file, redaction: redaction))
        let secrets = [
            "s3cr3t-bearer", "c00kie-value", "tok-in-query", "pa55word", "1234", "tenant-42", "srv-c00kie",
        ]

        // The echo route sends every secret back in its JSON answer, so the response is checked too.
        _ = try await provider.request(
            target(
                server, "/echo/login", method: .post,
                task: .requestCompositeParameters(
                    bodyParameters: ["user": "ann", "password": "pa55word", "pin": "1234"],
                    bodyEncoding: URLEncoding.httpBody, urlParameters: ["access_token": "tok-in-query", "page": 1]),
                headers: [
                    "Authorization": "Bearer s3cr3t-bearer", "Cookie": "session=c00kie-value", "X-Tenant": "tenant-42",
                ]))
        _ = try await provider.request(
            target(
                server, "/json", method: .post,
                task: .requestParameters(
                    parameters: ["user": ["name": "ann", "password": "pa55word"], "pin": "1234"],
                    encoding: JSONEncoding.default)))
        _ = try await provider.request(target(server, "/session"))

        let text = try String(contentsOf: file, encoding: .utf8)
        for secret in secrets {
            #expect(!text.contains(secret), "the cassette holds \(secret)")
        }
        let document = try HARDocument(contentsOf: file)
        let request = try #require(document.value("log.entries.0.request") as? [String: Any])
        #expect(HARDocument.header("Authorization", in: request["headers"]) == "<redacted>")
        #expect(HARDocument.header("X-Tenant", in: request["headers"]) == "<redacted>")
        #expect(HARDocument.value("cookies.0.name", in: request) as? String == "session")
        #expect(HARDocument.value("cookies.0.value", in: request) as? String == "<redacted>")
        let url = try #require(request["url"] as? String)
        #expect(url.contains("access_token=%3Credacted%3E"))
        #expect(url.contains("page=1"))
        let query = try #require(request["queryString"] as? [[String: String]])
        #expect(query.contains { $0["name"] == "access_token" && $0["value"] == "<redacted>" })
        #expect(
            HARDocument.value("postData.text", in: request) as? String
                == "password=<redacted>&pin=<redacted>&user=ann")
        let json = try #require(document.value("log.entries.1.request.postData.text") as? String)
        #expect(json.contains(#""password":"<redacted>""#) && json.contains(#""name":"ann""#))
        let setCookie = try #require(document.value("log.entries.2.response") as? [String: Any])
        #expect(HARDocument.header("Set-Cookie", in: setCookie["headers"]) == "<redacted>")
        #expect(HARDocument.value("cookies.0.name", in: setCookie) as? String == "session")
        #expect(HARDocument.value("cookies.0.httpOnly", in: setCookie) as? Bool == true)
        #expect(document.value("log._redactionPlaceholder") as? String == "<redacted>")
    }

    /// A response body goes to base64 with `"encoding": "base64"`, as HAR has it; a request body, whose
    /// `postData` has no `encoding` in HAR 1.2 (mitmproxy reads its text as characters), goes to ISO 8859-1
    /// characters, one per byte, which mitmproxy and Courier read back byte for byte.
    @Test func binaryBodiesAreStoredSoThatReadersGetTheirBytesBack() async throws {
        let folder = try cassetteFolder()
        let file = folder.appendingPathComponent("binary.har")
        let upload = folder.appendingPathComponent("upload.bin")
        let bytes = Data((0..<600).map { UInt8(truncatingIfNeeded: $0 * 7) })
        try bytes.write(to: upload)
        let server = try TestServer.baseURL()
        let provider = Provider<TestTarget>(
            transport: Courier.RecordingTransport(recording: try liveTransport(), to: file))

        let download = try await provider.request(target(server, "/bytes/3000"))
        _ = try await provider.request(
            target(
                server, "/upload", method: .post, task: .uploadFile(upload),
                headers: ["Content-Type": "application/octet-stream"]))

        let document = try HARDocument(contentsOf: file)
        #expect(document.value("log.entries.0.response.content.encoding") as? String == "base64")
        let text = try #require(document.value("log.entries.0.response.content.text") as? String)
        #expect(Data(base64Encoded: text) == download.data)
        #expect(document.value("log.entries.1.request.postData.encoding") == nil)
        let sent = try #require(document.value("log.entries.1.request.postData.text") as? String)
        #expect(sent.data(using: .isoLatin1) == bytes)
        #expect(document.value("log.entries.1.request.postData.mimeType") as? String == "application/octet-stream")
    }

    @Test func concurrentRequestsAreRecordedInTheOrderTheyStarted() async throws {
        let file = try cassetteFolder().appendingPathComponent("order.har")
        // The slow request is answered only once the test opens the gate.
        let arrived = Counter()
        let gate = DispatchSemaphore(value: 0)
        let server = try LoopbackServer { request in
            if request.path == "/echo/slow" {
                arrived.increment()
                gate.wait()
            }
            return StandardRoutes.handle(request)
        }
        defer { server.stop() }
        let provider = Provider<TestTarget>(
            transport: Courier.RecordingTransport(recording: try liveTransport(), to: file))

        let slow = Task { try await provider.request(target(server.baseURL, "/echo/slow")) }
        // The slow request has reached the server: it started first.
        while arrived.value < 1 { try await Task.sleep(for: .milliseconds(10)) }
        _ = try await provider.request(target(server.baseURL, "/echo/fast"))
        // The fast one is in the file while the slow one still waits.
        let whileSlow = try HARDocument(contentsOf: file)
        #expect(whileSlow.entries.count == 1)
        #expect((whileSlow.value("log.entries.0.request.url") as? String)?.hasSuffix("/echo/fast") == true)
        gate.signal()

        _ = try await slow.value
        let document = try HARDocument(contentsOf: file)
        #expect(document.entries.count == 2)
        #expect((document.value("log.entries.0.request.url") as? String)?.contains("/echo/slow") == true)
        #expect((document.value("log.entries.1.request.url") as? String)?.hasSuffix("/echo/fast") == true)
    }

    @Test func theFileIsReplacedByRenamingAWholeNewOne() async throws {
        let folder = try cassetteFolder()
        let file = folder.appendingPathComponent("atomic.har")
        let server = try TestServer.baseURL()
        let provider = Provider<TestTarget>(
            transport: Courier.RecordingTransport(recording: try liveTransport(), to: file))

        _ = try await provider.request(target(server, "/echo/1"))
        let first = try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? UInt64
        _ = try await provider.request(target(server, "/echo/2"))
        let second = try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? UInt64

        // A new file (another inode) took the old one's name: a reader never sees a file half written.
        #expect(first != nil && first != second)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["atomic.har"])
        #expect(try HARDocument(contentsOf: file).entries.count == 2)
    }
}
