import TestSupport
import Testing

@testable import CourierOpenAPI

/// Damaged input never crashes the readers: they read it or throw a ``DocumentReadError``.
@Suite(.offThePool) struct ReaderRobustnessTests {
    /// Every prefix of every snippet and of a fixture, and each with a byte changed to characters YAML
    /// and JSON treat specially, reads or fails cleanly.
    @Test func damagedDocuments() throws {
        let petstore = try ReadingTestSupport.contents(
            ReadingTestSupport.root + "/Tests/OpenAPIFixtures/Petstore/openapi.yaml")
        let texts =
            YAMLSnippets.all.map { Array($0.text.utf8) } + [
                petstore, Array(#"{"a": [1, "\u00e9", {"b": null}]}"#.utf8),
            ]
        let specials = Array("-?:,[]{}#&*!|>'\"%@` \t\n\r\\.0x+".utf8) + [0xC3, 0xE2, 0xFF, 0x00]
        var generator = ReadingRandomGenerator(seed: 0x5EED)
        var documents = 0
        for text in texts {
            for end in stride(from: 0, through: text.count, by: max(1, text.count / 200)) {
                read(Array(text[..<end]))
                documents += 1
            }
            for _ in 0..<40 where !text.isEmpty {
                var damaged = text
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    let index = Int.random(in: 0..<damaged.count, using: &generator)
                    damaged[index] = specials.randomElement(using: &generator) ?? 0
                }
                read(damaged)
                documents += 1
            }
        }
        #expect(documents > 5_000)
    }

    /// Reads `bytes` with both readers; any error is fine, a crash is not.
    private func read(_ bytes: [UInt8]) {
        _ = try? YAMLReader.read(bytes, file: "damaged")
        _ = try? JSONReader.read(bytes, file: "damaged")
    }

    /// A huge hexadecimal integer reads, in decimal.
    @Test func hugeHexadecimalInteger() throws {
        let node = try ReadingTestSupport.yaml("a: 0x1" + String(repeating: "0", count: 64) + "\n")
        #expect(
            node["a"]?.numberText == "115792089237316195423570985008687907853269984665640564039457584007913129639936")
    }
}

/// A random number generator that gives the same numbers every run (SplitMix64).
struct ReadingRandomGenerator: RandomNumberGenerator {
    /// The state.
    private var state: UInt64

    /// A generator starting from `seed`.
    init(seed: UInt64) { state = seed }

    /// The next number.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
