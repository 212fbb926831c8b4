import Foundation

/// Fuzzes `ServerSentEventParser` (the `text/event-stream` parser) and `LineSplitter`.
///
/// The stream is either the input's raw bytes or a sequence picked from the pieces that matter to the
/// format (field names, colons, spaces, CR, LF, a byte order mark, NUL, digits, invalid UTF-8).
/// Invariants, for any stream:
/// - the parser gives the same events whether the stream comes as one chunk, cut at random points
///   (empty chunks included) or one byte at a time, and the same last event ID and reconnection time;
/// - those events are the ones of a plain model of the standard's event stream interpretation that
///   decodes the whole stream first and works on characters; the last event ID and reconnection time
///   agree with it too;
/// - every event's data, type and ID hold no CR, and the type and ID no LF either;
/// - the line splitter gives the same lines whatever the cuts, and they are the stream split at each
///   LF, with a CR right before the LF removed; a line over the limit throws wherever the cuts are.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServerSentEvents(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let cutSeed = UInt64(input.int(below: 65536)) << 16 | UInt64(input.int(below: 65536))
    let stream: [UInt8]
    if input.bool() {
        stream = input.bytes(maxCount: 2048)
    } else {
        let pieces: [[UInt8]] = [
            Array("data".utf8), Array("event".utf8), Array("id".utf8), Array("retry".utf8), [0x3A], [0x20], [0x0D],
            [0x0A], [0x0D, 0x0A], [0xEF, 0xBB, 0xBF], [0x00], Array("12".utf8), Array("x".utf8), Array("é".utf8),
            [0xFF], [0xE2, 0x82], Array("data: a\n\n".utf8), Array("\n\n".utf8),
        ]
        var built: [UInt8] = []
        while !input.isEmpty {
            built += pieces[Int(input.byte()) % pieces.count]
        }
        stream = built
    }

    var cuts = CutGenerator(seed: cutSeed)
    checkParser(stream, cuts: &cuts)
    checkLineSplitter(stream, cuts: &cuts)
    return 0
}

/// What the parser gives for `chunks`: the events, then its last event ID and reconnection time.
private func parse(_ chunks: [[UInt8]]) -> ([ServerSentEvent], String, Int?) {
    var parser = ServerSentEventParser()
    var events: [ServerSentEvent] = []
    for chunk in chunks {
        events += parser.consume(Data(chunk))
    }
    let lastEventID = parser.lastEventID
    let reconnectionTime = parser.reconnectionTime
    events += parser.finish()
    check(parser.lastEventID == lastEventID, "finish() changed the last event ID")
    check(parser.reconnectionTime == reconnectionTime, "finish() changed the reconnection time")
    return (events, lastEventID, reconnectionTime)
}

private func checkParser(_ stream: [UInt8], cuts: inout CutGenerator) {
    let whole = parse([stream])
    let cut = parse(cuts.chunks(of: stream))
    check(cut == whole, "random cuts give other events than one chunk")
    let bytes = parse(stream.map { [$0] })
    check(bytes == whole, "one byte at a time gives other events than one chunk")
    let model = modelEvents(stream)
    check(whole.0 == model.events, "the events differ from the model's: \(whole.0) and \(model.events)")
    check(whole.1 == model.lastEventID, "the last event ID differs from the model's")
    check(whole.2 == model.reconnectionTime, "the reconnection time differs from the model's")
    for event in whole.0 {
        check(!event.data.contains("\r"), "CR in data")
        check(!(event.event ?? "").contains(where: { $0 == "\r" || $0 == "\n" }), "line end in an event type")
        check(!(event.id ?? "").contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }), "bad id")
        check(event.event != "" && event.id != "", "an empty type or id instead of nil")
    }
}

