import Foundation
import TestSupport
import Testing

@testable import CourierOpenAPI

/// The loader on the real documents of `Tests/OpenAPIFixtures`.
@Suite(.computeHeavy) struct FixtureLoadingTests {
    /// The fixture at `name/openapi.json` or `.yaml`.
    static func fixture(_ name: String) -> String {
        let json = "\(LoadingTestSupport.fixtures)/\(name)/openapi.json"
        return FileManager.default.fileExists(atPath: json)
            ? json : "\(LoadingTestSupport.fixtures)/\(name)/openapi.yaml"
    }

    /// How long loading `path` takes, at best of `runs`, and the document.
    static func timedLoad(_ path: String, runs: Int = 3) throws -> (document: LoadedDocument, seconds: Double) {
        var best = Double.infinity
        var document: LoadedDocument?
        for _ in 0..<runs {
            let start = ContinuousClock.now
            document = try DocumentLoader.load(path: path)
            let elapsed = ContinuousClock.now - start
            best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        guard let document else { throw DocumentLoadError.fileNotFound(path: path) }
        return (document, best)
    }

    /// Every fixture loads, and every local `$ref` of it resolves.
    @Test(arguments: LoadingTestSupport.fixtureDocuments)
    func everyFixtureLoads(path: String) throws {
        let document = try DocumentLoader.load(path: path)
        #expect(document.root["openapi"]?.string?.hasPrefix("3.") == true)
        #expect(
            LoadingTestSupport.referenceProblems(in: document.root, allowingAnyLocal: true) == [],
            "\(path)")
        if !document.warnings.isEmpty { print("\(path): \(document.warnings.count) warnings") }
    }

    /// There are fixtures to load.
    @Test func thereAreFixtures() {
        #expect(LoadingTestSupport.fixtureDocuments.count >= 10)
    }

    /// Slack's Swagger 2.0 document converted: every `$ref` into `#/components` and resolving, every
    /// parameter with a schema, form and query parameters where they belong. (How long a load takes is
    /// printed, not checked: speed is courier-bench's to measure.)
    @Test func slackConverts() throws {
        let (document, seconds) = try Self.timedLoad(Self.fixture("Slack"))
        print("Slack (Swagger 2.0, 1.2 MB): loaded and converted in \(Int(seconds * 1000)) ms")
        #expect(document.sourceVersion == "2.0")
        // Slack writes `items` as a list in some 30 schemas: what OpenAPI 3.0 cannot say, and the one warning.
        #expect(document.warnings.allSatisfy { $0.message.contains("tuple items") })
        #expect(document.warnings.count < 40)
        let root = document.root
        #expect(root["openapi"]?.string == "3.0.3")
        #expect(root[pointer: "/servers/0/url"]?.string == "https://slack.com/api")
        #expect(root["swagger"] == nil && root["definitions"] == nil && root["securityDefinitions"] == nil)
        #expect(LoadingTestSupport.referenceProblems(in: root) == [])
        #expect(LoadingTestSupport.referenceCount(in: root) > 500)
        #expect(root[pointer: "/components/securitySchemes/slackAuth/flows/authorizationCode/tokenUrl"] != nil)
        var operations = 0
        var formBodies = 0
        for (_, item) in root["paths"]?.object?.entries ?? [] {
            for (method, operation) in item.object?.entries ?? [] where DocumentRole.methods.contains(method) {
                operations += 1
                for parameter in operation["parameters"]?.array ?? [] {
                    let resolved = parameter.reference.flatMap { root.resolve(pointer: $0) } ?? parameter
                    #expect(resolved["schema"] != nil || resolved["content"] != nil)
                    #expect(resolved["type"] == nil)
                    #expect(["query", "header", "path", "cookie"].contains(resolved["in"]?.string ?? ""))
                }
                if operation[pointer: "/requestBody/content/application~1x-www-form-urlencoded/schema/properties"]
                    != nil
                {
                    formBodies += 1
                }
                #expect(operation["consumes"] == nil && operation["produces"] == nil)
                for (_, response) in operation["responses"]?.object?.entries ?? [] {
                    #expect(response["schema"] == nil && response["examples"] == nil)
                }
            }
        }
        #expect(operations == 174)
        #expect(formBodies > 50)
    }

    /// Discord's OpenAPI 3.1 document loads as it is.
    @Test func discordLoads() throws {
        let (document, seconds) = try Self.timedLoad(Self.fixture("Discord"))
        print("Discord (OpenAPI 3.1, 1.2 MB): loaded in \(Int(seconds * 1000)) ms")
        #expect(document.isVersion31)
        #expect(document.warnings == [])
        #expect(LoadingTestSupport.referenceProblems(in: document.root) == [])
    }
}
