/// The properties an object schema declares, through its `$ref`s and its `allOf` parts, in the order they
/// are met and each key once, with the keys it requires.
struct ObjectProperties {
    /// One property: the schema that first declared it, where, and the marks any declaration gave it.
    struct Property {
        /// The key the value is stored under in JSON.
        let key: String
        /// The schema of the first declaration met (for a property that `oneOf` choices add, theirs with
        /// every value they list).
        var schema: DocumentNode
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
        /// Whether only `required` names it, no declaration.
        var isUndeclared = false
    }

    /// The properties, in the order first met.
    private(set) var list: [Property] = []
    /// The keys some part requires.
    private(set) var required: Set<String> = []
    /// The keys required, in the order first named.
    private var requiredOrder: [String] = []
    private var indexByKey: [String: Int] = [:]

    /// The property stored under `key`.
    subscript(key: String) -> Property? {
        indexByKey[key].map { list[$0] }
    }

    /// The properties of `schema`, following `models`' `$ref`s; the pointer of a declaration starts at
    /// `pointer` (or at the `$ref` that led to it).
    init(of schema: DocumentNode, pointer: String = "", models: ModelBuilder) {
        // A model's pointer is the reference its uses make: a choice it meets again is itself.
        self.init(
            of: schema, pointer: pointer, models: models, depth: 0, visiting: pointer.hasPrefix("#/") ? [pointer] : [])
    }

    /// The properties of `schema`, read `depth` levels inside the schemas `visiting` (by reference): a
    /// schema met again inside itself adds nothing (HubSpot's actors: `PublicActor` is `oneOf` the kinds of
    /// actor, and each kind is `allOf` `PublicActor` and its own fields).
    private init(
        of schema: DocumentNode, pointer: String, models: ModelBuilder, depth: Int, visiting: Set<String>
    ) {
        collect(schema, pointer: pointer, models: models, depth: depth, visiting: visiting)
        addUndeclared(of: schema, pointer: pointer, models: models)
    }

    /// The keys `required` names and no property declares (Figma's webhook update requires `team_id`,
    /// DigitalOcean's uptime check `method`): the server refuses the object without them, so they are
    /// members all the same, of the schema `additionalProperties` gives, else of any value. An object
    /// that declares no properties (a map) or allows no others (`additionalProperties: false`) gets none.
    private mutating func addUndeclared(of schema: DocumentNode, pointer: String, models: ModelBuilder) {
        guard !list.isEmpty else { return }
        let resolved = models.dereferenced(schema) ?? schema
        let extra = resolved["additionalProperties"]
        guard extra?.bool != false else { return }
        let valueSchema = extra.flatMap { ($0.object?.count ?? 0) > 0 ? $0 : nil } ?? .emptyObject(at: schema.location)
        for key in requiredOrder where indexByKey[key] == nil {
            indexByKey[key] = list.count
            var property = Property(
                key: key, schema: valueSchema, pointer: pointer + "/required", isReadOnly: false,
                isWriteOnly: false, declarations: [valueSchema])
            property.isUndeclared = true
            list.append(property)
        }
    }

