import TestSupport
import Testing

@testable import CourierOpenAPI

/// The YAML reader's scalars: every style, the core schema's resolution, tags and keys.
@Suite(.offThePool) struct YAMLScalarTests {
    /// The value of `a` in `text`, as its case and payload (`string("x")`).
    private func value(_ text: String) throws -> String {
        let node = try ReadingTestSupport.yaml(text)
        return node["a"].map { "\($0.value)" } ?? "no a"
    }

    /// The string `a` is in `text`.
    private func string(_ text: String) throws -> String? { try ReadingTestSupport.yaml(text)["a"]?.string }

    /// Plain scalars fold their lines: one break is a space, each further one a line feed.
    @Test func plainScalars() throws {
        #expect(try string("a: one\n  two\n\n  three\n\n\n  four  \nb: x\n") == "one two\nthree\n\nfour")
        #expect(try string("a: http://x.org:80/p?q#f, [b] {c}\n") == "http://x.org:80/p?q#f, [b] {c}")
        #expect(try string("a: -x ?y :z it's \"q\"\n") == "-x ?y :z it's \"q\"")
        #expect(try ReadingTestSupport.yaml("top\n level\n").string == "top level")
    }

    /// Single quotes: `''` is a quote, lines fold, nothing else is special.
    @Test func singleQuoted() throws {
        #expect(try string("a: 'it''s # \\n'\n") == "it's # \\n")
        #expect(try string("a: 'one\n  two\n\n  three'\n") == "one two\nthree")
        #expect(try string("a: ''\n") == "")
    }

    /// Double quotes: every escape, folding, escaped line breaks, JSON's surrogate pairs.
    @Test func doubleQuoted() throws {
        let escapes = #"a: "\0\a\b\t\"# + "\t" + #"\n\v\f\r\e\ \"\/\\\N\_\L\P""# + "\n"
        #expect(try string(escapes) == "\0\u{7}\u{8}\t\t\n\u{B}\u{C}\r\u{1B} \"/\\\u{85}\u{A0}\u{2028}\u{2029}")
        #expect(try string(#"a: "\x41\u00e9\U0001F600\ud83d\ude00""# + "\n") == "Aé😀😀")
        #expect(try string("a: \"one  \n  two\n\n  three\"\n") == "one two\nthree")
        #expect(try string("a: \"one \\\n   two\\\n\n  three\"\n") == "one two\nthree")
    }

    /// Literal block scalars keep lines; chomping strips (`-`), clips (none) or keeps (`+`) the end.
    @Test func literalBlockScalars() throws {
        #expect(try string("a: |\n  one\n   two\n\n  three\n\n\nb: x\n") == "one\n two\n\nthree\n")
        #expect(try string("a: |-\n  one\n\nb: x\n") == "one")
        #expect(try string("a: |+\n  one\n\n\nb: x\n") == "one\n\n\n")
        #expect(try string("a: |\n\n  after an empty line\n") == "\nafter an empty line\n")
        #expect(try string("a: | # comment\n  # not a comment\n") == "# not a comment\n")
        #expect(try string("a: |\nb: 1\n") == "")
        #expect(try string("a: |\n  no line break at the end") == "no line break at the end")
    }

