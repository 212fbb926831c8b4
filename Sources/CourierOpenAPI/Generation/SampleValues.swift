import Foundation

/// JSON values for samples: the document's example where it gives one, otherwise a value made to fit the
/// schema (required properties, the first enum value, formats, lengths, bounds and simple patterns).
struct SampleValues {
    /// Resolves `$ref`s.
    let models: ModelBuilder
    /// Whether an object inside the value, none of whose properties is required, gets its first one:
    /// a form body writes `{}` as nothing (a `deepObject` field of no members is no field), so an empty
    /// object the schema requires would be missing.
    var fillsNestedObjects = false
    /// Whether the value itself, when an object none of whose properties is required, gets its first one
    /// too: a parameter's `{}` is written as nothing (an empty path segment, no query field), and a
    /// required parameter would be missing.
    var fillsObjects = false
    /// How many objects the value being made has past `filledDepth` (see `requiredDepth`).
    private let deepObjects = Counter()

    /// A count shared by the copies of the samples' settings.
    private final class Counter {
        var count = 0
    }

    /// The JSON text of `example`, or of a value made for `schema`. A request's (`forRequest`) leaves out
    /// the properties the schema marks `readOnly`, which a server refuses to be sent, examples included.
    /// An example of another kind than the schema's type (an array parameter's written as the text it is
    /// sent as, Asana's `"221693,506165"`) would not decode as the generated type: a value is made instead.
    func json(for schema: DocumentNode?, example: DocumentNode?, forRequest: Bool = false) -> String {
        guard let schema else { return example?.sampleJSON() ?? "{}" }
        deepObjects.count = 0
        guard let example, fits(example, schema) else { return value(for: schema, depth: 0, forRequest: forRequest) }
        return forRequest ? withoutReadOnly(example, schema: schema, depth: 0).sampleJSON() : example.sampleJSON()
    }

    /// `value` without the members that `schema` (through `$ref`s, `allOf`, array items and the
    /// `oneOf`/`anyOf` choice the value is) marks `readOnly`, and with those it requires and leaves out.
    private func withoutReadOnly(_ value: DocumentNode, schema: DocumentNode, depth: Int) -> DocumentNode {
        guard depth < 16 else { return value }
        let schema = models.dereferenced(schema) ?? schema
        switch value.value {
        case .array(let items):
            guard let itemSchema = schema["items"] else { return value }
            let kept = items.map { withoutReadOnly($0, schema: itemSchema, depth: depth + 1) }
            return DocumentNode(value: .array(kept), location: value.location)
        case .object(let object):
            let properties = ObjectProperties(of: schema, models: models)
            var kept = DocumentObject()
            // The values of a map (Square's bulk requests: `values` of ids to objects whose `key` is read-only)
            // are read by its `additionalProperties`.
            let additional = schema["additionalProperties"].flatMap { $0.object != nil ? $0 : nil }
            for (key, member) in object.entries {
                guard let property = properties[key] else {
                    guard let additional else {
                        kept.set(member, for: key)
                        continue
                    }
                    // An entry of another kind than the map's values (Okta's permission conditions: lists,
                    // in a map of objects) is left out: the model would not read it.
                    guard let member = fitted(member, to: additional, isRequired: false) else { continue }
                    kept.set(withoutReadOnly(member, schema: additional, depth: depth + 1), for: key)
                    continue
                }
                if property.isReadOnly { continue }
                let isRequired = properties.required.contains(key)
                // A property that parts of an `allOf` each declare is each one's (Okta's SMS factor: a
                // `profile` object in one part, one whose phone number has a pattern in the other).
                let others = property.declarations.dropFirst()
                if !isRequired, !others.allSatisfy({ fits(member, $0) }) { continue }
                guard let member = fitted(member, to: property.schema, isRequired: isRequired) else { continue }
                var result = withoutReadOnly(member, schema: property.schema, depth: depth + 1)
                for other in others { result = withoutReadOnly(result, schema: other, depth: depth + 1) }
                kept.set(result, for: key)
            }
            // A required member the example leaves out (PagerDuty's post updates without their `post`)
            // is made: without it the model does not read the example, and the server refuses it.
            let sendable = { (key: String) in properties[key].flatMap { $0.isReadOnly ? nil : $0.schema } }
            fillMissing(
                properties.list.map(\.key).filter { properties.required.contains($0) }, in: &kept, depth: depth + 1,
                schema: sendable)
            guard let choice = choice(of: schema, for: kept) else {
                return DocumentNode(value: .object(kept), location: value.location)
            }
            // A choice that only requires members of the object around it (Intercom's visitor `user`:
            // `anyOf: [{required: [id]}, {required: [user_id]}]`) has what it requires, made from the
            // object's properties (with the values the choice allows, where it lists them).
            let resolvedChoice = models.dereferenced(choice) ?? choice
            if Self.onlyConstrains(resolvedChoice) || resolvedChoice.onlyExtends(schema) {
                fillMissing(
                    resolvedChoice["required"]?.array?.compactMap(\.string) ?? [], in: &kept, depth: depth + 1
                ) { key in sendable(key).map { resolvedChoice["properties"]?[key] ?? $0 } }
            }
            // An example that leaves out the discriminator (ElevenLabs' workflow conditions, whose `type`
            // each choice defaults) is given the value of the choice it is read as: the server reads the
            // discriminator to know the choice, and the model to know what to keep.
            if let (key, named) = discriminator(of: schema, for: choice), kept[key] == nil {
                kept.set(DocumentNode(value: .string(named), location: value.location), for: key)
            }
            let result = DocumentNode(value: .object(kept), location: value.location)
            return withoutReadOnly(result, schema: choice, depth: depth + 1)
        default:
            return value
        }
    }

