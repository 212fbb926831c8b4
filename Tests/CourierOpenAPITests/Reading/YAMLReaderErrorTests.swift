import TestSupport
import Testing

@testable import CourierOpenAPI

/// Each error of the YAML reader: its message, and the line and column it names.
@Suite(.offThePool) struct YAMLReaderErrorTests {
    /// Collections, indentation and documents.
    @Test(arguments: [
        ("a: 1\na: 2\n", 2, 1, "the key 'a' is written twice in this mapping"),
        ("a:\n\tb: 1\n", 2, 1, "a tab is used for indentation here; YAML indents with spaces only"),
        ("a:\n  b: 1\n \tc: 2\n", 3, 2, "a tab is used for indentation here; YAML indents with spaces only"),
        (
            "a:\n  b: 1\n c: 2\n", 3, 2,
            "this line is indented more than the keys of its mapping (column 1) but continues no value"
        ),
        (
            "a: 'x'\n  b\n", 2, 3,
            "this line is indented more than the keys of its mapping (column 1) but continues no value"
        ),
        (
            "- 'x'\n  - y\n", 2, 3,
            "this line is indented more than the entries of its sequence (column 1) but continues no value"
        ),
        ("a: 1\n---\nb: 2\n", 2, 1, "this reader reads one document, and a second one starts here with '---'"),
        ("a: 1\n...\nb: 2\n", 3, 1, "this reader reads one document, and its '...' is followed by more"),
        ("a: 1\n- b\n", 2, 1, "a sequence entry cannot be among the keys of a mapping"),
        (
            "- a\nb: 1\n", 2, 1,
            "expected the end of the document (is this line indented too far or too little?), found 'b'"
        ),
        ("a: - b\n", 1, 4, "a block sequence cannot start on the line of its key"),
        ("a: ? b\n", 1, 4, "an explicit key ('? ') cannot start on the line of its key"),
        ("a: &x - b\n", 1, 7, "a block sequence cannot start on the line of its key"),
        ("- &x - b\n", 1, 6, "a block sequence cannot start on the line of an anchor or tag"),
        ("%YAML 1.2\na: 1\n", 1, 1, "a directive must be followed by '---'"),
        ("[a]: b\n", 1, 1, "a mapping key must be a scalar, not a collection"),
        ("? [a]\n: b\n", 1, 1, "a mapping key must be a scalar, not a collection"),
        ("\"a\n b\": 1\n", 1, 1, "a mapping key must be on one line"),
        ("a: &x {b: 1}\nc:\n  <<: *x\n  <<: *x\n", 4, 3, "a mapping can have one merge key (<<), and this is a second"),
        ("b:\n  <<: 1\n", 2, 3, "a merge key (<<) needs a mapping or a sequence of mappings"),
        ("a: \"x\" y\n", 1, 8, "expected the end of the line, found 'y'"),
        ("a: \"x\"y\n", 1, 7, "expected the end of the line, found 'y'"),
        ("{a: 1}}\n", 1, 7, "expected the end of the line, found '}'"),
    ])
    func structure(text: String, line: Int, column: Int, message: String) {
        check(text, line, column, message)
    }

    /// Mapping values where they cannot be.
    @Test(arguments: [
        ("a: b: c\n", 1, 5), ("a: 1\n  b: 2\n", 2, 4), ("- a: b: c\n", 1, 7),
    ])
    func mappingValues(text: String, line: Int, column: Int) {
        check(
            text, line, column,
            "a mapping value is not allowed here (a mapping cannot start on the line of its key, and a plain value "
                + "cannot contain ': ', quote it)")
    }

    /// Flow collections.
    @Test(arguments: [
        (
            "a: [1, 2\n", 2, 1,
            "expected ',' or ']' in the flow collection that starts at 1:4, found the end of the document"
        ),
        (
            "a: {b: 1\n", 2, 1,
            "expected ',' or '}' in the flow collection that starts at 1:4, found the end of the document"
        ),
        ("a: [1, 2,", 1, 4, "the flow sequence that starts here is not closed with ']'"),
        (
            "a: [1, 2", 1, 9,
            "expected ',' or ']' in the flow collection that starts at 1:4, found the end of the document"
        ),
        ("d: [a, , b]\n", 1, 8, "expected a value, found ','"),
        ("{: a}\n", 1, 2, "a mapping key is missing before ':'"),
        ("key: [\n---\n]\n", 2, 1, "a document marker inside a flow collection (is a ']' or '}' missing?)"),
        ("[a\n: b]\n", 2, 1, "expected ',' or ']' in the flow collection that starts at 1:1, found ':'"),
        ("[\"a\n b\": c]\n", 1, 2, "the key of a pair in a flow sequence must be on one line"),
        ("{a: 1 b: 2}\n", 1, 8, "expected ',' or '}' in the flow collection that starts at 1:1, found ':'"),
    ])
    func flow(text: String, line: Int, column: Int, message: String) {
        check(text, line, column, message)
    }

