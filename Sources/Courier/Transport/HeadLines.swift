/// The head of a response read line by line as bytes, the way a transport hands it over: the status
/// line, then field lines, then an empty line.
///
/// `CurlTransfer` feeds it each line as libcurl reads it and learns on the way the few fields the
/// transfer itself needs (`Location`, `Set-Cookie`, `Content-Length`, `Content-Encoding`);
/// ``ResponseHead`` later reads the kept ``lines`` into fields only if someone asks for the headers
/// (Foundation's string handling costs more than the rest of a small request). An interim (1xx) head
/// is forgotten when the next status line comes.
struct HeadLines {
    /// The status code of the last status line, or 0 before one.
    private(set) var statusCode = 0
    /// The protocol of the last status line, such as `HTTP/1.1`.
    private(set) var httpVersion = "HTTP/1.1"
    /// The field lines of the head, each ended by LF (line ends and the status line left out).
    private(set) var lines: [UInt8] = []
    /// Whether the empty line that ends a final (not 1xx) head has arrived.
    private(set) var isComplete = false
    /// The head's `Location`, trimmed.
    private(set) var location: String?
    /// The values of the head's `Set-Cookie` fields, trimmed.
    private(set) var setCookies: [String] = []
    /// The head's `Content-Length`, when it is a number.
    private(set) var contentLength: Int64?
    /// Whether the head has a `Content-Encoding` (the body then arrives decoded, of another length).
    private(set) var isEncoded = false

    /// Takes one line, with or without its line end; returns `true` when it completed a final head.
    mutating func take(_ line: UnsafeRawBufferPointer) -> Bool {
        var end = line.count
        while end > 0, line[end - 1] == 0x0A || line[end - 1] == 0x0D { end -= 1 }
        if end == 0 {
            isComplete = statusCode >= 200
            return isComplete
        }
        if end >= 5, line[0] == 0x48, line[1] == 0x54, line[2] == 0x54, line[3] == 0x50, line[4] == 0x2F {
            startHead(UnsafeRawBufferPointer(rebasing: line[0..<end]))
            return false
        }
        if lines.isEmpty { lines.reserveCapacity(512) }
        lines.append(contentsOf: UnsafeRawBufferPointer(rebasing: line[0..<end]))
        lines.append(0x0A)
        guard line[0] != 0x20, line[0] != 0x09 else { return false }
        var colon = 0
        while colon < end, line[colon] != 0x3A { colon += 1 }
        guard colon < end else { return false }
        switch colon {
        case 8 where HeaderBytes.isNamed(line, "location"): location = HeaderBytes.trimmed(line, colon + 1, end)
        case 10 where HeaderBytes.isNamed(line, "set-cookie"):
            setCookies.append(HeaderBytes.trimmed(line, colon + 1, end))
        case 14 where HeaderBytes.isNamed(line, "content-length"):
            contentLength = HeaderBytes.number(line, colon + 1, end)
        case 16 where HeaderBytes.isNamed(line, "content-encoding"): isEncoded = true
        default: break
        }
        return false
    }

    /// A status line ("HTTP/1.1 200 OK"): a new head begins.
    private mutating func startHead(_ line: UnsafeRawBufferPointer) {
        var space = 0
        while space < line.count, line[space] != 0x20 { space += 1 }
        httpVersion = HeaderBytes.version(UnsafeRawBufferPointer(rebasing: line[0..<space]))
        var code = 0
        var index = space + 1
        while index < line.count, (0x30...0x39).contains(line[index]), code < 1000 {
            code = code * 10 + Int(line[index] - 0x30)
            index += 1
        }
        statusCode = code
        lines.removeAll(keepingCapacity: true)
        setCookies.removeAll()
        location = nil
        contentLength = nil
        isEncoded = false
        isComplete = false
    }
}

/// Read-only scans of the bytes of HTTP head lines, shared by ``HeadLines`` and ``ResponseHead``.
enum HeaderBytes {
    /// Whether `byte` is a space or a tab.
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09
    }

    /// The bytes `start..<end` of `line` without surrounding spaces and tabs, as a string.
    static func trimmed(_ line: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> String {
        var start = start
        var end = end
        while start < end, isBlank(line[start]) { start += 1 }
        while end > start, isBlank(line[end - 1]) { end -= 1 }
        return String(decoding: UnsafeRawBufferPointer(rebasing: line[start..<end]), as: UTF8.self)
    }

    /// The decimal number that the bytes `start..<end` of `line` hold between spaces, or `nil`.
    static func number(_ line: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Int64? {
        var start = start
        var end = end
        while start < end, isBlank(line[start]) { start += 1 }
        while end > start, isBlank(line[end - 1]) { end -= 1 }
        guard start < end, end - start <= 18 else { return nil }
        var value: Int64 = 0
        for index in start..<end {
            guard (0x30...0x39).contains(line[index]) else { return nil }
            value = value * 10 + Int64(line[index] - 0x30)
        }
        return value
    }

    /// Whether `line` starts with `name` (lowercase ASCII), ignoring case.
    static func isNamed(_ line: UnsafeRawBufferPointer, _ name: StaticString) -> Bool {
        guard line.count >= name.utf8CodeUnitCount else { return false }
        let expected = UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        for index in 0..<expected.count {
            let byte = line[index]
            let lower = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
            if lower != expected[index] { return false }
        }
        return true
    }

    /// The protocol of a status line, without making a string for the usual ones.
    static func version(_ bytes: UnsafeRawBufferPointer) -> String {
        if bytes.elementsEqual("HTTP/1.1".utf8) { return "HTTP/1.1" }
        if bytes.elementsEqual("HTTP/2".utf8) { return "HTTP/2" }
        if bytes.elementsEqual("HTTP/1.0".utf8) { return "HTTP/1.0" }
        return String(decoding: bytes, as: UTF8.self)
    }
}
