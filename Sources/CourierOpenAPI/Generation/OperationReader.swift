/// Reads the document's `paths` into operations, their schemas turned into types by a ``ModelBuilder``.
struct OperationReader {
    /// The models the operations' inline schemas add to.
    let models: ModelBuilder
    /// The names a case may not have: the members every target enum declares.
    static let memberNames: Set<String> = [
        "samples", "operationID", "decode", "baseURL", "path", "method", "task", "headers", "sampleData",
        "validationType", "authorizationType", "requestParts", "securitySchemeNames", "init",
    ]
    /// A path item's operations by method; `query` (HTTP's QUERY) is OpenAPI 3.2's.
    private static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"]

    /// Every operation, in document order, with case names unique in each tag.
    func read() -> [Operation] {
        let root = models.root
        let globalSecurity = securityRequirements(root["security"])
        var caseNames: [String: NameScope] = [:]
        var operations: [Operation] = []
        if root["webhooks"]?.object.map({ $0.count > 0 }) == true {
            models.warnings.append(
                GenerationWarning(
                    pointer: "#/webhooks", message: "webhooks (requests the server makes) are not generated; skipped"))
        }
        for (template, item) in root["paths"]?.object?.entries ?? [] {
            let itemPointer = JSONPointer.make(["paths", template])
            // A fragment is never sent (Mistral's documents tell apart operations of one path by one:
            // `/v1/connectors/{id}#id`).
            let path = template.firstIndex(of: "#").map { String(template[..<$0]) } ?? template
            let item = item["$ref"]?.string.flatMap(models.resolve) ?? item
            // OpenAPI 3.2's `additionalOperations` names other methods as they are sent (`SUBSCRIBE`).
            let additional = (item["additionalOperations"]?.object?.entries ?? []).map {
                (method: $0.key, node: $0.value, tokens: ["additionalOperations", $0.key])
            }
            let fixed = Self.methods.compactMap { method in item[method].map { (method, $0, [method]) } }
            for (method, operation, tokens) in fixed + additional {
                guard operation.object != nil else { continue }
                // Where the operation is written: by the path item's key, fragment and all (two keys
                // that differ only by it are two places, and their schemas two types).
                let pointer = JSONPointer.make(["paths", template] + tokens)
                let id = operation["operationId"]?.string ?? "\(method) \(path)"
                let tag = operation["tags"]?.array?.first?.string ?? Self.firstSegment(of: path)
                var scope = caseNames[tag] ?? NameScope(reserved: Self.memberNames)
                let caseName = scope.unique(SwiftNames.memberName(id))
                caseNames[tag] = scope
                let typePrefix = SwiftNames.typeName(SwiftNames.bare(caseName))
                // `body` is the request body's label.
                var labels = NameScope(reserved: ["body"])
                let firstModel = models.models.count
                let merged = mergedParameters(item["parameters"], operation["parameters"], itemPointer, pointer)
                let declaredAccept = merged.lazy.compactMap { self.acceptValues(of: $0.node) }.first
                var parameters =
                    merged
                    .compactMap {
                        read(parameter: $0.node, pointer: $0.pointer, typePrefix: typePrefix, labels: &labels)
                    }
                parameters += undeclaredPathParameters(of: path, declared: parameters, at: operation, pointer, &labels)
                let security = operation["security"].map { securityRequirements($0) } ?? globalSecurity
                if operation["callbacks"]?.object.map({ $0.count > 0 }) == true {
                    models.warnings.append(
                        GenerationWarning(
                            pointer: pointer + "/callbacks",
                            message: "callbacks (requests the server makes) are not generated; skipped"))
                }
                // The operation's own servers, or its path item's: the first whole one, as for the document's.
                let ownServers =
                    operation["servers"].map { ($0, pointer + "/servers") }
                    ?? item["servers"].map { ($0, itemPointer + "/servers") }
                let server = ownServers.map { ServerURL.chosen($0.0.array ?? [], at: $0.1) }
                if let warning = server?.warning { models.warnings.append(warning) }
                let body = readBody(operation["requestBody"], pointer: pointer + "/requestBody", typePrefix: typePrefix)
                parameters += partHeaders(of: body, typePrefix: typePrefix, labels: &labels)
                operations.append(
                    Operation(
                        id: id, caseName: caseName, tag: tag,
                        doc: DocText.join(operation["summary"]?.string, operation["description"]?.string),
                        isDeprecated: operation["deprecated"]?.bool == true, method: method, path: path,
                        serverURL: server?.server,
                        parameters: parameters,
                        body: body,
                        replies: readReplies(
                            operation["responses"], pointer: pointer + "/responses", typePrefix: typePrefix,
                            isHead: method.lowercased() == "head"),
                        security: security))
                operations[operations.count - 1].models = firstModel..<models.models.count
                operations[operations.count - 1].declaredAccept = declaredAccept
            }
        }
        return operations
    }

