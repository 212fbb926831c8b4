/// Buffered reading from one connected socket: request heads, lines and raw body bytes.
///
/// The buffer (64 KiB) also bounds the size of a request head. Used by a single thread.
final class ConnectionReader {
    /// The buffer size, which is also the largest request head accepted.
    static let capacity = 64 * 1024

    private let fd: Int32
    private let buffer: UnsafeMutablePointer<UInt8>
    private var start = 0
    private var end = 0

    init(fd: Int32) {
        self.fd = fd
        buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: ConnectionReader.capacity)
    }

    deinit {
        buffer.deallocate()
    }

    private var buffered: Int { end - start }

    /// Reads more bytes after the buffered ones, moving them to the front first when needed.
    ///
    /// - Returns: false at end of stream. Throws `.ended` on a socket error.
    private func fill() throws(ConnectionFailure) -> Bool {
        if start == end {
            start = 0
            end = 0
        } else if end == ConnectionReader.capacity && start > 0 {
            UnsafeMutableRawPointer(buffer).copyMemory(from: buffer + start, byteCount: buffered)  // may overlap
            end = buffered
            start = 0
        }
        let received = try SocketIO.receive(fd, into: buffer + end, count: ConnectionReader.capacity - end)
        end += received
        return received > 0
    }

    /// Reads the next request line and header fields.
    ///
    /// Leading empty lines are skipped. Returns `nil` when the peer closes before or during a head; throws
    /// `.headersTooLarge` when no blank line ends the head within the buffer.
    func readHead() throws(ConnectionFailure) -> RequestHead? {
        var scanned = 0  // bytes after `start` already searched for line ends
        var lineStart = 0  // offset from `start` of the line being searched
        while true {
            while scanned < buffered {
                let byte = buffer[start + scanned]
                if scanned == 0 && (byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")) {
                    start += 1  // an empty line before the request line
                    continue
                }
                scanned += 1
                guard byte == UInt8(ascii: "\n") else { continue }
                let lineLength = scanned - 1 - lineStart
                let isBlank = lineLength == 0 || (lineLength == 1 && buffer[start + lineStart] == UInt8(ascii: "\r"))
                if isBlank {
                    let head = UnsafeBufferPointer(start: buffer + start, count: lineStart)
                    start += scanned
                    return try RequestHead.parse(head)
                }
                lineStart = scanned
            }
            if start == 0 && end == ConnectionReader.capacity { throw .headersTooLarge }
            guard try fill() else { return nil }
        }
    }

    /// Returns up to `maxCount` bytes, from the buffer or from one read; valid until the next call.
    ///
    /// Throws `.ended` at end of stream.
    func readSome(maxCount: Int) throws(ConnectionFailure) -> UnsafeRawBufferPointer {
        if buffered == 0 {
            guard try fill() else { throw .ended }
        }
        let count = min(maxCount, buffered)
        let bytes = UnsafeRawBufferPointer(start: buffer + start, count: count)
        start += count
        return bytes
    }

    /// Reads one line ending in LF and returns it without the line end (and any CR before it).
    ///
    /// Throws `.malformed` when the line is longer than `limit`, `.ended` at end of stream.
    func readLine(limit: Int) throws(ConnectionFailure) -> String {
        var scanned = 0
        while true {
            while scanned < buffered {
                if buffer[start + scanned] == UInt8(ascii: "\n") {
                    var length = scanned
                    if length > 0 && buffer[start + length - 1] == UInt8(ascii: "\r") { length -= 1 }
                    let line = String(
                        decoding: UnsafeBufferPointer(start: buffer + start, count: length), as: UTF8.self)
                    start += scanned + 1
                    return line
                }
                scanned += 1
                if scanned > limit { throw .malformed }
            }
            guard try fill() else { throw .ended }
        }
    }
}
