#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
        guard !needle.isEmpty else { return true }
        guard needle.count <= count, let base = baseAddress, let wanted = needle.baseAddress else { return false }
        // memchr for the first byte, memcmp for the rest: C's loops, not a generic collection's.
        var start = base
        var remaining = count
        while remaining >= needle.count {
            guard let hit = memchr(start, Int32(wanted.pointee), remaining - needle.count + 1) else { return false }
            let found = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self))
            if memcmp(found, wanted, needle.count) == 0 { return true }
            let skipped = found - start + 1
            start += skipped
            remaining -= skipped
        }
        return false
    }
}
