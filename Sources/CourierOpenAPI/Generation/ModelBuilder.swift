/// Turns schemas into Swift types, collecting the models to write: one per component schema, and one
/// for each inline object, enumeration or union, named from where it appears.
final class ModelBuilder {
    /// The document (OpenAPI 3 shaped).
    let root: DocumentNode
    /// What was skipped.
    var warnings: [GenerationWarning] = []
    /// The models, in the order they were made.
    private(set) var models: [ModelDeclaration] = []
    /// Each model's place in `models`, by name.
    private var indexByName: [String: Int] = [:]
    private var typeNames = NameScope(reserved: SwiftNames.reservedTypeNames)
    /// The type each `$ref` target (by pointer) became; set before it is built, so cycles end.
    private var typesByPointer: [String: SwiftType] = [:]
    /// The type each inline schema (by pointer) became.
    private var inlineTypes: [String: (SwiftType, nullable: Bool)] = [:]
    /// The type each alias model (by name) stands for.
    private var aliases: [String: SwiftType] = [:]
    /// Where each union was declared, for a warning about its choices.
    private var unionPointers: [String: String] = [:]
    /// The union each event stream's schema (by pointer) became.
    private var eventUnions: [String: SwiftType] = [:]

    /// A builder for `root`; names every component schema first, so references to them are stable.
    init(root: DocumentNode, namespace: String) {
        self.root = root
        _ = typeNames.unique(namespace)
        for (key, _) in root["components"]?["schemas"]?.object?.entries ?? [] {
            let pointer = JSONPointer.make(["components", "schemas", key])
            typesByPointer[pointer] = .model(typeNames.unique(SwiftNames.typeName(key)))
        }
    }

    /// Builds every component schema, in document order.
    func buildComponents() {
        for (key, schema) in root["components"]?["schemas"]?.object?.entries ?? [] {
            let pointer = JSONPointer.make(["components", "schemas", key])
            guard case .model(let name)? = typesByPointer[pointer] else { continue }
            declare(schema, name: name, pointer: pointer)
        }
    }

    /// The Swift type of `schema` met at `pointer`, an inline model named `suggestedName` if it needs one.
    /// The second value says whether the schema allows `null`.
    func type(of schema: DocumentNode, suggestedName: String, pointer: String) -> (SwiftType, nullable: Bool) {
        if let reference = schema["$ref"]?.string {
            if let known = typesByPointer[reference] { return (known, resolve(reference)?.isNullableSchema == true) }
            guard let target = resolve(reference) else {
                warnings.append(
                    GenerationWarning(pointer: pointer, message: "unresolved $ref \(reference); left free-form"))
                return (.freeForm, false)
            }
            if target.needsModel {
                let name = typeNames.unique(SwiftNames.typeName(Self.referenceName(reference) ?? suggestedName))
                typesByPointer[reference] = .model(name)
                declare(target, name: name, pointer: reference)
                return (.model(name), target.isNullableSchema)
            }
            let (type, nullable) = self.type(of: target, suggestedName: suggestedName, pointer: reference)
            typesByPointer[reference] = type
            return (type, nullable)
        }
        // One schema, one type: an inline schema met again at the same place (a shared response or
        // parameter of `components`, used by many operations) is the type made the first time.
        if let known = inlineTypes[pointer] { return known }
        let built = inlineType(of: schema, suggestedName: suggestedName, pointer: pointer)
        inlineTypes[pointer] = built
        return built
    }

    private func inlineType(of schema: DocumentNode, suggestedName: String, pointer: String) -> (
        SwiftType, nullable: Bool
    ) {
        if let (part, index) = schema.wrappedPart {
            let (type, nullable) = self.type(
                of: part, suggestedName: suggestedName, pointer: "\(pointer)/allOf/\(index)")
            return (type, nullable || schema.isNullableSchema)
        }
        let nullable = schema.isNullableSchema
        if schema.needsModel {
            let name = typeNames.unique(SwiftNames.typeName(suggestedName))
            inlineTypes[pointer] = (.model(name), nullable)
            declare(schema, name: name, pointer: pointer)
            return (.model(name), nullable)
        }
        return (plainType(of: schema, suggestedName: suggestedName, pointer: pointer), nullable)
    }

