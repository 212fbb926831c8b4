import Foundation

/// Writes gzip files (RFC 1952) whose deflate data (RFC 1951) is a series of stored blocks.
///
/// Stored blocks hold the bytes as they are, so no compressor is needed, yet the result is a valid gzip
/// stream that any decoder (zlib, curl, `gunzip`) reads back. Foundation has no compression API on
/// Linux, and the server needs none: it tests that clients decode `Content-Encoding: gzip`.
public enum Gzip {
    /// The largest stored block deflate allows.
    private static let maximumBlockLength = 65_535

    /// `data` as a gzip stream: a 10-byte header (no name, no time), stored deflate blocks, then the
    /// CRC-32 and the length of `data`, both little-endian.
    public static func stored(_ data: Data) -> Data {
        var output = Data([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xFF])
        output.reserveCapacity(data.count + data.count / maximumBlockLength * 5 + 32)
        let bytes = [UInt8](data)
        var start = 0
        repeat {
            let length = min(maximumBlockLength, bytes.count - start)
            let isFinal = start + length == bytes.count
            output.append(isFinal ? 0x01 : 0x00)  // BFINAL, BTYPE 00 (stored), then byte-aligned
            appendLittleEndian(UInt16(length), to: &output)
            appendLittleEndian(~UInt16(length), to: &output)
            output.append(contentsOf: bytes[start..<start + length])
            start += length
        } while start < bytes.count
        appendLittleEndian(crc32(data), to: &output)
        appendLittleEndian(UInt32(truncatingIfNeeded: bytes.count), to: &output)
        return output
    }

    /// The CRC-32 of `data` (the ISO-HDLC polynomial of gzip, zlib and PNG): `123456789` gives `CBF43926`.
    public static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return ~crc
    }

    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
        }
        return value
    }

    private static func appendLittleEndian<T: FixedWidthInteger>(_ value: T, to output: inout Data) {
        withUnsafeBytes(of: value.littleEndian) { output.append(contentsOf: $0) }
    }
}