    /// What a header parameter named `Accept` allows: its `enum` (or `const`), and the one value to send
    /// when the responses name no media type (the only one, else its `default`).
    func acceptValues(of parameter: DocumentNode) -> Operation.DeclaredAccept? {
        let parameter = parameter["$ref"]?.string.flatMap(models.resolve) ?? parameter
        guard parameter["in"]?.string == "header", parameter["name"]?.string?.lowercased() == "accept",
            let schema = parameter["schema"].flatMap({ models.dereferenced($0) ?? $0 })
        else { return nil }
        let allowed = schema["enum"]?.array?.compactMap(\.string) ?? schema["const"]?.string.map { [$0] } ?? []
        let value = allowed.count == 1 ? allowed.first : schema["const"]?.string ?? schema["default"]?.string
        guard value != nil || !allowed.isEmpty else { return nil }
        return Operation.DeclaredAccept(allowed: allowed, value: value)
    }

    /// The value of the first Example Object of an `examples` map, through a `$ref`: its `value`, or
    /// OpenAPI 3.2's `dataValue`; `nil` when it has neither (an `externalValue`, a `serializedValue`).
    func firstExample(_ examples: DocumentNode?) -> DocumentNode? {
        guard let first = examples?.object?.entries.first?.value else { return nil }
        let example = first["$ref"]?.string.flatMap(models.resolve) ?? first
        return example["value"] ?? example["dataValue"]
    }

    /// The header fields of a multipart body's parts, as arguments of their own: each labelled by its
    /// field and its name (`profileImageXRateLimit`), read as a header parameter is, and sent on the
    /// field's parts.
    private func partHeaders(
        of body: Operation.Body?, typePrefix: String, labels: inout NameScope
    ) -> [Operation.Parameter] {
        guard let body, body.kind == .multipart else { return [] }
        var parameters: [Operation.Parameter] = []
        for field in body.fields {
            for header in field.headers {
                guard let (node, pointer) = dereferenced(header.node, pointer: header.pointer),
                    var object = node.object
                else { continue }
                // Named for the reader as `<field> <name>`, which labels and names the types it needs.
                object.set(.string(field.key + " " + header.name, at: node.location), for: "name")
                object.set(.string("header", at: node.location), for: "in")
                guard
                    var parameter = read(
                        parameter: .object(object, at: node.location), pointer: pointer, typePrefix: typePrefix,
                        labels: &labels)
                else { continue }
                parameter.name = header.name
                parameter.location = "part"
                parameter.part = field.key
                parameters.append(parameter)
            }
        }
        return parameters
    }

    /// A required string for each `{name}` of `path` that no path parameter declares, with a warning: the
    /// request cannot be sent with the placeholder in it.
    private func undeclaredPathParameters(
        of path: String, declared: [Operation.Parameter], at operation: DocumentNode, _ pointer: String,
        _ labels: inout NameScope
    ) -> [Operation.Parameter] {
        let names = Set(declared.filter { $0.location == "path" }.map(\.name))
        var added: [Operation.Parameter] = []
        for name in Self.placeholders(in: path)
        where !names.contains(name) && !added.contains(where: { $0.name == name }) {
            models.warnings.append(
                GenerationWarning(
                    pointer: pointer,
                    message: "the path's {\(name)} is not a declared parameter; taken as a required string"))
            var schema = DocumentObject()
            schema.set(.string("string", at: operation.location), for: "type")
            added.append(
                Operation.Parameter(
                    name: name, location: "path", label: labels.unique(SwiftNames.memberName(name)), type: .string,
                    isRequired: true, style: "simple", explode: false, allowReserved: false, doc: nil,
                    schema: .object(schema, at: operation.location), example: nil))
        }
        return added
    }

    /// The names in braces of a path template: `id` and `name` for `/pets/{id}/files/{name}.json`.
    static func placeholders(in path: String) -> [String] {
        var names: [String] = []
        var rest = Substring(path)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = rest[rest.index(after: open)..<close]
            if !name.isEmpty { names.append(String(name)) }
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// `pets` for `/pets/{id}`, and for `/v1/pets` and `/api/2/pets`: a prefix that names a version or the
    /// API itself groups nothing (Stripe's 468 operations are all under `/v1`); `Default` for `/`.
    static func firstSegment(of path: String) -> String {
        let segments = path.split(separator: "/").filter { !$0.hasPrefix("{") }
        let named = segments.dropLast().prefix { isPrefixSegment($0) }.count
        return segments.dropFirst(named).first.map(String.init) ?? "Default"
    }

    /// Whether a path segment only says which API or version the path is of: `api`, `rest`, `v1`,
    /// `v2beta1`, `v1.1`, `3`, `2010-04-01`.
    private static func isPrefixSegment(_ segment: Substring) -> Bool {
        let text = segment.lowercased()
        if text == "api" || text == "rest" { return true }
        let version = text.hasPrefix("v") ? text.dropFirst() : Substring(text)
        guard let first = version.first, first.isASCII, first.isNumber else { return false }
        let digits = version.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "_") }
        let rest = version.dropFirst(digits.count)
        return rest.isEmpty || (text.hasPrefix("v") && rest.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
    }

