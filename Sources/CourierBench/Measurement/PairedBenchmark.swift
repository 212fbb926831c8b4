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

/// Several pieces of code measured in the same rounds: each round takes one sample of every side, the
/// side that goes first rotating from round to round.
struct RotatingComparison {
    /// Per round, per side: the time of one operation on the wall clock and on the process CPU clock.
    let samples: [[(wall: Double, cpu: Double)]]
    /// The clock of the figures (the other one gives the cross-check).
    let clock: BenchClock

    /// Side `a` against side `b`: their medians, and the median of the rounds' `a` / `b` time ratios.
    func pair(_ a: Int, _ b: Int) -> PairedComparison {
        let wallRatio = Statistics.median(samples.map { $0[a].wall / $0[b].wall })
        let cpuRatio = Statistics.median(samples.map { $0[a].cpu / $0[b].cpu })
        let onClock: (Int) -> [Double] = { side in
            samples.map { clock == .cpu ? $0[side].cpu : $0[side].wall }
        }
        return PairedComparison(
            courierSeconds: Statistics.median(onClock(a)), baselineSeconds: Statistics.median(onClock(b)),
            ratio: clock == .cpu ? cpuRatio : wallRatio, otherClockRatio: clock == .cpu ? wallRatio : cpuRatio,
            clock: clock)
    }
}

/// Measures pieces of code that do the same job, in alternating rounds, and compares their medians.
///
/// Each side is a closure that runs its operation a given number of times. Every side is warmed up and
/// calibrated first: the iteration count of a sample is chosen so that a sample lasts about
/// `sampleSeconds`. Every sample is read on both clocks; `clock` picks the one reported.
struct PairedBenchmark {
    /// How many rounds (one sample of each side per round).
    let rounds: Int
    /// About how long one sample lasts.
    let sampleSeconds: Double
    /// The clock whose figures are reported (the other one gives ``PairedComparison/otherClockRatio``).
    let clock: BenchClock

    /// Compares `courier` with `baseline`; each closure runs its operation `n` times when called with `n`.
    func compare(
        courier: @escaping (Int) async throws -> Void, baseline: @escaping (Int) async throws -> Void
    ) async throws -> PairedComparison {
        try await compare([courier, baseline]).pair(0, 1)
    }

    /// Measures every side of `sides` in each round, rotating which goes first.
    func compare(_ sides: [(Int) async throws -> Void]) async throws -> RotatingComparison {
        var counts: [Int] = []
        for side in sides {
            counts.append(try await calibrate(side))
        }
        var samples: [[(wall: Double, cpu: Double)]] = []
        for round in 0..<rounds {
            var times = Array(repeating: (wall: 0.0, cpu: 0.0), count: sides.count)
            for step in sides.indices {
                let side = (round + step) % sides.count
                let elapsed = try await Stopwatch.times { try await sides[side](counts[side]) }
                times[side] = (elapsed.wall / Double(counts[side]), elapsed.cpu / Double(counts[side]))
            }
            samples.append(times)
        }
        return RotatingComparison(samples: samples, clock: clock)
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
