extension Collection<UInt8> {
    /// Whether the bytes are only JSON's white space (space, tab, CR, LF), or none: a blank line or
    /// record of a sequence of JSON values, skipped.
    var isJSONWhiteSpace: Bool { allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A } }
}
