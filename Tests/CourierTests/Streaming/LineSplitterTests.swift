import Foundation
import Testing

@testable import Courier

/// The lines of `text` read as one chunk, checked to be the same whatever the chunks: cut at every
/// offset into two, and one byte at a time.
private func lines(
    of text: String, maximumLineLength: Int = LineSplitter.defaultMaximumLineLength,
    separator: UInt8 = LineSplitter.lineFeed, sourceLocation: SourceLocation = #_sourceLocation
) throws -> [String] {
    let stream = Array(text.utf8)
    let whole = try split([stream], maximumLineLength: maximumLineLength, separator: separator)
    for cut in 0...stream.count {
        let chunks = [Array(stream[..<cut]), Array(stream[cut...])]
        #expect(
            try split(chunks, maximumLineLength: maximumLineLength, separator: separator) == whole,
            "cut at byte \(cut)", sourceLocation: sourceLocation)
    }
    #expect(
        try split(stream.map { [$0] }, maximumLineLength: maximumLineLength, separator: separator) == whole,
        "one byte at a time", sourceLocation: sourceLocation)
    return whole.map { String(decoding: $0, as: UTF8.self) }
}

private func split(
    _ chunks: [[UInt8]], maximumLineLength: Int, separator: UInt8 = LineSplitter.lineFeed
) throws -> [Data] {
    var splitter = LineSplitter(maximumLineLength: maximumLineLength, separator: separator)
    var lines: [Data] = []
    for chunk in chunks {
        lines += try splitter.consume(Data(chunk))
    }
    return lines + (try splitter.finish())
}

@Suite("LineSplitter")
struct LineSplitterTests {
    @Test func lineFeedAndCRLFEndLines() throws {
        #expect(try lines(of: "a\nbb\r\nccc\n") == ["a", "bb", "ccc"])
        #expect(try lines(of: "a\r\n\r\nb\n\n") == ["a", "", "b", ""])
        #expect(try lines(of: "\n") == [""])
        #expect(try lines(of: "") == [])
    }

    /// Split by RS (a JSON text sequence's records), what lies between two RSs is one piece, its line
    /// ends and CRs kept; the piece before the first RS is empty.
    @Test func recordsAreSplitByTheRecordSeparatorAlone() throws {
        let rs = "\u{1E}"
        let records = try lines(
            of: "\(rs){\n  \"a\": 1\n}\r\n\(rs)[2]\n\(rs)3", separator: LineSplitter.recordSeparator)
        #expect(records == ["", "{\n  \"a\": 1\n}\r\n", "[2]\n", "3"])
        #expect(throws: LineTooLong.self) {
            try split([Array("\(rs)123456789".utf8)], maximumLineLength: 8, separator: LineSplitter.recordSeparator)
        }
    }

    @Test func aCarriageReturnAloneIsNotALineEnd() throws {
        #expect(try lines(of: "a\rb\nc\r\r\n") == ["a\rb", "c\r"])
        #expect(try lines(of: "\r\r\r\n") == ["\r\r"])
    }

    @Test func theLastLineWithoutLineEndComesFromFinish() throws {
        #expect(try lines(of: "a\nb") == ["a", "b"])
        #expect(try lines(of: "a\nb\r") == ["a", "b\r"])
        var splitter = LineSplitter()
        #expect(try splitter.consume(Data("one\ntw".utf8)) == [Data("one".utf8)])
        #expect(try splitter.consume(Data("o".utf8)).isEmpty)
        #expect(try splitter.finish() == [Data("two".utf8)])
        #expect(try splitter.finish().isEmpty)
        #expect(try splitter.consume(Data("three\n".utf8)) == [Data("three".utf8)])
    }

    @Test func crlfSplitAcrossChunksIsOneLineEnd() throws {
        var splitter = LineSplitter()
        #expect(try splitter.consume(Data("a\r".utf8)).isEmpty)
        #expect(try splitter.consume(Data("\nb\r".utf8)) == [Data("a".utf8)])
        #expect(try splitter.consume(Data("c\n".utf8)) == [Data("b\rc".utf8)])
    }

    @Test func bytesAreKeptAsTheyArrived() throws {
        let stream: [UInt8] = [0xEF, 0xBB, 0xBF, 0xFF, 0x00, 0x0A, 0xC3, 0xA9, 0x0D, 0x0A]
        #expect(
            try split([stream], maximumLineLength: 100) == [Data([0xEF, 0xBB, 0xBF, 0xFF, 0x00]), Data([0xC3, 0xA9])])
    }

    @Test func ndjson() throws {
        let text = "{\"id\":1}\n{\"id\":2}\r\n{\"id\":3}"
        #expect(try lines(of: text) == ["{\"id\":1}", "{\"id\":2}", "{\"id\":3}"])
    }

    @Test func linesUpToTheLimitPass() throws {
        #expect(try lines(of: "abcd\nabc\r\nabcd\r\n", maximumLineLength: 4) == ["abcd", "abc", "abcd"])
        #expect(try lines(of: "abcd", maximumLineLength: 4) == ["abcd"])
        #expect(try lines(of: "\n\n", maximumLineLength: 0) == ["", ""])
    }

    @Test func aLongerLineThrows() {
        for text in ["abcde\n", "ab\nabcde", "abcde\r\n", "abcd\r", "ab\nabcdefghijk"] {
            let stream = Array(text.utf8)
            for cut in 0...stream.count {
                #expect(throws: LineTooLong(limit: 4), "\(text.debugDescription) cut at \(cut)") {
                    try split([Array(stream[..<cut]), Array(stream[cut...])], maximumLineLength: 4)
                }
            }
        }
    }

    @Test func theLimitHoldsWithoutALineEnd() throws {
        var splitter = LineSplitter(maximumLineLength: 8)
        #expect(try splitter.consume(Data("12345".utf8)).isEmpty)
        #expect(throws: LineTooLong(limit: 8)) { try splitter.consume(Data("6789".utf8)) }
        // The splitter is empty afterwards.
        #expect(try splitter.finish().isEmpty)
    }

    @Test func theErrorIsASentenceNamingTheLimit() {
        let error = LineTooLong(limit: 1024)
        #expect(error.localizedDescription.contains("1024 bytes"))
        #expect(
            CourierError.underlying(error, nil).localizedDescription.contains("longer than the limit of 1024 bytes"))
    }

    @Test func randomChunkingsGiveTheSameLines() throws {
        let stream = Array("x\r\n\r\ny\rz\n\n\r\r\nlast\r".utf8)
        let expected = try split([stream], maximumLineLength: 16)
        #expect(expected.map { String(decoding: $0, as: UTF8.self) } == ["x", "", "y\rz", "", "\r", "last\r"])
        var state: UInt64 = 0x11_2358
        for _ in 0..<300 {
            var chunks: [[UInt8]] = []
            var offset = 0
            while offset < stream.count {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let end = min(stream.count, offset + Int(state >> 61))
                chunks.append(Array(stream[offset..<end]))
                offset = end
            }
            #expect(try split(chunks, maximumLineLength: 16) == expected)
        }
    }
}
