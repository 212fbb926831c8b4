/// Reads a request body according to its framing and hands it over piece by piece.
enum BodyReader {
    private static let lineLimit = 4096
    private static let trailerLimit = 64 * 1024

    /// Reads the whole body from `reader`, calling `consume` with each piece (valid only during the call).
    ///
    /// Throws `.ended` when the peer closes early and `.malformed` for invalid chunked framing.
    static func read(
        _ framing: BodyFraming,
        from reader: ConnectionReader,
        into consume: (UnsafeRawBufferPointer) -> Void
    ) throws(ConnectionFailure) {
        switch framing {
        case .none:
            return
        case .length(let count):
            try readExactly(count, from: reader, into: consume)
        case .chunked:
            try readChunked(from: reader, into: consume)
        }
    }

    private static func readExactly(
        _ count: Int64,
        from reader: ConnectionReader,
        into consume: (UnsafeRawBufferPointer) -> Void
    ) throws(ConnectionFailure) {
        var remaining = count
        while remaining > 0 {
            let piece = try reader.readSome(maxCount: Int(min(remaining, Int64(ConnectionReader.capacity))))
            consume(piece)
            remaining -= Int64(piece.count)
        }
    }

    private static func readChunked(
        from reader: ConnectionReader,
        into consume: (UnsafeRawBufferPointer) -> Void
    ) throws(ConnectionFailure) {
        while true {
            let sizeLine = try reader.readLine(limit: lineLimit)
            let size = try chunkSize(sizeLine)
            if size == 0 { break }
            try readExactly(size, from: reader, into: consume)
            guard try reader.readLine(limit: 2).isEmpty else { throw .malformed }
        }
        var trailerBytes = 0
        while true {  // trailer fields are read and ignored
            let line = try reader.readLine(limit: lineLimit)
            if line.isEmpty { return }
            trailerBytes += line.utf8.count
            if trailerBytes > trailerLimit { throw .malformed }
        }
    }

    /// The size from a chunk-size line such as `1a2b;name=value`.
    private static func chunkSize(_ line: String) throws(ConnectionFailure) -> Int64 {
        let digits = line.prefix { $0 != ";" }.trimmingWhitespace()
        let isHexDigit: (UInt8) -> Bool = { byte in
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
                UInt8(ascii: "A")...UInt8(ascii: "F"):
                return true
            default:
                return false
            }
        }
        guard !digits.isEmpty, digits.utf8.count <= 15, digits.utf8.allSatisfy(isHexDigit),
            let size = Int64(digits, radix: 16)
        else {
            throw .malformed
        }
        return size
    }
}
