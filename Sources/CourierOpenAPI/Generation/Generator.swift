/// What `courier-openapi` generates for a document: the namespace, the models and the targets, as a
/// fixed set of files (so a build-tool plugin can name them before it runs).
struct Generator {
    /// Which operations to generate.
    struct Filter: Sendable {
        /// Only these tags (as the document writes them), if any are given.
        var tags: Set<String> = []
        /// Only these operation IDs, if any are given.
        var operations: Set<String> = []
    }

    /// The names of the files written for the namespace `name` (see ``FileLayout``).
    static func fileNames(for name: String) -> [String] { FileLayout.fileNames(for: name) }

    /// The loaded document.
    let document: LoadedDocument
    /// The namespace's name.
    let name: String
    /// Which operations.
    var filter = Filter()

    /// The files (name, contents), in the order of ``fileNames(for:)``, and the warnings.
    func generate() -> (files: [(name: String, contents: String)], warnings: [GenerationWarning]) {
        let root = document.root
        let namespace = SwiftNames.typeName(name)
        let models = ModelBuilder(root: root, namespace: namespace)
        models.buildComponents()
        let operations = OperationReader(models: models).read().filter { operation in
            (filter.tags.isEmpty || filter.tags.contains(operation.tag))
                && (filter.operations.isEmpty || filter.operations.contains(operation.id))
        }
        models.leaveOutChoicesOfThemselves()
        let schemes = Self.securitySchemes(root)
        // A tag listed twice (HubSpot's associations list `Batch` and `Basic` twice) is one target.
        var tagOrder: [String] = []
        for tag in (root["tags"]?.array ?? []).compactMap({ $0["name"]?.string }) where !tagOrder.contains(tag) {
            tagOrder.append(tag)
        }
        for operation in operations where !tagOrder.contains(operation.tag) { tagOrder.append(operation.tag) }
        var enumNames = NameScope(reserved: Set(models.models.map(\.name) + [namespace] + SwiftNames.reservedTypeNames))
        let groups = tagOrder.compactMap { tag -> (tag: String, name: String, operations: [Operation])? in
            let members = operations.filter { $0.tag == tag }
            guard !members.isEmpty else { return nil }
            // A tag named like a schema (Petstore's `pets` beside its `Pets` schema) is `PetsAPI`.
            let name = SwiftNames.typeName(tag)
            return (tag, enumNames.unique(enumNames.isTaken(name) ? name + "API" : name), members)
        }
        let samples = SampleValues(models: models)
        let all = ModelMerging.merged(models.models)
        let cycles = ModelWriter.modelsInCycles(all)
        let modelWriter = ModelWriter(
            namespace: namespace, parameterModels: Self.parameterModels(of: operations, in: all),
            requestModels: Self.requestModels(of: operations, in: all),
            layout: ModelLayout(all, inCycles: cycles))
        // The components' models, then each target followed by the models its operations made.
        var own = Array(repeating: [Int](), count: groups.count)
        var placed = Set<Int>()
        for (index, group) in groups.enumerated() {
            for operation in group.operations {
                own[index] += operation.models.filter { placed.insert($0).inserted }
            }
        }
        var pieces = all.indices.filter { !placed.contains($0) }.map(FileLayout.Piece.model)
        for index in groups.indices { pieces += [.target(index)] + own[index].map(FileLayout.Piece.model) }
        let weights = pieces.map { piece in
            switch piece {
            case .model(let index): all[index].weight
            case .target(let index): FileLayout.weight(of: groups[index].operations)
            }
        }
        let runs = FileLayout.runs(pieces, weights: weights, shares: FileLayout.shares)
        let texts = runs.map { run in
            var code = CodeWriter()
            var batch: [ModelDeclaration] = []
            func flush() {
                guard !batch.isEmpty else { return }
                if !code.text.isEmpty { code.line() }
                modelWriter.write(batch, inCycles: cycles, into: &code)
                batch = []
            }
            for piece in run {
                switch piece {
                case .model(let index): batch.append(all[index])
                case .target(let index):
                    flush()
                    let group = groups[index]
                    let tagDoc = root["tags"]?.array?.first { $0["name"]?.string == group.tag }?["description"]?.string
                    if !code.text.isEmpty { code.line() }
                    TargetWriter(
                        namespace: namespace, name: group.name, tag: group.tag, doc: tagDoc,
                        operations: group.operations, schemes: schemes, samples: samples
                    ).write(into: &code)
                    code.line()
                    CallWriter(namespace: namespace, name: group.name, operations: group.operations).write(
                        into: &code)
                }
            }
            flush()
            return code.text
        }
        let header = Self.header(document: document)
        var namespaceWriter = NamespaceWriter(
            namespace: namespace, root: root, targets: groups.map(\.name), schemes: schemes)
        namespaceWriter.hasEnumerations = all.contains { if case .enumeration = $0 { true } else { false } }
        let namespaceText = namespaceWriter.text
        let last = texts.last ?? ""
        var files: [(String, String)] = [
            ("\(name).swift", header + namespaceText + (last.isEmpty ? "" : "\n" + last))
        ]
        for (index, text) in texts.dropLast().enumerated() {
            files.append(("\(name)+Part\(index + 1).swift", header + text))
        }
        // A shared component is met by every operation that uses it: its warnings are said once.
        var said = Set<GenerationWarning>()
        let serverWarning = ServerURL.chosen(root["servers"]?.array ?? []).warning.map { [$0] } ?? []
        let warnings = (document.warnings + serverWarning + models.warnings).filter { said.insert($0).inserted }
        return (files, warnings)
    }

