/// One HTTP header line: a name and its value, kept exactly as sent or to be sent.
public struct HeaderField: Sendable, Hashable {
    /// The header name as written (compare it case-insensitively).
    public var name: String

    /// The header value with surrounding whitespace removed.
    public var value: String

    /// Creates a header field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

extension [HeaderField] {
    /// The value of the first field whose name matches `name` case-insensitively.
    func firstValue(named name: String) -> String? {
        first { $0.name.equalsIgnoringASCIICase(name) }?.value
    }

    /// Every value of the fields named `name` (case-insensitive), in order.
    func values(named name: String) -> [String] {
        filter { $0.name.equalsIgnoringASCIICase(name) }.map(\.value)
    }

    /// Whether any field named `name` lists `token` among its comma-separated values (case-insensitive).
    func containsToken(_ token: String, inFieldNamed name: String) -> Bool {
        values(named: name).contains { value in
            value.split(separator: ",").contains {
                $0.trimmingWhitespace().equalsIgnoringASCIICase(token)
            }
        }
    }
}

extension StringProtocol {
    /// Whether `other` has the same characters, treating ASCII upper and lower case letters as equal.
    ///
    /// Header names and tokens are ASCII; this avoids the much slower locale-aware comparison.
    func equalsIgnoringASCIICase(_ other: some StringProtocol) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        let lower: (UInt8) -> UInt8 = { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 }
        return zip(utf8, other.utf8).allSatisfy { lower($0) == lower($1) }
    }

    /// The text without leading and trailing spaces and horizontal tabs.
    func trimmingWhitespace() -> String {
        let isWhitespace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isWhitespace($0) }),
            let last = lastIndex(where: { !isWhitespace($0) })
        else { return "" }
        return String(self[first...last])
    }
}
