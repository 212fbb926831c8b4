extension Swagger2Converter {
    /// A schema: `$ref`s to `#/definitions/...` pointing into `#/components/schemas/...`, `x-nullable`
    /// as `nullable`, `type: file` as a binary string, a `discriminator` name as a discriminator object;
    /// its subschemas likewise.
    mutating func convertSchema(_ schema: DocumentNode, at path: [String]) -> DocumentNode {
        guard let object = schema.object else { return schema }
        if let reference = object["$ref"] {
            return convertSchemaReference(reference, in: object, at: schema.location, path: path)
        }
        var result = DocumentObject()
        let isFile = object["type"]?.string == "file"
        for (key, value) in object.entries {
            let childPath = path + [key]
            switch key {
            case "type" where isFile:
                result.set(.string("string", at: value.location), for: key)
                result.set(.string("binary", at: value.location), for: "format")
            case "format" where isFile:
                continue
            case "type" where value.string == "null" || value.array != nil:
                setType(value, into: &result, at: childPath)
            case "x-nullable":
                if value.bool == true { result.set(.bool(true, at: value.location), for: "nullable") }
            case "properties":
                guard let properties = value.object else {
                    warn("`properties` is not a mapping: left out", at: childPath)
                    continue
                }
                var converted = DocumentObject()
                for (name, property) in properties.entries {
                    converted.set(convertSchema(property, at: childPath + [name]), for: name)
                }
                result.set(.object(converted, at: value.location), for: key)
            case "items":
                result.set(convertItems(value, at: childPath), for: key)
            case "additionalProperties", "not":
                result.set(value.object == nil ? value : convertSchema(value, at: childPath), for: key)
            case "allOf", "anyOf", "oneOf":
                guard let list = value.array else {
                    warn("`\(key)` is not a list: left out", at: childPath)
                    continue
                }
                let converted = list.enumerated().map { convertSchema($1, at: childPath + [String($0)]) }
                result.set(.array(converted, at: value.location), for: key)
            case "discriminator":
                if let name = value.string {
                    let discriminator = DocumentObject([("propertyName", .string(name, at: value.location))])
                    result.set(.object(discriminator, at: value.location), for: key)
                } else {
                    result.set(value, for: key)
                }
            default:
                result.set(value, for: key)
            }
        }
        return .object(Self.collapsingNullMembers(of: result, at: schema.location), at: schema.location)
    }

    /// Sets what a `type` of JSON Schema that OpenAPI 3.0 does not have stands for: `null` is the schema
    /// only `null` matches (`nullable` and `enum: [null]`); a list of types is one type or `anyOf` them,
    /// `nullable` when `null` is one of them.
    private mutating func setType(_ type: DocumentNode, into result: inout DocumentObject, at path: [String]) {
        let location = type.location
        let names = type.array?.compactMap(\.string) ?? type.string.map { [$0] } ?? []
        let others = names.filter { $0 != "null" }
        if others.count == 1, let only = others.first {
            result.set(.string(only, at: location), for: "type")
        } else if others.count > 1 {
            if result.contains("anyOf") {
                warn("a list of types beside `anyOf`: the types are left out", at: path)
            } else {
                let schemas = others.map {
                    DocumentNode.object(DocumentObject([("type", .string($0, at: location))]), at: location)
                }
                result.set(.array(schemas, at: location), for: "anyOf")
            }
        } else {
            result.set(.array([DocumentNode(value: .null, location: location)], at: location), for: "enum")
        }
        if names.contains("null") { result.set(.bool(true, at: location), for: "nullable") }
    }

    /// Whether `schema` is the one that only `null` matches, as ``setType(_:into:at:)`` writes it.
    private static func isNullOnly(_ schema: DocumentNode) -> Bool {
        guard let object = schema.object, object["nullable"]?.bool == true, object["type"] == nil,
            let values = object["enum"]?.array, values.count == 1, case .null = values[0].value
        else { return false }
        return object.keys.allSatisfy { ["nullable", "enum", "title", "description"].contains($0) }
    }

    /// A schema whose `anyOf` or `oneOf` has a member only `null` matches, which OpenAPI 3.0 says with
    /// `nullable`: the member left out and the schema `nullable`; a single member left is merged into
    /// the schema (or, a `$ref`, made its `allOf`).
    static func collapsingNullMembers(of schema: DocumentObject, at location: SourceLocation) -> DocumentObject {
        var result = schema
        for key in ["anyOf", "oneOf"] {
            guard let members = result[key]?.array, members.contains(where: isNullOnly) else { continue }
            let rest = members.filter { !isNullOnly($0) }
            result = result.removing([key])
            if rest.count > 1 {
                result.set(.array(rest, at: location), for: key)
            } else if let only = rest.first, only.reference != nil {
                result.set(.array((result["allOf"]?.array ?? []) + [only], at: location), for: "allOf")
            } else if let only = rest.first?.object {
                for (field, value) in only.entries where !result.contains(field) { result.set(value, for: field) }
            } else if rest.isEmpty {
                result.set(.array([DocumentNode(value: .null, location: location)], at: location), for: "enum")
            }
            result.set(.bool(true, at: location), for: "nullable")
        }
        return result
    }

    /// A schema's `items`: one schema; a list of them (tuple items, which OpenAPI 3.0 does not have) is
    /// read as any of them, with a warning.
    mutating func convertItems(_ items: DocumentNode, at path: [String]) -> DocumentNode {
        guard let list = items.array else { return convertSchema(items, at: path) }
        warn("`items` is a list (tuple items): read as any of its schemas", at: path)
        let converted = list.enumerated().map { convertSchema($1, at: path + [String($0)]) }
        if converted.count == 1, let only = converted.first { return only }
        let anyOf = DocumentObject([("anyOf", .array(converted, at: items.location))])
        return .object(Self.collapsingNullMembers(of: anyOf, at: items.location), at: items.location)
    }

    /// A schema that is a `$ref`: to `#/components/schemas/...`, and nullable through an `allOf` when
    /// `x-nullable` is written beside it (OpenAPI 3.0 ignores what is beside a `$ref`). A `$ref` to
    /// anything but a definition is left out with a warning: the empty schema stands in for it.
    private mutating func convertSchemaReference(
        _ reference: DocumentNode, in object: DocumentObject, at location: SourceLocation, path: [String]
    ) -> DocumentNode {
        let written = reference.string ?? ""
        var tokens = ReferencePointer.tokens(written)
        guard written.hasPrefix("#"), tokens.first == "definitions", tokens.count >= 2 else {
            warn("`$ref` \(written) does not point into `definitions`: left out", at: path + ["$ref"])
            return .emptyObject(at: location)
        }
        tokens.replaceSubrange(0..<1, with: ["components", "schemas"])
        let converted = DocumentNode.object(
            DocumentObject([("$ref", .string(ReferencePointer.make(tokens), at: reference.location))]), at: location)
        guard object["x-nullable"]?.bool == true else { return converted }
        return .object(
            DocumentObject([
                ("allOf", .array([converted], at: location)),
                ("nullable", .bool(true, at: location)),
            ]), at: location)
    }
}
