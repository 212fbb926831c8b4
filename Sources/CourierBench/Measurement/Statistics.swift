/// The few order statistics the benchmark reports.
enum Statistics {
    /// The median of `values` (the mean of the two middle values for an even count); 0 when empty.
    static func median(_ values: [Double]) -> Double {
        quantile(values, 0.5)
    }

    /// The `q`-quantile of `values` (0 ≤ q ≤ 1), interpolated linearly between neighbours; 0 when empty.
    static func quantile(_ values: [Double], _ q: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let position = Double(sorted.count - 1) * min(max(q, 0), 1)
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        let weight = position - Double(lower)
        return sorted[lower] * (1 - weight) + sorted[upper] * weight
    }
}
