extension DocumentNode {
    /// A mapping at `location`.
    static func object(_ object: DocumentObject, at location: SourceLocation) -> DocumentNode {
        DocumentNode(value: .object(object), location: location)
    }

    /// A string at `location`.
    static func string(_ string: String, at location: SourceLocation) -> DocumentNode {
        DocumentNode(value: .string(string), location: location)
    }

    /// A boolean at `location`.
    static func bool(_ bool: Bool, at location: SourceLocation) -> DocumentNode {
        DocumentNode(value: .bool(bool), location: location)
    }

    /// A sequence at `location`.
    static func array(_ array: [DocumentNode], at location: SourceLocation) -> DocumentNode {
        DocumentNode(value: .array(array), location: location)
    }

    /// An empty mapping at `location`: the empty schema, which every value matches.
    static func emptyObject(at location: SourceLocation) -> DocumentNode {
        DocumentNode(value: .object(DocumentObject()), location: location)
    }

    /// The strings of a sequence of strings (other items left out); `nil` if this is no sequence.
    var strings: [String]? { array?.compactMap(\.string) }

    /// The `$ref` of a mapping, if it has one that is a string.
    var reference: String? { self["$ref"]?.string }
}

extension DocumentObject {
    /// A mapping of `entries`, in their order.
    init(_ entries: [(String, DocumentNode)]) {
        self.init()
        for (key, value) in entries { set(value, for: key) }
    }

    /// This mapping without the entries of `keys`.
    func removing(_ keys: Set<String>) -> DocumentObject {
        var result = DocumentObject()
        for (key, value) in entries where !keys.contains(key) { result.set(value, for: key) }
        return result
    }

    /// This mapping with `value` under `key` (added at the end, or in place of the value it had).
    func setting(_ value: DocumentNode, for key: String) -> DocumentObject {
        var result = self
        result.set(value, for: key)
        return result
    }

    /// Sets `value` under `key` when there is one; does nothing for `nil`.
    mutating func set(ifPresent value: DocumentNode?, for key: String) {
        if let value { set(value, for: key) }
    }

    /// Whether `key` has a value.
    func contains(_ key: String) -> Bool { self[key] != nil }
}