    /// The union of server-sent events described at `pointer`, named `suggestedName`: made once, of the
    /// choices `choices` gives (their case names unique in `caseNames`); `nil` when it gives none.
    func eventUnion(
        at pointer: String, suggestedName: String, doc: String?,
        choices: (_ caseNames: inout NameScope) -> [UnionModel.Choice]
    ) -> SwiftType? {
        if let known = eventUnions[pointer] { return known }
        var caseNames = NameScope(reserved: ["unknown", "init"])
        let built = choices(&caseNames)
        guard !built.isEmpty else { return nil }
        let name = typeNames.unique(SwiftNames.typeName(suggestedName))
        add(.union(UnionModel(name: name, doc: doc, choices: built, discriminator: nil, isEventStream: true)))
        eventUnions[pointer] = .model(name)
        return .model(name)
    }

    /// The model declared as `name`.
    func model(named name: String) -> ModelDeclaration? {
        indexByName[name].map { models[$0] }
    }

    private func add(_ model: ModelDeclaration) {
        indexByName[model.name] = models.count
        models.append(model)
    }

    /// The node a local `$ref` points to.
    func resolve(_ reference: String) -> DocumentNode? {
        guard reference.hasPrefix("#") else { return nil }
        return root.resolve(pointer: reference)
    }

    /// The schema a chain of local `$ref`s ends at (`schema` itself without one); `nil` when one of them
    /// does not resolve.
    func dereferenced(_ schema: DocumentNode) -> DocumentNode? {
        var current = schema
        for _ in 0..<16 {
            guard let reference = current["$ref"]?.string else { return current }
            guard let target = resolve(reference) else { return nil }
            current = target
        }
        return current
    }

    /// Whether `schema`, the schema its `$ref`s lead to, or a part of its `allOf` sets `keyword`
    /// (`readOnly`, `writeOnly`): Okta's `_links` is an `allOf` of a read-only `LinksSelf` and more.
    func isMarked(_ schema: DocumentNode, _ keyword: String, depth: Int = 0) -> Bool {
        if schema[keyword]?.bool == true { return true }
        guard let resolved = dereferenced(schema) else { return false }
        if resolved[keyword]?.bool == true { return true }
        guard depth < 8, let parts = resolved["allOf"]?.array else { return false }
        return parts.contains { isMarked($0, keyword, depth: depth + 1) }
    }

    private func plainType(of schema: DocumentNode, suggestedName: String, pointer: String) -> SwiftType {
        if let (part, index) = schema.wrappedPart {
            return type(of: part, suggestedName: suggestedName, pointer: "\(pointer)/allOf/\(index)").0
        }
        if let choices = (schema["oneOf"] ?? schema["anyOf"])?.array,
            let only = choices.first(where: { $0.schemaTypes != ["null"] })
        {
            return type(
                of: withDiscriminator(of: schema, added: only) ?? only, suggestedName: suggestedName,
                pointer: pointer + "/oneOf/0"
            ).0
        }
        if let constant = schema["const"] {
            switch constant.value {
            case .string: return .string
            case .integer: return .builtin("Swift.Int")
            case .number: return .builtin("Swift.Double")
            case .bool: return .builtin("Swift.Bool")
            default: return .freeForm
            }
        }
        let kinds = schema.schemaTypes.filter { $0 != "null" }
        guard kinds.count == 1, let kind = kinds.first else {
            // `items` without a `type`: an array, unless its items are alternatives (Swagger 2.0's tuple
            // `items` as some documents misuse them, for "one of these"), which JSON Schema reads as any value.
            if kinds.isEmpty, let items = schema["items"] {
                return items["anyOf"] == nil ? arrayType(schema, suggestedName, pointer) : .freeForm
            }
            if kinds.isEmpty, let additional = schema["additionalProperties"], additional.object != nil {
                return dictionaryType(additional, suggestedName, pointer)
            }
            return .freeForm
        }
        switch kind {
        case "string":
            switch schema.stringFormat {
            case "date-time": return .builtin("Foundation.Date")
            case "date": return .builtin("OpenAPIDate")
            case "uuid": return .builtin("Foundation.UUID")
            case "byte", "binary": return .data
            default: return .string
            }
        case "integer":
            switch schema["format"]?.string {
            case "int32": return .builtin("Swift.Int32")
            case "int64": return .builtin("Swift.Int64")
            default: return .builtin("Swift.Int")
            }
        case "number":
            return schema["format"]?.string == "float" ? .builtin("Swift.Float") : .builtin("Swift.Double")
        case "boolean": return .builtin("Swift.Bool")
        case "array": return arrayType(schema, suggestedName, pointer)
        case "object":
            if let additional = schema["additionalProperties"], additional.object != nil {
                return dictionaryType(additional, suggestedName, pointer)
            }
            return .dictionary(.freeForm)
        default: return .freeForm
        }
    }

