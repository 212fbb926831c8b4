/// Swift source, line by line, indented by four spaces a level.
struct CodeWriter {
    /// What has been written.
    private(set) var text = ""
    private var level = 0
    /// The levels that are the bodies of `switch`es, whose `case` labels stand at the `switch`'s own level.
    private var switchBodies: Set<Int> = []

    /// Writes a line at the current indentation (an empty line for an empty string); a `case` or
    /// `default` label of a `switch` one level out, as Swift is written.
    mutating func line(_ line: String = "") {
        if line.isEmpty {
            text += "\n"
        } else {
            let isLabel = switchBodies.contains(level) && (line.hasPrefix("case ") || line.hasPrefix("default"))
            text += String(repeating: "    ", count: isLabel ? level - 1 : level) + line + "\n"
        }
    }

    /// Writes `opening` (ending in `{`), the body one level in, and `}`.
    mutating func block(_ opening: String, closing: String = "}", _ body: (inout CodeWriter) -> Void) {
        line(opening)
        level += 1
        let isSwitch = opening.hasPrefix("switch ")
        if isSwitch { switchBodies.insert(level) }
        body(&self)
        if isSwitch { switchBodies.remove(level) }
        level -= 1
        line(closing)
    }

    /// Writes a documentation comment (`///` lines), nothing for an empty text.
    mutating func doc(_ text: String?) {
        guard let text else { return }
        let lines = DocText.lines(text)
        for line in lines { self.line(line.isEmpty ? "///" : "/// " + line) }
    }
}

/// Turning a document's `summary`/`description` into doc-comment lines.
enum DocText {
    /// The lines of `text`, trailing spaces and surrounding blank lines removed, runs of blank lines merged.
    /// Every line break ends a line: `\r\n` (one `Character`, not a `\n`; Dutchie's descriptions) and a
    /// lone `\r` too, either of which would otherwise end the comment in the middle of a `///` line.
    static func lines(_ text: String) -> [String] {
        var result: [String] = []
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            var line = String(raw)
            while line.last == " " || line.last == "\t" { line.removeLast() }
            line = line.replacingOccurrences(of: "\t", with: "    ")
            if line.isEmpty, result.last?.isEmpty ?? true { continue }
            result.append(line)
        }
        while result.last?.isEmpty == true { result.removeLast() }
        return result
    }

    /// The summary, then the description, as one doc text (`nil` when there is neither).
    static func join(_ summary: String?, _ description: String?) -> String? {
        let parts = [summary, description].compactMap { $0?.isEmpty == false ? $0 : nil }
        guard !parts.isEmpty else { return nil }
        if parts.count == 2, parts[0] == parts[1] { return parts[0] }
        return parts.joined(separator: "\n\n")
    }
}
