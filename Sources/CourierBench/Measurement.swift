import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How much measuring a run does: the quick run stays under a minute, the full one under ten.
struct Budget {
    /// Paired rounds of each in-process comparison (cases 1, 2, 3, 6).
    let rounds: Int
    /// About how long one sample of an in-process comparison lasts, in seconds.
    let sampleSeconds: Double
    /// Paired rounds of each loopback comparison (case 4).
    let loopbackRounds: Int
    /// About how long one batch of loopback requests lasts, in seconds.
    let loopbackBatchSeconds: Double
    /// The size of each transfer (case 5), in bytes.
    let transferBytes: Int64
    /// Paired rounds of each transfer comparison (case 5), one child process per transfer.
    let transferRounds: Int

    /// Under a minute: few rounds, 64 MiB transfers.
    static let quick = Budget(
        rounds: 15, sampleSeconds: 0.008, loopbackRounds: 5, loopbackBatchSeconds: 0.15, transferBytes: 64 << 20,
        transferRounds: 2)

    /// About five to ten minutes: many rounds, 1 GiB transfers.
    static let full = Budget(
        rounds: 41, sampleSeconds: 0.02, loopbackRounds: 15, loopbackBatchSeconds: 0.5, transferBytes: 1 << 30,
        transferRounds: 3)

    /// `transferBytes` as people say it: `1 GiB`, `64 MiB`.
    var transferSizeText: String {
        transferBytes >= 1 << 30 && transferBytes % (1 << 30) == 0
            ? "\(transferBytes >> 30) GiB" : "\(transferBytes >> 20) MiB"
    }
}

/// Which clock a measurement reads.
enum BenchClock: String {
    /// The monotonic wall clock (`DispatchTime`): what a caller waits, preemption included.
    case wall
    /// The CPU time of the whole process (`CLOCK_PROCESS_CPUTIME_ID`, monotonic): what the code costs,
    /// whatever other processes on a shared machine do.
    case cpu
}

/// Monotonic timing of a piece of code, in seconds.
enum Stopwatch {
    /// The monotonic wall clock now, in nanoseconds.
    static func now() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }

    /// Wall-clock seconds elapsed since `start`, a value of ``now()``.
    static func seconds(since start: UInt64) -> Double {
        Double(now() - start) / 1e9
    }

    /// How long `body` takes, in seconds, on both clocks.
    static func times(_ body: () async throws -> Void) async rethrows -> (wall: Double, cpu: Double) {
        let wallStart = now()
        let cpuStart = cpuNow()
        try await body()
        let cpu = Double(cpuNow() - cpuStart) / 1e9
        return (seconds(since: wallStart), cpu)
    }

    /// The CPU time the process has used so far, in nanoseconds.
    private static func cpuNow() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }
}

/// The median of `values` (the mean of the two middle values for an even count); 0 when empty.
func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
}

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
        let wallRatio = median(samples.map { $0[a].wall / $0[b].wall })
        let cpuRatio = median(samples.map { $0[a].cpu / $0[b].cpu })
        let onClock: (Int) -> [Double] = { side in
            samples.map { clock == .cpu ? $0[side].cpu : $0[side].wall }
        }
        return PairedComparison(
            courierSeconds: median(onClock(a)), baselineSeconds: median(onClock(b)),
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

/// Runs `total` operations on `concurrency` workers, each running its share one after another.
func runConcurrently(
    total: Int, concurrency: Int, _ operation: @escaping @Sendable () async throws -> Void
) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
        for worker in 0..<concurrency {
            let share = total / concurrency + (worker < total % concurrency ? 1 : 0)
            guard share > 0 else { continue }
            group.addTask {
                for _ in 0..<share {
                    try await operation()
                }
            }
        }
        try await group.waitForAll()
    }
}

/// Consumes `value` in a way the optimizer cannot see through, so that the work producing it is kept.
///
/// `@_optimize(none)` stops the compiler from proving the call has no effect and deleting it together
/// with the computation of its argument.
@inline(never)
@_optimize(none)
func blackHole<T>(_ value: T) {}