    /// The choice of `schema`'s `oneOf`/`anyOf` that `object` is: the one its discriminator's value names
    /// (by the mapping, or by the schema's name), else the first that fits it best: declares every member
    /// of the object, allows its values where it lists them (an example's `"type": "scheme"` is Adyen's
    /// card choice, not the Apple Pay one before it whose `type` allows only `applepay`), and finds every
    /// member it requires; else the first.
    private func choice(of schema: DocumentNode, for object: DocumentObject) -> DocumentNode? {
        let choices = (schema["oneOf"] ?? schema["anyOf"])?.array?.filter { $0["type"]?.string != "null" } ?? []
        guard let first = choices.first else { return nil }
        if let key = schema["discriminator"]?["propertyName"]?.string, let named = object[key]?.string {
            let mapped = schema["discriminator"]?["mapping"]?[named]?.string
            let found = choices.first { choice in
                guard let reference = choice["$ref"]?.string else { return false }
                return reference == mapped || JSONPointer.tokens(reference).last == named
            }
            if let found { return found }
        }
        var best = (choice: first, score: -1)
        // A choice that extends the object around it declares what that object declares too.
        let around = ObjectProperties(of: schema, models: models)
        for choice in choices {
            let properties = ObjectProperties(of: choice, models: models)
            let extends = choice.onlyExtends(schema)
            guard object.keys.allSatisfy({ properties[$0] != nil || (extends && around[$0] != nil) }) else { continue }
            let allowsValues = object.entries.allSatisfy { key, member in
                properties[key].map { allows(member, $0.schema) } ?? true
            }
            let findsRequired = properties.required.allSatisfy { object[$0] != nil }
            let score = (allowsValues ? 2 : 0) + (findsRequired ? 1 : 0)
            if score > best.score { best = (choice, score) }
        }
        return best.choice
    }

    /// Whether `schema` (through a `$ref`) allows `value` where it lists what it allows (`enum`, `const`).
    func allows(_ value: DocumentNode, _ schema: DocumentNode) -> Bool {
        let schema = models.dereferenced(schema) ?? schema
        if let constant = schema["const"] { return constant.sampleJSON() == value.sampleJSON() }
        guard let listed = schema["enum"]?.array, !listed.isEmpty else { return true }
        let text = value.sampleJSON()
        return listed.contains { $0.sampleJSON() == text }
    }

