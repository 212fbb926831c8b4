/// What kind of schema a node is, as the generator reads it.
extension DocumentNode {
    /// The schema's `type`, one or a list (3.1), as a list.
    var schemaTypes: [String] {
        if let single = self["type"]?.string { return [single] }
        return self["type"]?.array?.compactMap(\.string) ?? []
    }

    /// The string schema's `format` as the generator reads it: `uuid` only where a UUID's 36 characters fit
    /// its `minLength` and `maxLength` (Intercom's contact ids are `uuid` of exactly 24 characters, and
    /// its real ids are 24 hexadecimal digits: text, which a `UUID` would refuse to read).
    var stringFormat: String? {
        let format = self["format"]?.string
        guard format == "uuid" else { return format }
        let bound = { (key: String) in self[key]?.numberText.flatMap { Int($0) } }
        if let least = bound("minLength"), least > 36 { return nil }
        if let most = bound("maxLength"), most < 36 { return nil }
        return format
    }

    /// Whether the schema allows `null` (3.0's `nullable`, 3.1's `null` type, or a `null` choice).
    var isNullableSchema: Bool {
        if self["nullable"]?.bool == true || schemaTypes.contains("null") { return true }
        if let choices = (self["oneOf"] ?? self["anyOf"])?.array {
            return choices.contains { $0.schemaTypes == ["null"] }
        }
        return false
    }

    /// Whether the schema is written as a model of its own (object, enumeration, union) rather than a
    /// plain Swift type.
    var needsModel: Bool {
        if enumeratedValues != nil && enumRawType != nil { return true }
        if unionChoices != nil { return true }
        if self["allOf"] != nil { return wrappedPart == nil }
        let kinds = schemaTypes.filter { $0 != "null" }
        if self["properties"]?.object.map({ $0.count > 0 }) == true { return kinds.isEmpty || kinds == ["object"] }
        return false
    }

    /// The one part of an `allOf` that says what the schema is, when the rest (the schema's own keywords
    /// and the other parts) only annotate it: `allOf: [$ref: Album]` with a `description`, as documents
    /// write a reference that carries a description of its own. Such a schema is that part's type, not a
    /// copy of it under a new name.
    var wrappedPart: (part: DocumentNode, index: Int)? {
        guard let parts = self["allOf"]?.array,
            object?.entries.allSatisfy({ $0.key == "allOf" || DocumentNode.shapesNothing($0.key) }) == true
        else { return nil }
        // A part that only says the type again, with a description (Okta's `response_type`: `allOf` its
        // enumeration and `{type: string, description: …}`), or only bounds the value (DigitalOcean's
        // volume label: `allOf` a string and `{maxLength: 16}`), shapes nothing either.
        let shaping = parts.enumerated().filter { _, part in
            part.object?.entries.allSatisfy { DocumentNode.shapesNothing($0.key) } != true
        }
        guard shaping.count == 1, let only = shaping.first else { return nil }
        return (only.element, only.offset)
    }

    /// Whether a schema keyword, beside a part of an `allOf`, leaves the shape of the value to that part:
    /// the type said again, an annotation, or a bound on the value (its length, range, count or pattern)
    /// that the server checks and the Swift type does not carry.
    private static func shapesNothing(_ key: String) -> Bool {
        key == "type" || isAnnotation(key) || boundKeywords.contains(key)
    }

    private static let boundKeywords: Set<String> = [
        "minLength", "maxLength", "pattern", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
        "multipleOf", "minItems", "maxItems", "uniqueItems",
        // Values the part refuses (Rebilly's tag rules: `allOf` the event types and `not` some of them).
        "not",
    ]

    /// Whether a schema keyword only annotates (documents, marks) a schema without changing its shape.
    private static func isAnnotation(_ key: String) -> Bool {
        annotationKeywords.contains(key) || key.hasPrefix("x-")
    }

    private static let annotationKeywords: Set<String> = [
        "title", "description", "nullable", "readOnly", "writeOnly", "deprecated", "example", "examples",
        "default", "externalDocs", "xml", "$comment",
    ]

