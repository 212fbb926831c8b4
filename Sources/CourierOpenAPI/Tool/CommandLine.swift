import Foundation

/// `courier-openapi`'s command line: the options, read from the arguments.
struct GeneratorOptions: Equatable {
    /// The document.
    var document = ""
    /// Where the files go.
    var output = ""
    /// The namespace's name.
    var name = ""
    /// Only these tags.
    var tags: [String] = []
    /// Only these operations.
    var operations: [String] = []
    /// No warnings printed.
    var quiet = false

    /// The help text.
    static let help = """
        courier-openapi: Courier targets, models and typed calls from an OpenAPI document.

        USAGE: courier-openapi DOCUMENT --output FOLDER --name NAME [options]
               courier-openapi --config FILE DOCUMENT --output FOLDER

        DOCUMENT is an OpenAPI 3.0, 3.1 or 3.2 or a Swagger 2.0 document, JSON or YAML; `$ref`s to other
        local files are followed. The files written into FOLDER (an existing file is rewritten only when its
        text changes) are always these, some possibly empty:
          NAME.swift                 the namespace `enum NAME`: baseURL, allTargets, API-key plugins
          NAME+Part1…7.swift         Codable models of the schemas, then one TargetType enum per tag
                                     with its typed calls on Provider and the models of its operations;
                                     the files weigh about the same, so they compile in parallel

        OPTIONS:
          --output FOLDER            where to write the files (created if missing)
          --name NAME                the namespace (a Swift type name)
          --tag TAG                  only the operations of this tag (repeatable)
          --operation ID             only this operationId (repeatable)
          --config FILE              read name, tags, operations and quiet from a JSON file:
                                     {"name": "Petstore", "tags": ["pets"], "operations": [],
                                      "quiet": false}
          --quiet                    do not print warnings
          --help                     this text

        Constructs the generator does not support are skipped with a warning naming their JSON pointer,
        printed as `FILE: warning: POINTER: MESSAGE`.
        Exit status: 0 on success, 1 when the document cannot be read, 2 for wrong arguments.
        """

    /// The options of `arguments` (without the program's name), or a message saying what is wrong.
    static func parse(_ arguments: [String]) -> Result<GeneratorOptions, GeneratorFailure> {
        var options = GeneratorOptions()
        var index = 0
        func value(_ flag: String) -> String? {
            index += 1
            return index < arguments.count ? arguments[index] : nil
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--help", "-h": return .failure(.help)
            case "--quiet": options.quiet = true
            case "--output", "--name", "--tag", "--operation", "--config":
                guard let text = value(argument) else { return .failure(.usage("\(argument) needs a value")) }
                switch argument {
                case "--output": options.output = text
                case "--name": options.name = text
                case "--tag": options.tags.append(text)
                case "--operation": options.operations.append(text)
                default:
                    if case .failure(let failure) = options.read(config: text) { return .failure(failure) }
                }
            default:
                if argument.hasPrefix("-") { return .failure(.usage("unknown option \(argument)")) }
                guard options.document.isEmpty else { return .failure(.usage("more than one document: \(argument)")) }
                options.document = argument
            }
            index += 1
        }
        if options.document.isEmpty { return .failure(.usage("no document given")) }
        if options.output.isEmpty { return .failure(.usage("no --output folder given")) }
        if options.name.isEmpty { return .failure(.usage("no --name given")) }
        let namespace = SwiftNames.typeName(options.name)
        if SwiftNames.reservedTypeNames.contains(namespace) {
            return .failure(
                .usage(
                    "--name \(options.name): the namespace `\(namespace)` would hide a name the generated code uses "
                        + "(a module it qualifies names with, or a type of Courier's); choose another"))
        }
        return .success(options)
    }

    private mutating func read(config path: String) -> Result<Void, GeneratorFailure> {
        guard let data = FileManager.default.contents(atPath: path),
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        else { return .failure(.usage("\(path): not a readable JSON object")) }
        if let name = object["name"] as? String { self.name = name }
        tags += object["tags"] as? [String] ?? []
        operations += object["operations"] as? [String] ?? []
        if object["quiet"] as? Bool == true { quiet = true }
        return .success(())
    }
}

/// Why `courier-openapi` stopped.
enum GeneratorFailure: Error, Equatable {
    /// `--help` was asked for.
    case help
    /// The arguments are wrong.
    case usage(String)
    /// The document could not be read, or the files not written.
    case failed(String)
}
