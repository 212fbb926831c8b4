import Foundation
import PackagePlugin

/// Writes the generated sources into the package once: for each target (or those given with `--target`)
/// holding an `openapi.yaml`/`.yml`/`.json` and a `courier-openapi.json`, into a `Generated` folder beside
/// the document.
///
///     swift package --allow-writing-to-package-directory courier-openapi --target MyAPI
@main
struct CourierOpenAPICommand: CommandPlugin {
    /// Runs the generator for the chosen targets.
    func performCommand(context: PluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let names = Set(extractor.extractOption(named: "target"))
        let tool = try context.tool(named: "courier-openapi")
        var generated = 0
        for target in context.package.targets {
            guard names.isEmpty || names.contains(target.name), let target = target as? SourceModuleTarget else {
                continue
            }
            // The document and its config are often excluded from the target (so SwiftPM does not warn
            // about them): look in the folders of the target's source files too.
            let folders = Set(target.sourceFiles.map { $0.url.deletingLastPathComponent() })
            let listed = folders.flatMap { folder in
                (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
            }
            guard let inputs = try OpenAPIInputs(files: target.sourceFiles.map(\.url) + listed) else { continue }
            let output = inputs.document.deletingLastPathComponent().appending(path: "Generated")
            let process = Process()
            process.executableURL = tool.url
            process.arguments = [inputs.document.path(), "--config", inputs.config.path(), "--output", output.path()]
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw PluginFailure("courier-openapi failed for \(target.name) (status \(process.terminationStatus))")
            }
            generated += 1
        }
        if generated == 0 {
            throw PluginFailure("no target has an openapi.yaml/.yml/.json with a courier-openapi.json beside it")
        }
    }
}

/// The document and config of a target, and the files `courier-openapi` writes for them.
struct OpenAPIInputs {
    /// The OpenAPI document.
    var document: URL
    /// The `courier-openapi.json` config.
    var config: URL

    /// The document and config among `files`; `nil` when there is no document.
    init?(files: [URL]) throws {
        let documents = ["openapi.yaml", "openapi.yml", "openapi.json"]
        guard let document = files.first(where: { documents.contains($0.lastPathComponent) }) else { return nil }
        guard let config = files.first(where: { $0.lastPathComponent == "courier-openapi.json" }) else {
            throw PluginFailure(
                "\(document.path()): no courier-openapi.json beside it (it names the namespace: {\"name\": \"MyAPI\"})")
        }
        self.document = document
        self.config = config
    }
}

/// A plugin error with a message.
struct PluginFailure: Error, CustomStringConvertible {
    /// The message.
    var description: String
    /// An error saying `description`.
    init(_ description: String) { self.description = description }
}