/// The standard's event stream interpretation, written plainly: decode everything, split into lines,
/// process each line.
private func modelEvents(_ stream: [UInt8]) -> (events: [ServerSentEvent], lastEventID: String, reconnectionTime: Int?)
{
    var body = stream[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    let text = String(decoding: body, as: UTF8.self)
    var lines: [String] = []
    var current = String.UnicodeScalarView()
    var previousWasCR = false
    for scalar in text.unicodeScalars {
        if scalar == "\n", previousWasCR {
            previousWasCR = false
            continue
        }
        previousWasCR = scalar == "\r"
        if scalar == "\r" || scalar == "\n" {
            lines.append(String(current))
            current = String.UnicodeScalarView()
        } else {
            current.append(scalar)
        }
    }
    // The unfinished last line (in `current`) is never processed: it cannot end a block.

    var events: [ServerSentEvent] = []
    var data = ""
    var eventType = ""
    var lastEventID = ""
    var reconnectionTime: Int?
    var blockRetry: Int?
    for line in lines {
        if line.isEmpty {
            let retry = blockRetry
            blockRetry = nil
            if data.isEmpty {
                eventType = ""
                continue
            }
            data.removeLast()
            events.append(
                ServerSentEvent(
                    id: lastEventID.isEmpty ? nil : lastEventID, event: eventType.isEmpty ? nil : eventType,
                    data: data, retry: retry))
            data = ""
            eventType = ""
            continue
        }
        if line.hasPrefix(":") { continue }
        var name = line
        var value = ""
        if let colon = line.firstIndex(of: ":") {
            name = String(line[..<colon])
            value = String(line[line.index(after: colon)...])
            if value.hasPrefix(" ") { value.removeFirst() }
        }
        switch name {
        case "event": eventType = value
        case "data": data += value + "\n"
        case "id" where !value.unicodeScalars.contains("\0"): lastEventID = value
        case "retry" where !value.isEmpty && value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }):
            let number = Int(value) ?? Int.max
            reconnectionTime = number
            blockRetry = number
        default: break
        }
    }
    return (events, lastEventID, reconnectionTime)
}

private func checkLineSplitter(_ stream: [UInt8], cuts: inout CutGenerator) {
    // The lines of the model: split at each LF, a CR before it removed; the rest is the last line.
    var expected: [[UInt8]] = []
    var rest = stream[...]
    while let lineFeed = rest.firstIndex(of: 0x0A) {
        var line = rest[..<lineFeed]
        if line.last == 0x0D { line = line.dropLast() }
        expected.append(Array(line))
        rest = rest[(lineFeed + 1)...]
    }
    if !rest.isEmpty { expected.append(Array(rest)) }

    let limit = cuts.limit()
    // A line over the limit throws; a CR ending the stream counts as part of its last line.
    let tooLong = expected.contains { $0.count > limit }
    for chunks in [[stream], cuts.chunks(of: stream), stream.map { [$0] }] {
        var splitter = LineSplitter(maximumLineLength: limit)
        do {
            var lines: [Data] = []
            for chunk in chunks {
                lines += try splitter.consume(Data(chunk))
            }
            lines += try splitter.finish()
            check(!tooLong, "a line over the limit of \(limit) passed")
            check(lines.map { Array($0) } == expected, "the lines differ from the model's")
        } catch {
            check(tooLong, "LineTooLong for lines within the limit of \(limit)")
            check(error == LineTooLong(limit: limit), "another error: \(error)")
        }
    }
}

/// Random chunk sizes (0 to 16 bytes) and limits, from a seed the input gives.
private struct CutGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    private mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }

    mutating func chunks(of stream: [UInt8]) -> [[UInt8]] {
        var chunks: [[UInt8]] = []
        var offset = 0
        while offset < stream.count {
            let end = min(stream.count, offset + Int(next() % 17))
            chunks.append(Array(stream[offset..<end]))
            offset = end
        }
        return chunks
    }

    /// A line length limit: mostly small, so that it is reached; sometimes the default.
    mutating func limit() -> Int {
        next() % 4 == 0 ? LineSplitter.defaultMaximumLineLength : Int(next() % 64)
    }
}