    /// Scalars, escapes and block scalar headers.
    @Test(arguments: [
        ("a: \"abc\n", 1, 4, "the double-quoted string that starts here is not closed"),
        ("a: 'abc\n", 1, 4, "the single-quoted string that starts here is not closed"),
        ("a: \"abc\n---\n\"\n", 1, 4, "the quoted string that starts here is not closed before a document marker"),
        ("a: \"\\q\"\n", 1, 5, "'\\q' is not an escape of YAML"),
        ("a: \"\\x4\"\n", 1, 5, "the escape '\\x' needs 2 hexadecimal digits"),
        ("a: \"\\ud800\"\n", 1, 5, "the escape is not a Unicode character (a lone surrogate, or past U+10FFFF)"),
        ("a: \"\\U00110000\"\n", 1, 5, "the escape is not a Unicode character (a lone surrogate, or past U+10FFFF)"),
        ("a: \"\\ud83d\\u0041\"\n", 1, 5, "the escape is the first half of a surrogate pair without its second"),
        (
            "a: |x\n  b\n", 1, 5,
            "a block scalar's header takes a chomping indicator ('-' or '+') and an indentation digit (1 to 9), not 'x'"
        ),
        (
            "a: |-+\n  b\n", 1, 6,
            "a block scalar's header takes a chomping indicator ('-' or '+') and an indentation digit (1 to 9), not '+'"
        ),
        ("a: | x\n  b\n", 1, 6, "expected the end of the block scalar's header line, found 'x'"),
        (
            "a: |\n      \n    b\n", 2, 1,
            "an empty line at the start of a block scalar has more spaces than its first line of text"
        ),
        ("a: @b\n", 1, 4, "expected a value, found '@'"),
        ("a: `b\n", 1, 4, "expected a value, found '`'"),
        ("a: %b\n", 1, 4, "expected a value, found '%'"),
        ("a: \u{1}\n", 1, 4, "the control character 0x01 is not allowed in a document"),
    ])
    func scalars(text: String, line: Int, column: Int, message: String) {
        check(text, line, column, message)
    }

    /// Anchors, aliases and tags.
    @Test(arguments: [
        ("a: *nope\n", 1, 4, "the alias *nope names no anchor defined before it"),
        ("a: *b\nb: &b 1\n", 1, 4, "the alias *b names no anchor defined before it"),
        ("a: &x &y b\n", 1, 7, "a node has two anchors"),
        ("a: !!str !!int b\n", 1, 10, "a node has two tags"),
        ("a: &\n", 1, 4, "an anchor needs a name after '&'"),
        ("a: *\n", 1, 4, "an alias needs a name after '*'"),
        ("a: &x *y\n", 1, 7, "an alias cannot have an anchor or a tag"),
        ("a: !<x\n", 1, 4, "a verbatim tag '!<...>' is not closed with '>'"),
        ("a: !!int abc\n", 1, 10, "'abc' is not a valid value for the tag !!int"),
        ("a: !!bool yes\n", 1, 11, "'yes' is not a valid value for the tag !!bool"),
        ("a: !!null x\n", 1, 11, "'x' is not a valid value for the tag !!null"),
        ("a: !!float x\n", 1, 12, "'x' is not a valid value for the tag !!float"),
        ("a: !!map 1\n", 1, 10, "the tag !!map cannot be on a scalar"),
        ("a: !!seq {b: 1}\n", 1, 4, "the tag !!seq cannot be on a mapping"),
        ("a: !!str [1]\n", 1, 4, "the tag !!str cannot be on a sequence"),
    ])
    func properties(text: String, line: Int, column: Int, message: String) {
        check(text, line, column, message)
    }

    /// Bytes that are not UTF-8, and UTF-16, are errors where they start.
    @Test func encodings() {
        let bad = #expect(throws: DocumentReadError.self) {
            try YAMLReader.read(Array("a: 1\nb: ".utf8) + [0xE2, 0x28, 0xA1], file: "t.yaml")
        }
        #expect(bad?.location == SourceLocation(file: "t.yaml", line: 2, column: 4))
        let utf16 = #expect(throws: DocumentReadError.self) {
            try YAMLReader.read([0xFE, 0xFF, 0, 0x61], file: "t.yaml")
        }
        #expect(utf16?.message.contains("UTF-16") == true)
    }

    /// Nesting deeper than the limit is an error, not a stack overflow, in each way of nesting.
    @Test(arguments: [
        String(repeating: "[", count: 50_000), String(repeating: "{a: ", count: 5_000),
        String(repeating: "- ", count: 5_000),
        (0..<3_000).map { String(repeating: " ", count: $0) + "a:\n" }.joined(),
        (0..<3_000).map { String(repeating: " ", count: $0) + "-\n" }.joined(),
    ])
    func deepNesting(text: String) {
        #expect(ReadingTestSupport.yamlError(text)?.message == "collections nest more than 256 deep")
    }

    /// Checks that reading `text` fails with `message` at `line` and `column`.
    private func check(_ text: String, _ line: Int, _ column: Int, _ message: String) {
        let error = ReadingTestSupport.yamlError(text)
        #expect(error?.message == message, "\(text.debugDescription)")
        #expect(
            error?.location == SourceLocation(file: "test.yaml", line: line, column: column), "\(text.debugDescription)"
        )
    }
}
