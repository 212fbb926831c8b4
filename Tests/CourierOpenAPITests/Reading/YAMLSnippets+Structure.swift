/// The YAML snippets whose trees `YAMLComparisonTests` compares with ruamel.yaml's: every construct
/// of the reader, the tricky corners of each: collections, anchors, tags, documents.
extension YAMLSnippets {
    /// Snippets of collections and documents both readers read.
    static let structure: [YAMLSnippet] = [
        YAMLSnippet(
            "compact mappings in a sequence",
            lines: [
                "- a: 1",
                "  b: 2",
                "- c: 3",
                "-   d: 4",
                "    e: 5",
            ]),
        YAMLSnippet(
            "sequence at its key's indentation",
            lines: [
                "key:",
                "- a",
                "- b",
                "other:",
                "  - c",
                "last: 1",
            ]),
        YAMLSnippet(
            "nested compact sequences",
            lines: [
                "- - a",
                "  - b",
                "- - - c",
            ]),
        YAMLSnippet(
            "sequence in a compact mapping",
            lines: [
                "- key:",
                "  - a",
                "  - b",
                "  other: x",
            ]),
        YAMLSnippet(
            "indentless sequence of compact mappings",
            lines: [
                "a:",
                "- b:",
                "  - c",
                "  - d",
                "- e",
                "f: 1",
            ]),
        YAMLSnippet(
            "nested flow collections",
            lines: [
                "a: {b: [1, 2, {c: d}], e: [], f: {}}",
                "b: [ [ ], { } ]",
            ]),
        YAMLSnippet(
            "multi-line flow collections",
            lines: [
                "a: [",
                "  1,",
                "  2, # comment",
                "  three",
                "]",
                "b: {",
                "  x: 1,",
                "  \"y\": 2,",
                "}",
            ]),
        YAMLSnippet(
            "flow pairs",
            lines: [
                "a: [b: c, 'd': e, ? f : g]",
                "b: {\"k\":v, ? q : r, lone, e: }",
            ]),
        YAMLSnippet(
            "multi-line plain in flow",
            lines: [
                "a: [one",
                "  two, three]",
            ]),
        YAMLSnippet(
            "multi-line flow value",
            lines: [
                "a: {b: c,",
                "  d: e}",
            ]),
        YAMLSnippet(
            "plain colons in flow",
            lines: [
                "a: [http://x.y, a:b]",
                "b: {url: http://x:80/}",
            ]),
        YAMLSnippet(
            "comments everywhere",
            lines: [
                "# top",
                "a: 1 # after",
                "# between",
                "b: # before value",
                "  c: 2",
                "  # indented",
                "",
                "  d: [1, # in flow",
                "    2]",
                "# end",
            ]),
        YAMLSnippet(
            "anchors and aliases",
            lines: [
                "base: &b",
                "  x: 1",
                "  y: [1, 2]",
                "copy: *b",
                "list:",
                "  - &s scalar",
                "  - *s",
                "key: &k name",
                "*k : value",
            ]),
        YAMLSnippet(
            "anchor on a key",
            lines: [
                "&a a: 1",
                "b: *a",
            ]),
        YAMLSnippet(
            "anchored sequences",
            lines: [
                "a: &x [1, 2]",
                "b: *x",
                "c: [*x, *x]",
            ]),
        YAMLSnippet(
            "anchor on a block collection",
            lines: [
                "a: &m",
                "  b: 1",
                "c: &s",
                "  - 2",
                "d: [*m, *s]",
            ]),
        YAMLSnippet(
            "merge keys",
            lines: [
                "base: &base",
                "  a: 1",
                "  b: 2",
                "derived:",
                "  <<: *base",
                "  b: 3",
                "  c: 4",
                "multi:",
                "  <<: [*base, {a: 9, z: 0}]",
                "  q: 1",
            ]),
        YAMLSnippet(
            "explicit keys",
            lines: [
                "? a",
                ": 1",
                "? |",
                "  block key",
                ": 2",
                "? c",
            ]),
        YAMLSnippet(
            "explicit key with a compact value",
            lines: [
                "? a",
                ": - x",
                "  - y",
            ]),
        YAMLSnippet(
            "directive and markers",
            lines: [
                "%YAML 1.2",
                "---",
                "a: 1",
                "...",
            ]),
        YAMLSnippet(
            "document start with a tag",
            lines: [
                "--- !!map",
                "a: 1",
            ]),
        YAMLSnippet("only comments", text: "# nothing\n"),
        YAMLSnippet("empty document", text: ""),
        YAMLSnippet(
            "empty values",
            lines: [
                "a:",
                "b:",
                "  c:",
                "d: [a, b, ]",
            ]),
        YAMLSnippet("CRLF line breaks", text: "a: 1\r\nb:\r\n  - x\r\n  - \"y\r\n  z\"\r\nc: |\r\n  l1\r\n  l2\r\n"),
        YAMLSnippet(
            "deep indentation",
            lines: [
                "a:",
                "      b:",
                "            c: 1",
                "      d: 2",
            ]),
        YAMLSnippet("byte order mark", text: "\u{FEFF}a: 1\n"),
        YAMLSnippet("JSON as YAML", text: "{\"a\": [1, 2.5, true, null, \"x\"], \"b\": {\"c\": -0, \"d\": 1e3}}\n"),
        YAMLSnippet(
            "comment after sequence entries",
            lines: [
                "- a # c",
                "- b",
                "# end",
            ]),
        YAMLSnippet(
            "comments right after a quoted value or a flow collection",
            lines: [
                "a: 'x'#c",
                "b: \"y\"#c",
                "c: [1, 'z'#c",
                "  , 2]#c",
                "d: {e: 'w'#c",
                "  }",
                "f:",
                "- 'v'#c",
                "- [u]#c",
            ]),
        YAMLSnippet("key with spaces", text: "a key with spaces: v\n"),
        YAMLSnippet(
            "empty flow collections",
            lines: [
                "a: [ ]",
                "b: { }",
            ]),
        YAMLSnippet(
            "flow collections in a block sequence",
            lines: [
                "- [a, b]",
                "- {c: d}",
                "- - [e]",
            ]),
        YAMLSnippet(
            "sequence entry values on the next line",
            lines: [
                "-",
                "  a: 1",
                "-",
                "  - b",
                "-",
            ]),
        YAMLSnippet(
            "properties before a collection's line",
            lines: [
                "a: !!map",
                "  b: 1",
                "c: &x",
                "  - 1",
                "d: *x",
            ]),
    ]
}
