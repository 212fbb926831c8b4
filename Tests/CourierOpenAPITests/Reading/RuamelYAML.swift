import Foundation
import TestSupport
import Testing

@testable import CourierOpenAPI

/// ruamel.yaml (YAML 1.2, its pure-Python safe loader) run by `scripts/yaml-to-json.py` with the
/// Python of `.build/openapi-tools/venv`, which `scripts/openapi-tools.sh` makes: the established
/// parser the YAML reader is compared with.
enum RuamelYAML {
    /// A tool that could not be run.
    struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        var description: String
    }

    /// The venv's Python, once `scripts/openapi-tools.sh` has made sure of it (run once per test process).
    private static let python: Result<String, Failure> = {
        let root = ReadingTestSupport.root
        let setup: (code: Int32, output: Data)
        do {
            setup = try ChildProcess.run("/bin/bash", [root + "/scripts/openapi-tools.sh"])
        } catch {
            return .failure(Failure(description: "cannot run scripts/openapi-tools.sh: \(error)"))
        }
        guard setup.code == 0 else {
            return .failure(
                Failure(
                    description: "scripts/openapi-tools.sh exited with \(setup.code): run it by hand to see why "
                        + "(the YAML comparison needs ruamel.yaml in .build/openapi-tools/venv)"))
        }
        let python = root + "/.build/openapi-tools/venv/bin/python"
        guard FileManager.default.isExecutableFile(atPath: python) else {
            return .failure(Failure(description: "scripts/openapi-tools.sh ran, but \(python) is not there"))
        }
        return .success(python)
    }()

    /// What ruamel.yaml makes of each file of `paths` (with `json`, Python's json module), in order: the
    /// value, or the parser's error message.
    static func read(_ paths: [String], json: Bool = false) async throws -> [Result<PlainValue, Failure>] {
        let script = ReadingTestSupport.root + "/scripts/yaml-to-json.py"
        let (code, output) = try await offThePool {
            let python = try python.get()
            return try ChildProcess.run(python, [script] + (json ? ["--json"] : []) + paths)
        }
        guard code == 0 else { throw Failure(description: "scripts/yaml-to-json.py exited with \(code)") }
        let results = try JSONReader.read([UInt8](output), file: "yaml-to-json output")
        guard let elements = results.array, elements.count == paths.count else {
            throw Failure(description: "scripts/yaml-to-json.py printed no result for each file")
        }
        return elements.map { element in
            if let value = element["value"] { return .success(PlainValue(value, markers: true)) }
            return .failure(Failure(description: element["error"]?.string ?? "no value and no error"))
        }
    }
}
