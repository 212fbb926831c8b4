/// Prints the results as a Markdown table, then the misses and failures spelled out.
struct TablePrinter {
    let rows: [ResultRow]

    /// The table and the list of misses, as text.
    func render() -> String {
        let header = ["Case", "Courier", "Baseline", "Ratio", "Target", "Result", "Other clock"]
        let cells = rows.map { row in
            [
                row.name, row.courier, row.baseline, row.ratio.map(Format.ratio) ?? "—", row.goal.text,
                row.verdict.text, row.check,
            ]
        }
        var lines = Self.markdown(header, cells)

        let misses = rows.filter { $0.verdict == .miss }
        let failures = rows.compactMap { row -> String? in
            guard case .failed(let reason) = row.verdict else { return nil }
            return "- \(row.name): \(reason)"
        }
        lines.append("")
        if misses.isEmpty && failures.isEmpty {
            lines.append("Every target met.")
        } else {
            if !misses.isEmpty {
                lines.append("TARGETS MISSED (\(misses.count)):")
                for row in misses {
                    lines.append(
                        "- \(row.name): ratio \(row.ratio.map(Format.ratio) ?? "—"), target \(row.goal.text)")
                }
            }
            if !failures.isEmpty {
                lines.append("CASES THAT COULD NOT RUN (\(failures.count)):")
                lines += failures
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A Markdown table of `cells` under `header`, columns padded to their widest cell.
    static func markdown(_ header: [String], _ cells: [[String]]) -> [String] {
        var widths = header.map(\.count)
        for line in cells {
            for (column, cell) in line.enumerated() {
                widths[column] = max(widths[column], cell.count)
            }
        }
        return [line(header, widths), "|" + widths.map { String(repeating: "-", count: $0 + 2) + "|" }.joined()]
            + cells.map { line($0, widths) }
    }

    /// One table line, cells padded to `widths` (counted in characters).
    private static func line(_ cells: [String], _ widths: [Int]) -> String {
        var text = "|"
        for (cell, width) in zip(cells, widths) {
            text += " " + cell + String(repeating: " ", count: width - cell.count) + " |"
        }
        return text
    }
}
