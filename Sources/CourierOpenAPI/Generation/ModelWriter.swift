/// Writes the models: structs (classes in cycles), open enumerations, unions and type aliases, each
/// nested in the namespace.
struct ModelWriter {
    /// The namespace the models are in.
    let namespace: String
    /// The models that requests write as text: only these conform to `OpenAPIParameterValue`.
    let parameterModels: Set<String>
    /// The models a request can send: the others, read from answers only, have `let` properties.
    let requestModels: Set<String>
    /// Which properties hold their value through `OpenAPIIndirect`, and which unions are `indirect`.
    let layout: ModelLayout

    /// The source of `models`, in the given order.
    func write(_ models: [ModelDeclaration], inCycles classes: Set<String>, into code: inout CodeWriter) {
        var enumerations: [EnumerationModel] = []
        code.block("extension \(namespace) {") { code in
            for (index, model) in models.enumerated() {
                if index > 0 { code.line() }
                switch model {
                case .object(var object):
                    object.isClass = classes.contains(object.name)
                    write(object, into: &code)
                case .enumeration(let enumeration):
                    code.doc(enumeration.doc ?? Self.listing(enumeration))
                    code.line(
                        "public typealias \(enumeration.name) = Courier.OpenAPIEnumeration<\(namespace).\(Self.enumerations).\(enumeration.name)>"
                    )
                    enumerations.append(enumeration)
                case .union(let union) where union.isEventStream:
                    write(events: union, into: &code)
                case .union(let union):
                    let indirect = classes.contains(union.name) || layout.indirectUnions.contains(union.name)
                    write(union, indirect: indirect, into: &code)
                case .alias(let name, let doc, let type):
                    code.doc(doc)
                    code.line("public typealias \(name) = \(type.code(in: namespace))")
                }
            }
        }
        guard !enumerations.isEmpty else { return }
        code.line()
        code.block("extension \(namespace).\(Self.enumerations) {") { code in
            for (index, enumeration) in enumerations.enumerated() {
                if index > 0 { code.line() }
                code.doc("Names the enumeration ``\(namespace).\(enumeration.name)``.")
                code.block("public enum \(enumeration.name): Courier.OpenAPIEnumerationValues {") { code in
                    code.doc("The type of its values.")
                    code.line("public typealias RawValue = \(enumeration.rawType)")
                }
            }
        }
        for enumeration in enumerations where !enumeration.cases.isEmpty { writeValues(of: enumeration, into: &code) }
    }

