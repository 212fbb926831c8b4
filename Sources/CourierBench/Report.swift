import Foundation

/// What one benchmark case hands back: its table rows, what it measures, and anything worth a note.
struct CaseOutcome {
    /// The case's lines of the results table.
    var rows: [ResultRow] = []
    /// What the case measures, in a sentence or two, printed under the table.
    var definition: String
    /// Lines printed as they are under the results table: a case's own table of every client it ran.
    var details: [String] = []
    /// Remarks about this run (a baseline that built a different request, a case that was skipped).
    var notes: [String] = []
}

/// What a row's ratio must reach.
enum Goal {
    /// Courier's time at most this many times the baseline's.
    case timeAtMost(Double)
    /// Courier's rate (requests or bytes per second) at least this many times the baseline's.
    case rateAtLeast(Double)
    /// Courier's figure (peak resident memory) below this many MiB; the ratio is shown for reference.
    case memoryBelow(mebibytes: Double)
    /// No target: a time ratio shown for information.
    case timeInfo
    /// No target: a rate ratio shown for information.
    case rateInfo

    /// The target as the table prints it.
    var text: String {
        switch self {
        case .timeAtMost(let limit): "time ≤ \(Format.ratio(limit))"
        case .rateAtLeast(let limit): "rate ≥ \(Format.ratio(limit))"
        case .memoryBelow(let limit): "< \(Format.number(limit, decimals: 0)) MiB"
        case .timeInfo: "info (time)"
        case .rateInfo: "info (rate)"
        }
    }
}

/// Whether a row met its target.
enum Verdict: Equatable {
    case pass
    case miss
    case info
    /// The case could not run; the text says why.
    case failed(String)

    /// The verdict as the table prints it.
    var text: String {
        switch self {
        case .pass: "pass"
        case .miss: "**MISS**"
        case .info: "info"
        case .failed: "**FAILED**"
        }
    }
}

/// One line of the results table.
struct ResultRow {
    /// What is measured, short.
    let name: String
    /// Courier's figure, formatted with its unit.
    var courier: String
    /// The baseline's figure, formatted with its unit.
    var baseline: String
    /// Courier / baseline, in the sense of the goal (time for time goals, rate for rate goals).
    let ratio: Double?
    /// The target.
    let goal: Goal
    /// Whether the target was met.
    let verdict: Verdict
    /// The time ratio read on the clock not used for ``ratio`` (`cpu 1.10×`), as a cross-check.
    var check: String = "—"

    /// A row comparing times per operation (lower is better).
    static func time(_ name: String, _ comparison: PairedComparison, goal: Goal) -> ResultRow {
        let verdict: Verdict =
            switch goal {
            case .timeAtMost(let limit): comparison.ratio <= limit ? .pass : .miss
            default: .info
            }
        return ResultRow(
            name: name, courier: Format.duration(comparison.courierSeconds),
            baseline: Format.duration(comparison.baselineSeconds), ratio: comparison.ratio, goal: goal,
            verdict: verdict, check: comparison.checkText)
    }

    /// A row comparing rates (higher is better); `ratio` is Courier's rate over the baseline's.
    static func rate(
        _ name: String, courier: String, baseline: String, ratio: Double, goal: Goal, check: String = "—"
    ) -> ResultRow {
        let verdict: Verdict =
            switch goal {
            case .rateAtLeast(let limit): ratio >= limit ? .pass : .miss
            default: .info
            }
        return ResultRow(
            name: name, courier: courier, baseline: baseline, ratio: ratio, goal: goal, verdict: verdict, check: check)
    }

    /// A row for peak resident memory, judged on Courier's own figure.
    static func memory(_ name: String, courierMiB: Double, baselineMiB: Double, limitMiB: Double) -> ResultRow {
        ResultRow(
            name: name, courier: Format.mebibytes(courierMiB), baseline: Format.mebibytes(baselineMiB),
            ratio: courierMiB / baselineMiB, goal: .memoryBelow(mebibytes: limitMiB),
            verdict: courierMiB < limitMiB ? .pass : .miss)
    }

    /// A row for a case that could not run.
    static func failed(_ name: String, goal: Goal, reason: String) -> ResultRow {
        ResultRow(name: name, courier: "—", baseline: "—", ratio: nil, goal: goal, verdict: .failed(reason))
    }
}

/// How figures are written in the tables: Foundation's number format in English (`,` between thousands).
enum Format {
    private static let style = FloatingPointFormatStyle<Double>.number.locale(Locale(identifier: "en_US"))

    /// `value` with `decimals` digits after the point and `,` between thousands; `—` when not finite.
    static func number(_ value: Double, decimals: Int) -> String {
        value.isFinite ? value.formatted(style.precision(.fractionLength(decimals))) : "—"
    }

    /// A duration with a unit that keeps three significant digits or so: `812 ns`, `3.41 µs`, `1.27 ms`.
    static func duration(_ seconds: Double) -> String {
        switch seconds {
        case ..<1e-6: number(seconds * 1e9, decimals: 0) + " ns"
        case ..<1e-3: number(seconds * 1e6, decimals: 2) + " µs"
        case ..<1: number(seconds * 1e3, decimals: 2) + " ms"
        default: number(seconds, decimals: 2) + " s"
        }
    }

    /// A ratio: `1.07×`.
    static func ratio(_ value: Double) -> String {
        number(value, decimals: 2) + "×"
    }