    private mutating func collect(
        _ schema: DocumentNode, pointer: String, models: ModelBuilder, depth: Int, visiting: Set<String>
    ) {
        guard depth < 32 else { return }
        var schema = schema
        var pointer = pointer
        var visiting = visiting
        for _ in 0..<16 {
            guard let reference = schema["$ref"]?.string, let target = models.resolve(reference) else { break }
            guard visiting.insert(reference).inserted else { return }
            schema = target
            pointer = reference
        }
        for (index, part) in (schema["allOf"]?.array ?? []).enumerated() {
            collect(part, pointer: "\(pointer)/allOf/\(index)", models: models, depth: depth + 1, visiting: visiting)
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
        for key in schema["required"]?.array ?? [] {
            if let key = key.string, required.insert(key).inserted { requiredOrder.append(key) }
        }
        collectChoices(of: schema, pointer: pointer, models: models)
        // Unions inside unions are read a few levels deep: each level reads every choice, and documents whose
        // choices are each `allOf` the others would take exponential time.
        if depth > 0, depth < 8, let choices = schema.unionChoices {
            flatten(
                choices, keyword: schema["oneOf"] != nil ? "oneOf" : "anyOf", pointer: pointer, models: models,
                depth: depth, visiting: visiting)
        }
    }

    /// The properties of an `allOf` part that is a union of objects (Lichess's broadcast round form: `allOf`
    /// a `oneOf` of where the games come from, and the fields every source has): each choice's, optional
    /// unless every choice requires it; a key several choices list values for allows all of them. A
    /// union with a choice that is not an object adds nothing.
    private mutating func flatten(
        _ choices: [DocumentNode], keyword: String, pointer: String, models: ModelBuilder, depth: Int,
        visiting: Set<String>
    ) {
        let read = choices.enumerated().map { index, choice in
            ObjectProperties(
                of: choice, pointer: "\(pointer)/\(keyword)/\(index)", models: models, depth: depth + 1,
                visiting: visiting)
        }
        guard read.allSatisfy({ !$0.list.isEmpty }) else { return }
        var added: Set<String> = []
        for choice in read {
            for property in choice.list where !property.isUndeclared {
                if let existing = indexByKey[property.key] {
                    guard added.contains(property.key) else { continue }
                    let merged = Self.allowingBoth(list[existing].schema, property.schema)
                    list[existing].schema = merged
                    list[existing].declarations = [merged]
                    continue
                }
                added.insert(property.key)
                indexByKey[property.key] = list.count
                list.append(property)
            }
        }
        for key in read[0].requiredOrder where read.allSatisfy({ $0.required.contains(key) }) {
            if required.insert(key).inserted { requiredOrder.append(key) }
        }
    }

    /// The properties that `schema`'s `oneOf`/`anyOf` choices add when they only extend it (see
    /// `onlyExtends`): each optional, being one choice's; a key several choices declare with listed
    /// values allows all of them (Intercom's `data_type`: `options` in one, the other types in another).
    private mutating func collectChoices(of schema: DocumentNode, pointer: String, models: ModelBuilder) {
        let keyword = schema["oneOf"] != nil ? "oneOf" : "anyOf"
        guard let choices = schema[keyword]?.array, schema.unionChoices == nil, schema["properties"] != nil else {
            return
        }
        var added: Set<String> = []
        for (index, choice) in choices.enumerated() where choice.onlyExtends(schema) {
            for (key, property) in choice["properties"]?.object?.entries ?? [] {
                if let existing = indexByKey[key] {
                    // The object's own declaration stands (a choice's narrower values are its rule).
                    guard added.contains(key) else { continue }
                    let merged = Self.allowingBoth(list[existing].schema, property)
                    list[existing].schema = merged
                    list[existing].declarations = [merged]
                    continue
                }
                added.insert(key)
                indexByKey[key] = list.count
                list.append(
                    Property(
                        key: key, schema: property,
                        pointer: "\(pointer)/\(keyword)/\(index)/properties/" + JSONPointer.make([key]).dropFirst(2),
                        isReadOnly: models.isMarked(property, "readOnly"),
                        isWriteOnly: models.isMarked(property, "writeOnly"), declarations: [property]))
            }
        }
    }

    /// `first` allowing the values `second` lists too, when both only list values; else `first`.
    private static func allowingBoth(_ first: DocumentNode, _ second: DocumentNode) -> DocumentNode {
        guard case .object(var object) = first.value, let values = first["enum"]?.array,
            let more = second["enum"]?.array, first["$ref"] == nil, second["$ref"] == nil
        else { return first }
        var seen = Set(values.map { $0.sampleJSON() })
        let union = values + more.filter { seen.insert($0.sampleJSON()).inserted }
        object.set(DocumentNode(value: .array(union), location: first.location), for: "enum")
        return DocumentNode(value: .object(object), location: first.location)
    }
}
