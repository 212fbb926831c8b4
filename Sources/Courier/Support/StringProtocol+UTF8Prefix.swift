extension StringProtocol {
    /// The longest run of whole characters from the start that fits in `maximumLength` UTF-8 bytes:
    /// a cut that never splits a character, for log bodies and file names.
    func prefix(utf8Bytes maximumLength: Int) -> SubSequence {
        var end = startIndex
        var length = 0
        while end < endIndex {
            let next = index(after: end)
            length += self[end..<next].utf8.count
            guard length <= maximumLength else { break }
            end = next
        }
        return self[..<end]
    }
}
