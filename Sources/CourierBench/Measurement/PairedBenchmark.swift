/// Courier and its baseline measured side by side: rounds that alternate between the two (and
/// alternate which goes first), so that drift in the machine's speed hits both alike.
struct PairedComparison {
    /// Median time of one Courier operation, in seconds, on the comparison's clock.
    let courierSeconds: Double
    /// Median time of one baseline operation, in seconds, on the comparison's clock.
    let baselineSeconds: Double
    /// The median over rounds of (Courier time / baseline time) measured in the same round.
    let ratio: Double
    /// The same ratio read on the other clock, as a cross-check.
    let otherClockRatio: Double
    /// The clock of ``courierSeconds``, ``baselineSeconds`` and ``ratio``.
    let clock: BenchClock

    /// The cross-check as the table shows it: the other clock's name and its time ratio.
    var checkText: String {
        (clock == .cpu ? "wall " : "cpu ") + Format.ratio(otherClockRatio)
    }

    /// Operations per second of Courier, from the median time.
    var courierRate: Double { 1 / courierSeconds }
    /// Operations per second of the baseline, from the median time.
    var baselineRate: Double { 1 / baselineSeconds }
}

/// Measures two pieces of code that do the same job, in alternating rounds, and compares their medians.
///
/// Each side is a closure that runs its operation a given number of times. Both are warmed up and
/// calibrated first: the iteration count of a sample is chosen so that a sample lasts about
/// `sampleSeconds`. Every sample is read on both clocks; `clock` picks the one reported.
struct PairedBenchmark {
    /// How many rounds (one sample of each side per round).
    let rounds: Int
    /// About how long one sample lasts.
    let sampleSeconds: Double
    /// The clock whose figures are reported (the other one gives ``PairedComparison/otherClockRatio``).
    let clock: BenchClock

    /// One sample of each side, per operation.
    private struct Round {
        var courier: (wall: Double, cpu: Double)
        var baseline: (wall: Double, cpu: Double)
    }

    /// Compares `courier` with `baseline`; each closure runs its operation `n` times when called with `n`.
    func compare(
        courier: (Int) async throws -> Void, baseline: (Int) async throws -> Void
    ) async rethrows -> PairedComparison {
        let courierCount = try await calibrate(courier)
        let baselineCount = try await calibrate(baseline)
        var samples: [Round] = []
        for round in 0..<rounds {
            var courierTimes = (wall: 0.0, cpu: 0.0)
            var baselineTimes = (wall: 0.0, cpu: 0.0)
            if round.isMultiple(of: 2) {
                courierTimes = try await Stopwatch.times { try await courier(courierCount) }
                baselineTimes = try await Stopwatch.times { try await baseline(baselineCount) }
            } else {
                baselineTimes = try await Stopwatch.times { try await baseline(baselineCount) }
                courierTimes = try await Stopwatch.times { try await courier(courierCount) }
            }
            samples.append(
                Round(
                    courier: (courierTimes.wall / Double(courierCount), courierTimes.cpu / Double(courierCount)),
                    baseline: (baselineTimes.wall / Double(baselineCount), baselineTimes.cpu / Double(baselineCount))))
        }
        let wallRatio = Statistics.median(samples.map { $0.courier.wall / $0.baseline.wall })
        let cpuRatio = Statistics.median(samples.map { $0.courier.cpu / $0.baseline.cpu })
        let onClock: (Round) -> (Double, Double) = { round in
            self.clock == .cpu ? (round.courier.cpu, round.baseline.cpu) : (round.courier.wall, round.baseline.wall)
        }
        return PairedComparison(
            courierSeconds: Statistics.median(samples.map { onClock($0).0 }),
            baselineSeconds: Statistics.median(samples.map { onClock($0).1 }),
            ratio: clock == .cpu ? cpuRatio : wallRatio, otherClockRatio: clock == .cpu ? wallRatio : cpuRatio,
            clock: clock)
    }

    /// The iteration count that makes one sample of `body` last about ``sampleSeconds``; running it
    /// doubles as the warm-up.
    private func calibrate(_ body: (Int) async throws -> Void) async rethrows -> Int {
        var count = 1
        while true {
            let times = try await Stopwatch.times { try await body(count) }
            let elapsed = clock == .cpu ? times.cpu : times.wall
            if elapsed >= sampleSeconds / 4 || count >= 1 << 30 {
                return max(1, Int((Double(count) * sampleSeconds / max(elapsed, 1e-9)).rounded()))
            }
            count *= 2
        }
    }
}

/// Runs `body` `count` times: the sample closure of a synchronous operation.
func repeated(_ count: Int, _ body: () throws -> Void) rethrows {
    for _ in 0..<count {
        try body()
    }
}
