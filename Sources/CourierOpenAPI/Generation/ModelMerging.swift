/// Models that say the same thing, written once.
///
/// Documents repeat themselves: a bundler inlines one shared schema at every place that refers to it, a
/// family of events copies one payload into each (`AuditLogGroupDeleted` and `AuditLogUserDeleted` are
/// both `{id}` with the same description), an API's beta version repeats the stable one. Each copy would
/// be a type of its own, and every type costs the compiler the same code again (copying, destroying,
/// coding, accessors): in Slack's document half of the models are copies. A model whose declaration
/// would read the same as an earlier one's (the same properties with the same keys, types, defaults and
/// doc comments; the same values; the same choices) is a type alias of that one instead, under its own
/// name and with its own doc comment. Types that refer to merged models can become the same in turn:
/// merging runs until nothing changes.
enum ModelMerging {
    /// `models` with every model that reads the same as an earlier one made a type alias of it, in place
    /// (an operation's models keep their indices).
    static func merged(_ models: [ModelDeclaration]) -> [ModelDeclaration] {
        var result = models
        var target: [String: String] = [:]
        for model in models {
            if case .alias(let name, _, .model(let other)) = model { target[name] = other }
        }
        var changed = true
        while changed {
            changed = false
            var first: [String: String] = [:]
            for (index, model) in result.enumerated() {
                guard let shape = shape(of: model, through: target) else { continue }
                guard let earlier = first[shape] else {
                    first[shape] = model.name
                    continue
                }
                target[model.name] = earlier
                result[index] = .alias(name: model.name, doc: doc(of: model), type: .model(earlier))
                changed = true
            }
        }
        return result
    }

    /// What the model's declaration says, but for its name and its own doc comment; `nil` for an alias.
    private static func shape(of model: ModelDeclaration, through target: [String: String]) -> String? {
        // A reference to the model itself reads the same in two copies of a recursive schema.
        func type(_ type: SwiftType) -> String {
            resolved(type, through: target, itself: model.name).code(in: "")
        }
        switch model {
        case .object(let object):
            var parts = ["object", object.isClass ? "class" : "struct"]
            for property in object.properties {
                parts.append(
                    [
                        property.key, property.name, type(property.type), property.isOptional ? "?" : "",
                        property.writesNull ? "null" : "",
                        property.defaultValue ?? "", property.doc ?? "",
                    ].joined(separator: "\u{1}"))
            }
            if let additional = object.additional { parts.append(additional.name + "\u{1}" + type(additional.type)) }
            return parts.joined(separator: "\u{2}")
        case .enumeration(let enumeration):
            let cases = enumeration.cases.map { [$0.name, $0.literal, $0.doc ?? ""].joined(separator: "\u{1}") }
            return (["enumeration", enumeration.rawType] + cases).joined(separator: "\u{2}")
        case .union(let union):
            let choices = union.choices.map {
                ([$0.name, type($0.type), $0.dataIsText ? "text" : ""] + $0.discriminatorValues).joined(
                    separator: "\u{1}")
            }
            return ([union.isEventStream ? "events" : "union", union.discriminator ?? ""] + choices).joined(
                separator: "\u{2}")
        case .alias:
            return nil
        }
    }

    /// `type` with every model that is an alias of another replaced by that other, all the way, and the
    /// model `itself` by `Self`.
    private static func resolved(_ type: SwiftType, through target: [String: String], itself: String) -> SwiftType {
        switch type {
        case .model(var name):
            var steps = 0
            while let next = target[name], steps < 64 {
                name = next
                steps += 1
            }
            return name == itself ? .builtin("Self") : .model(name)
        case .builtin: return type
        case .array(let element): return .array(resolved(element, through: target, itself: itself))
        case .dictionary(let value): return .dictionary(resolved(value, through: target, itself: itself))
        case .optional(let wrapped): return .optional(resolved(wrapped, through: target, itself: itself))
        }
    }

    private static func doc(of model: ModelDeclaration) -> String? {
        switch model {
        case .object(let object): object.doc
        case .enumeration(let enumeration): enumeration.doc ?? ModelWriter.listing(enumeration)
        case .union(let union): union.doc
        case .alias(_, let doc, _): doc
        }
    }
}
