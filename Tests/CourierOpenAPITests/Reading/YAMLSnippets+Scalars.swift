/// The YAML snippets whose trees `YAMLComparisonTests` compares with ruamel.yaml's: every construct
/// of the reader, the tricky corners of each: scalars.
extension YAMLSnippets {
    /// Snippets of scalars both readers read.
    static let scalars: [YAMLSnippet] = [
        YAMLSnippet(
            "multi-line plain",
            lines: [
                "a: first",
                "  second",
                "",
                "  third",
                "",
                "",
                "  fourth",
                "b: x",
            ]),
        YAMLSnippet(
            "plain top-level scalar",
            lines: [
                "just a",
                " string",
            ]),
        YAMLSnippet(
            "plain special characters",
            lines: [
                "a: http://example.com:8080/x",
                "b: a#b",
                "c: -dash",
                "d: ?q",
                "e: :colon",
                "f: b:c",
                "g: e :f",
                "h: it's",
                "i: say \"hi\"",
                "j: 100%",
            ]),
        YAMLSnippet(
            "single-quoted",
            lines: [
                "a: 'it''s'",
                "b: 'multi",
                "  line",
                "",
                "  again'",
                "c: ''",
                "d: '#not comment'",
                "e: '  spaces  '",
            ]),
        YAMLSnippet(
            "double-quoted escapes",
            lines: [
                "a: \"tab\\there\\nnew \\\"q\\\" \\\\ \\/ \\x41 \\u00e9 \\U0001F600 \\N \\_ \\L \\P \\0 \\e \\a \\b \\v \\f \\r \\ \"",
                "e: \"\\ud83d\\ude00\"",
                "f: \"\\t tab\"",
            ]),
        YAMLSnippet(
            "double-quoted folding",
            lines: [
                "b: \"fold",
                "  ed",
                "",
                "  para\"",
                "c: \"esc\\",
                "   aped\"",
                "d: \"trail   ",
                "  x\"",
                "g: \"a \\",
                "",
                "  b\"",
            ]),
        YAMLSnippet(
            "literal",
            lines: [
                "a: |",
                "  line1",
                "  line2",
                "",
                "  line4",
                "b: x",
            ]),
        YAMLSnippet(
            "literal keep",
            lines: [
                "a: |+",
                "  text",
                "",
                "",
                "b: x",
            ]),
        YAMLSnippet(
            "literal strip",
            lines: [
                "a: |-",
                "  text",
                "",
                "",
                "b: x",
            ]),
        YAMLSnippet(
            "folded",
            lines: [
                "a: >",
                "  one",
                "  two",
                "",
                "  three",
                "    more",
                "    indented",
                "  back",
                "",
                "b: x",
            ]),
        YAMLSnippet(
            "folded strip and keep",
            lines: [
                "a: >-",
                "  one",
                "  two",
                "b: >+",
                "  keep",
                "",
                "c: x",
            ]),
        YAMLSnippet(
            "folded more-indented lines",
            lines: [
                ">",
                "  a",
                "    b",
                "  c",
                "",
                "  d",
            ]),
        YAMLSnippet(
            "indentation indicator",
            lines: [
                "a: |2",
                "    indented more",
                "   less",
                "  base",
                "b: >1",
                "  two",
                " x",
                "c: |-2",
                "   y",
            ]),
        YAMLSnippet(
            "block scalar with leading empty line",
            lines: [
                "a: |",
                "",
                "  text",
            ]),
        YAMLSnippet(
            "block scalar header comment",
            lines: [
                "a: | # comment",
                "  text",
                "# trailing comment",
                "b: 1",
            ]),
        YAMLSnippet(
            "block scalars in a sequence",
            lines: [
                "- |",
                "  one",
                "- >-",
                "  two",
                "  three",
                "- x",
            ]),
        YAMLSnippet(
            "empty block scalars",
            lines: [
                "a: |",
                "b: >-",
                "c: |+",
                "",
                "d: 1",
            ]),
        YAMLSnippet("block scalar at the end", text: "a: |\n  no newline at end"),
        YAMLSnippet(
            "block scalar keeps trailing lines at the end",
            lines: [
                "a: |+",
                "  x",
                "",
            ]),
        YAMLSnippet(
            "block scalar with tabs",
            lines: [
                "a: |",
                "  \tstarts with tab",
                "  x",
            ]),
        YAMLSnippet(
            "block scalar with a comment-like line",
            lines: [
                "a: |",
                "  # not a comment",
                "  x",
            ]),
        YAMLSnippet(
            "top-level literal",
            lines: [
                "|",
                "  top literal",
            ]),
        YAMLSnippet(
            "core tags",
            lines: [
                "a: !!str 123",
                "b: !!int \"42\"",
                "c: !!float 1",
                "d: !!bool true",
                "e: !!null ''",
                "f: !!str",
                "g: !custom 12",
                "h: !!map {a: 1}",
                "i: !!seq [1]",
                "j: !<tag:yaml.org,2002:str> 5",
                "l: !!int 0x10",
            ]),
        YAMLSnippet(
            "core schema",
            lines: [
                "n1: null",
                "n2: Null",
                "n3: NULL",
                "n4: ~",
                "n5:",
                "b1: true",
                "b2: True",
                "b3: TRUE",
                "b4: false",
                "b5: FALSE",
                "s1: yes",
                "s2: no",
                "s3: on",
                "s4: off",
                "s5: nULL",
                "s6: tRUE",
                "s11: y",
                "i1: 0",
                "i2: -12",
                "i3: +7",
                "i4: 0o17",
                "i5: 0x1F",
                "i6: 007",
                "i7: 0xABCDEFabcdef0123456789",
                "i8: 123456789012345678901234567890",
                "f1: 1.5",
                "f2: -1.5e3",
                "f3: .5",
                "f4: 1.",
                "f5: .inf",
                "f6: -.Inf",
                "f7: .NaN",
                "f8: 1e3",
                "f9: +.INF",
                "f10: 6.02E+23",
                "s7: 1.2.3",
                "s8: 0x",
                "s9: 12abc",
                "s10: 0b101x",
            ]),
        YAMLSnippet(
            "non-string keys",
            lines: [
                "200: ok",
                "true: t",
                "1.5: f",
                "~: n",
                "null: x",
                "0x10: h",
            ]),
        YAMLSnippet(
            "quoted keys",
            lines: [
                "\"a b\": 1",
                "'c''d': 2",
                "\"e\\tf\": 3",
            ]),
        YAMLSnippet(
            "document start with a block scalar",
            lines: [
                "--- |",
                "  text",
            ]),
        YAMLSnippet(
            "unicode",
            lines: [
                "name: café",
                "\"ключ\": значение",
                "emoji: 😀",
            ]),
        YAMLSnippet(
            "trailing spaces",
            lines: [
                "a: value   ",
                "b: 'q'   ",
            ]),
        YAMLSnippet(
            "timestamps stay strings",
            lines: [
                "t1: 2001-12-14",
                "t2: 2001-12-14t21:59:43.10-05:00",
            ]),
        YAMLSnippet("long string value", text: "description: " + String(repeating: "word ", count: 400) + "end\n"),
    ]
}
