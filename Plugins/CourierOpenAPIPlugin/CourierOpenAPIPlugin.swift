import Foundation
import PackagePlugin

/// Generates Courier targets at build time from the OpenAPI documents of a target: each `openapi.yaml`,
/// `openapi.yml` or `openapi.json` with a `courier-openapi.json` config beside it (`{"name": "Petstore"}`,
/// and optionally `"tags"` and `"operations"` to generate part of the document, and `"quiet": true` to keep
/// the generator's warnings out of the build log). A target may hold several, one per folder.
///
/// The generator's warnings (what it skipped, by JSON pointer) show in the build as warnings of the
/// document, each time the files are generated again. The code is generated again when the document, its
/// config, or another file of a multi-file document changes: any file in the document's folder or below
/// it, and YAML or JSON files elsewhere in the target but in another document's folder.
@main
struct CourierOpenAPIPlugin: BuildToolPlugin {
    /// One command running `courier-openapi` for each document of `target`.
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = target.sourceFiles.map(\.url)
        let folders = Set(files.map { $0.deletingLastPathComponent() })
        let tool = try context.tool(named: "courier-openapi")
        let documents = try folders.sorted { $0.path() < $1.path() }.compactMap { folder in
            try OpenAPIInputs(files: files.filter { $0.deletingLastPathComponent() == folder }).map { (folder, $0) }
        }
        // Files no other rule of SwiftPM reads (not sources, headers or resources).
        let unread = target.sourceFiles.filter { $0.type == .unknown }.map(\.url)
        return documents.map { folder, inputs in
            // The other files of a multi-file document are inputs too, so that editing one generates the
            // code again: every file in the document's folder and below it (a `$ref` may name any kind,
            // `description: {$ref: description.md}`), and the YAML and JSON files elsewhere in the target
            // (`$ref: ../common/error.yaml`), but those in another document's folder. SwiftPM warns of a file
            // that nothing reads.
            let others = documents.map(\.0).filter { $0 != folder && !folder.path().hasPrefix($0.path()) }
            let parts = unread.filter { file in
                file != inputs.document && file != inputs.config
                    && !others.contains { file.path().hasPrefix($0.path()) }
                    && (file.path().hasPrefix(folder.path())
                        || ["yaml", "yml", "json"].contains(file.pathExtension.lowercased()))
            }
            let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedSources").appending(path: inputs.name)
            return .buildCommand(
                displayName: "courier-openapi: generating \(inputs.name) from \(inputs.document.lastPathComponent)",
                executable: tool.url,
                arguments: [
                    inputs.document.path(), "--config", inputs.config.path(), "--output", output.path(),
                ],
                inputFiles: [inputs.document, inputs.config] + parts,
                outputFiles: inputs.outputFiles.map { output.appending(path: $0) })
        }
    }
}

/// The document and config of a target, and the files `courier-openapi` writes for them.
struct OpenAPIInputs {
    /// The OpenAPI document.
    var document: URL
    /// The `courier-openapi.json` config.
    var config: URL
    /// The namespace's name, from the config.
    var name: String

    /// The document and config among `files`; `nil` when there is no document, an error when the config
    /// is missing or names no namespace.
    init?(files: [URL]) throws {
        let documents = ["openapi.yaml", "openapi.yml", "openapi.json"]
        guard let document = files.first(where: { documents.contains($0.lastPathComponent) }) else { return nil }
        guard let config = files.first(where: { $0.lastPathComponent == "courier-openapi.json" }) else {
            throw PluginFailure(
                "\(document.path()): no courier-openapi.json beside it (it names the namespace: {\"name\": \"MyAPI\"})")
        }
        let data = try Data(contentsOf: config)
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let name = object["name"] as? String, !name.isEmpty
        else { throw PluginFailure("\(config.path()): needs a \"name\" for the namespace") }
        self.document = document
        self.config = config
        self.name = name
    }

    /// The names of the files written: the same fixed set `courier-openapi --help` lists.
    var outputFiles: [String] {
        ["\(name).swift"] + (1...7).map { "\(name)+Part\($0).swift" }
    }
}

/// A plugin error with a message.
struct PluginFailure: Error, CustomStringConvertible {
    /// The message.
    var description: String
    /// An error saying `description`.
    init(_ description: String) { self.description = description }
}
