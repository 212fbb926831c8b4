import Foundation
import LoopbackServer
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The response head a transport hands back, and the `HTTPURLResponse` built from it on first use.
@Suite struct ResponseHeadTests {
    private static let url = URL(string: "http://127.0.0.1/x")

    private static func head(_ lines: String, status: Int = 200) throws -> ResponseHead {
        ResponseHead(
            url: try #require(url), statusCode: status, httpVersion: "HTTP/1.1", lines: Array(lines.utf8))
    }

    @Test func fieldsAreTrimmedFoldedAndKeptInOrder() throws {
        let head = try Self.head(
            "Content-Type:  application/json \nX-Long: first\n\t second \nNo colon here\nEmpty:\nX-Long-2:a:b\n")
        let fields = head.fields.map { "\($0.name)=\($0.value)" }
        #expect(fields == ["Content-Type=application/json", "X-Long=first second", "Empty=", "X-Long-2=a:b"])
    }

    @Test func namesDifferingInCaseAreJoinedUnderTheFirstSpelling() throws {
        let head = try Self.head("Vary: Accept\nvary: Origin\nVARY: Cookie\nX-One: 1\n")
        #expect(head.headerFields == ["Vary": "Accept, Origin, Cookie", "X-One": "1"])
    }

    @Test func theHTTPURLResponseIsBuiltOnceAndSharedAcrossThreads() async throws {
        let head = try Self.head("Content-Type: text/plain; charset=utf-8\nContent-Length: 5\n", status: 201)
        let responses = await withTaskGroup(of: HTTPURLResponse?.self) { group in
            for _ in 0..<16 { group.addTask { head.response } }
            var all: [HTTPURLResponse?] = []
            for await response in group { all.append(response) }
            return all
        }
        let first = try #require(responses.first ?? nil)
        #expect(responses.allSatisfy { $0 === first })
        #expect(first.statusCode == 201)
        #expect(first.value(forHTTPHeaderField: "content-type") == "text/plain; charset=utf-8")
        #expect(first.mimeType == "text/plain")
        #expect(first.url == Self.url)
    }

    @Test func aResponseMadeFromAHeadReadsLikeOneMadeFromAnHTTPURLResponse() throws {
        let head = try Self.head("ETag: \"abc\"\n", status: 404)
        let answer = TransportResponse(head: head, data: Data("gone".utf8), fileURL: nil, metrics: nil)
        #expect(answer.statusCode == 404)
        #expect(answer.response?.value(forHTTPHeaderField: "ETag") == "\"abc\"")
        let response = Response(
            statusCode: answer.statusCode, data: answer.data, request: nil, source: answer.source, fileURL: nil,
            metrics: nil)
        #expect(response.response === answer.response)
        var replaced = answer
        replaced.response = nil
        #expect(replaced.response == nil)
    }

    /// What the server sent, as each transport hands it back: odd spellings, repeats and a folded line.
    @Test(arguments: TransportKind.allCases)
    func transportsHandBackEveryHeaderTheServerSent(kind: TransportKind) async throws {
        let server = try LoopbackServer { _ in
            let head =
                "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nx-custom:  spaced  \r\nSet-Cookie: a=1\r\n"
                + "set-cookie: b=2\r\nX-Folded: one\r\n two\r\nCache-Control: no-store\r\n\r\nok"
            return ServerResponse(body: .raw(Data(head.utf8), closeAfter: false))
        }
        defer { server.stop() }
        let answer = try await kind.make(configuration: .ephemeral).send(
            TransportRequest(urlRequest: URLRequest(url: server.baseURL.appendingPathComponent("head"))))
        let response = try #require(answer.response)
        #expect(answer.data == Data("ok".utf8))
        #expect(response.value(forHTTPHeaderField: "X-Custom")?.hasPrefix("spaced") == true)
        #expect(response.value(forHTTPHeaderField: "Cache-Control") == "no-store")
        #expect(response.value(forHTTPHeaderField: "Content-Length") == "2")
        #expect(response.value(forHTTPHeaderField: "Set-Cookie") != nil)
        // FoundationNetworking keeps trailing spaces, and one of the fields repeated in another case.
        if kind == .curl {
            #expect(response.value(forHTTPHeaderField: "X-Custom") == "spaced")
            #expect(response.value(forHTTPHeaderField: "Set-Cookie") == "a=1, b=2")
            #expect(response.value(forHTTPHeaderField: "X-Folded") == "one two")
        }
    }
}