    /// A rate of requests: `12,345 req/s`.
    static func requestRate(_ perSecond: Double) -> String {
        number(perSecond, decimals: 0) + " req/s"
    }

    /// A throughput in MB/s (10^6 bytes per second).
    static func megabytesPerSecond(bytes: Double, seconds: Double) -> String {
        number(bytes / seconds / 1e6, decimals: 1) + " MB/s"
    }

    /// An amount of memory: `32.4 MiB`.
    static func mebibytes(_ value: Double) -> String {
        number(value, decimals: 1) + " MiB"
    }
}

/// The printed report of a run: what it ran on, the results table, each case's details, definitions and
/// notes.
enum Report {
    /// The lines printed before any case runs.
    static func header(options: BenchOptions, budget: Budget) -> String {
        let mode = options.quick ? "quick (transfers of \(budget.transferSizeText))" : "full"
        let clock =
            options.clock == .cpu
            ? "process CPU time (robust to other load on the machine; `--clock wall` for wall time)"
            : "monotonic wall time (`--clock cpu` for process CPU time)"
        return """
            courier-bench, \(mode) run
            machine: \(machineSummary())
            load average at start: \(loadAverage())
            clock of the in-process cases (1, 2, 3, 6): \(clock)

            """
    }

    /// The results of `outcomes`: the table and its misses, then the details, the method, the definitions
    /// and the notes; `seconds` is the run's wall time.
    static func results(_ outcomes: [CaseOutcome], budget: Budget, seconds: Double) -> String {
        var lines = table(outcomes.flatMap(\.rows)) + [""]
        for outcome in outcomes where !outcome.details.isEmpty {
            lines += outcome.details + [""]
        }
        lines += [
            "Ratios: time ratio = Courier time / baseline time (lower is better); rate ratio = Courier rate /",
            "baseline rate (higher is better); each is the median of per-round ratios of paired, alternating",
            "rounds (\(budget.rounds) rounds in process, \(budget.loopbackRounds) over loopback, "
                + "\(budget.transferRounds) per transfer). \"Other clock\" is the time ratio of the same samples "
                + "read on the other clock (wall or process CPU), as a check on noise.",
            "",
            "What is measured:",
        ]
        lines += outcomes.map { "- " + $0.definition }
        let notes = outcomes.flatMap(\.notes)
        if !notes.isEmpty {
            lines += ["", "Notes:"] + notes.map { "- " + $0 }
        }
        lines += ["", "load average at end: \(loadAverage()); wall time \(Format.duration(seconds))"]
        return lines.joined(separator: "\n")
    }

    /// The results table, then the misses and failures spelled out.
    static func table(_ rows: [ResultRow]) -> [String] {
        let header = ["Case", "Courier", "Baseline", "Ratio", "Target", "Result", "Other clock"]
        let cells = rows.map { row in
            [
                row.name, row.courier, row.baseline, row.ratio.map(Format.ratio) ?? "—", row.goal.text,
                row.verdict.text, row.check,
            ]
        }
        var lines = markdown(header, cells) + [""]
        let misses = rows.filter { $0.verdict == .miss }
        let failures = rows.compactMap { row -> String? in
            guard case .failed(let reason) = row.verdict else { return nil }
            return "- \(row.name): \(reason)"
        }
        if misses.isEmpty && failures.isEmpty {
            lines.append("Every target met.")
        }
        if !misses.isEmpty {
            lines.append("TARGETS MISSED (\(misses.count)):")
            lines += misses.map { "- \($0.name): ratio \($0.ratio.map(Format.ratio) ?? "—"), target \($0.goal.text)" }
        }
        if !failures.isEmpty {
            lines.append("CASES THAT COULD NOT RUN (\(failures.count)):")
            lines += failures
        }
        return lines
    }

    /// A Markdown table of `cells` under `header`, columns padded to their widest cell (in characters).
    static func markdown(_ header: [String], _ cells: [[String]]) -> [String] {
        var widths = header.map(\.count)
        for line in cells {
            for (column, cell) in line.enumerated() {
                widths[column] = max(widths[column], cell.count)
            }
        }
        let line = { (cells: [String]) in
            "|" + zip(cells, widths).map { " \($0)" + String(repeating: " ", count: $1 - $0.count) + " |" }.joined()
        }
        return [line(header), "|" + widths.map { String(repeating: "-", count: $0 + 2) + "|" }.joined()]
            + cells.map(line)
    }

    /// `2 cores, AMD EPYC …, 23.5 GiB RAM, <OS>` as far as it can be read.
    private static func machineSummary() -> String {
        let info = ProcessInfo.processInfo
        let cpu = procFile("cpuinfo").flatMap { text in
            text.split(separator: "\n").first { $0.hasPrefix("model name") }?
                .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces)
        }
        let memory = Double(info.physicalMemory) / Double(1 << 30)
        return "\(info.activeProcessorCount) cores, \(cpu ?? "unknown CPU"), "
            + "\(Format.number(memory, decimals: 1)) GiB RAM, \(info.operatingSystemVersionString)"
    }

    /// The 1-, 5- and 15-minute load averages, from `/proc/loadavg`.
    private static func loadAverage() -> String {
        procFile("loadavg").map { $0.split(separator: " ").prefix(3).joined(separator: " ") } ?? "unknown"
    }
}

/// The text of `/proc/<name>` (Linux); `nil` where it cannot be read.
func procFile(_ name: String) -> String? {
    try? String(contentsOfFile: "/proc/" + name, encoding: .utf8)
}
