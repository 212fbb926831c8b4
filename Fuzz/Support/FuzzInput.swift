import Foundation

/// Reads structured values (numbers, choices, strings) from a libFuzzer input, byte by byte.
///
/// Every read succeeds: past the end, numbers are 0 and strings are empty, so any input is a valid
/// description of a case and the fuzzer's mutations map to small changes of the case.
struct FuzzInput {
    private var bytes: ArraySlice<UInt8>

    init(_ data: UnsafePointer<UInt8>, _ size: Int) {
        bytes = ArraySlice(UnsafeBufferPointer(start: data, count: size))
    }

    var isEmpty: Bool { bytes.isEmpty }

    mutating func byte() -> UInt8 {
        bytes.popFirst() ?? 0
    }

    /// A number in `0..<bound` (`bound` > 0).
    mutating func int(below bound: Int) -> Int {
        let value = Int(byte()) << 8 | Int(byte())
        return value % bound
    }

    mutating func bool() -> Bool {
        byte() & 1 == 1
    }

    /// Up to `maxCount` raw bytes, the count read first.
    mutating func bytes(maxCount: Int) -> [UInt8] {
        let count = min(int(below: maxCount + 1), bytes.count)
        let taken = Array(bytes.prefix(count))
        bytes = bytes.dropFirst(count)
        return taken
    }

    /// A string of up to `maxCount` bytes: raw UTF-8 (repaired where invalid), or picked from an
    /// alphabet of the characters that matter to encoders.
    mutating func string(maxCount: Int) -> String {
        if byte() % 3 == 0 {
            let alphabet = Array("aZ09-._~/?#[]@!$&'()*+,;=% \"\\\r\n\t\u{0}é€😀".unicodeScalars)
            let count = int(below: maxCount + 1)
            var scalars = String.UnicodeScalarView()
            for _ in 0..<count where !isEmpty {
                scalars.append(alphabet[Int(byte()) % alphabet.count])
            }
            return String(scalars)
        }
        return String(decoding: bytes(maxCount: maxCount), as: UTF8.self)
    }
}

/// Stops the fuzzer with a message when an invariant does not hold: a crash libFuzzer saves.
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    guard condition() else {
        FileHandle.standardError.write(Data("invariant failed: \(message())\n".utf8))
        abort()
    }
}

/// `bytes` with each valid `%XX` escape decoded; anything else kept.
func percentDecoded(_ bytes: some Collection<UInt8>) -> [UInt8] {
    let bytes = Array(bytes)
    var output: [UInt8] = []
    var index = 0
    while index < bytes.count {
        if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
            let low = hexValue(bytes[index + 2])
        {
            output.append(high << 4 | low)
            index += 3
        } else {
            output.append(bytes[index])
            index += 1
        }
    }
    return output
}

/// The value of a hex digit, either case.
func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
}

/// Whether every `%` in `bytes` starts an escape of two hex digits (uppercase only, when asked).
func escapesAreWellFormed(_ bytes: [UInt8], uppercaseOnly: Bool) -> Bool {
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "%") {
        guard index + 2 < bytes.count else { return false }
        for digit in bytes[(index + 1)...(index + 2)] {
            guard hexValue(digit) != nil else { return false }
            if uppercaseOnly, digit >= UInt8(ascii: "a") { return false }
        }
    }
    return true
}
