import Foundation
import TestSupport
import Testing

@testable import CourierOpenAPI

/// Loading a root file: the reader chosen by content, the version checked, the errors.
@Suite(.offThePool) struct DocumentLoaderTests {
    /// The error loading `text`, written to a file named `name`, throws.
    private func loadError(_ text: String, name: String = "api.yaml") throws -> DocumentLoadError? {
        try LoadingTestSupport.withFolder { folder -> DocumentLoadError? in
            try LoadingTestSupport.write([name: text], into: folder)
            do throws(DocumentLoadError) {
                _ = try DocumentLoader.load(path: "\(folder)/\(name)")
                return nil
            } catch {
                return error
            }
        }
    }

    /// A missing file and a folder are errors that name the path.
    @Test func missingFilesAndFolders() throws {
        let missing = "/nonexistent-\(UUID())/api.yaml"
        #expect(throws: DocumentLoadError.self) { try DocumentLoader.load(path: missing) }
        do throws(DocumentLoadError) {
            _ = try DocumentLoader.load(path: missing)
        } catch {
            guard case .fileNotFound(let path) = error else { throw error }
            #expect(path == missing)
            #expect(error.description == "\(missing): error: no such file")
        }
        try LoadingTestSupport.withFolder { folder in
            do throws(DocumentLoadError) {
                _ = try DocumentLoader.load(path: folder)
                Issue.record("a folder loaded")
            } catch {
                guard case .unreadable = error else { throw error }
                #expect(error.description.contains("folder"))
            }
        }
    }

    /// A document that is neither JSON nor YAML is an error at the place the reader stopped.
    @Test func malformedDocumentsHaveAPlace() throws {
        let json = try #require(try loadError("{\n  \"openapi\": \"3.0.3\",\n  \"info\": }\n", name: "api.json"))
        guard case .malformed(let readError) = json else { throw json }
        #expect(readError.location.line == 3)
        #expect(json.location?.line == 3)
        #expect(json.description.hasPrefix(readError.location.file + ":3:"))
        let yaml = try #require(try loadError("openapi: 3.0.3\ninfo: [a, b\n"))
        guard case .malformed = yaml else { throw yaml }
        #expect(yaml.location?.file.hasSuffix("api.yaml") == true)
    }

    /// A document without `openapi` or `swagger`, or of another version, is an error that says so.
    @Test func notOpenAPIOrUnsupportedVersions() throws {
        let none = try #require(try loadError("title: not an API\n"))
        guard case .notOpenAPI = none else { throw none }
        #expect(none.message.contains("`openapi`"))
        for (text, version) in [
            ("openapi: 3.3.0\n", "3.3.0"), ("openapi: \"2.0\"\n", "2.0"), ("swagger: \"1.2\"\n", "1.2"),
            ("openapi: 3\n", "3"), ("openapi: 3.1.x\n", "3.1.x"), ("{\"openapi\": 4}", "4"),
        ] {
            let error = try #require(try loadError(text))
            guard case .unsupportedVersion(let written, let location) = error else { throw error }
            #expect(written == version)
            #expect(location.line == 1)
            #expect(error.description.contains("version \(version) is not supported"))
        }
    }

    /// The version as written, and whether it is 3.1 or later; Swagger's version may be a YAML number,
    /// and a minor version without its patch (`"3.1"`, libopenapi's test documents) is that line's.
    @Test func versions() throws {
        let cases: [(String, String, Bool)] = [
            ("openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths: {}\n", "3.0.3", false),
            ("openapi: \"3.1.0\"\ninfo: {title: T, version: '1'}\npaths: {}\n", "3.1.0", true),
            ("openapi: 3.2.0\ninfo: {title: T, version: '1'}\npaths: {}\n", "3.2.0", true),
            ("openapi: \"3.1\"\ninfo: {title: T, version: '1'}\npaths: {}\n", "3.1", true),
            ("openapi: \"3.0\"\ninfo: {title: T, version: '1'}\npaths: {}\n", "3.0", false),
            ("swagger: 2.0\ninfo: {title: T, version: '1'}\npaths: {}\n", "2.0", false),
        ]
        for (text, version, is31) in cases {
            let document = try LoadingTestSupport.load(["api.yaml": text], root: "api.yaml")
            #expect(document.sourceVersion == version)
            #expect(document.isVersion31 == is31)
            #expect(document.rootFile.hasSuffix("/api.yaml"))
            #expect(document.root["openapi"]?.string == (version == "2.0" ? "3.0.3" : version))
        }
    }

