extension String {
    /// Whether this string's UTF-8 bytes hold `other`'s, compared byte for byte (no Unicode
    /// equivalence, no case folding). The redaction asks it for every name it sees; the generic searches
    /// of Foundation and of the standard library cost the logger tens of microseconds a request here.
    func containsBytes(of other: String) -> Bool {
        var haystack = self
        var needle = other
        return haystack.withUTF8 { haystack in needle.withUTF8 { haystack.containsBytes(of: $0) } }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether these bytes hold `needle`'s, in order and next to each other.
    func containsBytes(of needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first else { return true }
        guard needle.count <= count else { return false }
        for start in 0...(count - needle.count)
        where self[start] == first && self[start..<start + needle.count].elementsEqual(needle) {
            return true
        }
        return false
    }
}