    private func arrayType(_ schema: DocumentNode, _ suggestedName: String, _ pointer: String) -> SwiftType {
        guard let items = schema["items"], items.object != nil else { return .array(.freeForm) }
        let (element, nullable) = type(of: items, suggestedName: suggestedName + "Item", pointer: pointer + "/items")
        return .array(nullable ? .optional(element) : element)
    }

    private func dictionaryType(_ additional: DocumentNode, _ suggestedName: String, _ pointer: String) -> SwiftType {
        let (value, nullable) = type(
            of: additional, suggestedName: suggestedName + "Value", pointer: pointer + "/additionalProperties")
        return .dictionary(nullable ? .optional(value) : value)
    }

    // MARK: - Declarations

    private func declare(_ schema: DocumentNode, name: String, pointer: String) {
        let doc = DocText.join(schema["title"]?.string, schema["description"]?.string)
        if let raw = schema.enumRawType, let values = schema.enumeratedValues {
            var caseNames = NameScope(reserved: ["rawValue", "init", "allCases"])
            let cases = values.compactMap { value, title, doc -> EnumerationModel.Case? in
                let literal: String
                var name: String
                switch value.value {
                case .string(let text):
                    literal = SwiftNames.literal(text)
                    name = SwiftNames.memberName(text.isEmpty ? "empty" : text)
                case .integer(let text), .number(let text):
                    literal = text
                    name = SwiftNames.memberName("value " + text.replacingOccurrences(of: "-", with: "minus "))
                default: return nil
                }
                // A documented constant's title (`TYPING_START`) names it better than its value (`1`).
                if let title, !title.isEmpty { name = SwiftNames.memberName(title) }
                return EnumerationModel.Case(name: caseNames.unique(name), literal: literal, doc: doc)
            }
            add(.enumeration(EnumerationModel(name: name, doc: doc, rawType: raw, cases: cases)))
            return
        }
        if let choices = schema.unionChoices {
            declareUnion(schema, choices: choices, name: name, doc: doc, pointer: pointer)
            return
        }
        if schema.needsModel {
            declareObject(schema, name: name, doc: doc, pointer: pointer)
            return
        }
        var type =
            schema["$ref"] != nil
            ? self.type(of: schema, suggestedName: name, pointer: pointer).0
            : plainType(of: schema, suggestedName: name, pointer: pointer)
        if aliasChain(from: type, reaches: name) {
            warnings.append(
                GenerationWarning(
                    pointer: pointer, message: "the schema is only a reference back to itself; left free-form"))
            type = .freeForm
        } else if case let replaced = replacingReferences(to: name, in: type), replaced != type {
            // A list or map of itself (`A: {type: array, items: A}`) cannot be a type alias of itself: the
            // inner reference is any value.
            warnings.append(
                GenerationWarning(
                    pointer: pointer, message: "a list or map of itself; its elements are left free-form"))
            type = replaced
        }
        aliases[name] = type
        add(.alias(name: name, doc: doc, type: type))
    }

    /// Whether following aliases from `type` comes back to `name` (a schema that only refers to itself,
    /// directly or through others that only refer).
    private func aliasChain(from type: SwiftType, reaches name: String) -> Bool {
        var current = type
        var visited = Set<String>()
        while case .model(let next) = current {
            if next == name { return true }
            guard visited.insert(next).inserted, let target = aliases[next] else { return false }
            current = target
        }
        return false
    }