    /// The reader is chosen by the first byte: JSON in a `.yaml` file and YAML's flow style both load;
    /// a `.json` file that is not JSON is a JSON error.
    @Test func readerByContent() throws {
        let json = try LoadingTestSupport.load(
            [
                "api.yaml":
                    "\n  {\"openapi\": \"3.0.3\", \"info\": {\"title\": \"T\", \"version\": \"1\"}, \"paths\": {}}"
            ],
            root: "api.yaml")
        #expect(json.root["info"]?["title"]?.string == "T")
        let flow = try LoadingTestSupport.load(
            ["api.yml": "{openapi: 3.0.3, info: {title: T, version: '1'}, paths: {}}\n"], root: "api.yml")
        #expect(flow.root["info"]?["title"]?.string == "T")
        let notJSON = try #require(try loadError("openapi: 3.0.3\n", name: "api.json"))
        guard case .malformed = notJSON else { throw notJSON }
    }

    /// A YAML root with YAML and JSON files beside it, refs written in YAML's ways.
    @Test func bundlesYAMLFiles() throws {
        let document = try LoadingTestSupport.load(
            [
                "root.yaml": """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /pets:
                    $ref: paths/pets.yaml
                components:
                  schemas:
                    Pet:
                      $ref: 'schemas/pet.yaml#/Pet'
                """,
                "paths/pets.yaml": """
                get:
                  parameters:
                    - $ref: '../common.json#/Limit'
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema:
                            type: array
                            items: {$ref: '../schemas/pet.yaml#/Pet'}
                """,
                "schemas/pet.yaml": """
                Pet:
                  type: object
                  properties:
                    owner: {$ref: './owner.yaml'}
                """,
                "schemas/owner.yaml": """
                type: object
                properties:
                  pets:
                    type: array
                    items: {$ref: 'pet.yaml#/Pet'}
                """,
                "common.json": #"{"Limit": {"name": "limit", "in": "query", "schema": {"type": "integer"}}}"#,
            ], root: "root.yaml")
        #expect(document.warnings == [])
        let root = document.root
        #expect(root[pointer: "/components/schemas"]?.object?.keys == ["Pet", "owner"])
        #expect(
            root[pointer: "/paths/~1pets/get/responses/200/content/application~1json/schema/items/$ref"]?.string
                == "#/components/schemas/Pet")
        #expect(root[pointer: "/paths/~1pets/get/parameters/0/$ref"]?.string == "#/components/parameters/Limit")
        #expect(
            root[pointer: "/components/schemas/owner/properties/pets/items/$ref"]?.string == "#/components/schemas/Pet")
        #expect(LoadingTestSupport.referenceProblems(in: root) == [])
    }

    /// The JSON writer writes what the JSON reader reads back the same, and numbers JSON cannot write as
    /// written as the same value.
    @Test func jsonWriterRoundTrips() throws {
        let text = #"{"a": [1, -2.5e3, true, null, "q\"\\\n\t\u0001é"], "b": {}, "c": [], "d": {"e": 0}}"#
        let tree = try LoadingTestSupport.tree(text)
        for indent in [0, 2] {
            #expect(try LoadingTestSupport.tree(tree.jsonText(indent: indent)).plain == tree.plain)
        }
        #expect(tree.jsonText(indent: 0) == #"{"a":[1,-2.5e3,true,null,"q\"\\\n\t\u0001é"],"b":{},"c":[],"d":{"e":0}}"#)
        #expect(DocumentNode.jsonNumber(".5") == "0.5")
        #expect(DocumentNode.jsonNumber("+1.5") == "1.5")
        #expect(DocumentNode.jsonNumber("inf") == "null")
        #expect(DocumentNode.jsonNumber("-0.25E-3") == "-0.25E-3")
    }
}