    /// What an enumeration the document does not describe is: its values.
    static func listing(_ enumeration: EnumerationModel) -> String {
        let shown = enumeration.cases.prefix(8).map { "`\($0.literal.replacingOccurrences(of: "`", with: "'"))`" }
        let more = enumeration.cases.count > shown.count ? ", …" : ""
        return "One of \(shown.joined(separator: ", "))\(more), or a value the document does not list."
    }

    /// The namespace's caseless enum that holds the types naming its enumerations.
    static let enumerations = "Enumerations"

    private func write(_ object: ObjectModel, into code: inout CodeWriter) {
        code.doc(object.doc)
        let keyword = object.isClass ? "final class" : "struct"
        code.block("public \(keyword) \(object.name): \(conformances(object.name, "Codable, Sendable")) {") { code in
            let binding = object.isClass || !requestModels.contains(object.name) ? "let" : "var"
            for property in object.properties {
                code.doc(property.doc)
                if isBoxed(property, in: object) {
                    writeBoxed(property, isSettable: binding == "var", into: &code)
                } else {
                    code.line("public \(binding) \(property.name): \(typeCode(property))")
                }
            }
            let additional = object.additional.map { ($0.name, "[Swift.String: \($0.type.code(in: namespace))]") }
            if let (name, type) = additional {
                code.doc("The members beside the declared properties, by key (the schema's `additionalProperties`).")
                code.line("public \(binding) \(name): \(type)")
            }
            if !object.properties.isEmpty || additional != nil { code.line() }
            code.doc("Creates the value from its properties.")
            var parameters = object.properties.map { property in
                "\(property.name): \(typeCode(property))"
                    + (property.isOptional ? " = nil" : property.defaultValue.map { " = \($0)" } ?? "")
            }
            if let (name, type) = additional { parameters.append("\(name): \(type) = [:]") }
            code.block("public init(\(parameters.joined(separator: ", "))) {") { code in
                for property in object.properties {
                    if isBoxed(property, in: object) {
                        code.line("self.\(storage(property)) = \(box(property))(\(property.name))")
                    } else {
                        code.line("self.\(property.name) = \(property.name)")
                    }
                }
                if let (name, _) = additional { code.line("self.\(name) = \(name)") }
            }
            if !object.properties.isEmpty || object.additional != nil { writeCoding(object, into: &code) }
        }
    }

    /// Decoding and encoding written out by key: the compiler would otherwise synthesise, for every
    /// model, a `CodingKeys` enumeration with its conformances and the two methods, which is most of what
    /// a large document's models cost to compile.
    private func writeCoding(_ object: ObjectModel, into code: inout CodeWriter) {
        let additional = object.additional
        code.line()
        code.doc(
            additional.map { "Decodes the declared properties, and every other member into `\($0.name)`." }
                ?? "Decodes the properties from the members of their keys.")
        code.block("public init(from decoder: any Swift.Decoder) throws {") { code in
            if !object.properties.isEmpty {
                code.line("let container = try decoder.container(keyedBy: OpenAPICodingKey.self)")
            }
            for property in object.properties {
                let method = property.isOptional ? "valueIfPresent" : "value"
                // A required member with a default (or one value only) missing from an answer is that value.
                let fallback = property.isOptional ? nil : property.defaultValue
                let value =
                    "try container.\(method)(\(SwiftNames.literal(property.key))"
                    + (fallback.map { ", otherwise: \($0))" } ?? ")")
                if isBoxed(property, in: object) {
                    code.line("self.\(storage(property)) = \(box(property))(\(value))")
                } else {
                    code.line("self.\(property.name) = \(value)")
                }
            }
            if let additional {
                let known = object.properties.map { SwiftNames.literal($0.key) }.joined(separator: ", ")
                code.line(
                    "self.\(additional.name) = try OpenAPICoding.additionalProperties(\(additional.type.code(in: namespace)).self, from: decoder, known: [\(known)])"
                )
            }
        }
        code.line()
        code.doc(
            additional == nil
                ? "Encodes the properties as the members of their keys."
                : "Encodes the declared properties and the other members beside them.")
        code.block("public func encode(to encoder: any Swift.Encoder) throws {") { code in
            if !object.properties.isEmpty {
                code.line("var container = encoder.container(keyedBy: OpenAPICodingKey.self)")
            }
            for property in object.properties {
                // `write` of an optional writes `nil` as `null`.
                let method = property.isOptional && !property.writesNull ? "writeIfPresent" : "write"
                // `self.`: a property may be named `container` or `encoder`, like the locals.
                code.line("try container.\(method)(self.\(property.name), at: \(SwiftNames.literal(property.key)))")
            }
            if let additional {
                code.line("try OpenAPICoding.encodeAdditionalProperties(self.\(additional.name), to: encoder)")
            }
        }
    }

    private func conformances(_ name: String, _ list: String) -> String {
        parameterModels.contains(name) ? list + ", Courier.OpenAPIParameterValue" : list
    }

    private func typeCode(_ property: ObjectModel.Property) -> String {
        property.type.code(in: namespace) + (property.isOptional ? "?" : "")
    }

    /// Whether `property` of `object` is held through `OpenAPIIndirect` (a struct's, of a large struct).
    private func isBoxed(_ property: ObjectModel.Property, in object: ObjectModel) -> Bool {
        !object.isClass && layout.isBoxed(property.type)
    }

    /// The stored property behind a boxed one: `_spec` for `spec`.
    private func storage(_ property: ObjectModel.Property) -> String {
        "_" + SwiftNames.bare(property.name)
    }

    /// What makes the box of a boxed property's value: `OpenAPIIndirect.wrapping` for an optional one.
    private func box(_ property: ObjectModel.Property) -> String {
        property.isOptional ? "Courier.OpenAPIIndirect.wrapping" : "Courier.OpenAPIIndirect"
    }

    /// A property whose value is in a box: read (and, in a request's model, written) as its type, stored
    /// as the box.
    private func writeBoxed(_ property: ObjectModel.Property, isSettable: Bool, into code: inout CodeWriter) {
        let stored = storage(property)
        let read = "\(stored)\(property.isOptional ? "?" : "").value"
        if isSettable {
            code.block("public var \(property.name): \(typeCode(property)) {") { code in
                code.line("get { \(read) }")
                code.line("set { \(stored) = \(box(property))(newValue) }")
            }
        } else {
            code.line("public var \(property.name): \(typeCode(property)) { \(read) }")
        }
        let boxType = "Courier.OpenAPIIndirect<\(property.type.code(in: namespace))>"
        code.line("private \(isSettable ? "var" : "let") \(stored): \(boxType)\(property.isOptional ? "?" : "")")
    }

    /// An enumeration's listed values: static members of its type alias (after the namespace's extension).
    private func writeValues(of enumeration: EnumerationModel, into code: inout CodeWriter) {
        code.line()
        code.block("extension \(namespace).\(enumeration.name) {") { code in
            for item in enumeration.cases {
                let literal = "`\(item.literal.replacingOccurrences(of: "`", with: "'"))`"
                code.doc(item.doc.map { literal + ": " + $0 } ?? literal)
                // A computed value, not a stored `let`: nothing for the compiler to infer or to
                // initialise lazily, in every file that uses the type.
                code.line("public static var \(item.name): Self { Self(rawValue: \(item.literal)) }")
            }
        }
    }

    private func write(_ union: UnionModel, indirect: Bool, into code: inout CodeWriter) {
        // Objects can each read the same value, one keeping what another drops: chosen by the members they
        // keep. Choices of different kinds (`anyOf: [string, Customer]`) read a value at most one way, and
        // a discriminator names the choice: the first that reads the value is the one.
        let byMembers = union.discriminator == nil && union.choices.count { layout.isObject($0.type) } >= 2
        code.doc(union.doc)
        code.block(
            "public \(indirect ? "indirect " : "")enum \(union.name): \(conformances(union.name, "Codable, Sendable")) {"
        ) { code in
            for choice in union.choices {
                code.doc("A `\(choice.type.code(in: namespace))`.")
                code.line("case \(choice.name)(\(choice.type.code(in: namespace)))")
            }
            code.doc("A value none of the documented choices reads.")
            code.line("case unknown(OpenAPIValue)")
            code.line()
            code.doc(
                union.discriminator.map {
                    "Decodes the choice that `\($0)` names; when it names none, or that choice does not read the value, the first choice that does."
                }
                    ?? (byMembers
                        ? "Decodes the choice that reads the value and keeps the most of its members (the first of those that keep as many)."
                        : "Decodes the first choice that reads the value.")
            )
            code.block("public init(from decoder: any Swift.Decoder) throws {") { code in
                if let discriminator = union.discriminator {
                    code.line("let container = try? decoder.container(keyedBy: OpenAPICodingKey.self)")
                    code.block(
                        "switch try? container?.decode(Swift.String.self, forKey: OpenAPICodingKey(\(SwiftNames.literal(discriminator)))) {"
                    ) { code in
                        var named: Set<String> = []
                        for choice in union.choices {
                            // A value an earlier choice is read by is that choice's.
                            let values = choice.discriminatorValues.filter { named.insert($0).inserted }
                            guard !values.isEmpty else { continue }
                            code.line("case \(values.map(SwiftNames.literal).joined(separator: ", ")):")
                            code.line("    if let value = try? \(choice.type.code(in: namespace))(from: decoder) {")
                            code.line("        self = .\(choice.name)(value)")
                            code.line("        return")
                            code.line("    }")
                        }
                        code.line("default: break")
                    }
                }
                guard byMembers else {
                    for choice in union.choices {
                        code.block("if let value = try? \(choice.type.code(in: namespace))(from: decoder) {") { code in
                            code.line("self = .\(choice.name)(value)")
                            code.line("return")
                        }
                    }
                    code.line("self = .unknown(try OpenAPIValue(from: decoder))")
                    return
                }
                code.line("var choice = Courier.OpenAPIChoice<Self>(decoder)")
                for choice in union.choices {
                    code.line(
                        "if choice.isOpen, let value = try? \(choice.type.code(in: namespace))(from: decoder) { choice.take(value, as: .\(choice.name)(value)) }"
                    )
                }
                code.line("self = try choice.value ?? .unknown(OpenAPIValue(from: decoder))")
            }
            code.line()
            code.doc("Encodes the value of whichever choice it is.")
            code.block("public func encode(to encoder: any Swift.Encoder) throws {") { code in
                code.block("switch self {") { code in
                    for choice in union.choices {
                        guard let key = union.discriminator, let added = choice.addedDiscriminatorValue else {
                            code.line("case .\(choice.name)(let value): try value.encode(to: encoder)")
                            continue
                        }
                        // The discriminator only the schema around the choices declares, beside the
                        // members the choice wrote (a keyed container asked for again adds to them).
                        code.line("case .\(choice.name)(let value):")
                        code.line("try value.encode(to: encoder)")
                        code.line("var container = encoder.container(keyedBy: OpenAPICodingKey.self)")
                        code.line(
                            "try container.encode(\(SwiftNames.literal(added)), forKey: OpenAPICodingKey(\(SwiftNames.literal(key))))"
                        )
                    }
                    code.line("case .unknown(let value): try value.encode(to: encoder)")
                }
            }
        }
    }

    /// A union of server-sent events: a case per event name, holding the event's data as text or read
    /// from JSON, and one for the events the document does not name.
    private func write(events union: UnionModel, into code: inout CodeWriter) {
        code.doc(union.doc)
        code.block("public enum \(union.name): Courier.ServerSentEventDecodable {") { code in
            for choice in union.choices {
                let names = choice.discriminatorValues.map { "`\($0)`" }.joined(separator: ", ")
                let types = choice.discriminatorValues.count > 1 ? "of one of the types" : "of type"
                let data = choice.dataIsText ? "text" : "a `\(choice.type.code(in: namespace))` in JSON"
                code.doc("An event \(types) \(names), its data \(data).")
                code.line("case \(choice.name)(\(choice.type.code(in: namespace)))")
            }
            code.doc("An event of a type the document does not describe, as it came.")
            code.line("case unknown(Courier.ServerSentEvent)")
            code.line()
            code.doc(
                "Reads `event` by its type (`message` where it has none), its data as that type's is written."
            )
            code.block(
                "public init(from event: Courier.ServerSentEvent, decoder: Foundation.JSONDecoder) throws {"
            ) { code in
                code.block("switch event.event ?? \"message\" {") { code in
                    for choice in union.choices {
                        code.line("case \(choice.discriminatorValues.map(SwiftNames.literal).joined(separator: ", ")):")
                        if choice.dataIsText {
                            code.line("self = .\(choice.name)(event.data)")
                        } else {
                            code.line(
                                "self = .\(choice.name)(try decoder.decode(\(choice.type.code(in: namespace)).self, from: Foundation.Data(event.data.utf8)))"
                            )
                        }
                    }
                    code.line("default: self = .unknown(event)")
                }
            }
        }
    }

    /// The object models that reach themselves through properties that are not arrays or dictionaries:
    /// as structs they would contain themselves.
    static func modelsInCycles(_ models: [ModelDeclaration]) -> Set<String> {
        var edges: [String: [String]] = [:]
        var aliases: [String: SwiftType] = [:]
        for model in models {
            switch model {
            case .object(let object):
                edges[object.name] = object.properties.compactMap {
                    if case .model(let name) = $0.type { name } else { nil }
                }
            case .union(let union):
                edges[union.name] = union.choices.compactMap {
                    if case .model(let name) = $0.type { name } else { nil }
                }
            case .alias(let name, _, let type):
                aliases[name] = type
                if case .model(let target) = type { edges[name] = [target] }
            case .enumeration: break
            }
        }
        var inCycle = Set<String>()
        for start in edges.keys {
            var stack = edges[start] ?? []
            var visited = Set<String>()
            while let next = stack.popLast() {
                if next == start {
                    inCycle.insert(start)
                    break
                }
                if visited.insert(next).inserted { stack += edges[next] ?? [] }
            }
        }
        return inCycle
    }
}