    /// The models a request writes as text (parameters, fields of form and multipart bodies), which
    /// conform to `OpenAPIParameterValue`; the others do without the conformance and its cost.
    static func parameterModels(of operations: [Operation], in models: [ModelDeclaration]) -> Set<String> {
        let declarations = Self.declarations(models)
        var types = operations.flatMap { $0.parameters.map(\.type) }
        for operation in operations {
            guard let body = operation.body, body.kind == .form || body.kind == .multipart,
                case .model(let name) = body.type, case .object(let object)? = declarations[name]
            else { continue }
            // A multipart part of an object is JSON, not text, unless its Encoding Object gives it a style.
            let asText = Set(body.fields.filter { body.kind == .form || $0.isScalar || $0.isStyled }.map(\.key))
            types += object.properties.filter { asText.contains($0.key) }.map(\.type)
        }
        return reached(from: types, in: declarations, throughMembers: false)
    }

    /// The models a request can send: its body's and its parameters' types, and every model they hold.
    /// Only these have `var` properties; a model only read from answers has `let` ones, which spares
    /// the compiler a setter and a `modify` accessor for each (an eighth to a fifth of a large document's
    /// build).
    static func requestModels(of operations: [Operation], in models: [ModelDeclaration]) -> Set<String> {
        let types = operations.flatMap { $0.parameters.map(\.type) + ($0.body.map { [$0.type] } ?? []) }
        return reached(from: types, in: declarations(models), throughMembers: true)
    }

    private static func declarations(_ models: [ModelDeclaration]) -> [String: ModelDeclaration] {
        var declarations: [String: ModelDeclaration] = [:]
        for model in models { declarations[model.name] = model }
        return declarations
    }

    /// The models `types` name, through arrays, dictionaries, optionals and aliases; `throughMembers`,
    /// also the models that an object's properties and a union's choices name, and theirs.
    private static func reached(
        from types: [SwiftType], in declarations: [String: ModelDeclaration], throughMembers: Bool
    ) -> Set<String> {
        var types = types
        var names = Set<String>()
        while let type = types.popLast() {
            switch type {
            case .builtin: break
            case .array(let element), .dictionary(let element), .optional(let element): types.append(element)
            case .model(let name):
                guard names.insert(name).inserted else { continue }
                switch declarations[name] {
                case .alias(_, _, let aliased)?: types.append(aliased)
                case .object(let object)? where throughMembers:
                    types += object.properties.map(\.type)
                    if let additional = object.additional { types.append(additional.type) }
                case .union(let union)? where throughMembers: types += union.choices.map(\.type)
                default: break
                }
            }
        }
        return names
    }

    static func header(document: LoadedDocument) -> String {
        let title = document.root["info"]?["title"]?.string ?? "API"
        let version = document.root["info"]?["version"]?.string ?? ""
        let file = document.rootFile.split(separator: "/").last.map(String.init) ?? "document"
        return """
            // Generated by courier-openapi from \(file) (\(title.replacingOccurrences(of: "\n", with: " ")) \(version)). Do not edit.

            import Courier
            import Foundation

            #if canImport(FoundationNetworking)
                import FoundationNetworking
            #endif


            """
    }

    static func securitySchemes(_ root: DocumentNode) -> [String: SecurityScheme] {
        var schemes: [String: SecurityScheme] = [:]
        for (name, scheme) in root["components"]?["securitySchemes"]?.object?.entries ?? [] {
            switch (scheme["type"]?.string, scheme["scheme"]?.string?.lowercased()) {
            case ("http", "bearer"), ("oauth2", _), ("openIdConnect", _): schemes[name] = .bearer
            case ("http", "basic"): schemes[name] = .basic
            case ("apiKey", _):
                schemes[name] = .apiKey(
                    name: scheme["name"]?.string ?? name, location: scheme["in"]?.string ?? "header")
            default: schemes[name] = .other
            }
        }
        return schemes
    }
}

extension String {
    /// The string without the line breaks it ends with.
    var trimmingSuffixNewlines: String {
        var text = self
        while text.last == "\n" { text.removeLast() }
        return text
    }
}