    /// The name of the shared component (`#/components/responses/Unauthorized` → `Unauthorized`) that
    /// `pointer` is in, for the inline types made there: they belong to the component, not to the first
    /// operation that uses it.
    static func componentName(_ pointer: String) -> String? {
        let tokens = JSONPointer.tokens(pointer)
        guard tokens.count >= 3, tokens[0] == "components",
            ["responses", "requestBodies", "parameters", "headers"].contains(tokens[1])
        else { return nil }
        return SwiftNames.typeName(tokens[2])
    }

    /// The node a chain of `$ref`s ends at, and its pointer; `nil` (with a warning) when one does not resolve.
    func dereferenced(_ node: DocumentNode?, pointer: String) -> (node: DocumentNode, pointer: String)? {
        guard let node else { return nil }
        var current = (node: node, pointer: pointer)
        var hops = 0
        while let reference = current.node["$ref"]?.string, hops < 16 {
            guard let target = models.resolve(reference) else {
                models.warnings.append(
                    GenerationWarning(pointer: current.pointer, message: "unresolved $ref \(reference); skipped"))
                return nil
            }
            current = (target, reference)
            hops += 1
        }
        return current
    }

    private func mergedParameters(
        _ itemParameters: DocumentNode?, _ operationParameters: DocumentNode?, _ itemPointer: String, _ pointer: String
    ) -> [(node: DocumentNode, pointer: String)] {
        var merged: [(node: DocumentNode, pointer: String)] = []
        func add(_ list: DocumentNode?, _ base: String) {
            for (index, parameter) in (list?.array ?? []).enumerated() {
                guard let resolved = dereferenced(parameter, pointer: "\(base)/parameters/\(index)") else { continue }
                let key = (resolved.node["name"]?.string ?? "", resolved.node["in"]?.string ?? "")
                merged.removeAll { ($0.node["name"]?.string ?? "", $0.node["in"]?.string ?? "") == key }
                merged.append(resolved)
            }
        }
        add(itemParameters, itemPointer)
        add(operationParameters, pointer)
        return merged
    }

    private func read(
        parameter node: DocumentNode, pointer: String, typePrefix: String, labels: inout NameScope
    ) -> Operation.Parameter? {
        guard let name = node["name"]?.string, var location = node["in"]?.string,
            ["path", "query", "header", "cookie", "querystring"].contains(location)
        else {
            models.warnings.append(
                GenerationWarning(pointer: pointer, message: "parameter without a name or a known `in`; skipped"))
            return nil
        }
        // OpenAPI 3.2's `querystring`: the whole query as one value, which its `content` writes; as a form,
        // its fields are the query's parameters (style `form`, exploded).
        if location == "querystring" {
            let media = node["content"]?.object?.entries.first?.key ?? ""
            guard Self.bodyKind(media) == .form else {
                models.warnings.append(
                    GenerationWarning(
                        pointer: pointer,
                        message: "a `querystring` parameter written as \(media) is not generated; skipped"))
                return nil
            }
            location = "query"
        }
        if location == "header", ["accept", "content-type", "authorization"].contains(name.lowercased()) {
            return nil
        }
        var schema =
            node["schema"] ?? node["content"]?.object?.entries.first?.value["schema"]
            ?? DocumentNode(value: .object(DocumentObject()), location: node.location)
        // A `content` of a JSON media type: the value is sent as its JSON text, whatever its type.
        let isJSON =
            node["schema"] == nil
            && node["content"]?.object?.entries.first.map { Self.bodyKind($0.key) == .json } == true
        let type = models.type(
            of: schema, suggestedName: Self.componentName(pointer) ?? typePrefix + SwiftNames.typeName(name),
            pointer: pointer + "/schema"
        ).0
            .withoutOptionalElements
        let style = node["style"]?.string ?? (location == "query" || location == "cookie" ? "form" : "simple")
        // Bytes (`format: byte`, Temporal's page tokens) are written in base64.
        let isBytes = type == .data || type == .array(.data)
        guard
            isJSON || type.isScalarLike || isBytes || type == .freeForm
                || { if case .dictionary = type { true } else { false } }()
        else {
            models.warnings.append(
                GenerationWarning(
                    pointer: pointer, message: "parameter of a type that cannot be written as text; skipped"))
            return nil
        }
        var example = node["example"] ?? firstExample(node["examples"]) ?? schema["example"]
        // An empty example or default of a query or path parameter is no value to send (Conjur's
        // `graph=`): OpenAPI allows an empty query value only where `allowEmptyValue` says so. A value is
        // made instead.
        if location == "path" || (location == "query" && node["allowEmptyValue"]?.bool != true) {
            if example?.string == "" { example = nil }
            let empty = ["example", "default"].filter { schema[$0]?.string == "" }
            if !empty.isEmpty, let object = schema.object {
                schema = .object(object.removing(Set(empty)), at: schema.location)
            }
        }
        return Operation.Parameter(
            name: name, location: location, label: labels.unique(SwiftNames.memberName(name)),
            type: { if case .dictionary = type, !isJSON { .freeForm } else { type } }(),
            isRequired: location == "path" || node["required"]?.bool == true,
            style: style, explode: node["explode"]?.bool ?? (style == "form"),
            allowReserved: node["allowReserved"]?.bool == true,
            doc: node["description"]?.string, schema: schema, example: example, isJSON: isJSON)
    }
}
