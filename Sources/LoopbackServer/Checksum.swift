import Foundation

/// A streaming FNV-1a 64-bit checksum, used to compare uploaded and downloaded bytes without keeping them.
public struct Checksum: Sendable, Hashable {
    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The current 64-bit hash value.
    public private(set) var value: UInt64

    /// Creates a checksum of no bytes yet.
    public init() {
        value = Checksum.offsetBasis
    }

    /// Feeds `bytes` into the checksum.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var hash = value
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= Checksum.prime
        }
        value = hash
    }

    /// Feeds the bytes of `data` into the checksum.
    public mutating func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    /// The checksum as exactly 16 lowercase hexadecimal digits.
    public var hexDigest: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