    /// Leaves out of each union the choices that are the union itself through aliases (`A: {oneOf: [A,
    /// string]}`; `A: {allOf: [{oneOf: [A, B]}]}` with `B: {allOf: [A]}`): reading one would read the union
    /// again, forever. Called once every model is declared, when every alias is known.
    func leaveOutChoicesOfThemselves() {
        for index in models.indices {
            guard case .union(var union) = models[index] else { continue }
            let kept = union.choices.filter { !aliasChain(from: $0.type, reaches: union.name) }
            guard kept.count < union.choices.count else { continue }
            warnings.append(
                GenerationWarning(
                    pointer: unionPointers[union.name] ?? "", message: "a choice that is the schema itself; left out"))
            union.choices = kept
            models[index] = .union(union)
        }
    }

    /// `type` with what refers to `name` (through aliases, and the lists and maps they are: `A` a map of
    /// `B`, `B` a map of `A`, which no pair of type aliases can be) made free-form.
    private func replacingReferences(to name: String, in type: SwiftType) -> SwiftType {
        switch type {
        case .model:
            var visited = Set<String>()
            return refers(type, to: name, visited: &visited) ? .freeForm : type
        case .array(let inner): return .array(replacingReferences(to: name, in: inner))
        case .dictionary(let inner): return .dictionary(replacingReferences(to: name, in: inner))
        case .optional(let inner): return .optional(replacingReferences(to: name, in: inner))
        case .builtin: return type
        }
    }

    /// Whether `type` is `name`, or holds it, through the aliases it names and what they hold (not through
    /// a struct or a union, which may hold themselves).
    private func refers(_ type: SwiftType, to name: String, visited: inout Set<String>) -> Bool {
        switch type {
        case .model(let next):
            if next == name { return true }
            guard visited.insert(next).inserted, let target = aliases[next] else { return false }
            return refers(target, to: name, visited: &visited)
        case .array(let inner), .dictionary(let inner), .optional(let inner):
            return refers(inner, to: name, visited: &visited)
        case .builtin: return false
        }
    }

    private func declareUnion(
        _ schema: DocumentNode, choices written: [DocumentNode], name: String, doc: String?, pointer: String
    ) {
        // A reference listed again is the same choice (Stream's webhook events name their error event
        // once for each kind of export).
        var listed: Set<String> = []
        let choices = written.filter { choice in choice["$ref"]?.string.map { listed.insert($0).inserted } ?? true }
        var caseNames = NameScope(reserved: ["unknown"])
        let keyword = schema["oneOf"] != nil ? "oneOf" : "anyOf"
        var mapping: [String: [String]] = [:]
        for (value, reference) in schema["discriminator"]?["mapping"]?.object?.entries ?? [] {
            if let reference = reference.string { mapping[reference, default: []].append(value) }
        }
        let named = schema["discriminator"]?["propertyName"]?.string
        let implied = named == nil ? impliedDiscriminator(of: choices) : nil
        let discriminator = named ?? implied?.name
        let built = choices.enumerated().map { index, choice -> UnionModel.Choice in
            let reference = choice["$ref"]?.string
            let choicePointer = "\(pointer)/\(keyword)/\(index)"
            // With the members the union declares beside its choices, a type of its own named for the
            // choice: the discriminator's value for it, else what its reference is called.
            let merged = withSharedMembers(of: schema, in: choice)
            let label =
                reference.flatMap { mapping[$0]?.first ?? Self.referenceName($0) } ?? "Choice\(index + 1)"
            let (type, _) =
                merged.map { self.type(of: $0, suggestedName: name + " " + label, pointer: choicePointer) }
                ?? self.type(of: choice, suggestedName: name + "Choice\(index + 1)", pointer: choicePointer)
            var values = reference.flatMap { mapping[$0] } ?? []
            if let implied {
                values = [implied.values[index]]
            } else if values.isEmpty, let reference, discriminator != nil {
                values = [JSONPointer.tokens(reference).last ?? ""]
            }
            var built = UnionModel.Choice(
                name: caseNames.unique(SwiftNames.memberName(merged == nil ? caseName(of: type) : label)), type: type,
                discriminatorValues: values)
            // Only a value the mapping writes out: one taken from the schema's name is the document's
            // guess at best (PagerDuty's runner update would send `AutomationActionsRunnerSidecarBody`).
            if let discriminator, let mapped = reference.flatMap({ mapping[$0] }), mapped.count == 1 {
                let properties = ObjectProperties(of: choice, models: self)
                if !properties.list.isEmpty, properties[discriminator] == nil {
                    built.addedDiscriminatorValue = mapped[0]
                }
            }
            return built
        }
        unionPointers[name] = pointer
        add(.union(UnionModel(name: name, doc: doc, choices: built, discriminator: discriminator)))
    }

