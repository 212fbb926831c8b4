/// The two shapes of document the loader walks: Swagger 2.0 and OpenAPI 3.x.
enum DocumentDialect: Sendable, Hashable {
    /// Swagger 2.0: `definitions`, `parameters`, `responses` at the root.
    case swagger2
    /// OpenAPI 3.0, 3.1 or 3.2: everything reusable under `components`.
    case openAPI3
}

/// What an object of a document is by where it stands (a schema, a parameter, a path item…), worked out
/// key by key from the root, so that a `$ref` is known to name a schema or a parameter, and so that values
/// that are data (examples, defaults, enums, extensions) are never taken for structure.
enum DocumentRole: Sendable, Hashable {
    /// The document's root.
    case document
    /// `components` (OpenAPI 3).
    case components
    /// A map of names to objects of one role (`paths`, `components/schemas`, `properties`, `responses`…).
    indirect case map(of: DocumentRole)
    /// A list of objects of one role (`parameters`, `allOf`).
    indirect case list(of: DocumentRole)
    /// A path item.
    case pathItem
    /// An operation.
    case operation
    /// A parameter.
    case parameter
    /// A request body (OpenAPI 3).
    case requestBody
    /// A response.
    case response
    /// A header.
    case header
    /// A media type of a `content` map (OpenAPI 3).
    case mediaType
    /// An encoding of a media type (OpenAPI 3).
    case encoding
    /// A schema.
    case schema
    /// An example object (OpenAPI 3).
    case example
    /// A link (OpenAPI 3).
    case link
    /// A callback: a map of expressions to path items (OpenAPI 3).
    case callback
    /// A security scheme.
    case securityScheme
    /// Swagger 2.0's `items` of a non-body parameter or a header: a schema in all but name.
    case items
    /// Anything else that is structure but holds no `$ref` of interest (`info`, `servers`, `tags`).
    case other
    /// Data written by the author (an example, a default, an enum, an extension): never walked.
    case data

    /// The HTTP methods a path item may have operations for.
    static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// Whether a `$ref` may stand for an object in this role. An operation may not by the specification,
    /// but published documents write them so (DigitalOcean's, every operation in a file of its own), and
    /// documentation tools follow them: it is put in place, as a path item is.
    var takesReference: Bool {
        switch self {
        case .document, .components, .map, .list, .mediaType, .encoding, .other, .data: false
        default: true
        }
    }

    /// Whether this is the role of a map (of schemas, responses, media types, …).
    var isMap: Bool { if case .map = self { true } else { false } }

    /// Whether this is the role of a list.
    private var isList: Bool { if case .list = self { true } else { false } }

    /// The role of the value under `key` of an object in this role.
    func child(_ key: String, in dialect: DocumentDialect) -> DocumentRole {
        // An extension, except in a list or a map of schemas, where `x-…` is a name like any other.
        if key.hasPrefix("x-") && self != .map(of: .schema) && !isList { return .data }
        switch self {
        case .document: return documentChild(key, in: dialect)
        case .components: return componentsChild(key)
        case .map(let role), .list(let role): return role
        case .pathItem:
            if Self.methods.contains(key) { return .operation }
            return key == "parameters" ? .list(of: .parameter) : .other
        case .operation:
            switch key {
            case "parameters": return .list(of: .parameter)
            case "requestBody": return .requestBody
            case "responses": return .map(of: .response)
            case "callbacks": return .map(of: .callback)
            default: return .other
            }
        case .parameter, .header: return parameterChild(key, in: dialect)
        case .requestBody: return key == "content" ? .map(of: .mediaType) : .other
        case .response: return responseChild(key, in: dialect)
        case .mediaType:
            switch key {
            case "schema": return .schema
            case "examples": return .map(of: .example)
            case "encoding": return .map(of: .encoding)
            default: return .data
            }
        case .encoding: return key == "headers" ? .map(of: .header) : .other
        case .schema: return Self.schemaChild(key)
        case .items: return key == "items" ? .items : .data
        case .callback: return .pathItem
        case .example, .securityScheme, .data: return .data
        case .link: return key == "server" ? .other : .data
        case .other: return .other
        }
    }

    /// The role of the value under `key` of the root.
    private func documentChild(_ key: String, in dialect: DocumentDialect) -> DocumentRole {
        switch key {
        case "paths": return .map(of: .pathItem)
        case "webhooks": return .map(of: .pathItem)
        case "components": return dialect == .openAPI3 ? .components : .other
        case "definitions": return dialect == .swagger2 ? .map(of: .schema) : .other
        case "parameters": return dialect == .swagger2 ? .map(of: .parameter) : .other
        case "responses": return dialect == .swagger2 ? .map(of: .response) : .other
        case "securityDefinitions": return dialect == .swagger2 ? .map(of: .securityScheme) : .other
        default: return .other
        }
    }

    /// The role of the value under `key` of `components`: a map of its section's objects.
    private func componentsChild(_ key: String) -> DocumentRole {
        switch key {
        case "schemas": .map(of: .schema)
        case "responses": .map(of: .response)
        case "parameters": .map(of: .parameter)
        case "examples": .map(of: .example)
        case "requestBodies": .map(of: .requestBody)
        case "headers": .map(of: .header)
        case "securitySchemes": .map(of: .securityScheme)
        case "links": .map(of: .link)
        case "callbacks": .map(of: .callback)
        case "pathItems": .map(of: .pathItem)
        default: .other
        }
    }

    /// The role of the value under `key` of a parameter or a header.
    private func parameterChild(_ key: String, in dialect: DocumentDialect) -> DocumentRole {
        switch key {
        case "schema": return .schema
        case "content": return .map(of: .mediaType)
        case "examples": return dialect == .openAPI3 ? .map(of: .example) : .data
        case "items": return .items
        default: return .data
        }
    }

    /// The role of the value under `key` of a response.
    private func responseChild(_ key: String, in dialect: DocumentDialect) -> DocumentRole {
        switch key {
        case "schema": return .schema
        case "headers": return .map(of: .header)
        case "content": return .map(of: .mediaType)
        case "links": return .map(of: .link)
        default: return .data
        }
    }

    /// The role of the value under `key` of a schema (JSON Schema's subschema keywords).
    private static func schemaChild(_ key: String) -> DocumentRole {
        switch key {
        case "properties", "patternProperties", "definitions", "$defs", "dependentSchemas": .map(of: .schema)
        case "allOf", "anyOf", "oneOf", "prefixItems": .list(of: .schema)
        case "items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames",
            "unevaluatedItems", "unevaluatedProperties", "contentSchema", "additionalItems":
            .schema
        default: .data
        }
    }

    /// The section of the components (OpenAPI 3, as `components` tokens) or of the root (Swagger 2.0)
    /// that reusable objects of this role live in; `nil` for a role that has none and is inlined.
    func section(in dialect: DocumentDialect) -> [String]? {
        switch dialect {
        case .swagger2:
            switch self {
            case .schema: ["definitions"]
            case .parameter: ["parameters"]
            case .response: ["responses"]
            default: nil
            }
        case .openAPI3:
            switch self {
            case .schema: ["components", "schemas"]
            case .parameter: ["components", "parameters"]
            case .response: ["components", "responses"]
            case .requestBody: ["components", "requestBodies"]
            case .header: ["components", "headers"]
            case .example: ["components", "examples"]
            case .securityScheme: ["components", "securitySchemes"]
            case .link: ["components", "links"]
            case .callback: ["components", "callbacks"]
            default: nil
            }
        }
    }
}
