/// What a `$ref` names: a file (a normalized path) and a JSON pointer in it (`#` for the whole file).
struct ReferenceTarget: Sendable, Hashable {
    /// The file's normalized path.
    var file: String
    /// The pointer, with its leading `#`, escaped as ``JSONPointer/make(_:)`` escapes.
    var pointer: String
}

extension ReferenceBundler {
    /// An object a pointer led to: the node, the file it is in, and its own pointer there (not the same
    /// file and pointer as asked for when the way there went through a `$ref`).
    struct Located {
        /// The object.
        var node: DocumentNode
        /// Its file.
        var file: String
        /// Its pointer in that file.
        var pointer: String
    }

    /// A `$ref`'s file part (empty for a local one) and fragment (after the `#`, still escaped).
    static func split(_ reference: String) -> (file: String, fragment: String) {
        guard let hash = reference.firstIndex(of: "#") else { return (reference, "") }
        return (String(reference[..<hash]), String(reference[reference.index(after: hash)...]))
    }

    /// The object `target` names, following a `$ref` the pointer passes through; `nil`, with a warning
    /// at `site`, when its file cannot be read or has nothing there.
    mutating func locate(_ target: ReferenceTarget, from site: (path: [String], file: String)) -> Located? {
        var file = target.file
        guard var node = document(at: file, from: site) else { return nil }
        let tokens = ReferencePointer.tokens(target.pointer)
        var reached: [String] = []
        var hops = 0
        var index = 0
        while index < tokens.count {
            if let next = Self.child(of: node, tokens[index]) {
                node = next
                reached.append(tokens[index])
                index += 1
                continue
            }
            // The pointer goes on inside what a `$ref` on the way names: follow it (a few times at most).
            if hops < 8, let reference = node.reference, !DocumentPath.isRemote(reference) {
                hops += 1
                let (filePart, fragment) = Self.split(reference)
                let nextFile = filePart.isEmpty ? file : DocumentPath.resolve(filePart, from: file)
                if let document = document(at: nextFile, from: site), let named = document.resolve(pointer: fragment) {
                    file = nextFile
                    node = named
                    reached = ReferencePointer.tokens(fragment)
                    continue
                }
            }
            warn(
                "`$ref` names \(target.pointer) of \(target.file), which is not there: left out",
                at: site.path, in: site.file)
            return nil
        }
        return Located(node: node, file: file, pointer: ReferencePointer.make(reached))
    }

    /// The value under `token` of an object, or at index `token` of a list.
    private static func child(of node: DocumentNode, _ token: String) -> DocumentNode? {
        switch node.value {
        case .object(let object): object[token]
        case .array(let items): Int(token).flatMap { items.indices.contains($0) ? items[$0] : nil }
        default: nil
        }
    }

    /// The tree of `file`, read the first time it is asked for; `nil`, with a warning at `site`, when it
    /// cannot be read.
    private mutating func document(at file: String, from site: (path: [String], file: String)) -> DocumentNode? {
        let result: Result<DocumentNode, DocumentLoadError>
        if let known = files[file] {
            result = known
        } else {
            do throws(DocumentLoadError) {
                result = .success(try readFile(file))
            } catch {
                result = .failure(error)
            }
            files[file] = result
        }
        switch result {
        case .success(let node):
            return node
        case .failure(let error):
            warn(
                "`$ref` names \(file), which cannot be read (\(error.message)): left out", at: site.path, in: site.file)
            return nil
        }
    }

    /// Takes a name in `section` for the copy of `target`: the pointer's last token (the file's name for a
    /// whole file), with what a component name cannot hold turned into `_`, and a number after it when the
    /// name is taken.
    mutating func takeName(for target: ReferenceTarget, in section: [String]) -> String {
        let key = section.joined(separator: "/")
        var taken = names[key] ?? existingNames(in: section)
        let tokens = ReferencePointer.tokens(target.pointer)
        var base = tokens.last ?? DocumentPath.baseName(of: target.file)
        if base.allSatisfy(\.isNumber), tokens.count > 1 {
            base = tokens[tokens.count - 2] + "_" + base
        }
        base = String(base.unicodeScalars.map { Self.isNameScalar($0) ? Character($0) : "_" })
        if base.isEmpty { base = "Component" }
        var name = base
        var number = 2
        while taken.contains(name) {
            name = "\(base)\(number)"
            number += 1
        }
        taken.insert(name)
        names[key] = taken
        return name
    }

    /// Whether a component name may hold `scalar`: ASCII letters and digits, `.`, `_` and `-`.
    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", ".", "_", "-": true
        default: false
        }
    }

    /// The names the root itself has in `section`.
    private func existingNames(in section: [String]) -> Set<String> {
        guard case .success(let root) = files[rootFile] else { return [] }
        return Set(root.resolve(pointer: ReferencePointer.make(section))?.object?.keys ?? [])
    }

    /// Notes the root's components that are only a `$ref` to another file: the object named is put in
    /// their place, and every other `$ref` to it points to them.
    mutating func registerInPlaceComponents(of root: DocumentNode) {
        let roles: [DocumentRole] = [
            .schema, .parameter, .response, .requestBody, .header, .example, .securityScheme, .link, .callback,
        ]
        for role in roles {
            guard let section = role.section(in: dialect),
                let components = root.resolve(pointer: ReferencePointer.make(section))?.object
            else { continue }
            for (name, value) in components.entries {
                guard let reference = value.reference, !DocumentPath.isRemote(reference) else { continue }
                let (filePart, fragment) = Self.split(reference)
                guard !filePart.isEmpty, ReferencePointer.isPointer(fragment) else { continue }
                let target = ReferenceTarget(
                    file: DocumentPath.resolve(filePart, from: rootFile),
                    pointer: ReferencePointer.make(ReferencePointer.tokens(fragment)))
                let pointer = ReferencePointer.make(section + [name])
                inPlace[pointer] = target
                if copies[target] == nil { copies[target] = pointer }
            }
        }
    }

    /// Notes that something at `path` of `file` could not be followed.
    mutating func warn(_ message: String, at path: [String], in file: String) {
        warnings.append(GenerationWarning(pointer: ReferencePointer.make(path), message: message, file: file))
    }

    /// What stands in for an object of `role` whose `$ref` could not be followed: the empty schema, or
    /// the least object of the role that is valid.
    func placeholder(for role: DocumentRole, at location: SourceLocation) -> DocumentNode {
        switch role {
        case .response:
            .object(
                DocumentObject([("description", .string("Left out: its `$ref` could not be followed", at: location))]),
                at: location)
        case .requestBody:
            .object(DocumentObject([("content", .emptyObject(at: location))]), at: location)
        case .header:
            .object(DocumentObject([("schema", .emptyObject(at: location))]), at: location)
        default:
            .emptyObject(at: location)
        }
    }
}

extension DocumentNode {
    /// This tree with `value` at `tokens` (made of mappings where there was nothing, or no mapping).
    func setting(_ value: DocumentNode, at tokens: some Collection<String>) -> DocumentNode {
        guard let first = tokens.first else { return value }
        var object = self.object ?? DocumentObject()
        let child = object[first] ?? .emptyObject(at: location)
        object.set(child.setting(value, at: tokens.dropFirst()), for: first)
        return .object(object, at: location)
    }
}