    /// `choice` of the union `schema` with the members `schema` declares beside its choices, which every
    /// value has whatever its choice (Front's analytics export: a `start`, an `end` and `filters` for
    /// each kind of export, whose `columns` differ): `allOf` the choice and those members, with the ones
    /// `schema` requires, but for the discriminator, which the union writes. `nil` where `schema`
    /// declares no member but the discriminator, and where the choice declares them all itself (a kind
    /// that is `allOf` the union and its own members, as `Cat` of a `Pet`).
    func withSharedMembers(of schema: DocumentNode, in choice: DocumentNode) -> DocumentNode? {
        guard let own = schema["properties"]?.object else { return nil }
        let discriminator = schema["discriminator"]?["propertyName"]?.string
        let kept = own.entries.filter { $0.key != discriminator }
        guard !kept.isEmpty else { return nil }
        let declared = ObjectProperties(of: choice, models: self)
        guard !kept.allSatisfy({ declared[$0.key] != nil }) else { return nil }
        let at = schema.location
        var properties = DocumentObject()
        for (key, property) in kept { properties.set(property, for: key) }
        var part = DocumentObject()
        part.set(.string("object", at: at), for: "type")
        let required = (schema["required"]?.array ?? []).filter { $0.string != nil && $0.string != discriminator }
        if !required.isEmpty { part.set(.array(required, at: at), for: "required") }
        part.set(.object(properties, at: at), for: "properties")
        var whole = DocumentObject()
        whole.set(.array([choice, .object(part, at: at)], at: at), for: "allOf")
        return .object(whole, at: at)
    }

    /// The only choice of a union whose discriminator the choice does not declare (Okta's gateway setup
    /// token `details`: `oneOf: [gateway-agent]`, `propertyName: Type`, which the choice has not), with
    /// the discriminator as a required member of the one value the mapping gives it, so that it is sent
    /// (the server picks the choice by it) and an answer without it reads as that value. `nil` where the
    /// mapping does not name one value for the choice.
    private func withDiscriminator(of schema: DocumentNode, added choice: DocumentNode) -> DocumentNode? {
        guard let key = schema["discriminator"]?["propertyName"]?.string, let reference = choice["$ref"]?.string
        else { return nil }
        let values = (schema["discriminator"]?["mapping"]?.object?.entries ?? []).filter {
            $0.value.string == reference
        }
        guard values.count == 1, let value = values.first?.key else { return nil }
        let properties = ObjectProperties(of: choice, models: self)
        guard !properties.list.isEmpty, properties[key] == nil else { return nil }
        let at = schema.location
        var member = DocumentObject()
        member.set(.string("string", at: at), for: "type")
        member.set(.array([.string(value, at: at)], at: at), for: "enum")
        var named = DocumentObject()
        named.set(.object(member, at: at), for: key)
        var part = DocumentObject()
        part.set(.string("object", at: at), for: "type")
        part.set(.array([.string(key, at: at)], at: at), for: "required")
        part.set(.object(named, at: at), for: "properties")
        var whole = DocumentObject()
        whole.set(.array([choice, .object(part, at: at)], at: at), for: "allOf")
        return .object(whole, at: at)
    }

