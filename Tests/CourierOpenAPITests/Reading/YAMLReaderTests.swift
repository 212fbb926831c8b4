import TestSupport
import Testing

@testable import CourierOpenAPI

/// The YAML reader's collections, anchors, documents and locations, one construct at a time.
@Suite(.offThePool) struct YAMLReaderTests {
    /// The value of `text` as a compact string, for comparing with what a test writes.
    private func plain(_ text: String) throws -> String { try ReadingTestSupport.plainYAML(text).description }

    /// A block mapping with nested mappings and sequences; keys keep their order.
    @Test func blockCollections() throws {
        #expect(try plain("b: 1\na:\n  c: x\n  d:\n    - 1\n    - two\n") == #"{b: 1, a: {c: "x", d: [1, "two"]}}"#)
    }

    /// `- key: value` nests a mapping in a sequence entry, its keys at the column after `- `.
    @Test func compactMappings() throws {
        #expect(try plain("- a: 1\n  b: 2\n- c: 3\n") == "[{a: 1, b: 2}, {c: 3}]")
        #expect(try plain("-   a: 1\n    b: 2\n") == "[{a: 1, b: 2}]")
        #expect(try plain("- - a\n  - b\n- c\n") == #"[["a", "b"], "c"]"#)
    }

    /// A sequence may be written at the indentation of its key.
    @Test func sequenceAtItsKeysIndentation() throws {
        #expect(try plain("a:\n- 1\n- 2\nb: 3\n") == "{a: [1, 2], b: 3}")
        #expect(try plain("- a:\n  - 1\n  b: 2\n") == "[{a: [1], b: 2}]")
    }

    /// Flow collections nest, span lines, allow a trailing comma, and hold single pairs.
    @Test func flowCollections() throws {
        #expect(try plain("a: {b: [1, {c: d}], e: []}\n") == #"{a: {b: [1, {c: "d"}], e: []}}"#)
        #expect(try plain("a: [\n  1,  # one\n  2,\n]\n") == "{a: [1, 2]}")
        #expect(try plain("[a: b, ? c : d, \"e\":f]") == #"[{a: "b"}, {c: "d"}, {e: "f"}]"#)
        #expect(try plain("{a, b: , \"c\":1}") == "{a: null, b: null, c: 1}")
    }

    /// Empty values are null: at the end of a mapping, before the next key, in a sequence.
    @Test func emptyValues() throws {
        #expect(try plain("a:\nb:\n  c:\nd: 1\n") == "{a: null, b: {c: null}, d: 1}")
        #expect(try plain("-\n- x\n-\n") == #"[null, "x", null]"#)
    }

    /// An alias is a copy of its anchored node, wherever that is; an anchor on a key is the key's.
    @Test func anchorsAndAliases() throws {
        let node = try ReadingTestSupport.yaml("a: &x\n  b: [1, 2]\nc: *x\n&k d: 1\ne: *k\nf: &j g\n*j : 2\n")
        #expect(PlainValue(node["c"] ?? node) == PlainValue(node["a"] ?? node))
        #expect(node["e"]?.string == "d")
        #expect(node.object?.keys == ["a", "c", "d", "e", "f", "g"])
        #expect(node["g"]?.numberText == "2")
        #expect(node["c"]?.location.line == 2)
    }

    /// `<<` merges a mapping, or a sequence of them (the first wins); the mapping's own keys win over both.
    @Test func mergeKeys() throws {
        #expect(try plain("a: &a {x: 1, y: 2}\nb:\n  <<: *a\n  y: 3\n") == "{a: {x: 1, y: 2}, b: {x: 1, y: 3}}")
        #expect(
            try plain("a: &a {x: 1}\nb: &b {x: 2, z: 3}\nc:\n  <<: [*a, *b]\n")
                == "{a: {x: 1}, b: {x: 2, z: 3}, c: {x: 1, z: 3}}")
        #expect(try plain("\"<<\": 1\n") == "{<<: 1}")
    }

    /// `? key` and `: value` on lines of their own; a key without `:` has a null value.
    @Test func explicitKeys() throws {
        #expect(try plain("? a\n: 1\n? |\n  b\n: - 2\n? c\n") == "{a: 1, b\n: [2], c: null}")
    }

    /// `%` directives are skipped, `---` and `...` mark the one document, which may be empty.
    @Test func documents() throws {
        #expect(try plain("%YAML 1.2\n%TAG ! tag:example.com:\n--- # c\na: 1\n...\n# after\n") == "{a: 1}")
        #expect(try plain("--- |\n  text\n") == "\"text\n\"")
        #expect(try plain("--- [1]\n") == "[1]")
        #expect(try plain("") == "null")
        #expect(try plain("# only a comment\n") == "null")
        #expect(try plain("---\n...\n") == "null")
    }

    /// Comments end lines everywhere; `#` with no space before it is text.
    @Test func comments() throws {
        #expect(try plain("# a\na: 1 # b\n# c\nb: # d\n  - x # e\n  # f\nc: a#b\n") == #"{a: 1, b: ["x"], c: "a#b"}"#)
    }

    /// `\r\n` and a lone `\r` end lines as `\n` does; a byte order mark is skipped.
    @Test func lineBreaks() throws {
        #expect(try plain("\u{FEFF}a: 1\r\nb:\r  - x\r\n") == #"{a: 1, b: ["x"]}"#)
    }

    /// Nodes know their line and column (in characters), collections where their first entry starts.
    @Test func locations() throws {
        let node = try ReadingTestSupport.yaml("# c\nkey:\n  - é: [1, \"x\"]\n    b: |\n      t\n  - {c: d}\n")
        let file = "test.yaml"
        #expect(node.location == SourceLocation(file: file, line: 2, column: 1))
        let sequence = node["key"]
        #expect(sequence?.location == SourceLocation(file: file, line: 3, column: 3))
        let first = sequence?.array?.first
        #expect(first?.location == SourceLocation(file: file, line: 3, column: 5))
        #expect(first?["é"]?.location == SourceLocation(file: file, line: 3, column: 8))
        #expect(first?["é"]?.array?.last?.location == SourceLocation(file: file, line: 3, column: 12))
        #expect(first?["b"]?.location == SourceLocation(file: file, line: 4, column: 8))
        #expect(sequence?.array?.last?.location == SourceLocation(file: file, line: 6, column: 5))
        #expect(sequence?.array?.last?["c"]?.location == SourceLocation(file: file, line: 6, column: 9))
    }

    /// The fixture documents read, and what they hold is where it was written.
    @Test func fixtures() throws {
        let spotify = ReadingTestSupport.root + "/Tests/OpenAPIFixtures/Spotify/openapi.yaml"
        let node = try YAMLReader.read(ReadingTestSupport.contents(spotify), file: spotify)
        #expect(node["openapi"]?.string == "3.0.3")
        #expect((node["paths"]?.object?.count ?? 0) > 50)
        #expect(node["info"]?.location.line == 3)
        for path in ReadingTestSupport.fixtures(["yaml", "json"]) {
            #expect(throws: Never.self) { try YAMLReader.read(ReadingTestSupport.contents(path), file: path) }
        }
    }
}