    /// The choices of a `oneOf`/`anyOf` that is a real union (not only `X or null`, nor a list of
    /// constants).
    var unionChoices: [DocumentNode]? {
        guard let choices = (self["oneOf"] ?? self["anyOf"])?.array, constantChoices == nil else { return nil }
        let real = choices.filter { $0.schemaTypes != ["null"] }
        guard real.count > 1 else { return nil }
        // Choices that only refine or extend the object's own properties (Xero's NI category: `oneOf` a
        // postcode required with some letters, a date with another; Intercom's data attribute: `options`
        // with one `data_type`, other types without) are rules about one object, not kinds of it: the
        // object, with the properties they add. Unless a discriminator names them: then they are kinds,
        // which the server tells apart by it (Okta's security policy conditions, each its own `_type`).
        if self["discriminator"] != nil { return real }
        return real.allSatisfy({ $0.onlyExtends(self) }) && Self.agree(real, around: self) ? nil : real
    }

    /// The schema's JSON without its annotations (descriptions, examples), to compare two declarations.
    private var withoutAnnotations: String {
        guard let entries = object?.entries else { return sampleJSON() }
        return entries.filter { !DocumentNode.isAnnotation($0.key) }.map { "\($0.key)=\($0.value.sampleJSON())" }
            .joined(separator: ";")
    }

    /// Whether the properties `choices` add to `object` can be one struct's: a key several of them
    /// declare is declared alike, or as lists of values (which the struct's property allows together).
    private static func agree(_ choices: [DocumentNode], around object: DocumentNode) -> Bool {
        var declared: [String: DocumentNode] = [:]
        for choice in choices {
            for (key, property) in choice["properties"]?.object?.entries ?? [] where object["properties"]?[key] == nil {
                guard let earlier = declared[key] else {
                    declared[key] = property
                    continue
                }
                let alike = earlier.withoutAnnotations == property.withoutAnnotations
                let bothListed = earlier["enum"] != nil && property["enum"] != nil
                guard alike || bothListed else { return false }
            }
        }
        return true
    }

    /// Whether this `oneOf`/`anyOf` choice only refines or extends `object` around it: written in place
    /// (no reference, no parts, no type of its own but `object`), it requires, restricts or documents
    /// properties `object` declares (an `enum` narrower than theirs), or declares more.
    func onlyExtends(_ object: DocumentNode) -> Bool {
        guard let own = object["properties"]?.object, !own.entries.isEmpty, let entries = self.object?.entries,
            schemaTypes.allSatisfy({ $0 == "object" })
        else { return false }
        return entries.allSatisfy { key, value in
            switch key {
            case "type", "required", "minProperties", "maxProperties", "not": true
            case "properties": value.object != nil
            default: DocumentNode.isAnnotation(key)
            }
        }
    }

    /// The values a schema lists, each with the title and description it has: an `enum`, or a
    /// `oneOf`/`anyOf` whose every choice is a `const` (how JSON Schema documents each value of an
    /// enumeration).
    var enumeratedValues: [(value: DocumentNode, title: String?, doc: String?)]? {
        if let values = self["enum"]?.array, !values.isEmpty { return values.map { ($0, nil, nil) } }
        return constantChoices
    }

    private var constantChoices: [(value: DocumentNode, title: String?, doc: String?)]? {
        guard let choices = (self["oneOf"] ?? self["anyOf"])?.array else { return nil }
        var values: [(value: DocumentNode, title: String?, doc: String?)] = []
        for choice in choices where choice.schemaTypes != ["null"] {
            guard let constant = choice["const"],
                choice.object?.entries.allSatisfy({
                    $0.key == "const" || $0.key == "type" || DocumentNode.isAnnotation($0.key)
                }) == true
            else { return nil }
            values.append((constant, choice["title"]?.string, choice["description"]?.string))
        }
        return values.isEmpty ? nil : values
    }

    /// The one value the schema allows: its `const`, or the only member of its `enum` (how documents write
    /// a kind's `type`).
    var onlyValue: DocumentNode? {
        if let constant = self["const"] { return constant }
        guard let values = self["enum"]?.array, values.count == 1 else { return nil }
        return values.first
    }

    /// The raw type of an `enum` (or constants) of strings, integers or numbers (`null` allowed among them).
    var enumRawType: String? {
        let values = enumeratedValues?.map(\.value) ?? []
        if values.allSatisfy({ $0.string != nil || $0.value.isNull }) { return "Swift.String" }
        if values.allSatisfy({ if case .integer = $0.value { true } else { $0.value.isNull } }) { return "Swift.Int" }
        if values.allSatisfy({ $0.numberText != nil || $0.value.isNull }) { return "Swift.Double" }
        return nil
    }
}
