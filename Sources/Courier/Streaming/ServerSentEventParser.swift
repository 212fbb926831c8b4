import Foundation

/// Turns the bytes of a `text/event-stream` body into ``ServerSentEvent``s as they arrive, chunk by
/// chunk, following the HTML standard's event stream interpretation.
///
/// - The bytes are UTF-8; an invalid sequence reads as U+FFFD. A byte order mark at the very start of
///   the stream is dropped, once.
/// - A line ends with CR, LF or CRLF, wherever the chunks are cut (a CR ending one chunk and the LF
///   starting the next are one line end).
/// - A line starting with `:` is a comment. Otherwise the field name is what comes before the first
///   colon and the value what follows it, less one leading space; a line without a colon is a field
///   name with an empty value. `event` sets the event type, `data` adds a line to the data, `id` sets
///   the last event ID (unless the value contains U+0000 NULL), `retry` sets the reconnection time
///   (when the value is only ASCII digits); any other field is ignored.
/// - A blank line dispatches the event, if its data is not empty (a `data` field with an empty value
///   counts); the event type and data start again empty, the last event ID carries on.
/// - An event not ended by a blank line when the stream ends is never dispatched.
///
/// The parser scans bytes: a line is turned into strings only for the fields it keeps, and an event's
/// data is decoded once, when it is dispatched. Bytes of a line not yet ended (and data of an event
/// not yet dispatched) are held until the rest arrives; the parser sets no limit on them, but
/// ``bufferedByteCount`` tells how many there are.
struct ServerSentEventParser: Sendable {
    /// The last event ID: the value of the latest `id` field, or empty when there was none (or it was
    /// empty). It survives ``finish()``, so that it can be sent as `Last-Event-ID` when reconnecting and
    /// the same parser can read the stream of the new connection.
    private(set) var lastEventID = ""
    /// The reconnection time in milliseconds from the latest valid `retry` field, or `nil` when there
    /// was none. A value too large for `Int` reads as `Int.max`. It survives ``finish()``.
    private(set) var reconnectionTime: Int?

    /// How many bytes the parser holds for what is not dispatched yet: the line not yet ended and the
    /// data of the event being read. A caller that must bound memory checks it after each chunk and
    /// ends the stream when it grows past its limit (a server sending a line or an event without end).
    var bufferedByteCount: Int { line.count + data.count }

    /// The bytes of the line not yet ended.
    private var line: [UInt8] = []
    /// The data buffer: each `data` value followed by LF, still UTF-8.
    private var data: [UInt8] = []
    /// The event type buffer.
    private var eventType = ""
    /// The value of the latest valid `retry` field of the event block being read.
    private var blockRetry: Int?
    /// How many bytes of a byte order mark the stream has started with so far, while it may still start
    /// with one; `nil` once the start of the stream is behind.
    private var byteOrderMarkMatched: Int? = 0
    /// Whether the last byte read was a CR ending a line, so that an LF right after it is part of the
    /// same line end.
    private var skipsLineFeed = false

    /// A parser at the start of a stream, with no last event ID and no reconnection time.
    init() {}

