import Foundation

/// Telling apart the choices of a `oneOf`: a value that two of them accept is valid under none, as a
/// server that validates reads `oneOf` (hey-api's models of a string, an enumeration, a list and a map
/// under one property, each optional: `{}` is every one of them).
extension SampleValues {
    /// The value made for a union `schema` whose first choice that is no `null`, `first`, is the one to
    /// make by default: `make(choice, fillsMembers)` makes a choice's value. For a `oneOf`, where another choice accepts
    /// that value too, the first choice's value no other accepts: each as made, then each with all its
    /// members (a list under `prop` that only one choice allows). When none is alone, the default's.
    func unionValue(
        of schema: DocumentNode, first: DocumentNode, forRequest: Bool,
        make: (_ choice: DocumentNode, _ fillsMembers: Bool) -> String
    ) -> String {
        let made = make(first, false)
        guard let choices = schema["oneOf"]?.array, choices.count > 1,
            let firstIndex = choices.firstIndex(where: { $0["type"]?.string != "null" })
        else { return made }
        let isAlone = { (text: String, index: Int) -> Bool in
            guard let value = try? JSONReader.read(Array(text.utf8), file: "") else { return true }
            return !choices.indices.contains { other in
                other != index && accepts(value, choices[other], forRequest: forRequest, depth: 0)
            }
        }
        if isAlone(made, firstIndex) { return made }
        for fillsMembers in [false, true] {
            for (index, choice) in choices.enumerated() where choice["type"]?.string != "null" {
                if index == firstIndex && !fillsMembers { continue }
                // A choice of any value (`{}`) is alone in taking a text where the others are objects.
                let text = isAnyValue(choice) ? SwiftNames.jsonString("sample") : make(choice, fillsMembers)
                if isAlone(text, index) { return text }
            }
        }
        return made
    }

    /// Whether `schema` (through `$ref`s) accepts any value: it says nothing but what annotates it.
    private func isAnyValue(_ schema: DocumentNode) -> Bool {
        guard let object = models.dereferenced(schema)?.object else { return false }
        return object.keys.allSatisfy(Self.annotations.contains)
    }

    /// The keywords of a schema that describe it without constraining its values.
    private static let annotations: Set<String> = [
        "title", "description", "default", "example", "examples", "deprecated", "readOnly", "writeOnly",
        "externalDocs", "xml", "$comment",
    ]

    /// Whether `schema` accepts `value`, as far as a sample needs to know: its type, listed values,
    /// formats and bounds, a list's items, an object's required members (but the read-only ones of a
    /// request), the members it declares and refuses beside them, and its `allOf` parts and choices (any
    /// one of them). What it cannot judge (`not`, a pattern ICU does not read) it accepts, so a choice is
    /// thought to accept more, never less, than it does.
    func accepts(_ value: DocumentNode, _ schema: DocumentNode, forRequest: Bool, depth: Int) -> Bool {
        guard depth < 16, let schema = models.dereferenced(schema) else { return true }
        if !allows(value, schema) { return false }
        if let parts = schema["allOf"]?.array,
            !parts.allSatisfy({ accepts(value, $0, forRequest: forRequest, depth: depth + 1) })
        {
            return false
        }
        if let choices = (schema["oneOf"] ?? schema["anyOf"])?.array, !choices.isEmpty,
            !choices.contains(where: { accepts(value, $0, forRequest: forRequest, depth: depth + 1) })
        {
            return false
        }
        let types = schema.schemaTypes
        if value.value.isNull { return types.isEmpty || schema.isNullableSchema }
        switch value.value {
        case .null: return true
        case .bool: return types.isEmpty || types.contains("boolean")
        case .integer, .number:
            let kind = types.isEmpty || types.contains("number") || types.contains("integer")
            return kind && Self.isWithinBounds(value, schema)
        case .string(let text):
            return (types.isEmpty || types.contains("string")) && Self.hasFormat(text, schema.stringFormat)
                && Self.isWithinBounds(text, schema)
        case .array(let items):
            guard types.isEmpty || types.contains("array") else { return false }
            let count = { (key: String) in schema[key]?.numberText.flatMap { Int($0) } }
            if let least = count("minItems"), items.count < least { return false }
            if let most = count("maxItems"), items.count > most { return false }
            guard let itemSchema = schema["items"] else { return true }
            return items.allSatisfy { accepts($0, itemSchema, forRequest: forRequest, depth: depth + 1) }
        case .object(let object):
            guard types.isEmpty || types.contains("object") else { return false }
            return acceptsMembers(object, schema, forRequest: forRequest, depth: depth)
        }
    }

    /// Whether the members of an object `object` are what `schema` (an object's) asks for: its own
    /// `properties` (an `allOf` part's are the part's to judge) and `additionalProperties`.
    private func acceptsMembers(
        _ object: DocumentObject, _ schema: DocumentNode, forRequest: Bool, depth: Int
    ) -> Bool {
        let properties = schema["properties"]?.object
        for key in schema["required"]?.array?.compactMap(\.string) ?? [] where object[key] == nil {
            let property = properties?[key].flatMap { models.dereferenced($0) }
            // A request leaves out a required read-only member (OpenAPI 3.0; the server reads 3.1 so too).
            if forRequest, property?["readOnly"]?.bool == true { continue }
            return false
        }
        let count = { (key: String) in schema[key]?.numberText.flatMap { Int($0) } }
        if let least = count("minProperties"), object.count < least { return false }
        if let most = count("maxProperties"), object.count > most { return false }
        let extra = schema["additionalProperties"]
        for (key, member) in object.entries {
            if let property = properties?[key] {
                guard accepts(member, property, forRequest: forRequest, depth: depth + 1) else { return false }
            } else if schema["patternProperties"] == nil, let extra {
                if extra.bool == false { return false }
                if extra.object != nil, !accepts(member, extra, forRequest: forRequest, depth: depth + 1) {
                    return false
                }
            }
        }
        return true
    }
}
