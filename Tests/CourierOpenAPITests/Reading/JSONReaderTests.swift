import TestSupport
import Testing

@testable import CourierOpenAPI

/// The JSON reader: each kind of value, where values are, and each error with its line and column.
@Suite(.offThePool) struct JSONReaderTests {
    /// Reads `text`.
    private func read(_ text: String) throws -> DocumentNode {
        try JSONReader.read(Array(text.utf8), file: "test.json")
    }

    /// Every kind of value, keys in the order written.
    @Test func values() throws {
        let plain = try ReadingTestSupport.plainJSON(
            #"{"n": null, "t": true, "f": false, "i": -12, "z": 0, "x": 1.5, "e": 2E-3, "s": "a", "a": [], "o": {}}"#)
        #expect(
            plain
                == .object([
                    PlainEntry(key: "n", value: .null), PlainEntry(key: "t", value: .bool(true)),
                    PlainEntry(key: "f", value: .bool(false)), PlainEntry(key: "i", value: .integer("-12")),
                    PlainEntry(key: "z", value: .integer("0")), PlainEntry(key: "x", value: .float("1.5")),
                    PlainEntry(key: "e", value: .float("0.002")), PlainEntry(key: "s", value: .string("a")),
                    PlainEntry(key: "a", value: .array([])), PlainEntry(key: "o", value: .object([])),
                ]))
    }

    /// A number without fraction or exponent is an integer, kept as written, however long.
    @Test func integersAndNumbers() throws {
        let node = try read("[12345678901234567890123, 1.0, 1e5, -0, 0.5]")
        let values = node.array?.map { "\($0.value)" }
        #expect(
            values == [
                #"integer("12345678901234567890123")"#, #"number("1.0")"#, #"number("1e5")"#, #"integer("-0")"#,
                #"number("0.5")"#,
            ])
    }

    /// Every escape, a surrogate pair as one character, UTF-8 as it is.
    @Test func stringEscapes() throws {
        let node = try read(#"["\"\\\/\b\f\n\r\t", "\u00e9\u4e2D", "\ud83d\ude00", "café 😀", ""]"#)
        #expect(node.array?.map(\.string) == ["\"\\/\u{8}\u{C}\n\r\t", "é中", "😀", "café 😀", ""])
    }

    /// A key written twice keeps its last value at the place of its first.
    @Test func duplicateKeys() throws {
        let node = try read(#"{"a": 1, "b": 2, "a": 3}"#)
        #expect(node.object?.keys == ["a", "b"])
        #expect(node["a"]?.numberText == "3")
    }

    /// Each value knows its line and column (in characters, after a multi-byte one too); a byte order
    /// mark is skipped; `\r\n` and a lone `\r` end lines.
    @Test func locations() throws {
        let node = try read("\u{FEFF}{\r\n  \"é\": \"ü\", \"k\": [\n    true,\r    null]\n}")
        #expect(node.location == SourceLocation(file: "test.json", line: 1, column: 2))
        #expect(node["é"]?.location == SourceLocation(file: "test.json", line: 2, column: 8))
        #expect(node["k"]?.location == SourceLocation(file: "test.json", line: 2, column: 18))
        #expect(node["k"]?.array?[0].location == SourceLocation(file: "test.json", line: 3, column: 5))
        #expect(node["k"]?.array?[1].location == SourceLocation(file: "test.json", line: 4, column: 5))
    }

    /// Whitespace around the value is allowed; a scalar may be the whole document.
    @Test func scalarDocument() throws {
        #expect(try read(" \n\t\"x\" \n").string == "x")
        #expect(try read("42").numberText == "42")
    }

    /// Each error names the line and column where the document goes wrong.
    @Test(arguments: [
        ("", 1, 1, "expected a value, found the end of the document"),
        ("{\"a\": 1,}", 1, 9, "expected a key (a string in double quotes), found '}'"),
        ("[1, 2,]", 1, 7, "expected a value, found ']'"),
        ("[1 2]", 1, 4, "expected ',' or ']' in the array that starts at 1:1, found '2'"),
        ("{\"a\" 1}", 1, 6, "expected ':' after the key, found '1'"),
        ("{\"a\": 1 \"b\": 2}", 1, 9, "expected ',' or '}' in the object that starts at 1:1, found '\"'"),
        ("{a: 1}", 1, 2, "expected a key (a string in double quotes), found 'a'"),
        ("[01]", 1, 2, "a number cannot start with 0 followed by digits"),
        ("[1.]", 1, 4, "expected a digit after the decimal point, found ']'"),
        ("[-]", 1, 3, "expected a digit, found ']'"),
        ("[1e]", 1, 4, "expected a digit in the exponent, found ']'"),
        ("[+1]", 1, 2, "expected a value, found '+'"),
        ("[.5]", 1, 2, "expected a value, found '.'"),
        ("[1x]", 1, 3, "unexpected 'x' in a number"),
        ("[tru]", 1, 5, "expected true, found ']'"),
        ("[nulls]", 1, 6, "unexpected 's' after null"),
        ("[NaN]", 1, 2, "expected a value, found 'N'"),
        ("\"abc", 1, 1, "the string that starts here is not closed"),
        ("\n  \"a\nb\"", 2, 5, "a line break in a string must be escaped"),
        ("\"a\tb\"", 1, 3, "a tab in a string must be escaped"),
        ("\"\\q\"", 1, 2, "'\\q' is not an escape of JSON"),
        ("\"\\u12G4\"", 1, 2, "a \\u escape needs four hexadecimal digits"),
        ("\"\\ud83d\"", 1, 2, "the escape \\uD83D is the first half of a surrogate pair without its second"),
        ("\"\\ud83d\\u0041\"", 1, 2, "the escape \\uD83D is the first half of a surrogate pair without its second"),
        ("\"\\ude00\"", 1, 2, "the escape \\uDE00 is the second half of a surrogate pair without its first"),
        ("{} {}", 1, 4, "expected the end of the document after its value, found '{'"),
        ("// c\n{}", 1, 1, "expected a value, found '/'"),
    ])
    func errors(text: String, line: Int, column: Int, message: String) {
        let error = ReadingTestSupport.jsonError(text)
        #expect(error?.message == message)
        #expect(error?.location == SourceLocation(file: "test.json", line: line, column: column))
    }

    /// Bytes that are not UTF-8 are an error at the first of them, and UTF-16 is named as such.
    @Test func invalidUTF8() throws {
        let error = #expect(throws: DocumentReadError.self) {
            try JSONReader.read(Array("[\"ok\",\n \"".utf8) + [0xC3, 0x28] + Array("\"]".utf8), file: "t.json")
        }
        #expect(error?.location == SourceLocation(file: "t.json", line: 2, column: 3))
        #expect(error?.message == "the byte 0xC3 is not valid UTF-8")
        let utf16 = #expect(throws: DocumentReadError.self) {
            try JSONReader.read([0xFF, 0xFE, 0x5B, 0x00], file: "t.json")
        }
        #expect(utf16?.message.contains("UTF-16") == true)
        for bad: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] {
            #expect(throws: DocumentReadError.self) { try JSONReader.read([0x22] + bad + [0x22], file: "t.json") }
        }
    }

    /// Nesting deeper than the limit is an error, not a stack overflow.
    @Test func deepNesting() {
        let error = ReadingTestSupport.jsonError(String(repeating: "[", count: 100_000))
        #expect(error?.message == "arrays and objects nest more than 256 deep")
        #expect(error?.location.column == 257)
        #expect(
            ReadingTestSupport.jsonError(String(repeating: "[", count: 200) + String(repeating: "]", count: 200)) == nil
        )
    }
}
