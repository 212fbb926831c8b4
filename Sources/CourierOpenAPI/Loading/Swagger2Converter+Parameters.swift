extension Swagger2Converter {
    /// The keys of a Swagger 2.0 parameter, header or items object that describe its value: in OpenAPI 3
    /// they are the parameter's `schema`.
    static let simpleSchemaKeys: Set<String> = [
        "type", "format", "items", "enum", "default", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
        "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "multipleOf",
    ]
    /// The keys of a non-body parameter that stay as they are.
    private static let parameterKeys: Set<String> = ["name", "in", "description", "required", "deprecated"]

    /// A parameter that is not part of the body (`in: query`, `path`, `header`): its value's description
    /// moved into `schema`, its `collectionFormat` turned into `style` and `explode`.
    mutating func convertParameter(_ parameter: DocumentNode, at path: [String]) -> DocumentNode? {
        guard let object = parameter.object, object["name"]?.string != nil, let location = object["in"]?.string else {
            warn("a parameter without a `name` or `in`: left out", at: path)
            return nil
        }
        var result = DocumentObject()
        for (key, value) in object.entries {
            if Self.parameterKeys.contains(key) || (key.hasPrefix("x-") && key != "x-nullable") {
                result.set(value, for: key)
            } else if key == "allowEmptyValue" {
                if location == "query" { result.set(value, for: key) }
            } else if key == "schema" {
                result.set(convertSchema(value, at: path + [key]), for: key)
            } else if !Self.simpleSchemaKeys.contains(key) && key != "collectionFormat" && key != "x-nullable" {
                warn("`\(key)` is not a field of a parameter: left out", at: path + [key])
            }
        }
        if location == "path" { result.set(.bool(true, at: parameter.location), for: "required") }
        if !result.contains("schema") {
            if object["type"]?.string == "file" {
                warn("a `type: file` parameter outside a form: read as a binary string", at: path + ["type"])
            }
            result.set(schema(ofSimple: parameter, at: path), for: "schema")
        }
        if object["type"]?.string == "array" {
            let style = style(of: object["collectionFormat"]?.string, in: location, at: path + ["collectionFormat"])
            if let style {
                result.set(.string(style.style, at: parameter.location), for: "style")
                result.set(.bool(style.explode, at: parameter.location), for: "explode")
            }
        }
        return .object(result, at: parameter.location)
    }

    /// The schema that a parameter, header or items object describes with its `type`, `format`, `items`,
    /// `enum`, `default` and limits (`type: file` is a binary string, `x-nullable` is `nullable`).
    mutating func schema(ofSimple node: DocumentNode, at path: [String]) -> DocumentNode {
        guard let object = node.object else { return .emptyObject(at: node.location) }
        var result = DocumentObject()
        let isFile = object["type"]?.string == "file"
        for (key, value) in object.entries {
            switch key {
            case "type" where isFile:
                result.set(.string("string", at: value.location), for: key)
                result.set(.string("binary", at: value.location), for: "format")
            case "format" where isFile:
                continue
            case "items" where value.reference != nil || value.array != nil:
                // Items that are a `$ref` or a list are not Swagger 2.0's, but a schema's: read as one.
                result.set(convertItems(value, at: path + [key]), for: key)
            case "items":
                let items = schema(ofSimple: value, at: path + [key])
                if let nested = value["collectionFormat"]?.string, nested != "csv" {
                    warn(
                        "`collectionFormat: \(nested)` of nested items has no OpenAPI 3 equivalent: read as csv",
                        at: path + [key, "collectionFormat"])
                }
                result.set(items, for: key)
            case "x-nullable":
                if value.bool == true { result.set(.bool(true, at: value.location), for: "nullable") }
            default:
                if Self.simpleSchemaKeys.contains(key) { result.set(value, for: key) }
            }
        }
        return .object(result, at: node.location)
    }

    /// The `style` and `explode` that stand for a `collectionFormat` (`csv` when none is written) of a
    /// parameter `in` a place; `nil` where the OpenAPI 3 default is the same.
    mutating func style(of collectionFormat: String?, in location: String, at path: [String]) -> (
        style: String, explode: Bool
    )? {
        let format = collectionFormat ?? "csv"
        switch location {
        case "query", "formData":
            switch format {
            case "csv": return ("form", false)
            case "multi": return ("form", true)
            case "ssv": return ("spaceDelimited", false)
            case "pipes": return ("pipeDelimited", false)
            case "tsv":
                warn("`collectionFormat: tsv` has no OpenAPI 3 equivalent: read as csv", at: path)
                return ("form", false)
            default:
                warn("`collectionFormat: \(format)` is not a Swagger 2.0 format: read as csv", at: path)
                return ("form", false)
            }
        default:
            if format != "csv" {
                warn(
                    "`collectionFormat: \(format)` in \(location) has no OpenAPI 3 equivalent: read as csv", at: path)
            }
            return nil
        }
    }

    /// The request body a body parameter describes: its schema under each media type of `consumes`.
    mutating func requestBody(fromBody parameter: DocumentNode, consumes: [String], at path: [String]) -> DocumentNode?
    {
        guard let object = parameter.object else {
            warn("a body parameter is not a mapping: left out", at: path)
            return nil
        }
        let schema: DocumentNode
        if let written = object["schema"] {
            schema = convertSchema(written, at: path + ["schema"])
        } else {
            warn("a body parameter without a `schema`: any value is taken", at: path)
            schema = .emptyObject(at: parameter.location)
        }
        var result = DocumentObject()
        result.set(ifPresent: object["description"], for: "description")
        result.set(content(consumes, schema: schema, at: parameter.location), for: "content")
        if object["required"]?.bool == true { result.set(.bool(true, at: parameter.location), for: "required") }
        for (key, value) in object.entries where key.hasPrefix("x-") { result.set(value, for: key) }
        if let name = object["name"] { result.set(name, for: "x-codegen-request-body-name") }
        return .object(result, at: parameter.location)
    }

    /// The request body that form parameters make: an object schema of one property each, as
    /// `multipart/form-data` when `consumes` lists it or a field is a file, else as
    /// `application/x-www-form-urlencoded`.
    mutating func formRequestBody(_ fields: [SwaggerParameter], consumes: [String], at path: [String]) -> DocumentNode {
        let location = fields.first?.node.location ?? source.location
        let isMultipart =
            consumes.contains("multipart/form-data") || fields.contains { $0.node["type"]?.string == "file" }
        var properties = DocumentObject()
        var required: [DocumentNode] = []
        var encoding = DocumentObject()
        for field in fields {
            guard let name = field.name else {
                warn("a form parameter without a `name`: left out", at: field.path)
                continue
            }
            var property = schema(ofSimple: field.node, at: field.path).object ?? DocumentObject()
            if let description = field.node["description"] { property.set(description, for: "description") }
            for (key, value) in field.node.object?.entries ?? [] where key.hasPrefix("x-") && key != "x-nullable" {
                property.set(value, for: key)
            }
            properties.set(.object(property, at: field.node.location), for: name)
            if field.node["required"]?.bool == true { required.append(.string(name, at: field.node.location)) }
            let collectionFormat = field.node["collectionFormat"]?.string
            if field.node["type"]?.string == "array",
                let style = style(of: collectionFormat, in: "formData", at: field.path + ["collectionFormat"]),
                !isMultipart
            {
                let entry = DocumentObject([
                    ("style", .string(style.style, at: field.node.location)),
                    ("explode", .bool(style.explode, at: field.node.location)),
                ])
                encoding.set(.object(entry, at: field.node.location), for: name)
            }
        }
        var schema = DocumentObject([("type", .string("object", at: location))])
        schema.set(.object(properties, at: location), for: "properties")
        if !required.isEmpty { schema.set(.array(required, at: location), for: "required") }
        var media = DocumentObject([("schema", .object(schema, at: location))])
        if encoding.count > 0 { media.set(.object(encoding, at: location), for: "encoding") }
        let mediaType = isMultipart ? "multipart/form-data" : "application/x-www-form-urlencoded"
        var result = DocumentObject()
        result.set(.object(DocumentObject([(mediaType, .object(media, at: location))]), at: location), for: "content")
        if !required.isEmpty { result.set(.bool(true, at: location), for: "required") }
        return .object(result, at: location)
    }

    /// A `content` map: `schema` under each of `mediaTypes`.
    func content(_ mediaTypes: [String], schema: DocumentNode, at location: SourceLocation) -> DocumentNode {
        var content = DocumentObject()
        for mediaType in mediaTypes {
            content.set(.object(DocumentObject([("schema", schema)]), at: location), for: mediaType)
        }
        return .object(content, at: location)
    }
}
