import Foundation

/// What the table says about the machine it was measured on.
enum MachineInfo {
    /// `2 cores, AMD EPYC, 23.5 GiB, Swift 6.x` as far as it can be read.
    static func summary() -> String {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let memory = Double(ProcessInfo.processInfo.physicalMemory) / Double(1 << 30)
        return "\(cores) cores, \(cpuModel() ?? "unknown CPU"), \(Format.number(memory, decimals: 1)) GiB RAM, "
            + ProcessInfo.processInfo.operatingSystemVersionString
    }

    /// The 1-, 5- and 15-minute load averages, from `/proc/loadavg`.
    static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    private static func cpuModel() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            return line.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) }
        }
        return nil
    }
}