    /// A value made for `schema` (a request's without `readOnly` properties); an object's `naming`
    /// member, when given, is set to its value (a discriminator's, for the choice made). A `oneOf`
    /// choice's object (`isChoice`) also has its optional properties that allow only listed values (`enum`,
    /// `const`): choices that require nothing the others refuse are told apart by them (a `type` of
    /// `[card]` against one of `[bank]`), and an empty object would match several; with `fillsMembers`,
    /// all its properties (see `unionValue`).
    private func value(
        for schema: DocumentNode, depth: Int, forRequest: Bool, naming: (key: String, value: String)? = nil,
        isChoice: Bool = false, fillsMembers: Bool = false
    ) -> String {
        // A `required` beside a `$ref` is the value's too: OpenAPI 3.1 applies what is beside a reference
        // (Lago's create inputs require some members of a shared base input), and 3.0 documents that write
        // it mean it as well (Front's article patches), though 3.0 says to ignore it.
        let requiredBeside = schema["$ref"] == nil ? [] : schema["required"]?.array?.compactMap(\.string) ?? []
        // A schema that is, through `allOf` and choices, a part of itself (`A: {allOf: [A]}`) has no value.
        guard depth < 24, let schema = models.dereferenced(schema) else { return "null" }
        // A null example or default of a schema that allows more (Algolia's `platform`, `default: null`, in a
        // list a query parameter writes) says nothing of the value's shape: a value of it is made instead.
        if let example = schema["example"] ?? schema["examples"]?.array?.first, !example.value.isNull,
            fits(example, schema)
        {
            return forRequest ? withoutReadOnly(example, schema: schema, depth: 0).sampleJSON() : example.sampleJSON()
        }
        if let constant = schema["const"] { return constant.sampleJSON() }
        if let first = schema["enum"]?.array?.first(where: { !$0.value.isNull }) { return first.sampleJSON() }
        if let fallback = schema["default"], !fallback.value.isNull, fits(fallback, schema) {
            return fallback.sampleJSON()
        }
        if schema.schemaTypes == ["null"] { return "null" }
        // A reference with a description of its own (`allOf: [$ref: ReasonCode]`, Plaid's) is its part.
        if let (part, _) = schema.wrappedPart {
            return value(
                for: part, depth: depth + 1, forRequest: forRequest, naming: naming, isChoice: isChoice,
                fillsMembers: fillsMembers)
        }
        var alsoRequired = requiredBeside
        var refined: [String: DocumentNode] = [:]
        let refines = { (choice: DocumentNode) in Self.onlyConstrains(choice) || choice.onlyExtends(schema) }
        if let choices = (schema["oneOf"] ?? schema["anyOf"])?.array,
            let choice = choices.first(where: { $0["type"]?.string != "null" })
        {
            // A choice that only constrains or refines the object around it (`anyOf: [{required: [a]},
            // {required: [b]}]`; Xero's `{required: [workplacePostcode], properties: {niCategory: {enum:
            // [F, I]}}}`) is not a value of its own: the object, with what the choice requires and the
            // values it allows.
            guard refines(choice), schema["properties"] != nil else {
                return unionValue(of: schema, first: choice, forRequest: forRequest) { choice, fillsMembers in
                    // With the members the schema declares beside its choices, as the generated type has them.
                    let whole = schema.unionChoices == nil ? nil : models.withSharedMembers(of: schema, in: choice)
                    return value(
                        for: whole ?? choice, depth: depth + 1, forRequest: forRequest,
                        naming: discriminator(of: schema, for: choice), isChoice: schema["oneOf"] != nil,
                        fillsMembers: fillsMembers)
                }
            }
            // Of such choices, in each of `oneOf` and `anyOf` (3GPP's subscriptions have both), the first
            // whose required members the object declares (a choice requiring an undeclared name cannot be
            // met by the model's value).
            let declared = ObjectProperties(of: schema, models: models)
            for keyword in ["oneOf", "anyOf"] {
                guard let met = metChoice(of: (schema[keyword]?.array ?? []).filter(refines), declared: declared)
                else { continue }
                alsoRequired += met["required"]?.array?.compactMap(\.string) ?? []
                for (key, property) in met["properties"]?.object?.entries ?? [] where isEnumerated(property) {
                    refined[key] = property
                }
            }
        }
        // An `allOf` part that is a union of objects (TGI's chat message: `content` or `tool_calls`, and a
        // `role`; 3GPP's record: one of two ids and any of two lists): the value is its choice too, and has
        // what that choice requires.
        if let parts = schema["allOf"]?.array {
            let declared = ObjectProperties(of: schema, models: models)
            for part in parts {
                guard let part = models.dereferenced(part) else { continue }
                for keyword in ["oneOf", "anyOf"] {
                    let choices = (part[keyword]?.array ?? []).compactMap { models.dereferenced($0) }
                    guard let met = metChoice(of: choices, declared: declared) else { continue }
                    alsoRequired += met["required"]?.array?.compactMap(\.string) ?? []
                }
            }
        }
        let kinds = (schema["type"]?.string.map { [$0] } ?? schema["type"]?.array?.compactMap(\.string) ?? [])
            .filter { $0 != "null" }
        // Without a `type`, the kind the model is read as: an object of properties, a list of `items` (3GPP's
        // lists say `items` and `minItems` alone), a map of `additionalProperties`.
        let kind =
            kinds.first
            ?? (schema["properties"] != nil || schema["allOf"] != nil
                ? "object"
                : schema["items"] != nil && schema["items"]?["anyOf"] == nil
                    ? "array" : schema["additionalProperties"]?.object != nil ? "object" : nil)
        switch kind {
        case "string": return SwiftNames.jsonString(string(for: schema))
        case "integer": return integer(for: schema)
        case "number": return integer(for: schema)
        case "boolean": return "true"
        case "array":
            // Deep in the value a list has only the items it must (HubSpot's list filters: each branch
            // requires its lists of branches and filters, which a made item would fill past the depth where
            // objects are left empty, and invalid).
            let least = Int(schema["minItems"]?.numberText ?? "0") ?? 0
            guard depth < (least > 0 ? Self.requiredDepth : Self.filledDepth), let items = schema["items"] else {
                return "[]"
            }
            if least == 0 && depth >= 5 { return "[]" }
            let count = max(1, least)
            let item = value(for: items, depth: depth + 1, forRequest: forRequest)
            return "[" + (0..<min(count, 3)).map { Self.variant(item, $0) }.joined(separator: ",") + "]"
        case "object":
            guard depth < Self.requiredDepth else { return "{}" }
            // Past the depth where objects are filled in, an object has only what it requires, and only
            // so many of them are made.
            let isDeep = depth >= Self.filledDepth
            if isDeep {
                guard deepObjects.count < Self.deepObjectLimit else { return "{}" }
                deepObjects.count += 1
            }
            let properties = ObjectProperties(of: schema, models: models)
            let required = properties.required.union(alsoRequired)
            let sendable = properties.list.filter { !(forRequest && $0.isReadOnly) }
            var chosen = sendable.filter { property in
                (fillsMembers || required.contains(property.key)
                    || (isChoice && !isDeep && isEnumerated(property.schema))) && property.key != naming?.key
            }
            if chosen.isEmpty, naming == nil, !isDeep, fillsObjects || (fillsNestedObjects && depth > 0),
                let first = sendable.first
            {
                chosen = [first]
            }
            // As many members as `minProperties` asks (Figma's variables update: `{}` is refused).
            let least = Int(schema["minProperties"]?.numberText ?? "0") ?? 0
            for property in sendable where chosen.count + (naming == nil ? 0 : 1) < least {
                if !chosen.contains(where: { $0.key == property.key }) && property.key != naming?.key {
                    chosen.append(property)
                }
            }
            var fields = chosen.map { property in
                SwiftNames.jsonString(property.key) + ":"
                    + value(for: refined[property.key] ?? property.schema, depth: depth + 1, forRequest: forRequest)
            }
            let named = naming.map { [SwiftNames.jsonString($0.key) + ":" + SwiftNames.jsonString($0.value)] } ?? []
            let extra = schema["additionalProperties"].flatMap { ($0.object?.count ?? 0) > 0 ? $0 : nil }
            // The keys a map requires (Adzerk's queued report: `type: object` and `required` alone) and what
            // the value requires beside its `$ref`, which the object's properties do not list, of the map's
            // values (any value, where it does not say).
            let written = Set(chosen.map(\.key) + [naming?.key].compactMap { $0 })
            if schema["additionalProperties"]?.bool != false {
                let listed = (schema["required"]?.array?.compactMap(\.string) ?? []) + alsoRequired
                var missing: [String] = []
                for key in listed + properties.required.sorted()
                where properties[key] == nil && !written.contains(key) && !missing.contains(key) {
                    missing.append(key)
                }
                for key in missing {
                    let entry = extra.map { value(for: $0, depth: depth + 1, forRequest: forRequest) } ?? "\"sample\""
                    fields.append(SwiftNames.jsonString(key) + ":" + entry)
                }
            }
            // A map's entries, when it must have some (ElevenLabs' transcript `segments`), and one in a map
            // that is a `oneOf` choice: an empty object is every map, and `oneOf` refuses a value several
            // choices accept (3GPP's alarm patches: a map of clearings or a map of acknowledgements).
            if let extra, depth < Self.requiredDepth {
                let entry = value(for: extra, depth: depth + 1, forRequest: forRequest)
                let wanted = isChoice && fields.isEmpty && named.isEmpty ? max(least, 1) : least
                for index in 0..<max(0, wanted - fields.count - named.count) {
                    fields.append(SwiftNames.jsonString("key\(index + 1)") + ":" + entry)
                }
            }
            // A free-form object with all its members is one with a member (FreeFormModel, told apart from
            // a choice that allows no other members than its own).
            if fillsMembers, fields.isEmpty, named.isEmpty, properties.list.isEmpty, extra == nil,
                schema["additionalProperties"]?.bool != false
            {
                fields.append(SwiftNames.jsonString("key1") + ":" + SwiftNames.jsonString("sample"))
            }
            return "{" + (named + fields).joined(separator: ",") + "}"
        default:
            return kinds.isEmpty && schema.object?.count == 0 ? "{}" : "\"sample\""
        }
    }

