/// Bundles a document of several files into its root file: every object a `$ref` names in another file is
/// copied once into the root's components (OpenAPI 3) or `definitions`/`parameters`/`responses`
/// (Swagger 2.0) under a name of its own, and the `$ref` rewritten to point there; path items that are
/// `$ref`s are put in place. What the copies refer to is read relative to the file they came from, so a
/// cycle across files ends at a copy made already. A `$ref` that cannot be followed (a URL, a missing file
/// or pointer) is left out with a warning: afterwards every `$ref` of the root is local and resolves.
struct ReferenceBundler {
    /// Reads a file other than the root by its (normalized) path.
    typealias FileReader = (String) throws(DocumentLoadError) -> DocumentNode

    /// What rewriting a value came to.
    enum Rewritten {
        /// Nothing in it changed.
        case unchanged
        /// It is to be replaced by this.
        case replaced(DocumentNode)
        /// Its `$ref` could not be followed: this stands in for it (a list of parameters drops it).
        case placeholder(DocumentNode)
    }

    /// What a `$ref` comes to.
    enum Resolution {
        /// It stays as written (a local pointer that resolves).
        case keep
        /// It is to point to this local pointer.
        case point(to: String)
        /// The object it names is put in its place (a path item), rewritten already.
        case inline(DocumentNode)
        /// It cannot be followed: a warning is given, and the placeholder stands in for it.
        case unresolved
    }

    /// The shape of the document (which sections copies go to).
    let dialect: DocumentDialect
    /// The root file's normalized path.
    let rootFile: String
    /// Reads the other files.
    let readFile: FileReader
    /// The files read so far (the root's first), or why one could not be.
    var files: [String: Result<DocumentNode, DocumentLoadError>] = [:]
    /// Where each target of another file went in the root: the local pointer of its copy.
    var copies: [ReferenceTarget: String] = [:]
    /// Components of the root that are themselves a `$ref` to another file: their pointer and target;
    /// the target is put in their place, so that it keeps the name the author gave it.
    var inPlace: [String: ReferenceTarget] = [:]
    /// The path items being put in place, outermost first: a `$ref` back to one of them is a cycle.
    var inlining: Set<ReferenceTarget> = []
    /// The names taken in each section (keyed by the section's tokens joined by `/`).
    var names: [String: Set<String>] = [:]
    /// The copies to add to the root, in the order made.
    var additions: [(section: [String], name: String, node: DocumentNode)] = []
    /// What could not be followed.
    var warnings: [GenerationWarning] = []

    /// The root `root`, read from `file`, with what its `$ref`s name in other files bundled in, and the
    /// warnings for what could not be; `readFile` reads the other files.
    static func bundle(
        _ root: DocumentNode, file: String, dialect: DocumentDialect, readFile: @escaping FileReader
    ) -> (root: DocumentNode, warnings: [GenerationWarning]) {
        let rootFile = DocumentPath.normalize(file)
        var bundler = ReferenceBundler(dialect: dialect, rootFile: rootFile, readFile: readFile)
        bundler.files[rootFile] = .success(root)
        bundler.registerInPlaceComponents(of: root)
        var path: [String] = []
        var result = root
        switch bundler.rewrite(root, role: .document, file: rootFile, path: &path) {
        case .unchanged: break
        case .replaced(let node), .placeholder(let node): result = node
        }
        for addition in bundler.additions {
            result = result.setting(addition.node, at: addition.section + [addition.name])
        }
        return (result, bundler.warnings)
    }

    /// Rewrites the `$ref`s in `node`, which stands at `path` of `file` in `role`.
    mutating func rewrite(
        _ node: DocumentNode, role: DocumentRole, file: String, path: inout [String]
    ) -> Rewritten {
        switch node.value {
        case .object(let object):
            return rewrite(object, at: node.location, role: role, file: file, path: &path)
        case .array(let items):
            let itemRole: DocumentRole
            switch role {
            case .list(let role): itemRole = role
            case .schema: itemRole = .schema
            default: return .unchanged
            }
            var result: [DocumentNode] = []
            result.reserveCapacity(items.count)
            var changed = false
            for (index, item) in items.enumerated() {
                path.append(String(index))
                defer { path.removeLast() }
                switch rewrite(item, role: itemRole, file: file, path: &path) {
                case .unchanged:
                    result.append(item)
                case .replaced(let new):
                    result.append(new)
                    changed = true
                case .placeholder(let new):
                    // A parameter that is not there is left out of its list; anything else stands in.
                    if itemRole != .parameter { result.append(new) }
                    changed = true
                }
            }
            return changed ? .replaced(.array(result, at: node.location)) : .unchanged
        default:
            return .unchanged
        }
    }

