import Foundation

/// One period of the pattern followed by 64 KiB more, so any piece up to 64 KiB is one contiguous copy.
/// Filled by a plain loop: a `map` over the range is slow in a debug build under ThreadSanitizer.
private let patternTable: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 64 * 1024 + 251)
    table.withUnsafeMutableBufferPointer { buffer in
        var index = 0
        while index < buffer.count {
            buffer[index] = UInt8(truncatingIfNeeded: index % 251)
            index += 1
        }
    }
    return table
}()

extension StandardRoutes {
    /// The byte at `offset` of the endless pattern served by `/bytes` and `/slow-body`: `offset % 251`.
    public static func patternByte(at offset: Int64) -> UInt8 {
        UInt8(truncatingIfNeeded: patternPhase(offset))
    }

    /// `count` bytes of the pattern starting at `offset` (empty when `count` is not positive).
    public static func patternData(offset: Int64, count: Int) -> Data {
        guard count > 0 else { return Data() }
        var data = Data(capacity: count)
        var position = offset
        var remaining = count
        patternTable.withUnsafeBufferPointer { table in
            while remaining > 0 {
                let pieceCount = min(remaining, 64 * 1024)
                let start = patternPhase(position)
                data.append(UnsafeBufferPointer(rebasing: table[start..<(start + pieceCount)]))
                position += Int64(pieceCount)
                remaining -= pieceCount
            }
        }
        return data
    }

    /// The `Checksum.hexDigest` of the first `count` pattern bytes, i.e. of the body of `/bytes/<count>`.
    public static func patternChecksum(count: Int64) -> String {
        var checksum = Checksum()
        var offset: Int64 = 0
        while offset < count {
            let piece = patternData(offset: offset, count: Int(min(count - offset, 64 * 1024)))
            checksum.update(piece)
            offset += Int64(piece.count)
        }
        return checksum.hexDigest
    }

    /// `offset` modulo 251 as a non-negative table index.
    private static func patternPhase(_ offset: Int64) -> Int {
        Int((offset % 251 + 251) % 251)
    }
}
