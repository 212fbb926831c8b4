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

    /// `count` zero bytes as a small gzip stream: a decompression bomb (about 1 byte on the wire for
    /// 160 decoded). One fixed-Huffman deflate block of a literal zero and copies of 258 bytes at
    /// distance 1; the trailer's CRC-32 is computed only when `withChecksum` (slow for large counts), so
    /// without it a decoder fails at the very end, after having produced every byte.
    public static func zeros(count: Int, withChecksum: Bool = false) -> Data {
        var writer = BitWriter()
        writer.write(1, bits: 1)  // BFINAL
        writer.write(1, bits: 2)  // BTYPE 01: fixed Huffman codes
        var left = count
        if left > 0 {
            writer.writeCode(0x30, bits: 8)  // literal 0
            left -= 1
        }
        while left >= 258 {
            writer.writeCode(0xC5, bits: 8)  // length symbol 285: 258 bytes
            writer.writeCode(0, bits: 5)  // distance code 0: distance 1
            left -= 258
        }
        for _ in 0..<left {
            writer.writeCode(0x30, bits: 8)
        }
        writer.writeCode(0, bits: 7)  // end of block (symbol 256)
        var output = Data([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xFF])
        output.append(writer.finish())
        appendLittleEndian(withChecksum ? crc32(Data(count: count)) : 0, to: &output)
        appendLittleEndian(UInt32(truncatingIfNeeded: count), to: &output)
        return output
    }

    /// Deflate's bit order: values least significant bit first, Huffman codes most significant first.
    private struct BitWriter {
        private var bytes: [UInt8] = []
        private var current: UInt32 = 0
        private var used = 0

        mutating func write(_ value: UInt32, bits: Int) {
            current |= value << used
            used += bits
            while used >= 8 {
                bytes.append(UInt8(current & 0xFF))
                current >>= 8
                used -= 8
            }
        }

        mutating func writeCode(_ code: UInt32, bits: Int) {
            var reversed: UInt32 = 0
            for bit in 0..<bits where code & (1 << bit) != 0 {
                reversed |= 1 << (bits - 1 - bit)
            }
            write(reversed, bits: bits)
        }

        mutating func finish() -> Data {
            if used > 0 { bytes.append(UInt8(current & 0xFF)) }
            return Data(bytes)
        }
    }
}