    /// How deep in a made value objects get their members and lists their items.
    private static let filledDepth = 8
    /// How deep the members an object requires and the items a list must have are still made, past
    /// `filledDepth` (JSON:API documents nest resource objects that require theirs: Klaviyo's bulk event
    /// job holds `data.attributes.events-bulk-create.data[].attributes.profile.data.attributes`); deeper,
    /// an object is empty and a list too.
    private static let requiredDepth = 12
    /// How many objects a value has past `filledDepth`: a schema that requires several copies of itself
    /// (which no finite value satisfies) would otherwise multiply them at every level.
    private static let deepObjectLimit = 64

    /// The discriminator's property of a `oneOf`/`anyOf` and its value for `choice`: the mapping's key
    /// for the choice's reference, or the name the reference ends with. A server that validates reads
    /// the property to know which choice to check the value against.
    private func discriminator(of schema: DocumentNode, for choice: DocumentNode) -> (key: String, value: String)? {
        guard let key = schema["discriminator"]?["propertyName"]?.string, let reference = choice["$ref"]?.string
        else { return nil }
        // The value the choice itself allows (`role: {enum: [developer]}`) first: a mapping, or the
        // schema's name, is what the server reads, but a choice that constrains the property has the last word.
        let own = ObjectProperties(of: choice, models: models)[key]?.declarations
            .compactMap { models.dereferenced($0)?.onlyValue?.string }.last
        if let own { return (key, own) }
        let mapped = schema["discriminator"]?["mapping"]?.object?.entries.first { $0.value.string == reference }?.key
        return (key, mapped ?? JSONPointer.tokens(reference).last ?? "")
    }