    /// Folded block scalars join lines with spaces, except around empty and more-indented lines.
    @Test func foldedBlockScalars() throws {
        #expect(
            try string("a: >\n  one\n  two\n\n  three\n    indented\n  four\n") == "one two\nthree\n  indented\nfour\n")
        #expect(try string("a: >-\n  one\n  two\n") == "one two")
        #expect(try string("a: >+\n  one\n\n") == "one\n\n")
    }

    /// An indentation indicator sets the lines' indentation, counted from the parent's.
    @Test func indentationIndicator() throws {
        #expect(try string("a: |2\n    more\n  base\n") == "  more\nbase\n")
        #expect(try string("- |1\n  x\n") == nil)
        #expect(try ReadingTestSupport.yaml("- |1\n  x\n").array?.first?.string == " x\n")
        #expect(try string("a: >-2\n   x\n") == " x")
    }

    /// The core schema: null, booleans, integers (0o and 0x in decimal), floats; `yes`/`no` are strings.
    @Test(arguments: [
        ("", "null"), ("~", "null"), ("null", "null"), ("Null", "null"), ("NULL", "null"), ("nULL", #"string("nULL")"#),
        ("true", "bool(true)"), ("True", "bool(true)"), ("TRUE", "bool(true)"), ("false", "bool(false)"),
        ("FALSE", "bool(false)"), ("tRUE", #"string("tRUE")"#), ("yes", #"string("yes")"#), ("no", #"string("no")"#),
        ("on", #"string("on")"#), ("off", #"string("off")"#), ("y", #"string("y")"#),
        ("0", #"integer("0")"#), ("-12", #"integer("-12")"#), ("+7", #"integer("7")"#), ("007", #"integer("7")"#),
        ("0o17", #"integer("15")"#), ("0x1F", #"integer("31")"#),
        ("0xFFFFFFFFFFFFFFFFFF", #"integer("4722366482869645213695")"#),
        ("123456789012345678901234567890", #"integer("123456789012345678901234567890")"#),
        ("1.5", #"number("1.5")"#), ("-1.5e3", #"number("-1.5e3")"#), (".5", #"number("0.5")"#),
        ("1.", #"number("1.0")"#),
        ("+2.5E+3", #"number("2.5E+3")"#), ("1e3", #"number("1e3")"#), ("00.5", #"number("0.5")"#),
        (".inf", #"number("inf")"#), ("+.Inf", #"number("inf")"#), ("-.INF", #"number("-inf")"#),
        (".nan", #"number("nan")"#),
        (".NaN", #"number("nan")"#), ("1.2.3", #"string("1.2.3")"#), ("0x", #"string("0x")"#),
        ("0o8", #"string("0o8")"#),
        ("12abc", #"string("12abc")"#), ("2001-12-14", #"string("2001-12-14")"#), ("+", #"string("+")"#),
        ("'1'", #"string("1")"#), ("\"true\"", #"string("true")"#), ("|\n  12", #"string("12\n")"#),
    ])
    func coreSchema(text: String, expected: String) throws {
        #expect(try value("a: \(text)\n") == expected)
    }

    /// Where this reader keeps to the core schema and ruamel.yaml does not: `1_000`, a signed `0x`, the
    /// non-specific tag `!` are strings; a tab may separate a key's `:` from its value.
    @Test func strictToTheCoreSchema() throws {
        #expect(try value("a: 1_000\n") == #"string("1_000")"#)
        #expect(try value("a: -0x1F\n") == #"string("-0x1F")"#)
        #expect(try value("a: 0b101\n") == #"string("0b101")"#)
        #expect(try value("a: ! 12\n") == #"string("12")"#)
        #expect(try value("a:\t12\n") == #"integer("12")"#)
    }

    /// Core tags decide a scalar's type; other tags leave the string.
    @Test func tags() throws {
        #expect(try value("a: !!str 12\n") == #"string("12")"#)
        #expect(try value("a: !!str\n") == #"string("")"#)
        #expect(try value("a: !!int '12'\n") == #"integer("12")"#)
        #expect(try value("a: !!int 0x10\n") == #"integer("16")"#)
        #expect(try value("a: !!float 1\n") == #"number("1")"#)
        #expect(try value("a: !!bool \"true\"\n") == #"bool(true)"#)
        #expect(try value("a: !!null ''\n") == "null")
        #expect(try value("a: !<tag:yaml.org,2002:str> true\n") == #"string("true")"#)
        #expect(try value("a: !local 12\n") == #"string("12")"#)
        #expect(try value("a: !!binary aGk=\n") == #"string("aGk=")"#)
        #expect(try value("a: !!timestamp 2001-12-14\n") == #"string("2001-12-14")"#)
        #expect(try ReadingTestSupport.yaml("a: !!map {b: 1}\nc: !!seq [1]\n")["c"]?.array?.count == 1)
    }

    /// Keys are strings: a scalar key is its text as written; quoted keys are decoded.
    @Test func keys() throws {
        let node = try ReadingTestSupport.yaml(
            "200: a\ntrue: b\n1.50: c\n~: d\n0x10: e\n\"f\\tg\": h\n'i''j': k\n? l m\n: n\n")
        #expect(node.object?.keys == ["200", "true", "1.50", "~", "0x10", "f\tg", "i'j", "l m"])
    }
}
