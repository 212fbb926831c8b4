import Foundation

/// How figures are written in the table.
enum Format {
    /// `value` with `decimals` digits after the point and `,` between thousands.
    static func number(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "—" }
        let formatted = String(format: "%.\(decimals)f", value)
        let parts = formatted.split(separator: ".", maxSplits: 1)
        var integer = String(parts[0])
        let negative = integer.hasPrefix("-")
        if negative { integer.removeFirst() }
        var grouped = ""
        for (index, digit) in integer.enumerated() {
            if index > 0, (integer.count - index).isMultiple(of: 3) { grouped.append(",") }
            grouped.append(digit)
        }
        let sign = negative ? "-" : ""
        return parts.count > 1 ? "\(sign)\(grouped).\(parts[1])" : "\(sign)\(grouped)"
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
}
