/// Converts a Swagger 2.0 document into an OpenAPI 3.0.3 one, tree to tree, so that what reads documents
/// downstream sees only OpenAPI 3: `host`, `basePath` and `schemes` become `servers`; `definitions`,
/// `parameters`, `responses` and `securityDefinitions` become components; body and form parameters become
/// request bodies, responses get `content` for each media type produced; every `$ref` follows. What has no
/// OpenAPI 3 equivalent is left out with a warning naming its pointer.
struct Swagger2Converter {
    /// The Swagger document's root, `$ref`s to other files bundled in already.
    let source: DocumentNode
    /// The root file, named in the warnings.
    let file: String
    /// The document's `consumes` (`application/json` when it has none).
    let consumes: [String]
    /// The document's `produces` (`application/json` when it has none).
    let produces: [String]
    /// The document's reusable parameters, as written (`#/parameters/...`).
    let parameters: DocumentObject
    /// What could not be converted.
    var warnings: [GenerationWarning] = []

    /// The media type a body is taken to have when nothing says which.
    static let defaultMediaTypes = ["application/json"]
    /// The version the converted document declares.
    static let convertedVersion = "3.0.3"
    /// The keys a Swagger 2.0 root may have (besides extensions).
    private static let rootKeys: Set<String> = [
        "swagger", "info", "host", "basePath", "schemes", "consumes", "produces", "paths", "definitions",
        "parameters", "responses", "securityDefinitions", "security", "tags", "externalDocs",
    ]

    /// `root`, a Swagger 2.0 document read from `file`, as OpenAPI 3.0.3, and what could not be converted.
    static func convert(_ root: DocumentNode, file: String) -> (root: DocumentNode, warnings: [GenerationWarning]) {
        var converter = Swagger2Converter(
            source: root, file: file,
            consumes: root["consumes"]?.strings.flatMap { $0.isEmpty ? nil : $0 } ?? defaultMediaTypes,
            produces: root["produces"]?.strings.flatMap { $0.isEmpty ? nil : $0 } ?? defaultMediaTypes,
            parameters: root["parameters"]?.object ?? DocumentObject())
        let converted = converter.convertRoot()
        return (converted, converter.warnings)
    }

    /// The converted root.
    private mutating func convertRoot() -> DocumentNode {
        let location = source.location
        var result = DocumentObject()
        result.set(.string(Self.convertedVersion, at: source["swagger"]?.location ?? location), for: "openapi")
        guard let object = source.object else { return .object(result, at: location) }
        for (key, value) in object.entries {
            switch key {
            case "swagger", "host", "basePath", "schemes", "consumes", "produces", "definitions", "parameters",
                "responses", "securityDefinitions":
                continue
            case "info":
                result.set(value, for: key)
                result.set(servers(at: value.location), for: "servers")
            case "paths":
                result.set(convertPaths(value), for: key)
            default:
                if Self.rootKeys.contains(key) || key.hasPrefix("x-") {
                    result.set(value, for: key)
                } else {
                    warn("`\(key)` is not a Swagger 2.0 field: left out", at: [key])
                }
            }
        }
        if !result.contains("servers") { result.set(servers(at: location), for: "servers") }
        if !result.contains("paths") { result.set(.emptyObject(at: location), for: "paths") }
        let components = convertComponents(at: location)
        if components.count > 0 { result.set(.object(components, at: location), for: "components") }
        return .object(result, at: location)
    }

    /// `servers`: one, from `host`, `basePath` and the first of `schemes` (`https` when none is listed);
    /// a URL relative to the document's when there is no host.
    private func servers(at location: SourceLocation) -> DocumentNode {
        let scheme = source["schemes"]?.strings?.first ?? "https"
        let url = serverURL(scheme: scheme) ?? (basePath.isEmpty ? "/" : basePath)
        let server = DocumentObject([("url", .string(url, at: source["host"]?.location ?? location))])
        return .array([.object(server, at: location)], at: location)
    }

    /// The document's `basePath`, with a leading `/` (empty when it has none).
    private var basePath: String {
        let written = source["basePath"]?.string ?? ""
        return written.isEmpty || written.hasPrefix("/") ? written : "/" + written
    }

    /// The URL of the document's host with `scheme` and the base path; `nil` when it has no host.
    func serverURL(scheme: String) -> String? {
        guard let host = source["host"]?.string, !host.isEmpty else { return nil }
        return "\(scheme)://\(host)\(basePath == "/" ? "" : basePath)"
    }

    /// `components`, from `definitions`, `parameters` (body parameters as request bodies), `responses` and
    /// `securityDefinitions`.
    private mutating func convertComponents(at location: SourceLocation) -> DocumentObject {
        var components = DocumentObject()
        if let definitions = source["definitions"]?.object {
            var schemas = DocumentObject()
            for (name, schema) in definitions.entries {
                schemas.set(convertSchema(schema, at: ["definitions", name]), for: name)
            }
            components.set(.object(schemas, at: location), for: "schemas")
        }
        var parameterComponents = DocumentObject()
        var requestBodies = DocumentObject()
        for (name, parameter) in parameters.entries {
            let path = ["parameters", name]
            switch parameter["in"]?.string {
            case "body":
                if let body = requestBody(fromBody: parameter, consumes: consumes, at: path) {
                    requestBodies.set(body, for: name)
                }
            case "formData":
                // Form fields become properties of the request bodies of the operations that use them.
                continue
            default:
                if let converted = convertParameter(parameter, at: path) {
                    parameterComponents.set(converted, for: name)
                }
            }
        }
        if parameterComponents.count > 0 {
            components.set(.object(parameterComponents, at: location), for: "parameters")
        }
        if requestBodies.count > 0 { components.set(.object(requestBodies, at: location), for: "requestBodies") }
        if let responses = source["responses"]?.object {
            var converted = DocumentObject()
            for (name, response) in responses.entries {
                converted.set(convertResponse(response, produces: produces, at: ["responses", name]), for: name)
            }
            components.set(.object(converted, at: location), for: "responses")
        }
        if let schemes = source["securityDefinitions"]?.object {
            var converted = DocumentObject()
            for (name, scheme) in schemes.entries {
                converted.set(ifPresent: convertSecurityScheme(scheme, at: ["securityDefinitions", name]), for: name)
            }
            components.set(.object(converted, at: location), for: "securitySchemes")
        }
        return components
    }

    /// Notes that what is at `path` could not be converted.
    mutating func warn(_ message: String, at path: [String]) {
        warnings.append(GenerationWarning(pointer: ReferencePointer.make(path), message: message, file: file))
    }
}