    /// Rewrites the `$ref`s in a mapping at `location`: its values first, then its own `$ref` (when its
    /// role takes one), kept, pointed elsewhere, replaced by what it names, or left out.
    private mutating func rewrite(
        _ object: DocumentObject, at location: SourceLocation, role: DocumentRole, file: String,
        path: inout [String]
    ) -> Rewritten {
        var result = object
        var changed = false
        // A map written as a `$ref` to one (DigitalOcean's `properties: {$ref: attributes.yml#/ids}`,
        // Algolia's `responses: {$ref: '#/Responses'}`) is that map, as JSON Reference reads it and
        // validators do: a string is no property's schema, no status's response.
        let namesMap = role.isMap && object["$ref"]?.string != nil
        let reference = role.takesReference || namesMap ? object["$ref"] : nil
        for (key, value) in object.entries where !(key == "$ref" && reference != nil) {
            let childRole = role.child(key, in: dialect)
            guard childRole != .data else { continue }
            path.append(key)
            defer { path.removeLast() }
            switch rewrite(value, role: childRole, file: file, path: &path) {
            case .unchanged: continue
            case .replaced(let new), .placeholder(let new):
                result.set(new, for: key)
                changed = true
            }
        }
        if role == .schema, let discriminator = object["discriminator"],
            let mapping = rewriteMapping(of: discriminator, file: file, path: path)
        {
            result.set(mapping, for: "discriminator")
            changed = true
        }
        guard let reference else { return changed ? .replaced(.object(result, at: location)) : .unchanged }
        guard let text = reference.string else {
            warn("`$ref` is not a string", at: path, in: file)
            return .placeholder(placeholder(for: role, at: location))
        }
        path.append("$ref")
        let resolution = resolve(text, role: role, file: file, path: path)
        path.removeLast()
        switch resolution {
        case .keep:
            return changed ? .replaced(.object(result, at: location)) : .unchanged
        case .point(let local):
            result.set(.string(local, at: reference.location), for: "$ref")
            return .replaced(.object(result, at: location))
        case .inline(let content):
            guard var merged = content.object else { return .replaced(content) }
            // What is written beside the `$ref` is kept where the object it names has nothing of its own.
            for (key, value) in result.entries where key != "$ref" && !merged.contains(key) {
                merged.set(value, for: key)
            }
            return .replaced(.object(merged, at: content.location))
        case .unresolved:
            return .placeholder(placeholder(for: role, at: location))
        }
    }

    /// A schema's `discriminator` whose `mapping` names schemas by `$ref` (not by their name) with those
    /// refs rewritten as `$ref`s are; `nil` when nothing in it changes.
    private mutating func rewriteMapping(
        of discriminator: DocumentNode, file: String, path: [String]
    ) -> DocumentNode? {
        guard let mapping = discriminator["mapping"]?.object else { return nil }
        var result = mapping
        var changed = false
        for (key, value) in mapping.entries {
            guard let text = value.string, Self.isMappingReference(text) else { continue }
            let here = path + ["discriminator", "mapping", key]
            switch resolve(text, role: .schema, file: file, path: here) {
            case .keep, .inline: continue
            case .point(let local): result.set(.string(local, at: value.location), for: key)
            case .unresolved: result = result.removing([key])
            }
            changed = true
        }
        guard changed, var object = discriminator.object else { return nil }
        object.set(.object(result, at: discriminator.location), for: "mapping")
        return .object(object, at: discriminator.location)
    }

    /// Whether a discriminator's mapping value is a `$ref` (`#/components/schemas/Dog`, `dog.yaml`)
    /// rather than a schema's name (`Dog`).
    private static func isMappingReference(_ value: String) -> Bool {
        value.contains("#") || value.contains("/") || value.hasSuffix(".json") || value.hasSuffix(".yaml")
            || value.hasSuffix(".yml")
    }

    /// What a `$ref` written at `path` of `file`, in `role`, comes to; copies its target into the root
    /// when that is in another file.
    mutating func resolve(_ reference: String, role: DocumentRole, file: String, path: [String]) -> Resolution {
        let hash = reference.firstIndex(of: "#") ?? reference.endIndex
        let filePart = String(reference[..<hash])
        let fragment = hash < reference.endIndex ? String(reference[reference.index(after: hash)...]) : ""
        if DocumentPath.isRemote(filePart) {
            warn("`$ref` to a URL (\(reference)) is not followed: left out", at: path, in: file)
            return .unresolved
        }
        if !ReferencePointer.isPointer(fragment) {
            warn("`$ref` to an anchor (\(reference)) is not followed: left out", at: path, in: file)
            return .unresolved
        }
        let target = ReferenceTarget(
            file: filePart.isEmpty ? file : DocumentPath.resolve(filePart, from: file),
            pointer: ReferencePointer.make(ReferencePointer.tokens(fragment)))
        guard let section = role.section(in: dialect) else { return inline(target, role: role, from: (path, file)) }
        if target.file == rootFile {
            guard locate(target, from: (path, file)) != nil else { return .unresolved }
            return filePart.isEmpty && file == rootFile ? .keep : .point(to: target.pointer)
        }
        if file == rootFile, inPlace[ReferencePointer.make(path.dropLast())] == target {
            return inline(target, role: role, from: (path, file))
        }
        if let local = copies[target] { return .point(to: local) }
        guard let found = locate(target, from: (path, file)) else { return .unresolved }
        let name = takeName(for: target, in: section)
        let local = ReferencePointer.make(section + [name])
        copies[target] = local
        // The copy takes its place among the additions now, so that they come in the order first named.
        additions.append((section, name, found.node))
        let slot = additions.count - 1
        var inner = ReferencePointer.tokens(found.pointer)
        switch rewrite(found.node, role: role, file: found.file, path: &inner) {
        case .unchanged: break
        case .replaced(let node), .placeholder(let node): additions[slot].node = node
        }
        return .point(to: local)
    }

    /// The object `target` names, rewritten, to be put in place of a `$ref` to it (a path item, or what
    /// has no section of its own); a `$ref` back to a path item being put in place is a cycle.
    private mutating func inline(
        _ target: ReferenceTarget, role: DocumentRole, from site: (path: [String], file: String)
    ) -> Resolution {
        guard !inlining.contains(target) else {
            warn("`$ref` cycle through \(target.pointer) of \(target.file): left out", at: site.path, in: site.file)
            return .unresolved
        }
        guard let found = locate(target, from: site) else { return .unresolved }
        inlining.insert(target)
        defer { inlining.remove(target) }
        var inner = ReferencePointer.tokens(found.pointer)
        switch rewrite(found.node, role: role, file: found.file, path: &inner) {
        case .unchanged: return .inline(found.node)
        case .replaced(let node), .placeholder(let node): return .inline(node)
        }
    }
}
