import Foundation

/// Runs `courier-openapi`: reads the document, generates, writes the files that changed.
enum GeneratorCommand {
    /// Runs with `arguments` (without the program's name); returns the exit status. Messages go to
    /// `output` (the files written) and `errors` (warnings and failures).
    static func run(
        _ arguments: [String], output: (String) -> Void = { print($0) },
        errors: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    ) -> Int32 {
        switch GeneratorOptions.parse(arguments) {
        case .failure(.help):
            output(GeneratorOptions.help)
            return 0
        case .failure(.usage(let message)):
            errors(
                "courier-openapi: \(message)\n\nUSAGE: courier-openapi DOCUMENT --output FOLDER --name NAME (see --help)"
            )
            return 2
        case .failure(.failed(let message)):
            errors(message)
            return 1
        case .success(let options):
            do {
                let written = try generate(options, warn: options.quiet ? { _ in } : errors)
                output(
                    "courier-openapi: \(written) of \(Generator.fileNames(for: options.name).count) files changed in \(options.output)"
                )
                return 0
            } catch {
                errors("\(error)")
                return 1
            }
        }
    }

    /// Generates and writes the files of `options`; returns how many changed.
    static func generate(_ options: GeneratorOptions, warn: (String) -> Void) throws -> Int {
        let document = try DocumentLoader.load(path: options.document)
        var generator = Generator(document: document, name: options.name)
        generator.filter = Generator.Filter(tags: Set(options.tags), operations: Set(options.operations))
        let (files, warnings) = generator.generate()
        // As compilers write a diagnostic, which build logs and IDEs show as a warning of that file.
        for warning in warnings {
            warn("\(warning.file ?? options.document): warning: \(warning.pointer): \(warning.message)")
        }
        try FileManager.default.createDirectory(atPath: options.output, withIntermediateDirectories: true)
        var changed = 0
        for file in files {
            let path = (options.output as NSString).appendingPathComponent(file.name)
            let data = Data(file.contents.utf8)
            if FileManager.default.contents(atPath: path) == data { continue }
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
            changed += 1
        }
        return changed
    }
}

/// The entry point of the `courier-openapi` executable: runs with `arguments`, returns the exit status.
public func courierOpenAPIMain(_ arguments: [String]) -> Int32 { GeneratorCommand.run(arguments) }
