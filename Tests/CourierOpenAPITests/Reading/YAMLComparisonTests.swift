import Foundation
import TestSupport
import Testing

@testable import CourierOpenAPI

/// The YAML reader against ruamel.yaml on every YAML document of the fixtures and on
/// ``YAMLSnippets``; the JSON reader against Python's json module on the JSON fixtures.
///
/// Where this reader follows the YAML 1.2 core schema more closely than ruamel.yaml (`1_000`, `-0x1F`
/// and the non-specific tag `! 12` are strings; a tab may separate `key:` from its value), the snippets
/// leave the case out and `YAMLScalarTests.strictToTheCoreSchema` pins it.
@Suite(.computeHeavy) struct YAMLComparisonTests {
    /// Every YAML document under `Tests/OpenAPIFixtures` reads as ruamel.yaml reads it.
    @Test func fixturesReadAsRuamelReadsThem() async throws {
        let paths = ReadingTestSupport.fixtures(["yaml", "yml"])
        #expect(paths.count >= 8, "the YAML fixtures were not found under Tests/OpenAPIFixtures")
        let expected = try await RuamelYAML.read(paths)
        for (path, expected) in zip(paths, expected) {
            let theirs = try expected.get()
            let ours = PlainValue(try YAMLReader.read(ReadingTestSupport.contents(path), file: path))
            #expect(ours.difference(from: theirs) == nil, "\(path): \(ours.difference(from: theirs) ?? "")")
        }
    }

    /// Each snippet reads as ruamel.yaml reads it, or both refuse it.
    @Test func snippetsReadAsRuamelReadsThem() async throws {
        let folder = try TestFiles.path("courier-yaml").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let snippets = YAMLSnippets.all
        let paths = snippets.indices.map { "\(folder)/\($0).yaml" }
        for (snippet, path) in zip(snippets, paths) {
            try Data(snippet.text.utf8).write(to: URL(fileURLWithPath: path))
        }
        let expected = try await RuamelYAML.read(paths)
        for (snippet, expected) in zip(snippets, expected) {
            let ours = Result { () throws(DocumentReadError) in
                PlainValue(try YAMLReader.read(Array(snippet.text.utf8), file: "s"))
            }
            switch (ours, expected) {
            case (.success(let ours), .success(let theirs)):
                #expect(!snippet.fails, "\(snippet.name): both read it, but it is listed as an error")
                #expect(ours.difference(from: theirs) == nil, "\(snippet.name): \(ours.difference(from: theirs) ?? "")")
            case (.failure, .failure):
                #expect(snippet.fails, "\(snippet.name): both refuse it, but it is listed as readable")
            case (.success(let ours), .failure(let theirs)):
                Issue.record("\(snippet.name): ruamel.yaml refuses it (\(theirs)), this reader reads \(ours)")
            case (.failure(let ours), .success(let theirs)):
                Issue.record("\(snippet.name): this reader refuses it (\(ours)), ruamel.yaml reads \(theirs)")
            }
        }
    }

    /// Every JSON document under `Tests/OpenAPIFixtures` reads as Python's json module reads it, and
    /// the YAML reader (JSON being YAML) reads it the same.
    @Test func jsonFixturesReadAsPythonReadsThem() async throws {
        let paths = ReadingTestSupport.fixtures(["json"])
        #expect(paths.count >= 2, "the JSON fixtures were not found under Tests/OpenAPIFixtures")
        let expected = try await RuamelYAML.read(paths, json: true)
        for (path, expected) in zip(paths, expected) {
            let bytes = try ReadingTestSupport.contents(path)
            let theirs = try expected.get()
            let ours = PlainValue(try JSONReader.read(bytes, file: path))
            #expect(ours.difference(from: theirs) == nil, "\(path): \(ours.difference(from: theirs) ?? "")")
            let asYAML = PlainValue(try YAMLReader.read(bytes, file: path))
            #expect(asYAML.difference(from: ours) == nil, "\(path) as YAML: \(asYAML.difference(from: ours) ?? "")")
        }
    }
}
