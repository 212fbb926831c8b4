import Foundation

/// `count` bytes, the byte at each index `byte(index)`, written straight into the buffer.
///
/// Tests build their large payloads with this rather than `(0..<count).map { … }`: in a debug build that
/// `map` runs the standard library's unspecialised generic code, which looks up type metadata for every
/// element, and under ThreadSanitizer, with hundreds of threads doing the same, a few hundred kilobytes
/// held a thread of Swift's two-thread cooperative pool for over a minute, stalling every other test.
/// The loop below is plain integer arithmetic in any build.
package func patternBytes(count: Int, _ byte: (Int) -> UInt8) -> Data {
    var data = Data(count: count)
    data.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) in
        var index = 0
        while index < count {
            buffer[index] = byte(index)
            index += 1
        }
    }
    return data
}
