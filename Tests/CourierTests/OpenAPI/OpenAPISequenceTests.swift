import Foundation
import Testing

@testable import Courier

/// Sequences of JSON values: JSON Lines and JSON text sequence bodies written by the generated code's
/// encoders, whole answers read by `OpenAPIDecoding`, and server-sent events whose data is JSON or
/// that are read whole by their type.
@Suite struct OpenAPISequenceTests {
    private struct Entry: Codable, Equatable {
        let n: Int
        var at: Date? = nil
        var note: String? = nil
    }

    @Test func jsonLinesEncoderWritesAListALinePerElement() throws {
        let entries = [
            Entry(n: 1, at: Date(timeIntervalSince1970: 0)), Entry(n: 2, note: "two\nlines"),
        ]
        let body = try OpenAPICoding.jsonLinesEncoder().encode(entries)
        let lines = body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines.last?.isEmpty == true)
        // Dates as the generated code writes them (RFC 3339), not as seconds.
        #expect(String(decoding: lines[0], as: UTF8.self).contains(#""at":"1970-01-01T00:00:00Z""#))
        #expect(try JSONDecoder().decode(Entry.self, from: Data(lines[1])) == Entry(n: 2, note: "two\nlines"))
        // An empty list is an empty body; a value that is not a list is one JSON text, as JSONEncoder writes it.
        #expect(try OpenAPICoding.jsonLinesEncoder().encode([Entry]()).isEmpty)
        #expect(try OpenAPICoding.jsonLinesEncoder().encode(Entry(n: 3)) == Data(#"{"n":3}"#.utf8))
    }

    @Test func jsonSequenceEncoderWritesARecordPerElement() throws {
        let body = try OpenAPICoding.jsonSequenceEncoder().encode([Entry(n: 1), Entry(n: 2)])
        #expect(body == Data("\u{1E}{\"n\":1}\n\u{1E}{\"n\":2}\n".utf8))
        let response = Response(statusCode: 200, data: body)
        #expect(try OpenAPIDecoding.jsonSequence(Entry.self, from: response) == [Entry(n: 1), Entry(n: 2)])
    }

    /// A value the encoder cannot write fails the request with `encodableMapping`, as a JSON body does.
    @Test func anElementThatCannotBeWrittenFailsTheRequest() throws {
        let target = try TestTarget.loopback("/never-sent")
        let endpoint = Endpoint(
            url: target.baseURL.absoluteString + "/lines", sampleResponseClosure: { .networkResponse(200, Data()) },
            method: .post, task: .requestCustomJSONEncodable([Double.nan], encoder: OpenAPICoding.jsonLinesEncoder()),
            httpHeaderFields: nil)
        #expect {
            try endpoint.urlRequest()
        } throws: { error in
            guard case .encodableMapping = error as? CourierError else { return false }
            return true
        }
    }

    @Test func aWholeJSONTextSequenceIsReadRecordByRecord() throws {
        // Records over several lines, a blank record, white space around them.
        let text = "\u{1E}{\n  \"n\": 1\n}\n\u{1E}\n\u{1E} {\"n\":2}\r\n"
        let response = Response(statusCode: 200, data: Data(text.utf8))
        #expect(try OpenAPIDecoding.jsonSequence(Entry.self, from: response) == [Entry(n: 1), Entry(n: 2)])
        // Read as JSON Lines, the same text does not decode: the separator matters.
        #expect(throws: CourierError.self) { try OpenAPIDecoding.jsonLines(Entry.self, from: response) }
        let broken = Response(statusCode: 200, data: Data("\u{1E}{\"n\":1}\n\u{1E}{\"n\":\n".utf8))
        #expect {
            try OpenAPIDecoding.jsonSequence(Entry.self, from: broken)
        } throws: { error in
            guard case .objectMapping(_, let response) = error as? CourierError else { return false }
            return response.data == broken.data
        }
    }

    @Test func recordsOfAStreamArriveDecoded() async throws {
        var target = try TestTarget.loopback("/never-sent")
        // More than a stub's 16 KiB chunk, so that records are cut across chunks.
        let records = (0..<600).map {
            "\u{1E}{\n  \"n\": \($0),\n  \"note\": \"\(String(repeating: "x", count: 20))\"\n}\n"
        }
        target.sampleData = Data(records.joined().utf8)
        let provider = Provider<TestTarget>(stubClosure: Provider.immediatelyStub)
        var numbers: [Int] = []
        for try await entry in try await provider.stream(target).records(decoding: Entry.self) {
            numbers.append(entry.n)
        }
        #expect(numbers == Array(0..<600))
    }

    @Test func eventsDataDecodesUntilDone() async throws {
        var target = try TestTarget.loopback("/never-sent")
        target.sampleData = Data(
            """
            : a comment
            event: delta
            data: {"n":1}

            data: {"n":2,
            data: "note":"two"}

            data: [DONE]

            data: {"n":3}


            """.utf8)
        let provider = Provider<TestTarget>(stubClosure: Provider.immediatelyStub)
        var entries: [Entry] = []
        for try await entry in provider.events(target).decoding(Entry.self) { entries.append(entry) }
        #expect(entries == [Entry(n: 1), Entry(n: 2, note: "two")])
    }

    @Test func aWholeEventStreamIsReadAsItsData() throws {
        let text = "event: a\ndata: {\"n\":1}\n\n: keep-alive\n\ndata: {\"n\":2}\n\ndata: [DONE]\n\ndata: no\n\n"
        let response = Response(statusCode: 200, data: Data(text.utf8))
        #expect(try OpenAPIDecoding.events(Entry.self, from: response) == [Entry(n: 1), Entry(n: 2)])
        let broken = Response(statusCode: 200, data: Data("data: {\"n\":1}\n\ndata: {\"n\"\n\n".utf8))
        #expect(throws: CourierError.self) { try OpenAPIDecoding.events(Entry.self, from: broken) }
        // An event not ended by a blank line is not an event, as a browser has it.
        let unfinished = Response(statusCode: 200, data: Data("data: {\"n\":1}\n\ndata: {\"n\":2}".utf8))
        #expect(try OpenAPIDecoding.events(Entry.self, from: unfinished) == [Entry(n: 1)])
    }

    /// A target generated from a document (an `OpenAPITarget`): `decoding(_:)` reads dates as the
    /// generated code writes them (RFC 3339, with fractions of a second), where a plain `JSONDecoder` cannot.
    private struct Feed: OpenAPITarget {
        static var samples: [Feed] { [Feed()] }
        var operationID: String { "feed" }
        var baseURL: URL { URL(string: "https://feed.example.com")! }
        var path: String { "/feed" }
        var method: Method { .get }
        var task: HTTPTask { .requestPlain }
        var headers: [String: String]? { nil }
        var sampleData: Data { Data("data: {\"n\":1,\"at\":\"2024-05-31T12:00:00.250Z\"}\n\n".utf8) }
        func decode(_ response: Response) throws(CourierError) -> any Sendable { response.data }
    }

    @Test func aGeneratedTargetsEventsDecodeWithTheGeneratedCodersDates() async throws {
        let provider = Provider<Feed>(stubClosure: Provider.immediatelyStub)
        var entries: [Entry] = []
        for try await entry in provider.events(Feed()).decoding(Entry.self) { entries.append(entry) }
        #expect(entries.map(\.at) == [Date(timeIntervalSince1970: 1_717_156_800.25)])
        // With a plain JSONDecoder, asked for, the same date does not decode.
        await #expect(throws: CourierError.self) {
            for try await _ in provider.events(Feed()).decoding(Entry.self, using: JSONDecoder()) {}
        }
    }

    @Test func eventsDataThatDoesNotDecodeFailsWithTheData() async throws {
        var target = try TestTarget.loopback("/never-sent")
        target.sampleData = Data("data: {\"n\":1}\n\ndata: not json\n\ndata: {\"n\":2}\n\n".utf8)
        let provider = Provider<TestTarget>(stubClosure: Provider.immediatelyStub)
        var iterator = provider.events(target).decoding(Entry.self, using: JSONDecoder()).makeAsyncIterator()
        #expect(try await iterator.next() == Entry(n: 1))
        let outcome = await result { () throws(CourierError) in try await iterator.next() }
        guard case .failure(.objectMapping(_, let response)) = outcome else {
            Issue.record("expected objectMapping, got \(outcome)")
            return
        }
        #expect(response.data == Data("not json".utf8))
        #expect(response.statusCode == 200)
        // The iteration ended with the error.
        #expect(try await iterator.next() == nil)
    }
    /// Events read whole by their type: a token's data is text, the summary's JSON, and a type the
    /// reader does not know is kept as it came.
    private enum Activity: ServerSentEventDecodable, Equatable {
        case token(String)
        case done(Entry)
        case other(ServerSentEvent)

        init(from event: ServerSentEvent, decoder: JSONDecoder) throws {
            switch event.event ?? "message" {
            case "message": self = .token(event.data)
            case "done": self = .done(try decoder.decode(Entry.self, from: Data(event.data.utf8)))
            default: self = .other(event)
            }
        }
    }

    @Test func eventsReadWholeByTheirTypeUntilDone() async throws {
        let text = """
            id: 1
            data: Hel

            id: 2
            data: lo

            event: ping
            data: {"n":0}

            event: done
            data: {"n":2}

            data: [DONE]

            data: after


            """
        var target = try TestTarget.loopback("/never-sent")
        target.sampleData = Data(text.utf8)
        let provider = Provider<TestTarget>(stubClosure: Provider.immediatelyStub)
        var activity: [Activity] = []
        for try await event in provider.events(target).decoding(Activity.self) { activity.append(event) }
        let expected: [Activity] = [
            .token("Hel"), .token("lo"), .other(ServerSentEvent(id: "2", event: "ping", data: #"{"n":0}"#)),
            .done(Entry(n: 2)),
        ]
        #expect(activity == expected)
        // A whole answer reads the same.
        let response = Response(statusCode: 200, data: Data(text.utf8))
        #expect(try OpenAPIDecoding.events(Activity.self, from: response) == expected)
    }

    @Test func anEventReadWholeWhoseDataDoesNotDecodeFailsWithTheData() async throws {
        var target = try TestTarget.loopback("/never-sent")
        target.sampleData = Data("data: fine\n\nevent: done\ndata: {\"n\":\n\ndata: more\n\n".utf8)
        let provider = Provider<TestTarget>(stubClosure: Provider.immediatelyStub)
        var iterator = provider.events(target).decoding(Activity.self).makeAsyncIterator()
        #expect(try await iterator.next() == .token("fine"))
        let outcome = await result { () throws(CourierError) in try await iterator.next() }
        guard case .failure(.objectMapping(_, let response)) = outcome else {
            Issue.record("expected objectMapping, got \(outcome)")
            return
        }
        #expect(response.data == Data(#"{"n":"#.utf8))
        #expect(try await iterator.next() == nil)
        let whole = Response(statusCode: 200, data: target.sampleData)
        #expect(throws: CourierError.self) { try OpenAPIDecoding.events(Activity.self, from: whole) }
    }
}