    /// The one value a property can have (a `const`, or an `enum` of one value, as documents write a
    /// kind's `type`), as the Swift literal of its initializer's default: a request's model is made
    /// without it. `source` is the schema the property's type was made from, which a later declaration
    /// may narrow to one value (Lob's address: `object` a plain string in the base, `enum: [address]` in
    /// the address): the type is an enumeration only where `source` lists values.
    private func onlyValue(of schema: DocumentNode, type: SwiftType, source: DocumentNode) -> String? {
        guard let schema = dereferenced(schema), let value = schema.onlyValue else { return nil }
        guard case .model = type, let origin = typeSource(source), origin["enum"] != nil, origin.enumRawType != nil
        else {
            // A type alias of a scalar takes the scalar's literal.
            if case .model(let name) = type, let aliased = aliases[name] { return Self.literal(value, of: aliased) }
            return Self.literal(value, of: type)
        }
        switch value.value {
        case .string(let text): return ".init(rawValue: \(SwiftNames.literal(text)))"
        case .integer(let text), .number(let text): return ".init(rawValue: \(text))"
        default: return nil
        }
    }

    /// The schema a type is made from: `schema` through its `$ref`s and the `allOf` of one part that only
    /// adds a description to a reference, which are the referenced type.
    private func typeSource(_ schema: DocumentNode) -> DocumentNode? {
        var current = schema
        for _ in 0..<16 {
            guard let resolved = dereferenced(current) else { return nil }
            guard let (part, _) = resolved.wrappedPart else { return resolved }
            current = part
        }
        return nil
    }

    /// The name a `$ref` suggests for the type it reaches: its pointer's last token, or, when that is a
    /// word of the document's structure (`#/components/parameters/action_type/schema`,
    /// `#/components/schemas/Tag/allOf/0`), the last name before it with what the rest says:
    /// `action_type`, `Tag Part1`.
    static func referenceName(_ reference: String) -> String? {
        let tokens = JSONPointer.tokens(reference)
        var suffix: [String] = []
        for (index, token) in tokens.enumerated().reversed() {
            let before = index > 0 ? tokens[index - 1] : ""
            if let number = Int(token), ["allOf", "oneOf", "anyOf", "prefixItems"].contains(before) {
                suffix.insert((before == "allOf" ? "Part" : "Choice") + String(number + 1), at: 0)
                continue
            }
            switch token {
            case "schema", "allOf", "oneOf", "anyOf", "prefixItems", "content", "responses", "requestBody",
                "requestBodies", "parameters", "headers", "components", "paths", "schemas", "definitions",
                "properties", "get", "put", "post", "delete", "options", "head", "patch", "trace":
                continue
            case "items": suffix.insert("Item", at: 0)
            case "additionalProperties": suffix.insert("Value", at: 0)
            default:
                if token.contains("/") || Int(token) != nil { continue }
                return ([token] + suffix).joined(separator: " ")
            }
        }
        return nil
    }

    /// The property that tells a union's choices apart when the document names no discriminator: one
    /// that every choice has with a single string value (a `const`, or an `enum` of one), a different one
    /// in each, as OpenAI's `type: {enum: [message]}`. Without it the first choice that reads a value is
    /// taken, and a choice whose other properties are optional reads every other choice's values too.
    private func impliedDiscriminator(of choices: [DocumentNode]) -> (name: String, values: [String])? {
        // One choice (a reference listed twice, and read once) has nothing to be told apart from.
        guard choices.count > 1 else { return nil }
        var constants: [[String: String]] = []
        for choice in choices {
            var own: [String: String] = [:]
            for property in ObjectProperties(of: choice, models: self).list {
                // The last declaration that allows one value: a later `allOf` part narrows the base's.
                let values = property.declarations.compactMap { dereferenced($0)?.onlyValue?.string }
                if let value = values.last { own[property.key] = value }
            }
            constants.append(own)
        }
        guard let first = constants.first else { return nil }
        let shared = constants.dropFirst().reduce(Set(first.keys)) { $0.intersection($1.keys) }
        // `type` first, as most documents call it; then by name, for the same output every time.
        for name in shared.sorted(by: { ($0 == "type" ? 0 : 1, $0) < ($1 == "type" ? 0 : 1, $1) }) {
            let values = constants.compactMap { $0[name] }
            if Set(values).count == choices.count { return (name, values) }
        }
        return nil
    }