    /// Whether `example` is of a kind that `schema`'s `type` names (without one, that its `properties` or
    /// `items` make it; any, when none; `null` always, and a number for an integer, which a generated type
    /// reads when it has no fraction); a list's elements of the kind its `items` names (GitHub's SCIM
    /// `emails`, objects, exemplified by strings).
    private func fits(_ example: DocumentNode, _ schema: DocumentNode, depth: Int = 0) -> Bool {
        let schema = models.dereferenced(schema) ?? schema
        // A value the schema does not list (Xero's `ACTIVE` for `Active`) is refused by a server.
        if !example.value.isNull, !allows(example, schema) { return false }
        // A union's value fits one of its choices (Meilisearch's log `mode`, `oneOf: [LogMode]` whose
        // `default: Human` LogMode does not list); a choice that is the union again ends the look.
        if !example.value.isNull, let choices = (schema["oneOf"] ?? schema["anyOf"])?.array, !choices.isEmpty,
            depth < 8,
            !choices.contains(where: { fits(example, $0, depth: depth + 1) })
        {
            return false
        }
        var types = schema.schemaTypes
        // Without a `type`, the kind the model is read as: an object of `properties` (pb33f's burger header
        // parameter, exemplified by a text), a list of `items`.
        if types.isEmpty, schema["properties"]?.object?.count ?? 0 > 0 {
            types = ["object"]
        } else if types.isEmpty, schema["items"] != nil {
            types = ["array"]
        }
        // HubSpot writes `example: null` on every property and parameter, nullable or not, unions included.
        if example.value.isNull { return schema.isNullableSchema || (types.isEmpty && Self.onlyConstrains(schema)) }
        guard !types.isEmpty else { return true }
        switch example.value {
        case .null: return schema.isNullableSchema
        case .bool: return types.contains("boolean")
        case .integer, .number:
            return (types.contains("integer") || types.contains("number")) && Self.isWithinBounds(example, schema)
        case .string(let text):
            return types.contains("string") && Self.hasFormat(text, schema.stringFormat)
                && Self.isWithinBounds(text, schema)
        case .array(let elements):
            guard types.contains("array") else { return false }
            // OpenFGA's `user_filters` example lists two where `maxItems` allows one.
            let count = { (key: String) in schema[key]?.numberText.flatMap(Int.init) }
            if let least = count("minItems"), elements.count < least { return false }
            if let most = count("maxItems"), elements.count > most { return false }
            guard let items = schema["items"] else { return true }
            return elements.allSatisfy { fits($0, items, depth: depth + 1) }
        case .object: return types.contains("object")
        }
    }

