/// The names of a ``Redaction``, prepared to be matched against UTF-8 bytes without Foundation.
///
/// Names are compared lowercased: ASCII names byte by byte, others after `String.lowercased()`.
/// ``mayMention(_:percentEscapes:)`` scans a whole text once, to skip work on texts that cannot hold a
/// secret. A class, so that copying a ``Redaction`` costs one reference.
final class RedactionMatcher: Sendable {
    /// The header names, lowercased.
    let headerNameStrings: Set<String>
    /// The parts of field names, lowercased and sorted.
    let fieldNameStrings: [String]
    /// Parts of field names, lowercased.
    private let fieldParts: [[UInt8]]
    /// Header names, lowercased.
    private let headerNames: Set<[UInt8]>
    /// Every name, lowercased and sorted by first byte, one after the other.
    private let scanBytes: [UInt8]
    /// Where each name starts in ``scanBytes``, and one more entry for the end.
    private let scanStarts: [Int]
    /// For each byte value, the first name (in sort order) starting with that byte or a later one;
    /// 257 entries.
    private let firstByteIndex: [Int]
    /// Whether no name can be written differently in a query or JSON text than as itself, so that a
    /// text without the name's bytes cannot hold a field of that name.
    private let canScan: Bool

    /// Whether there are no names at all.
    let isEmpty: Bool

    init(headerNames: Set<String>, fieldNames: [String]) {
        headerNameStrings = headerNames
        fieldNameStrings = fieldNames
        fieldParts = fieldNames.map { Array($0.utf8) }
        self.headerNames = Set(headerNames.map { Array($0.utf8) })
        isEmpty = fieldNames.isEmpty && headerNames.isEmpty

        let names = (fieldParts + self.headerNames).sorted { $0.lexicographicallyPrecedes($1) }
        scanBytes = names.flatMap { $0 }
        var starts = [0]
        for name in names {
            starts.append(starts[starts.count - 1] + name.count)
        }
        scanStarts = starts
        var index = [Int](repeating: names.count, count: 257)
        for (position, name) in names.enumerated().reversed() {
            for byte in 0...Int(name[0]) where index[byte] > position {
                index[byte] = position
            }
        }
        firstByteIndex = index
        canScan = names.allSatisfy { name in
            name.allSatisfy { $0 > 0x20 && $0 < 0x7F && !RedactionMatcher.escapedBytes.contains($0) }
        }
    }

    /// Bytes that a query or JSON text may write differently: space, `"`, `+`, `/`, `\`.
    private static let escapedBytes: [UInt8] = [0x22, 0x2B, 0x2F, 0x5C]

    /// Whether the value of the field `name` is hidden: it contains a field part or is a header name.
    func hidesField(_ name: some Collection<UInt8>) -> Bool {
        guard mayMentionName(name) else { return false }
        let name = Self.lowercased(name)
        return fieldParts.contains { Self.contains(name, $0) } || headerNames.contains(name)
    }

    /// Whether the value of the header `name` is hidden: it is a header name or contains a field part.
    func hidesHeader(_ name: some Collection<UInt8>) -> Bool {
        guard mayMentionName(name) else { return false }
        let name = Self.lowercased(name)
        return headerNames.contains(name) || fieldParts.contains { Self.contains(name, $0) }
    }

    /// Whether `text` may hold a value to hide: it contains a name (in any case), a `%` escape (unless
    /// `percentEscapes` is `false`: the text is not a query or form), a JSON `\u` escape or a character
    /// that lowercases to ASCII, or the names cannot be scanned for.
    func mayMention(_ text: UnsafeBufferPointer<UInt8>, percentEscapes: Bool = true) -> Bool {
        guard !isEmpty else { return false }
        guard canScan else { return true }
        return scanBytes.withUnsafeBufferPointer { names in
            scanStarts.withUnsafeBufferPointer { starts in
                firstByteIndex.withUnsafeBufferPointer { table in
                    Self.scan(text, percentEscapes: percentEscapes, names: names, starts: starts, table: table)
                }
            }
        }
    }

    /// Whether `name` (already decoded) may contain a name: the quick test before lowercasing it.
    private func mayMentionName(_ name: some Collection<UInt8>) -> Bool {
        guard !isEmpty else { return false }
        return name.withContiguousStorageIfAvailable { mayMention($0, percentEscapes: false) } ?? true
    }

    /// ``mayMention(_:)`` for a string.
    func mayMention(_ text: String, percentEscapes: Bool = true) -> Bool {
        var text = text
        return text.withUTF8 { mayMention($0, percentEscapes: percentEscapes) }
    }

    private static func scan(
        _ text: UnsafeBufferPointer<UInt8>, percentEscapes: Bool, names: UnsafeBufferPointer<UInt8>,
        starts: UnsafeBufferPointer<Int>,
        table: UnsafeBufferPointer<Int>
    ) -> Bool {
        let count = text.count
        var position = 0
        while position < count {
            let byte = text[position]
            switch byte {
            case UInt8(ascii: "%") where percentEscapes:
                return true
            case UInt8(ascii: "\\") where position + 1 < count && text[position + 1] == UInt8(ascii: "u"):
                return true
            // U+212A KELVIN SIGN lowercases to an ASCII `k`.
            case 0xE2 where position + 2 < count && text[position + 1] == 0x84 && text[position + 2] == 0xAA:
                return true
            default:
                break
            }
            let lower = Int(lowercased(byte))
            var candidate = table[lower]
            let last = table[lower + 1]
            while candidate < last {
                let start = starts[candidate]
                let length = starts[candidate + 1] - start
                if position + length <= count {
                    var offset = 1
                    while offset < length && lowercased(text[position + offset]) == names[start + offset] {
                        offset += 1
                    }
                    if offset == length { return true }
                }
                candidate += 1
            }
            position += 1
        }
        return false
    }

    /// `name` lowercased: ASCII byte by byte, anything else through `String.lowercased()`.
    private static func lowercased(_ name: some Collection<UInt8>) -> [UInt8] {
        if name.allSatisfy({ $0 < 0x80 }) {
            return name.map(lowercased)
        }
        return Array(String(decoding: name, as: UTF8.self).lowercased().utf8)
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }

    /// Whether `part` occurs in `name`.
    private static func contains(_ name: [UInt8], _ part: [UInt8]) -> Bool {
        guard part.count <= name.count else { return false }
        guard let first = part.first else { return true }
        var start = 0
        while start + part.count <= name.count {
            if name[start] == first, name[start..<start + part.count].elementsEqual(part) { return true }
            start += 1
        }
        return false
    }
}
