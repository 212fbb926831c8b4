/// The properties an object schema declares, through its `$ref`s and its `allOf` parts, in the order they
/// are met and each key once, with the keys it requires.
struct ObjectProperties {
    /// One property: the schema that first declared it, where, and the marks any declaration gave it.
    struct Property {
        /// The key the value is stored under in JSON.
        let key: String
        /// The schema of the first declaration met.
        let schema: DocumentNode
        /// The JSON pointer of that declaration.
        let pointer: String
        /// Whether a declaration of it is `readOnly`: a later `allOf` part that marks an inherited
        /// property read-only (`{properties: {id: {readOnly: true}}}`) makes it so.
        var isReadOnly: Bool
        /// Whether a declaration of it is `writeOnly`.
        var isWriteOnly: Bool
        /// Every declaration's schema, the first first: a later part may narrow an inherited one (a
        /// `type` that is one `const` of the base's string).
        var declarations: [DocumentNode]
    }

    /// The properties, in the order first met.
    private(set) var list: [Property] = []
    /// The keys some part requires.
    private(set) var required: Set<String> = []
    private var indexByKey: [String: Int] = [:]

    /// The property stored under `key`.
    subscript(key: String) -> Property? {
        indexByKey[key].map { list[$0] }
    }

    /// The properties of `schema`, following `models`' `$ref`s; the pointer of a declaration starts at
    /// `pointer` (or at the `$ref` that led to it).
    init(of schema: DocumentNode, pointer: String = "", models: ModelBuilder) {
        collect(schema, pointer: pointer, models: models, depth: 0)
    }

    private mutating func collect(_ schema: DocumentNode, pointer: String, models: ModelBuilder, depth: Int) {
        guard depth < 32 else { return }
        var schema = schema
        var pointer = pointer
        for _ in 0..<16 {
            guard let reference = schema["$ref"]?.string, let target = models.resolve(reference) else { break }
            schema = target
            pointer = reference
        }
        for (index, part) in (schema["allOf"]?.array ?? []).enumerated() {
            collect(part, pointer: "\(pointer)/allOf/\(index)", models: models, depth: depth + 1)
        }
        for (key, property) in schema["properties"]?.object?.entries ?? [] {
            let readOnly = models.isMarked(property, "readOnly")
            let writeOnly = models.isMarked(property, "writeOnly")
            if let index = indexByKey[key] {
                list[index].isReadOnly = list[index].isReadOnly || readOnly
                list[index].isWriteOnly = list[index].isWriteOnly || writeOnly
                list[index].declarations.append(property)
                continue
            }
            indexByKey[key] = list.count
            list.append(
                Property(
                    key: key, schema: property,
                    pointer: pointer + "/properties/" + JSONPointer.make([key]).dropFirst(2),
                    isReadOnly: readOnly, isWriteOnly: writeOnly, declarations: [property]))
        }
        for key in schema["required"]?.array ?? [] { if let key = key.string { required.insert(key) } }
    }
}
