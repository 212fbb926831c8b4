/// The entries of a YAML mapping as they are read: a key written twice is an error, and the mappings
/// of `<<` merge keys are kept apart until the end, where the mapping's own entries override them.
struct YAMLMappingBuilder {
    /// The entries written in the mapping itself.
    private var own = DocumentObject()
    /// The mappings merged in, in the order their entries are applied (a later one overrides).
    private var merged: [DocumentObject] = []
    /// Whether the mapping had its `<<` key.
    private var hasMergeKey = false

    /// Adds the entry `key`: `value`, or merges `value` when the key is a `<<` merge key. `fail` makes
    /// the error for a message (at the key).
    mutating func add(
        key: String, isMergeKey: Bool, value: DocumentNode,
        fail: (String) -> DocumentReadError
    ) throws(DocumentReadError) {
        if isMergeKey {
            guard !hasMergeKey else { throw fail("a mapping can have one merge key (<<), and this is a second") }
            hasMergeKey = true
            switch value.value {
            case .object(let object):
                merged.append(object)
                return
            case .array(let elements):
                var objects: [DocumentObject] = []
                for element in elements {
                    guard let object = element.object else {
                        throw fail("a merge key (<<) needs a mapping or a sequence of mappings")
                    }
                    objects.append(object)
                }
                // The first mapping of the sequence wins: applied last.
                merged.append(contentsOf: objects.reversed())
                return
            default:
                throw fail("a merge key (<<) needs a mapping or a sequence of mappings")
            }
        }
        if own[key] != nil { throw fail("the key '\(key)' is written twice in this mapping") }
        own.set(value, for: key)
    }

    /// The mapping, at `location`.
    func node(at location: SourceLocation) -> DocumentNode {
        guard !merged.isEmpty else { return DocumentNode(value: .object(own), location: location) }
        var object = DocumentObject()
        for source in merged {
            for (key, value) in source.entries { object.set(value, for: key) }
        }
        for (key, value) in own.entries { object.set(value, for: key) }
        return DocumentNode(value: .object(object), location: location)
    }
}
