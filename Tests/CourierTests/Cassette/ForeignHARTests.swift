import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// HAR files written by other tools replay with their quirks: what browsers' devtools export (here in
/// the shape Chrome's and Firefox's exports take). The HAR that mitmproxy itself writes is tested
/// against the loopback server in `MitmproxyTests`.
@Suite struct ForeignHARTests {
    /// A devtools export: HTTP/2 spellings and pseudo headers, sizes of -1, `_` fields everywhere, a
    /// body stored decoded under `Content-Encoding: gzip`, a base64 image from another host, a form
    /// with its params, a request the browser blocked (status 0), and a page.
    static let devtoolsExport = #"""
        {
          "log": {
            "version": "1.2",
            "creator": {"name": "WebInspector", "version": "537.36"},
            "pages": [{"startedDateTime": "2026-11-30T10:00:00.000Z", "id": "page_1", "title": "https://app.example.com/",
                       "pageTimings": {"onContentLoad": 120.5, "onLoad": 300.2}}],
            "entries": [
              {
                "_initiator": {"type": "script", "stack": {"callFrames": []}}, "_priority": "High", "_resourceType": "fetch",
                "cache": {}, "connection": "443", "pageref": "page_1",
                "request": {
                  "method": "GET", "url": "https://api.example.com/v1/profile?lang=en&id=7", "httpVersion": "http/2.0",
                  "headers": [{"name": ":authority", "value": "api.example.com"}, {"name": "accept", "value": "application/json"}],
                  "queryString": [{"name": "lang", "value": "en"}, {"name": "id", "value": "7"}],
                  "cookies": [], "headersSize": -1, "bodySize": 0
                },
                "response": {
                  "status": 200, "statusText": "", "httpVersion": "http/2.0",
                  "headers": [{"name": ":status", "value": "200"}, {"name": "content-encoding", "value": "gzip"},
                              {"name": "content-type", "value": "application/json; charset=utf-8"},
                              {"name": "content-length", "value": "45"}],
                  "cookies": [], "content": {"size": 22, "mimeType": "application/json", "compression": -23,
                                             "text": "{\"id\":7,\"name\":\"Ann\"}"},
                  "redirectURL": "", "headersSize": -1, "bodySize": -1, "_transferSize": 245, "_error": null
                },
                "serverIPAddress": "[2606:2800:220:1::]", "startedDateTime": "2026-11-30T10:00:00.123Z", "time": 85.2,
                "timings": {"blocked": 1.2, "dns": -1, "ssl": -1, "connect": -1, "send": 0.1, "wait": 80.3, "receive": 3.6,
                            "_blocked_queueing": 0.8}
              },
              {
                "_resourceType": "image", "cache": {},
                "request": {"method": "GET", "url": "https://cdn.example.net/v1/profile", "httpVersion": "http/2.0",
                            "headers": [], "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0},
                "response": {"status": 200, "statusText": "", "httpVersion": "http/2.0",
                             "headers": [{"name": "content-type", "value": "image/png"}], "cookies": [],
                             "content": {"size": 8, "mimeType": "image/png", "text": "iVBORw0KGgo=", "encoding": "base64"},
                             "redirectURL": "", "headersSize": -1, "bodySize": -1},
                "startedDateTime": "2026-11-30T10:00:00.200Z", "time": 12,
                "timings": {"blocked": -1, "dns": -1, "ssl": -1, "connect": -1, "send": 0, "wait": 10, "receive": 2}
              },
              {
                "cache": {},
                "request": {"method": "POST", "url": "https://api.example.com/v1/search", "httpVersion": "HTTP/1.1",
                            "headers": [{"name": "Content-Type", "value": "application/x-www-form-urlencoded"}],
                            "queryString": [], "cookies": [], "headersSize": 310, "bodySize": 13,
                            "postData": {"mimeType": "application/x-www-form-urlencoded", "text": "q=ann&page=2",
                                         "params": [{"name": "q", "value": "ann"}, {"name": "page", "value": "2"}]}},
                "response": {"status": 201, "statusText": "Created", "httpVersion": "HTTP/1.1",
                             "headers": [{"name": "Content-Type", "value": "text/plain"}], "cookies": [],
                             "content": {"size": 5, "mimeType": "text/plain", "text": "found"},
                             "redirectURL": "", "headersSize": 120, "bodySize": 5},
                "startedDateTime": "2026-11-30T10:00:00.300Z", "time": 30,
                "timings": {"send": 1, "wait": 28, "receive": 1}
              },
              {
                "_resourceType": "script", "cache": {},
                "request": {"method": "GET", "url": "https://ads.example.org/tracker.js", "httpVersion": "",
                            "headers": [], "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0},
                "response": {"status": 0, "statusText": "", "httpVersion": "", "headers": [], "cookies": [],
                             "content": {"size": 0, "mimeType": "x-unknown"}, "redirectURL": "",
                             "headersSize": -1, "bodySize": -1, "_transferSize": 0, "_error": "net::ERR_BLOCKED_BY_CLIENT"},
                "startedDateTime": "2026-11-30T10:00:00.400Z", "time": 0.5,
                "timings": {"blocked": 0.5, "dns": -1, "ssl": -1, "connect": -1, "send": 0, "wait": 0, "receive": 0}
              }
            ]
          }
        }
        """#

    private func export() throws -> URL {
        let file = try cassetteFolder().appendingPathComponent("devtools.har")
        try Data(Self.devtoolsExport.utf8).write(to: file)
        return file
    }

    @Test func aCompressedBodyStoredDecodedReplaysWithoutItsContentEncoding() async throws {
        let provider = Provider<TestTarget>(transport: try ReplayTransport(contentsOf: try export()))
        let api = try #require(URL(string: "https://api.example.com"))

        let response = try await provider.request(target(api, "/v1/profile?id=7&lang=en"))

        #expect(response.statusCode == 200)
        #expect(response.data == Data(#"{"id":7,"name":"Ann"}"#.utf8))
        #expect(response.response?.value(forHTTPHeaderField: "Content-Encoding") == nil)
        #expect(response.response?.value(forHTTPHeaderField: "Content-Length") == "21")
        #expect(response.response?.value(forHTTPHeaderField: ":status") == nil)
        #expect(response.metrics?.httpVersion == "HTTP/2")
        #expect(response.metrics?.total == .microseconds(85_200))
        #expect(response.metrics?.remoteAddress == "[2606:2800:220:1::]")
    }

    @Test func aBase64BodyFromAnotherHostReplaysAsItsBytes() async throws {
        let provider = Provider<TestTarget>(transport: try ReplayTransport(contentsOf: try export()))
        let cdn = try #require(URL(string: "https://cdn.example.net"))

        let image = try await provider.request(target(cdn, "/v1/profile"))

        #expect(image.data == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(image.response?.value(forHTTPHeaderField: "Content-Type") == "image/png")
    }

    @Test func aFormMatchesItsRecordedFieldsInAnyOrder() async throws {
        let provider = Provider<TestTarget>(
            transport: try ReplayTransport(contentsOf: try export(), matching: [.method, .url, .body]))
        let api = try #require(URL(string: "https://api.example.com"))

        let found = try await provider.request(
            target(
                api, "/v1/search", method: .post,
                task: .requestParameters(parameters: ["page": 2, "q": "ann"], encoding: URLEncoding.httpBody)))

        #expect(found.statusCode == 201)
        #expect(found.data == Data("found".utf8))
    }

    @Test func aBlockedRequestReplaysAsAFailureSayingWhy() async throws {
        let provider = Provider<TestTarget>(transport: try ReplayTransport(contentsOf: try export()))
        let ads = try #require(URL(string: "https://ads.example.org"))

        let error = await #expect(throws: CourierError.self) { try await provider.request(target(ads, "/tracker.js")) }

        #expect(urlError(of: error) != nil)
        #expect(error?.errorDescription?.contains("net::ERR_BLOCKED_BY_CLIENT") == true)
        #expect(error?.errorDescription?.contains("GET https://ads.example.org/tracker.js") == true)
    }

    @Test func anEntryOfAnotherHostDoesNotAnswerTheSamePathHere() async throws {
        let provider = Provider<TestTarget>(transport: try ReplayTransport(contentsOf: try export()))
        let elsewhere = try #require(URL(string: "https://api.example.org"))

        let error = await #expect(throws: CourierError.self) {
            try await provider.request(target(elsewhere, "/v1/profile"))
        }

        guard case .noMatch(_, _, _, let closest) = cassetteError(of: error) else {
            Issue.record("not a missing match: \(String(describing: error))")
            return
        }
        #expect(closest.contains { $0.reasons.contains { $0.hasPrefix("origin https://api.example.org, recorded") } })
    }
}
