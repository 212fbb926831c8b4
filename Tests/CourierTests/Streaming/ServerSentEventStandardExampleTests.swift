import Foundation
import Testing

@testable import Courier

@Suite("ServerSentEventParser: the HTML standard's examples")
struct ServerSentEventStandardExampleTests {
    @Test func stockTickerDataLinesJoinWithLineFeeds() {
        #expect(events(of: "data: YHOO\ndata: +2\ndata: 10\n\n") == [ServerSentEvent(data: "YHOO\n+2\n10")])
    }

    @Test func messagesOfOneAndTwoLines() {
        let stream = """
            data: This is the first message.

            data: This is the second message, it
            data: has two lines.

            data: This is the third message.


            """
        #expect(
            events(of: stream) == [
                ServerSentEvent(data: "This is the first message."),
                ServerSentEvent(data: "This is the second message, it\nhas two lines."),
                ServerSentEvent(data: "This is the third message."),
            ])
    }

    @Test func eventTypes() {
        let stream = "event: add\ndata: 73857293\n\nevent: remove\ndata: 2153\n\nevent: add\ndata: 113411\n\n"
        #expect(
            events(of: stream) == [
                ServerSentEvent(event: "add", data: "73857293"),
                ServerSentEvent(event: "remove", data: "2153"),
                ServerSentEvent(event: "add", data: "113411"),
            ])
    }

    @Test func commentIdsAndSpaces() {
        let stream = """
            : test stream

            data: first event
            id: 1

            data:second event
            id

            data:  third event


            """
        // `id` alone resets the last event ID; only one space after the colon is removed.
        #expect(
            events(of: stream) == [
                ServerSentEvent(id: "1", data: "first event"),
                ServerSentEvent(data: "second event"),
                ServerSentEvent(data: " third event"),
            ])
    }

    @Test func emptyDataFields() {
        // The first block gives "", the second "\n"; the last is not followed by a blank line.
        let stream = "data\n\ndata\ndata\n\ndata:"
        #expect(events(of: stream) == [ServerSentEvent(data: ""), ServerSentEvent(data: "\n")])
    }

    @Test func emptyDataFieldsAreDispatchedWhenTheLastBlockIsEnded() {
        let stream = "data\n\ndata\ndata\n\ndata:\n\n"
        #expect(
            events(of: stream) == [ServerSentEvent(data: ""), ServerSentEvent(data: "\n"), ServerSentEvent(data: "")])
    }

    @Test func aSpaceAfterTheColonIsOptional() {
        #expect(
            events(of: "data:test\n\ndata: test\n\n") == [ServerSentEvent(data: "test"), ServerSentEvent(data: "test")])
    }
}