    /// `member` as a property of `schema` reads it: itself when of its kind; in a list of one when the
    /// schema is a list of its kind (a form body's example writes a repeated field's one value as the
    /// value, Twilio's `"Permission": "sendMessage"`); when of another kind, or not of its format (Xero's
    /// `dateOfBirth: 1999-01-01T00:00:00Z` for a `date`), left out (nil) when optional, and a value made
    /// for the schema when required.
    private func fitted(_ member: DocumentNode, to schema: DocumentNode, isRequired: Bool) -> DocumentNode? {
        if fits(member, schema) { return member }
        let resolved = models.dereferenced(schema) ?? schema
        if let items = resolved["items"], fits(member, items) {
            return DocumentNode(value: .array([member]), location: member.location)
        }
        guard isRequired else { return nil }
        return madeNode(for: schema, depth: 1) ?? member
    }

    /// Sets in `object` a value made for each of `keys` it lacks, of the schema `schema` gives for the key
    /// (`nil`: one a request does not send).
    private func fillMissing(
        _ keys: [String], in object: inout DocumentObject, depth: Int, schema: (String) -> DocumentNode?
    ) {
        for key in keys where object[key] == nil {
            guard let schema = schema(key), let node = madeNode(for: schema, depth: depth) else { continue }
            object.set(node, for: key)
        }
    }

    /// A request's value made for `schema`, as a node.
    private func madeNode(for schema: DocumentNode, depth: Int) -> DocumentNode? {
        try? JSONReader.read(Array(value(for: schema, depth: depth, forRequest: true).utf8), file: "")
    }

    /// Whether `text` is of `format` where a server or the model checks it (`date`, `date-time`, `uuid`,
    /// base64 for `byte` and `binary`, a scheme for `uri`); any text is of another format.
    static func hasFormat(_ text: String, _ format: String?) -> Bool {
        let pattern: String
        switch format {
        case "date": pattern = #"^\d{4}-\d{2}-\d{2}$"#
        // Twilio's examples give `""` and `myUrl` for URLs a validator reads as absolute.
        case "uri", "url", "iri": pattern = #"^[A-Za-z][A-Za-z0-9+.-]*:"#
        case "date-time": pattern = #"^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$"#
        case "uuid": return UUID(uuidString: text) != nil
        // Read as `Data` from base64 (ReadMe's defaults are data URLs: `data:text/plain;…;base64,dGVzdDE=`).
        case "byte", "binary": return Data(base64Encoded: text) != nil
        default: return true
        }
        return text.range(of: pattern, options: .regularExpression) != nil
    }

