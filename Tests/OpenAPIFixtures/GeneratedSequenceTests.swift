import Courier
import Foundation
import Testing

/// OpenAPI 3.2's sequential media types described by `itemSchema` (`Version32`): a JSON Lines body, a
/// JSON text sequence answer, and events whose data is JSON (`contentSchema`), each typed by the model
/// the item schema names, read here from the targets' own sample data through stubs.
@Suite struct GeneratedSequenceTests {
    static let books = [
        Version32.Book(isbn: "9780441478125", title: "The Left Hand of Darkness"),
        Version32.Book(isbn: "9780060512750", title: "The Dispossessed"),
    ]

    @Test func aJSONLinesBodyOfItemSchemaIsAListWrittenALinePerBook() throws {
        let target = Version32.Books.importBooks(body: Self.books)
        let request = try Provider<Version32.Books>.defaultEndpointMapping(for: target).urlRequest()
        let lines = try #require(request.httpBody).split(separator: UInt8(ascii: "\n"))
        #expect(lines.count == 2)
        let decoded = try lines.map { try JSONDecoder().decode(Version32.Book.self, from: Data($0)) }
        #expect(decoded.map(\.title) == Self.books.map(\.title))
        #expect(request.httpBody?.last == UInt8(ascii: "\n"))
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/jsonl")
    }

    @Test func aJSONTextSequenceAnswerIsReadAsItsRecords() async throws {
        let provider = Provider<Version32.Books>(stubClosure: Provider.immediatelyStub)
        #expect(Version32.Books.exportBooks.sampleData.first == 0x1E)
        var books: [Version32.Book] = []
        for try await book in try await provider.exportBooks() { books.append(book) }
        #expect(books.count == 1)
        let response = Response(statusCode: 200, data: Version32.Books.exportBooks.sampleData)
        let decoded = try Version32.Books.exportBooks.decode(response) as? [Version32.Book]
        #expect(decoded?.count == 1)
    }

    @Test func eventsWhoseDataHasAContentSchemaReadAsThatModel() async throws {
        let provider = Provider<Version32.Books>(stubClosure: Provider.immediatelyStub)
        var books: [Version32.Book] = []
        for try await book in provider.followChanges().decoding(Version32.Book.self) { books.append(book) }
        #expect(books.count == 1)
        #expect(books.first?.isbn.isEmpty == false)
        // The target's `decode(_:)` reads a whole stream as its events' data.
        let response = Response(statusCode: 200, data: Version32.Books.followChanges.sampleData)
        let decoded = try Version32.Books.followChanges.decode(response) as? [Version32.Book]
        #expect(decoded?.map(\.isbn) == books.map(\.isbn))
    }
    /// A `oneOf` of events in an `itemSchema`: each type is a case holding its own data (text, an
    /// integer written as text, JSON), two types naming one case; the sample stream is of the JSON one.
    @Test func eventsOfSeveralTypesReadEachByItsType() async throws {
        let provider = Provider<Version32.Books>(stubClosure: Provider.immediatelyStub)
        var sampled: [Version32.FollowActivityEvent] = []
        for try await event in provider.followActivity().decoding(Version32.FollowActivityEvent.self) {
            sampled.append(event)
        }
        guard sampled.count == 1, case .review(let review) = sampled[0] else {
            Issue.record("sampled \(sampled)")
            return
        }
        #expect(!review.isbn.isEmpty)

        let stream = """
            event: note
            data: Chapter two

            event: readers
            data: 12

            event: rereview
            data: {"isbn":"9780441478125","stars":5}


            """
        let decoded = try Version32.Books.followActivity.decode(Response(statusCode: 200, data: Data(stream.utf8)))
        let events = try #require(decoded as? [Version32.FollowActivityEvent])
        guard events.count == 3, case .note(let note) = events[0], case .readers(let readers) = events[1],
            case .review(let rereview) = events[2]
        else {
            Issue.record("read as \(events)")
            return
        }
        #expect(note == "Chapter two")
        #expect(readers == "12")
        #expect(rereview.stars == 5)
    }
}
