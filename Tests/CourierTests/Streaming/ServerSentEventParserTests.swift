import Foundation
import Testing

@testable import Courier

/// The events of `stream` read as one chunk, checked to be the same whatever the chunks: cut at every
/// offset into two, and one byte at a time.
func events(of stream: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> [ServerSentEvent] {
    let whole = parse([stream])
    for cut in 0...stream.count {
        let chunks = [Array(stream[..<cut]), Array(stream[cut...])]
        #expect(parse(chunks) == whole, "cut at byte \(cut)", sourceLocation: sourceLocation)
    }
    #expect(parse(stream.map { [$0] }) == whole, "one byte at a time", sourceLocation: sourceLocation)
    return whole
}

/// The events of `text`, checked as ``events(of:sourceLocation:)`` checks bytes.
func events(of text: String, sourceLocation: SourceLocation = #_sourceLocation) -> [ServerSentEvent] {
    events(of: Array(text.utf8), sourceLocation: sourceLocation)
}

/// The events of the chunks, read by one parser, including what ``ServerSentEventParser/finish()`` adds.
func parse(_ chunks: [[UInt8]]) -> [ServerSentEvent] {
    var parser = ServerSentEventParser()
    var events: [ServerSentEvent] = []
    for chunk in chunks {
        events += parser.consume(Data(chunk))
    }
    return events + parser.finish()
}

@Suite("ServerSentEventParser: the event stream interpretation")
struct ServerSentEventParserTests {
    @Test(arguments: ["\n", "\r", "\r\n"])
    func lineEnds(_ end: String) {
        let stream = ["event: tick", "data: 1", "data: 2", "", "data: 3", "", ""].joined(separator: end)
        #expect(
            events(of: stream) == [ServerSentEvent(event: "tick", data: "1\n2"), ServerSentEvent(data: "3")])
    }

    @Test func mixedLineEnds() {
        let stream = "data: a\rdata: b\r\ndata: c\n\r\n\rdata: d\n\n"
        // CR LF is one line end, LF CR is two: the block "a b c" ends at "\n\r\n", then an empty line.
        #expect(events(of: stream) == [ServerSentEvent(data: "a\nb\nc"), ServerSentEvent(data: "d")])
    }

    @Test func carriageReturnEndingAChunkThenLineFeedIsOneLineEnd() {
        var parser = ServerSentEventParser()
        #expect(parser.consume(Data("data: a\r".utf8)).isEmpty)
        // Were the LF a second line end, it would be a blank line dispatching "a".
        #expect(parser.consume(Data("\n".utf8)).isEmpty)
        #expect(parser.consume(Data("data: b\r".utf8)).isEmpty)
        #expect(parser.consume(Data("\r".utf8)) == [ServerSentEvent(data: "a\nb")])
    }

    @Test func byteOrderMarkIsDroppedAtTheStartOnly() {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(events(of: mark + Array("data: a\n\n".utf8)) == [ServerSentEvent(data: "a")])
        // A second mark is content: here it makes the field name "\u{FEFF}data", which is ignored.
        #expect(events(of: mark + mark + Array("data: a\n\n".utf8)) == [])
        #expect(events(of: Array("data: ".utf8) + mark + Array("a\n\n".utf8)) == [ServerSentEvent(data: "\u{FEFF}a")])
    }

    @Test func bytesStartingLikeAByteOrderMarkAreKept() {
        let stream: [UInt8] = [0xEF, 0xBB] + Array(":x\ndata: a\n\n".utf8)
        // "\u{FFFD}:x" is a field of an unknown name, not a comment; then the event.
        #expect(events(of: stream) == [ServerSentEvent(data: "a")])
        let dataAfterPartialMark: [UInt8] = Array("data:".utf8) + [0xEF, 0xBB] + Array("\n\n".utf8)
        #expect(events(of: dataAfterPartialMark) == [ServerSentEvent(data: "\u{FFFD}")])
        var parser = ServerSentEventParser()
        #expect(parser.consume(Data([0xEF])).isEmpty)
        #expect(parser.consume(Data([0xBB])).isEmpty)
        // Kept, the two bytes make the field name "\u{FFFD}data", which is ignored.
        #expect(parser.consume(Data("data: b\n\n".utf8)).isEmpty)
        #expect(parser.consume(Data("data: c\n\n".utf8)) == [ServerSentEvent(data: "c")])
    }

    @Test func invalidUTF8ReadsAsReplacementCharacters() {
        let stream: [UInt8] =
            Array("data: a".utf8) + [0xFF, 0xC3] + Array("\ndata: é".utf8) + [0xE2, 0x82] + [0x0A, 0x0A]
        #expect(events(of: stream) == [ServerSentEvent(data: "a\u{FFFD}\u{FFFD}\né\u{FFFD}")])
        let multibyte = "data: 日本語 😀\nevent: ü\n\n"
        #expect(events(of: multibyte) == [ServerSentEvent(event: "ü", data: "日本語 😀")])
    }

    @Test func fieldWithoutColonHasAnEmptyValue() {
        #expect(events(of: "event\ndata\n\n") == [ServerSentEvent(data: "")])
        #expect(events(of: "event: a\nevent\ndata: x\n\n") == [ServerSentEvent(data: "x")])
        #expect(
            events(of: "id: 3\ndata: x\n\nid\ndata: y\n\n") == [
                ServerSentEvent(id: "3", data: "x"), ServerSentEvent(data: "y"),
            ])
    }

    @Test func oneSpaceIsRemovedAfterTheColon() {
        #expect(events(of: "data:   three\n\n") == [ServerSentEvent(data: "  three")])
        #expect(events(of: "data:\tx\n\n") == [ServerSentEvent(data: "\tx")])
        #expect(events(of: "data: \n\n") == [ServerSentEvent(data: "")])
        #expect(events(of: "data: a: b\n\n") == [ServerSentEvent(data: "a: b")])
        #expect(events(of: "event:  x\ndata\n\n") == [ServerSentEvent(event: " x", data: "")])
    }

    @Test func fieldNamesAreCaseSensitiveAndUnknownOnesIgnored() {
        #expect(events(of: "Data: a\nDATA: b\ndata : c\n foo: d\nfoo: e\n\n") == [])
        #expect(events(of: "datum: a\nretry: 5\ndata: x\n\n") == [ServerSentEvent(data: "x", retry: 5)])
    }

    @Test func commentsAreIgnored() {
        #expect(events(of: ":\n: comment\n:data: x\ndata: y\n:\n\n") == [ServerSentEvent(data: "y")])
        // A comment is not a blank line: it does not dispatch.
        #expect(events(of: "data: a\n: keep-alive\ndata: b\n\n") == [ServerSentEvent(data: "a\nb")])
    }

    @Test func blankLineWithoutDataDispatchesNothingAndResetsTheType() {
        #expect(events(of: "event: a\n\ndata: x\n\n") == [ServerSentEvent(data: "x")])
        #expect(events(of: "\n\n\n\ndata: x\n\n\n\n") == [ServerSentEvent(data: "x")])
        #expect(
            events(of: "event: a\ndata: 1\n\ndata: 2\n\n") == [
                ServerSentEvent(event: "a", data: "1"), ServerSentEvent(data: "2"),
            ])
        #expect(events(of: "event: message\ndata: 1\n\n") == [ServerSentEvent(event: "message", data: "1")])
        #expect(events(of: "event: a\nevent:\ndata: 1\n\n") == [ServerSentEvent(data: "1")])
    }

    @Test func unterminatedLastEventIsNotDispatched() {
        #expect(events(of: "data: a\n\ndata: b") == [ServerSentEvent(data: "a")])
        #expect(events(of: "data: a\n\ndata: b\n") == [ServerSentEvent(data: "a")])
        #expect(events(of: "data: a\n\ndata: b\r") == [ServerSentEvent(data: "a")])
        var parser = ServerSentEventParser()
        #expect(parser.consume(Data("data: a\n".utf8)).isEmpty)
        #expect(parser.finish().isEmpty)
        // finish() starts a new stream: the data before it is gone.
        #expect(parser.consume(Data("data: b\n\n".utf8)) == [ServerSentEvent(data: "b")])
    }

    @Test func retryTakesOnlyASCIIDigits() {
        var parser = ServerSentEventParser()
        #expect(parser.reconnectionTime == nil)
        let stream =
            "retry: 1500\ndata: a\n\nretry: 20x\ndata: b\n\nretry: -5\nretry:  7\nretry: ٣\nretry: 1.5\nretry:\ndata: c\n\n"
        #expect(
            parser.consume(Data(stream.utf8)) == [
                ServerSentEvent(data: "a", retry: 1500), ServerSentEvent(data: "b"), ServerSentEvent(data: "c"),
            ])
        #expect(parser.reconnectionTime == 1500)
        #expect(parser.consume(Data("retry: 0\n\n".utf8)).isEmpty)
        #expect(parser.reconnectionTime == 0)
        #expect(
            parser.consume(Data("retry: 99999999999999999999999\nretry: 3000\ndata\n\n".utf8)) == [
                ServerSentEvent(data: "", retry: 3000)
            ])
        #expect(parser.reconnectionTime == 3000)
        #expect(parser.consume(Data("retry: 99999999999999999999999\n\n".utf8)).isEmpty)
        #expect(parser.reconnectionTime == Int.max)
        _ = parser.finish()
        #expect(parser.reconnectionTime == Int.max)
    }

    @Test func retryBelongsToTheBlockItIsIn() {
        #expect(
            events(of: "retry: 10\n\ndata: a\n\nretry: 20\ndata: b\nretry: 30\n\ndata: c\n\n") == [
                ServerSentEvent(data: "a"), ServerSentEvent(data: "b", retry: 30), ServerSentEvent(data: "c"),
            ])
    }

    @Test func idContainingNullIsIgnored() {
        let stream = "id: 1\ndata: a\n\nid: 2\u{0}3\ndata: b\n\nid: \u{0}\ndata: c\n\n"
        #expect(
            events(of: stream) == [
                ServerSentEvent(id: "1", data: "a"), ServerSentEvent(id: "1", data: "b"),
                ServerSentEvent(id: "1", data: "c"),
            ])
        var parser = ServerSentEventParser()
        _ = parser.consume(Data(stream.utf8))
        #expect(parser.lastEventID == "1")
    }

    @Test func lastEventIDPersistsAcrossEventsAndFinish() {
        var parser = ServerSentEventParser()
        #expect(parser.lastEventID == "")
        #expect(
            parser.consume(Data("id: 7\ndata: a\n\ndata: b\n\nid: 8\n\ndata: c\n\nid:\ndata: d\n\nid: 9\n\n".utf8)) == [
                ServerSentEvent(id: "7", data: "a"), ServerSentEvent(id: "7", data: "b"),
                ServerSentEvent(id: "8", data: "c"), ServerSentEvent(data: "d"),
            ])
        #expect(parser.lastEventID == "9")
        // An unfinished block's id counts too: it is the latest the stream has sent.
        _ = parser.consume(Data("id: 10\ndata: lost".utf8))
        #expect(parser.finish().isEmpty)
        #expect(parser.lastEventID == "10")
        #expect(parser.consume(Data("data: e\n\n".utf8)) == [ServerSentEvent(id: "10", data: "e")])
    }

    @Test func idKeepsSpacesAndUnicode() {
        #expect(events(of: "id:  a b \ndata\n\n") == [ServerSentEvent(id: " a b ", data: "")])
        #expect(events(of: "id: é😀\ndata\n\n") == [ServerSentEvent(id: "é😀", data: "")])
    }

    @Test func finishAllowsAByteOrderMarkAgain() {
        var parser = ServerSentEventParser()
        _ = parser.consume(Data([0xEF, 0xBB, 0xBF] + Array("data: a\n\n".utf8)))
        _ = parser.finish()
        #expect(parser.consume(Data([0xEF, 0xBB, 0xBF] + Array("data: b\n\n".utf8))) == [ServerSentEvent(data: "b")])
    }

    @Test func emptyChunksChangeNothing() {
        var parser = ServerSentEventParser()
        #expect(parser.consume(Data()).isEmpty)
        #expect(parser.consume(Data("data: a\r".utf8)).isEmpty)
        #expect(parser.consume(Data()).isEmpty)
        #expect(parser.consume(Data("\n".utf8)).isEmpty)
        #expect(parser.consume(Data("\n".utf8)) == [ServerSentEvent(data: "a")])
    }

    @Test func bufferedByteCountIsWhatWaitsForDispatch() {
        var parser = ServerSentEventParser()
        #expect(parser.bufferedByteCount == 0)
        _ = parser.consume(Data("data: abc\ndata: de".utf8))
        // "abc" and its LF in the data, "data: de" in the line.
        #expect(parser.bufferedByteCount == 4 + 8)
        _ = parser.consume(Data("\n: a comment not ended".utf8))
        #expect(parser.bufferedByteCount == 7 + 21)
        _ = parser.consume(Data("\n\n".utf8))
        #expect(parser.bufferedByteCount == 0)
        _ = parser.consume(Data("data: x".utf8))
        _ = parser.finish()
        #expect(parser.bufferedByteCount == 0)
    }

    @Test func dataSlicesWithAnOffsetAreRead() {
        let whole = Data("xxdata: a\n\nyy".utf8)
        var parser = ServerSentEventParser()
        #expect(parser.consume(whole[2..<11]) == [ServerSentEvent(data: "a")])
    }

    @Test func longLinesAcrossManyChunks() {
        let payload = String(repeating: "0123456789", count: 1000)
        let stream = Array("data: \(payload)\ndata: \(payload)\n\n".utf8)
        var parser = ServerSentEventParser()
        var got: [ServerSentEvent] = []
        var offset = 0
        while offset < stream.count {
            let end = min(offset + 7, stream.count)
            got += parser.consume(Data(stream[offset..<end]))
            offset = end
        }
        #expect(got == [ServerSentEvent(data: payload + "\n" + payload)])
    }

    @Test func randomChunkingsGiveTheSameEvents() {
        let stream = Array(
            "\u{FEFF}: hi\r\nid: 1\revent: a\ndata: x\r\ndata\r\rdata:y\n\nretry: 12\ndata: z\r\n\r\nid\ndata: w\n\ndata: q"
                .utf8)
        var generator = ChunkCutGenerator(seed: 0x5EED)
        let expected = parse([stream])
        #expect(
            expected == [
                ServerSentEvent(id: "1", event: "a", data: "x\n"), ServerSentEvent(id: "1", data: "y"),
                ServerSentEvent(id: "1", data: "z", retry: 12), ServerSentEvent(data: "w"),
            ])
        for _ in 0..<500 {
            var chunks: [[UInt8]] = []
            var offset = 0
            while offset < stream.count {
                let end = min(stream.count, offset + Int(generator.next() % 6))
                chunks.append(Array(stream[offset..<end]))
                offset = end
            }
            #expect(parse(chunks) == expected)
        }
    }
}

/// A small seeded generator, so that the random cuts are the same on every run.
private struct ChunkCutGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
