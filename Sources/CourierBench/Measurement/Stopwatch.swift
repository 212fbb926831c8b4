import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

    /// The CPU time the process has used so far, in nanoseconds.
    static func cpuNow() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    /// Wall-clock seconds elapsed since `start`, a value of ``now()``.
    static func seconds(since start: UInt64) -> Double {
        Double(now() - start) / 1e9
    }

    /// How long `body` takes, in seconds, on the wall clock.
    static func time(_ body: () async throws -> Void) async rethrows -> Double {
        let start = now()
        try await body()
        return seconds(since: start)
    }

    /// How long `body` takes, in seconds, on both clocks.
    static func times(_ body: () async throws -> Void) async rethrows -> (wall: Double, cpu: Double) {
        let wallStart = now()
        let cpuStart = cpuNow()
        try await body()
        let cpu = Double(cpuNow() - cpuStart) / 1e9
        return (seconds(since: wallStart), cpu)
    }
}
