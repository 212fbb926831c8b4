extension Swagger2Converter {
    /// A parameter of an operation or a path item as written, its `$ref` followed.
    struct SwaggerParameter {
        /// The parameter object.
        var node: DocumentNode
        /// The name it has in the document's `parameters`, when it was a `$ref` to one.
        var component: String?
        /// Where it is written.
        var path: [String]

        /// Its `name`.
        var name: String? { node["name"]?.string }
        /// Its `in`.
        var location: String? { node["in"]?.string }
        /// Whether it is part of the body (`in: body` or `in: formData`), not a parameter in OpenAPI 3.
        var isBody: Bool { location == "body" || location == "formData" }
    }

    /// The keys a Swagger 2.0 operation may have (besides extensions) that are carried over as they are.
    private static let operationKeys: Set<String> = [
        "tags", "summary", "description", "externalDocs", "operationId", "deprecated", "security",
    ]

    /// `paths`, each path item converted.
    mutating func convertPaths(_ paths: DocumentNode) -> DocumentNode {
        guard let object = paths.object else {
            warn("`paths` is not a mapping: left out", at: ["paths"])
            return .emptyObject(at: paths.location)
        }
        var result = DocumentObject()
        for (path, item) in object.entries {
            if path.hasPrefix("x-") {
                result.set(item, for: path)
            } else {
                result.set(convertPathItem(item, at: ["paths", path]), for: path)
            }
        }
        return .object(result, at: paths.location)
    }

    /// A path item: its parameters converted (its body and form parameters moved into each operation's
    /// request body), and its operations.
    private mutating func convertPathItem(_ item: DocumentNode, at path: [String]) -> DocumentNode {
        guard let object = item.object else {
            warn("a path item is not a mapping: left out", at: path)
            return .emptyObject(at: item.location)
        }
        var shared: [SwaggerParameter] = []
        var kept: [DocumentNode] = []
        for (index, node) in (object["parameters"]?.array ?? []).enumerated() {
            guard let parameter = resolveParameter(node, at: path + ["parameters", String(index)]) else { continue }
            if parameter.isBody {
                shared.append(parameter)
            } else if let converted = convertParameterUse(parameter) {
                kept.append(converted)
            }
        }
        var result = DocumentObject()
        for (key, value) in object.entries {
            if DocumentRole.methods.contains(key) {
                result.set(convertOperation(value, shared: shared, at: path + [key]), for: key)
            } else if key == "parameters" {
                if !kept.isEmpty { result.set(.array(kept, at: value.location), for: key) }
            } else if key.hasPrefix("x-") {
                result.set(value, for: key)
            } else {
                warn("`\(key)` is not a field of a path item: left out", at: path + [key])
            }
        }
        return .object(result, at: item.location)
    }

    /// A parameter as written at `path`, its `$ref` to the document's `parameters` followed.
    private mutating func resolveParameter(_ node: DocumentNode, at path: [String]) -> SwaggerParameter? {
        guard let reference = node.reference else { return SwaggerParameter(node: node, component: nil, path: path) }
        let tokens = ReferencePointer.tokens(reference)
        guard reference.hasPrefix("#"), tokens.count == 2, tokens[0] == "parameters", let target = parameters[tokens[1]]
        else {
            warn("`$ref` \(reference) does not name one of the document's `parameters`: left out", at: path)
            return nil
        }
        return SwaggerParameter(node: target, component: tokens[1], path: ["parameters", tokens[1]])
    }

    /// A parameter that is not part of the body, where an operation or path item uses it: a `$ref` to its
    /// component if it was one, else converted.
    private mutating func convertParameterUse(_ parameter: SwaggerParameter) -> DocumentNode? {
        if let component = parameter.component {
            let reference = ReferencePointer.make(["components", "parameters", component])
            let location = parameter.node.location
            return .object(DocumentObject([("$ref", .string(reference, at: location))]), at: location)
        }
        return convertParameter(parameter.node, at: parameter.path)
    }

    /// An operation: its parameters, its request body (from its body or form parameters, or the path
    /// item's `shared` ones it does not override), its responses; `consumes` and `produces` used up.
    private mutating func convertOperation(
        _ operation: DocumentNode, shared: [SwaggerParameter], at path: [String]
    ) -> DocumentNode {
        guard let object = operation.object else {
            warn("an operation is not a mapping: left out", at: path)
            return .emptyObject(at: operation.location)
        }
        let consumes = object["consumes"]?.strings.flatMap { $0.isEmpty ? nil : $0 } ?? self.consumes
        let produces = object["produces"]?.strings.flatMap { $0.isEmpty ? nil : $0 } ?? self.produces
        var own: [SwaggerParameter] = []
        for (index, node) in (object["parameters"]?.array ?? []).enumerated() {
            if let parameter = resolveParameter(node, at: path + ["parameters", String(index)]) {
                own.append(parameter)
            }
        }
        let inherited = shared.filter { shared in
            !own.contains { $0.name == shared.name && $0.location == shared.location }
        }
        var parameters: [DocumentNode] = []
        for parameter in own where !parameter.isBody {
            if let converted = convertParameterUse(parameter) { parameters.append(converted) }
        }
        let body = requestBody(of: inherited + own, consumes: consumes, at: path)
        var result = DocumentObject()
        for (key, value) in object.entries {
            switch key {
            case "consumes", "produces":
                continue
            case "parameters":
                if !parameters.isEmpty { result.set(.array(parameters, at: value.location), for: key) }
                result.set(ifPresent: body, for: "requestBody")
            case "responses":
                result.set(convertResponses(value, produces: produces, at: path + [key]), for: key)
            case "schemes":
                result.set(ifPresent: operationServers(value, at: path + [key]), for: "servers")
            default:
                if Self.operationKeys.contains(key) || key.hasPrefix("x-") {
                    result.set(value, for: key)
                } else {
                    warn("`\(key)` is not a field of an operation: left out", at: path + [key])
                }
            }
        }
        if !result.contains("requestBody") { result.set(ifPresent: body, for: "requestBody") }
        if !result.contains("responses") {
            warn("an operation has no `responses`: an empty map is given", at: path)
            result.set(.emptyObject(at: operation.location), for: "responses")
        }
        return .object(result, at: operation.location)
    }

    /// The request body of an operation whose body and form parameters are among `parameters`: its body
    /// parameter's (a `$ref` to the component when it is one and the media types are the document's), or
    /// one made of its form parameters; `nil` when it has neither.
    private mutating func requestBody(
        of parameters: [SwaggerParameter], consumes: [String], at path: [String]
    ) -> DocumentNode? {
        let bodies = parameters.filter { $0.location == "body" }
        let fields = parameters.filter { $0.location == "formData" }
        guard let body = bodies.first else {
            return fields.isEmpty ? nil : formRequestBody(fields, consumes: consumes, at: path)
        }
        if bodies.count > 1 {
            warn("an operation has more than one body parameter: only the first is read", at: path)
        }
        if !fields.isEmpty {
            warn("an operation has form parameters beside its body parameter: they are left out", at: path)
        }
        if let component = body.component, consumes == self.consumes {
            let reference = ReferencePointer.make(["components", "requestBodies", component])
            let location = body.node.location
            return .object(DocumentObject([("$ref", .string(reference, at: location))]), at: location)
        }
        return requestBody(fromBody: body.node, consumes: consumes, at: body.path)
    }

    /// The `servers` of an operation that lists its own `schemes`: the document's host and base path with
    /// the first of them; `nil`, with a warning, when the document has no host.
    private mutating func operationServers(_ schemes: DocumentNode, at path: [String]) -> DocumentNode? {
        guard let scheme = schemes.strings?.first else { return nil }
        guard let url = serverURL(scheme: scheme) else {
            warn("`schemes` of an operation in a document without `host`: left out", at: path)
            return nil
        }
        let server = DocumentNode.object(
            DocumentObject([("url", .string(url, at: schemes.location))]), at: schemes.location)
        return .array([server], at: schemes.location)
    }
}