    /// Reads the next chunk of the stream and returns the events it completes, in order.
    mutating func consume(_ chunk: Data) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        chunk.withUnsafeBytes { raw in
            let bytes = raw.assumingMemoryBound(to: UInt8.self)
            guard !bytes.isEmpty else { return }
            var index = skipByteOrderMark(in: bytes)
            if skipsLineFeed, index < bytes.count {
                skipsLineFeed = false
                if bytes[index] == Self.lineFeed { index += 1 }
            }
            var lineStart = index
            while index < bytes.count {
                let byte = bytes[index]
                guard byte == Self.lineFeed || byte == Self.carriageReturn else {
                    index += 1
                    continue
                }
                endLine(with: UnsafeBufferPointer(rebasing: bytes[lineStart..<index]), into: &events)
                index += 1
                if byte == Self.carriageReturn {
                    if index == bytes.count {
                        skipsLineFeed = true
                    } else if bytes[index] == Self.lineFeed {
                        index += 1
                    }
                }
                lineStart = index
            }
            if lineStart < bytes.count {
                line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[lineStart...]))
            }
        }
        return events
    }

    /// Ends the stream: returns the events it still completes and makes the parser ready for a new
    /// stream.
    ///
    /// As the standard has it, an event not followed by a blank line is discarded, so this always
    /// returns no event. It drops the unfinished line, data and event type; ``lastEventID`` and
    /// ``reconnectionTime`` stay, for reconnecting.
    mutating func finish() -> [ServerSentEvent] {
        line.removeAll(keepingCapacity: true)
        data.removeAll(keepingCapacity: true)
        eventType = ""
        blockRetry = nil
        byteOrderMarkMatched = 0
        skipsLineFeed = false
        return []
    }

    // MARK: Lines

    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let colon = UInt8(ascii: ":")
    private static let space = UInt8(ascii: " ")
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Drops a byte order mark at the start of the stream, and returns the index in `bytes` where the
    /// stream's content goes on. Bytes that started like a mark but were not one go to the line.
    private mutating func skipByteOrderMark(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard var matched = byteOrderMarkMatched else { return 0 }
        var index = 0
        while index < bytes.count, matched < Self.byteOrderMark.count, bytes[index] == Self.byteOrderMark[matched] {
            matched += 1
            index += 1
        }
        if matched == Self.byteOrderMark.count {
            byteOrderMarkMatched = nil
        } else if index < bytes.count {
            // Not a mark: the bytes matched so far (none of them a line end) start the first line.
            byteOrderMarkMatched = nil
            line.append(contentsOf: Self.byteOrderMark[..<matched])
        } else {
            byteOrderMarkMatched = matched
        }
        return index
    }

    /// Processes the line made of the held bytes and `tail`, then starts a new one.
    private mutating func endLine(with tail: UnsafeBufferPointer<UInt8>, into events: inout [ServerSentEvent]) {
        guard !line.isEmpty else {
            processLine(tail, into: &events)
            return
        }
        var whole: [UInt8] = []
        swap(&whole, &line)
        whole.append(contentsOf: tail)
        whole.withUnsafeBufferPointer { processLine($0, into: &events) }
        whole.removeAll(keepingCapacity: true)
        swap(&whole, &line)
    }

    /// Processes one line, without its line end.
    private mutating func processLine(_ line: UnsafeBufferPointer<UInt8>, into events: inout [ServerSentEvent]) {
        guard let first = line.first else {
            dispatch(into: &events)
            return
        }
        if first == Self.colon { return }
        let name: UnsafeBufferPointer<UInt8>
        let value: UnsafeBufferPointer<UInt8>
        if let colon = line.firstIndex(of: Self.colon) {
            name = UnsafeBufferPointer(rebasing: line[..<colon])
            var valueStart = colon + 1
            if valueStart < line.count, line[valueStart] == Self.space { valueStart += 1 }
            value = UnsafeBufferPointer(rebasing: line[valueStart...])
        } else {
            name = line
            value = UnsafeBufferPointer(rebasing: line[line.count...])
        }
        if Self.matches(name, "data") {
            data.append(contentsOf: value)
            data.append(Self.lineFeed)
        } else if Self.matches(name, "event") {
            eventType = String(decoding: value, as: UTF8.self)
        } else if Self.matches(name, "id") {
            if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
        } else if Self.matches(name, "retry") {
            if let milliseconds = Self.digitsValue(value) {
                reconnectionTime = milliseconds
                blockRetry = milliseconds
            }
        }
    }

    /// Dispatches the event read since the last blank line, if its data is not empty, and starts the
    /// next one.
    private mutating func dispatch(into events: inout [ServerSentEvent]) {
        let retry = blockRetry
        blockRetry = nil
        defer { eventType = "" }
        guard !data.isEmpty else { return }
        // The data buffer ends with the LF that followed its last value: it is not part of the data.
        let text = data.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0.dropLast()), as: UTF8.self)
        }
        data.removeAll(keepingCapacity: true)
        events.append(
            ServerSentEvent(
                id: lastEventID.isEmpty ? nil : lastEventID, event: eventType.isEmpty ? nil : eventType, data: text,
                retry: retry))
    }

    /// Whether `bytes` are the ASCII field name `name`.
    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        guard bytes.count == name.utf8CodeUnitCount, let base = bytes.baseAddress else { return false }
        return memcmp(base, name.utf8Start, bytes.count) == 0
    }

    /// The base-ten value of a non-empty string of ASCII digits (`Int.max` when it is larger), or `nil`
    /// when `bytes` are empty or hold anything else.
    private static func digitsValue(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !bytes.isEmpty else { return nil }
        var value = 0
        var overflowed = false
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (shifted, multiplyOverflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, addOverflow) = shifted.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            if multiplyOverflow || addOverflow { overflowed = true }
            value = sum
        }
        return overflowed ? Int.max : value
    }
}
