import Foundation
import TestSupport
import Testing

@testable import CourierOpenAPI

/// What the loader tests share: documents written into a folder of their own, the fixtures, and a check
/// that every `$ref` of a loaded document is local and resolves.
enum LoadingTestSupport {
    /// `Tests/OpenAPIFixtures`.
    static let fixtures: String = {
        let here = URL(fileURLWithPath: #filePath)
        return here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("OpenAPIFixtures").path
    }()

    /// The fixture documents: every `openapi.json` and `openapi.yaml` under ``fixtures``.
    static var fixtureDocuments: [String] {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: fixtures)) ?? []
        return folders.sorted().flatMap { folder in
            ["openapi.json", "openapi.yaml"].map { "\(fixtures)/\(folder)/\($0)" }
                .filter { FileManager.default.fileExists(atPath: $0) }
        }
    }

    /// A new empty folder under the system's temporary one, removed when `body` returns.
    static func withFolder<T>(_ body: (String) throws -> T) throws -> T {
        let folder = try TestFiles.path("courier-loader").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try body(folder)
    }

    /// Writes `files` (paths relative to `folder`, and their text) into `folder`, making subfolders.
    static func write(_ files: [String: String], into folder: String) throws {
        for (path, text) in files {
            let url = URL(fileURLWithPath: folder).appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    /// Loads the document `files` make, whose root is `root`.
    static func load(_ files: [String: String], root: String) throws -> LoadedDocument {
        try withFolder { folder in
            try write(files, into: folder)
            return try DocumentLoader.load(path: "\(folder)/\(root)")
        }
    }

    /// The tree of a JSON text.
    static func tree(_ json: String, file: String = "test.json") throws -> DocumentNode {
        try JSONReader.read(Array(json.utf8), file: file)
    }

    /// A Swagger 2.0 document (`swagger: "2.0"` and `info` added to `json`'s entries) converted.
    static func convert(_ json: String) throws -> (root: DocumentNode, warnings: [GenerationWarning]) {
        let body = json.trimmingCharacters(in: .whitespacesAndNewlines)
        let entries = body.dropFirst().dropLast().trimmingCharacters(in: .whitespacesAndNewlines)
        let document =
            #"{"swagger": "2.0", "info": {"title": "T", "version": "1"}"#
            + (entries.isEmpty ? "" : ", " + entries) + "}"
        return Swagger2Converter.convert(try tree(document), file: "test.json")
    }

    /// The problems of a loaded document's `$ref`s: each one that is not a local pointer into
    /// `#/components/...` (or, with `allowingAnyLocal`, any local pointer), or that names nothing.
    static func referenceProblems(in root: DocumentNode, allowingAnyLocal: Bool = false) -> [String] {
        var problems: [String] = []
        var path: [String] = []
        check(root, role: .document, root: root, path: &path, allowingAnyLocal: allowingAnyLocal, into: &problems)
        return problems
    }

    /// How many `$ref`s a tree has where a `$ref` may stand.
    static func referenceCount(in root: DocumentNode) -> Int {
        var count = 0
        func walk(_ node: DocumentNode, _ role: DocumentRole) {
            if let object = node.object {
                if role.takesReference, object["$ref"] != nil { count += 1 }
                for (key, value) in object.entries {
                    let child = role.child(key, in: .openAPI3)
                    if child != .data { walk(value, child) }
                }
            } else if let items = node.array {
                if case .list(let item) = role {
                    for value in items { walk(value, item) }
                } else if role == .schema {
                    for value in items { walk(value, .schema) }
                }
            }
        }
        walk(root, .document)
        return count
    }

    /// Adds the problems of the `$ref`s in `node`, at `path` in `role`, to `problems`.
    private static func check(
        _ node: DocumentNode, role: DocumentRole, root: DocumentNode, path: inout [String], allowingAnyLocal: Bool,
        into problems: inout [String]
    ) {
        if let object = node.object {
            if role.takesReference, let reference = object["$ref"] {
                let here = JSONPointer.make(path)
                if let text = reference.string {
                    if !(text.hasPrefix("#/components/") || (allowingAnyLocal && text.hasPrefix("#"))) {
                        problems.append("\(here): $ref \(text) is not into #/components")
                    } else if root.resolve(pointer: text) == nil {
                        problems.append("\(here): $ref \(text) names nothing")
                    }
                } else {
                    problems.append("\(here): $ref is not a string")
                }
            }
            for (key, value) in object.entries {
                let child = role.child(key, in: .openAPI3)
                guard child != .data else { continue }
                path.append(key)
                check(value, role: child, root: root, path: &path, allowingAnyLocal: allowingAnyLocal, into: &problems)
                path.removeLast()
            }
        } else if let items = node.array {
            let itemRole: DocumentRole
            switch role {
            case .list(let role): itemRole = role
            case .schema: itemRole = .schema
            default: return
            }
            for (index, value) in items.enumerated() {
                path.append(String(index))
                check(
                    value, role: itemRole, root: root, path: &path, allowingAnyLocal: allowingAnyLocal, into: &problems)
                path.removeLast()
            }
        }
    }
}

extension DocumentNode {
    /// The node at a pointer written without its `#` (`/paths/~1pets/get`), for brief tests.
    subscript(pointer pointer: String) -> DocumentNode? { resolve(pointer: "#" + pointer) }

    /// The value as plain Swift values (`String`, `Bool`, `Int`, `Double`, arrays, dictionaries, `NSNull`),
    /// to compare with what a test expects.
    var plain: AnyHashable {
        switch value {
        case .null: return NSNull()
        case .bool(let bool): return bool
        case .integer(let text): return Int(text).map(AnyHashable.init) ?? AnyHashable(text)
        case .number(let text): return Double(text).map(AnyHashable.init) ?? AnyHashable(text)
        case .string(let string): return string
        case .array(let items): return items.map(\.plain)
        case .object(let object):
            return Dictionary(object.entries.map { ($0.key, $0.value.plain) }, uniquingKeysWith: { $1 })
        }
    }
}