    private func caseName(of type: SwiftType) -> String {
        switch type {
        case .model(let name): name
        case .builtin(let name): String(name.split(separator: ".").last ?? "value")
        case .array(let element): caseName(of: element) + "List"
        case .dictionary(let value): caseName(of: value) + "Map"
        case .optional(let wrapped): caseName(of: wrapped)
        }
    }

    private func declareObject(_ schema: DocumentNode, name: String, doc: String?, pointer: String) {
        let object = ObjectProperties(of: schema, pointer: pointer, models: self)
        var names = NameScope(reserved: ["init"])
        var built: [ObjectModel.Property] = []
        for property in object.list {
            let memberName = names.unique(SwiftNames.memberName(property.key))
            let (type, nullable) = self.type(
                of: property.schema, suggestedName: name + SwiftNames.typeName(property.key),
                pointer: property.pointer)
            let isRequired = object.required.contains(property.key)
            let readOnly = property.isReadOnly
            let narrowed = property.declarations.dropFirst().last { dereferenced($0)?.onlyValue != nil }
            built.append(
                ObjectModel.Property(
                    key: property.key, name: memberName, type: type,
                    // A required `readOnly` property is required in responses only (and `writeOnly` in
                    // requests only): the one model serves both.
                    // One only `required` names is optional all the same: an answer without it (the
                    // document's mistake as often as the server's) still decodes.
                    isOptional: nullable || !isRequired || readOnly || property.isWriteOnly || property.isUndeclared,
                    writesNull: nullable && isRequired && !readOnly,
                    doc: property.isUndeclared
                        ? "Required by the document, which does not declare it."
                        : Self.documentation(of: property.schema),
                    defaultValue: property.schema["default"].flatMap { Self.literal($0, of: type) }
                        ?? onlyValue(of: narrowed ?? property.schema, type: type, source: property.schema)))
        }
        var additional: (name: String, type: SwiftType)?
        if let extra = additionalSchema(of: schema, at: pointer) {
            let (type, nullable) = self.type(
                of: extra.schema, suggestedName: name + "Value", pointer: extra.pointer)
            additional = (names.unique("additionalProperties"), nullable ? .optional(type) : type)
        }
        add(.object(ObjectModel(name: name, doc: doc, properties: built, additional: additional)))
    }

    /// The schema of the members an object with properties allows beside them, when it gives one: an
    /// `additionalProperties` of `true` or `{}` only says the object is open, as JSON Schema's objects are.
    private func additionalSchema(of schema: DocumentNode, at pointer: String) -> (
        schema: DocumentNode, pointer: String
    )? {
        guard let extra = schema["additionalProperties"], let entries = extra.object?.entries, !entries.isEmpty
        else { return nil }
        return (extra, pointer + "/additionalProperties")
    }
}

extension ModelBuilder {
    /// A property's doc text: its title and description, and its default.
    static func documentation(of schema: DocumentNode) -> String? {
        let text = DocText.join(schema["title"]?.string, schema["description"]?.string)
        guard let fallback = schema["default"] else { return text }
        let line = "Default: `\(fallback.sampleJSON().replacingOccurrences(of: "`", with: "'"))`."
        return text.map { $0 + "\n\n" + line } ?? line
    }

    /// The Swift literal of `value` for a property of `type`, if one can be written.
    static func literal(_ value: DocumentNode, of type: SwiftType) -> String? {
        switch (type, value.value) {
        case (.builtin("Swift.String"), .string(let text)): return SwiftNames.literal(text)
        case (.builtin("Swift.Bool"), .bool(let bool)): return bool ? "true" : "false"
        case (.builtin("Swift.Int"), .integer(let text)), (.builtin("Swift.Int32"), .integer(let text)),
            (.builtin("Swift.Int64"), .integer(let text)):
            return Int64(text) != nil ? text : nil
        case (.builtin("Swift.Double"), .integer(let text)), (.builtin("Swift.Double"), .number(let text)),
            (.builtin("Swift.Float"), .integer(let text)), (.builtin("Swift.Float"), .number(let text)):
            return Double(text).map { $0.isFinite ? text : nil } ?? nil
        default: return nil
        }
    }
}

extension DocumentNode.Value {
    /// Whether this is `null`.
    var isNull: Bool { if case .null = self { true } else { false } }
}
