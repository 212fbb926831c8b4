/// A YAML text to compare: its name, its text, and whether both readers must refuse it.
struct YAMLSnippet: Sendable {
    /// What it shows.
    var name: String
    /// The YAML.
    var text: String
    /// Whether it is an error for both readers.
    var fails: Bool

    /// A snippet of `text`.
    init(_ name: String, text: String, fails: Bool = false) {
        self.name = name
        self.text = text
        self.fails = fails
    }

    /// A snippet of `lines`, each ended with a line feed.
    init(_ name: String, fails: Bool = false, lines: [String]) {
        self.init(name, text: lines.map { $0 + "\n" }.joined(), fails: fails)
    }
}

/// The YAML snippets compared with ruamel.yaml.
enum YAMLSnippets {
    /// Every snippet.
    static var all: [YAMLSnippet] { structure + scalars + errors }

    /// Snippets both readers refuse.
    static let errors: [YAMLSnippet] = [
        YAMLSnippet(
            "duplicate key", fails: true,
            lines: [
                "a: 1",
                "a: 2",
            ]),
        YAMLSnippet(
            "tab indentation", fails: true,
            lines: [
                "a:",
                "\tb: 1",
            ]),
        YAMLSnippet(
            "over-indented key", fails: true,
            lines: [
                "a: 1",
                "  b: 2",
            ]),
        YAMLSnippet(
            "two documents", fails: true,
            lines: [
                "a: 1",
                "---",
                "b: 2",
            ]),
        YAMLSnippet("unclosed flow sequence", text: "a: [1, 2\n", fails: true),
        YAMLSnippet("unclosed quote", text: "a: \"abc\n", fails: true),
        YAMLSnippet("mapping in a plain value", text: "a: b: c\n", fails: true),
        YAMLSnippet("sequence on its key's line", text: "a: - b\n", fails: true),
        YAMLSnippet("undefined alias", text: "a: *nope\n", fails: true),
        YAMLSnippet("unknown escape", text: "a: \"\\q\"\n", fails: true),
        YAMLSnippet(
            "sequence entry among keys", fails: true,
            lines: [
                "a: 1",
                "- b",
            ]),
        YAMLSnippet("empty flow entry", text: "d: [a, , b]\n", fails: true),
        YAMLSnippet(
            "two merge keys", fails: true,
            lines: [
                "a: &a {x: 1}",
                "b:",
                "  <<: *a",
                "  <<: *a",
            ]),
        YAMLSnippet(
            "merge of a scalar", fails: true,
            lines: [
                "b:",
                "  <<: 1",
            ]),
        YAMLSnippet(
            "key over two lines", fails: true,
            lines: [
                "\"a",
                " b\": 1",
            ]),
        YAMLSnippet(
            "directive without document", fails: true,
            lines: [
                "%YAML 1.2",
                "a: 1",
            ]),
        YAMLSnippet(
            "text after the document end", fails: true,
            lines: [
                "a: 1",
                "...",
                "b: 2",
            ]),
        YAMLSnippet("bad int tag", text: "a: !!int abc\n", fails: true),
        YAMLSnippet(
            "less indented quoted line", fails: true,
            lines: [
                "a:",
                "  - \"x\"",
                " y",
            ]),
    ]
}
