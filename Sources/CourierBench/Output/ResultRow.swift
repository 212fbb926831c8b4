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
    let courier: String
    /// The baseline's figure, formatted with its unit.
    let baseline: String
    /// Courier / baseline, in the sense of the goal (time for time goals, rate for rate goals).
    let ratio: Double?
    /// The target.
    let goal: Goal
    /// Whether the target was met.
    let verdict: Verdict
    /// The time ratio read on the clock not used for ``ratio`` (`cpu 1.10×`), as a cross-check.
    var check: String = "—"

    /// A row comparing times per operation (lower is better).
    static func time(_ name: String, _ comparison: PairedComparison, goal: Goal, perOperation: String = "")
        -> ResultRow
    {
        let verdict: Verdict =
            switch goal {
            case .timeAtMost(let limit): comparison.ratio <= limit ? .pass : .miss
            default: .info
            }
        return ResultRow(
            name: name, courier: Format.duration(comparison.courierSeconds) + perOperation,
            baseline: Format.duration(comparison.baselineSeconds) + perOperation,
            ratio: comparison.ratio, goal: goal, verdict: verdict, check: comparison.checkText)
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
            name: name, courier: Format.number(courierMiB, decimals: 1) + " MiB",
            baseline: Format.number(baselineMiB, decimals: 1) + " MiB", ratio: courierMiB / baselineMiB,
            goal: .memoryBelow(mebibytes: limitMiB), verdict: courierMiB < limitMiB ? .pass : .miss)
    }

    /// A row for a case that could not run.
    static func failed(_ name: String, goal: Goal, reason: String) -> ResultRow {
        ResultRow(name: name, courier: "—", baseline: "—", ratio: nil, goal: goal, verdict: .failed(reason))
    }
}