    /// Whether `text` is as long as `schema` allows (`minLength`, `maxLength`, in Unicode code points as
    /// JSON Schema counts) and matches its `pattern` where ICU reads it (PayPal's `start_time` example,
    /// `Current date and time`, for a pattern of a timestamp).
    static func isWithinBounds(_ text: String, _ schema: DocumentNode) -> Bool {
        let length = text.unicodeScalars.count
        if let minimum = schema["minLength"]?.numberText.flatMap(Int.init), length < minimum { return false }
        if let maximum = schema["maxLength"]?.numberText.flatMap(Int.init), length > maximum { return false }
        guard let pattern = schema["pattern"]?.string, let expression = try? NSRegularExpression(pattern: pattern)
        else { return true }
        return Self.matches(text, expression)
    }

    /// Whether `expression` finds a match anywhere in `text`, as a JSON Schema `pattern` is read.
    private static func matches(_ text: String, _ expression: NSRegularExpression) -> Bool {
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// Whether a number is within `schema`'s `minimum` and `maximum`, exclusive ones (3.0's flags, 3.1's
    /// numbers) included.
    static func isWithinBounds(_ number: DocumentNode, _ schema: DocumentNode) -> Bool {
        guard let value = number.numberText.flatMap(Double.init) else { return true }
        let bound = { (key: String) in schema[key]?.numberText.flatMap(Double.init) }
        if let minimum = bound("minimum") {
            if value < minimum || (schema["exclusiveMinimum"]?.bool == true && value == minimum) { return false }
        }
        if let maximum = bound("maximum") {
            if value > maximum || (schema["exclusiveMaximum"]?.bool == true && value == maximum) { return false }
        }
        if let minimum = bound("exclusiveMinimum"), value <= minimum { return false }
        if let maximum = bound("exclusiveMaximum"), value >= maximum { return false }
        return true
    }

    /// Whether `schema` (through a `$ref`) allows a list of values: an `enum` or a `const`.
    private func isEnumerated(_ schema: DocumentNode) -> Bool {
        let schema = models.dereferenced(schema) ?? schema
        return schema["enum"]?.array?.isEmpty == false || schema["const"] != nil
    }

    /// Of `choices`, the first that is no `null` and whose required members `declared` has (one that
    /// requires a name the object does not declare cannot be met by the model's value: 3GPP's
    /// `mlModelIdnfo` beside the declared `mlModelInfo`), else the first that is no `null`.
    private func metChoice(of choices: [DocumentNode], declared: ObjectProperties) -> DocumentNode? {
        let present = choices.filter { $0["type"]?.string != "null" }
        return present.first { choice in
            (choice["required"]?.array?.compactMap(\.string) ?? []).allSatisfy { declared[$0] != nil }
        } ?? present.first
    }

    /// Whether `schema` only constrains the value around it: no type, properties, reference or parts.
    private static func onlyConstrains(_ schema: DocumentNode) -> Bool {
        ["$ref", "type", "properties", "allOf", "oneOf", "anyOf", "items", "enum", "const"].allSatisfy {
            schema[$0] == nil
        }
    }

    /// The `index`th of distinct values like `json` (for `uniqueItems`): numbers and digit strings count
    /// up, other strings get a number appended.
    private static func variant(_ json: String, _ index: Int) -> String {
        guard index > 0 else { return json }
        if let number = Int64(json) { return String(number + Int64(index)) }
        if json.hasPrefix("\""), json.hasSuffix("\""), json.count >= 2 {
            let text = String(json.dropFirst().dropLast())
            if let number = Int64(text) { return "\"\(number + Int64(index))\"" }
            // A UUID stays one (RallyHere's players to swap: `format: uuid`, read as `UUID`): its last
            // digit changes. A date or a time stamp stays one: its day changes.
            if UUID(uuidString: text) != nil, let last = text.last?.hexDigitValue {
                return "\"\(text.dropLast())\(String((last + index) % 16, radix: 16))\""
            }
            let characters = Array(text)
            if characters.count >= 10, characters[4] == "-", characters[7] == "-",
                let day = Int(String(characters[8..<10])), characters[0..<4].allSatisfy(\.isNumber)
            {
                let next = (day - 1 + index) % 28 + 1
                return "\"" + String(characters[0..<8]) + (next < 10 ? "0" : "") + "\(next)"
                    + String(characters[10...]) + "\""
            }
            return "\"\(text)\(index + 1)\""
        }
        return json
    }

    private func string(for schema: DocumentNode) -> String {
        let minimum = Int(schema["minLength"]?.numberText ?? "0") ?? 0
        let maximum = Int(schema["maxLength"]?.numberText ?? "") ?? Int.max
        var candidates: [String]
        switch schema.stringFormat {
        case "date-time": candidates = ["2024-01-01T00:00:00Z"]
        case "date": candidates = ["2024-01-01"]
        // JSON Schema's `time` is RFC 3339's, with an offset; a pattern may want it without.
        case "time": candidates = ["00:00:00Z", "00:00:00"]
        // JSON Schema's `duration` is ISO 8601's (Qovery's alert rules).
        case "duration": candidates = ["PT1M", "P1D"]
        case "uuid": candidates = ["3fa85f64-5717-4562-b3fc-2c963f66afa6"]
        case "email", "idn-email": candidates = ["user@example.com"]
        case "uri", "url", "uri-reference", "iri", "iri-reference": candidates = ["https://example.com/"]
        case "uri-template": candidates = ["https://example.com/{id}"]
        case "json-pointer": candidates = ["/sample"]
        case "relative-json-pointer": candidates = ["0"]
        case "regex": candidates = ["^sample$"]
        case "hostname", "idn-hostname": candidates = ["example.com"]
        case "ipv4": candidates = ["192.0.2.1"]
        case "ipv6": candidates = ["2001:db8::1"]
        // Both are `Data` in the model, which reads a JSON string as base64: text that is not base64 would
        // not decode, and the sample would be left out.
        case "byte", "binary": candidates = ["c2FtcGxl"]
        default: candidates = ["sample", "1", "a", "A1", "sample-1", "2024-01-01", "abc123", "0"]
        }
        // A pattern ICU does not compile (a literal `{` where ICU wants a quantifier, which JSON Schema's
        // ECMA-262 and Python read as a brace: ReadMe's `^(?:{[0-9a-fA-F]{4}…})$`) is sampled unchecked.
        if let pattern = schema["pattern"]?.string, (try? NSRegularExpression(pattern: pattern)) == nil,
            let made = PatternSample.text(matching: pattern), made.count >= minimum, made.count <= maximum
        {
            return made
        }
        // Each candidate made as long as the schema allows: longer by its last character again (`1111111`
        // where seven digits are the least), or cut.
        candidates = candidates.map { candidate in
            var text = candidate
            if let last = text.last, text.count < minimum {
                text += String(repeating: last, count: minimum - text.count)
            }
            return text.count > maximum ? String(text.prefix(max(maximum, 0))) : text
        }
        if let pattern = schema["pattern"]?.string, let expression = try? NSRegularExpression(pattern: pattern) {
            let fits = candidates.first { Self.matches($0, expression) }
            if let fits { return fits }
            if let made = PatternSample.text(matching: pattern), made.count >= minimum, made.count <= maximum,
                Self.matches(made, expression)
            {
                return made
            }
        }
        var text = candidates.first ?? "sample"
        while text.count < minimum { text += "x" }
        if text.count > maximum { text = String(text.prefix(max(maximum, 0))) }
        return text
    }

    private func integer(for schema: DocumentNode) -> String {
        let minimum = schema["minimum"]?.numberText.flatMap(Double.init)
        let maximum = schema["maximum"]?.numberText.flatMap(Double.init)
        var value = 1.0
        if let minimum { value = max(value, minimum.rounded(.up)) }
        if schema["exclusiveMinimum"]?.bool == true, let minimum, value <= minimum { value = minimum + 1 }
        if let exclusive = schema["exclusiveMinimum"]?.numberText.flatMap(Double.init), value <= exclusive {
            value = exclusive.rounded(.down) + 1
        }
        if let maximum, value > maximum { value = maximum.rounded(.down) }
        if let multiple = schema["multipleOf"]?.numberText.flatMap(Double.init), multiple > 0 {
            value = (value / multiple).rounded(.up) * multiple
        }
        return value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}

extension DocumentNode {
    /// The node as compact JSON text.
    func sampleJSON() -> String { jsonText(indent: 0) }
}

extension SwiftNames {
    /// A JSON string literal of `text`.
    static func jsonString(_ text: String) -> String {
        DocumentNode(value: .string(text), location: SourceLocation(file: "", line: 1, column: 1)).jsonText(indent: 0)
    }
}
