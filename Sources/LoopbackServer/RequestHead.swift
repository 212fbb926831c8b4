/// The request line and header fields of one request.
struct RequestHead {
    let method: String
    let target: String
    /// The minor version of HTTP/1.x: 0 or 1.
    let minorVersion: Int
    let headers: [HeaderField]

    /// Whether the client allows the connection to stay open after this request.
    var wantsKeepAlive: Bool {
        if headers.containsToken("close", inFieldNamed: "Connection") { return false }
        return minorVersion >= 1 || headers.containsToken("keep-alive", inFieldNamed: "Connection")
    }

    /// Whether the client waits for `100 Continue` before sending the body.
    var expectsContinue: Bool {
        minorVersion >= 1
            && headers.values(named: "Expect").contains {
                $0.trimmingWhitespace().equalsIgnoringASCIICase("100-continue")
            }
    }

    /// Parses the head bytes (request line and header lines, without the blank line that ends them).
    ///
    /// Throws `.malformed` for syntax errors and `.versionNotSupported` for well-formed versions other than 1.x.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(ConnectionFailure) -> RequestHead {
        var lines: [String] = []
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            var line = line
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if line.contains(UInt8(ascii: "\r")) || line.contains(0) { throw .malformed }
            lines.append(String(decoding: line, as: UTF8.self))
        }
        if lines.last?.isEmpty == true { lines.removeLast() }  // the line end of the last header
        guard let requestLine = lines.first else { throw .malformed }
        let (method, target, minorVersion) = try parseRequestLine(requestLine)
        var headers: [HeaderField] = []
        headers.reserveCapacity(lines.count - 1)
        for line in lines.dropFirst() {
            headers.append(try parseHeaderLine(line))
        }
        return RequestHead(method: method, target: target, minorVersion: minorVersion, headers: headers)
    }

    private static func parseRequestLine(
        _ line: String
    ) throws(ConnectionFailure) -> (method: String, target: String, minorVersion: Int) {
        let parts = line.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, isToken(parts[0]), !parts[1].isEmpty,
            parts[1].unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F })
        else { throw .malformed }
        let version = Array(parts[2].utf8)
        guard version.count == 8, version.starts(with: Array("HTTP/".utf8)), version[6] == UInt8(ascii: "."),
            isDigit(version[5]), isDigit(version[7])
        else { throw .malformed }
        guard version[5] == UInt8(ascii: "1") else { throw .versionNotSupported }
        return (String(parts[0]), String(parts[1]), Int(version[7] - UInt8(ascii: "0")))
    }

    private static func parseHeaderLine(_ line: String) throws(ConnectionFailure) -> HeaderField {
        guard let colon = line.firstIndex(of: ":") else { throw .malformed }
        let name = line[..<colon]
        guard isToken(name) else { throw .malformed }  // also rejects obsolete line folding
        return HeaderField(name: String(name), value: line[line.index(after: colon)...].trimmingWhitespace())
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Whether `text` is a non-empty RFC 9110 token (method names, header names).
    private static func isToken(_ text: Substring) -> Bool {
        !text.isEmpty
            && text.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"):
                    return true
                default:
                    return "!#$%&'*+-.^_`|~".utf8.contains(byte)
                }
            }
    }
}
