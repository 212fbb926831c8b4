import Foundation

/// The memory figures of this process, from `/proc/self/status` (Linux only).
enum ProcessMemory {
    /// The peak resident set size so far (`VmHWM`), in KiB; `nil` where `/proc` is not available.
    static func peakResidentKiB() -> Int? {
        field("VmHWM:")
    }

    /// The resident set size now (`VmRSS`), in KiB; `nil` where `/proc` is not available.
    static func residentKiB() -> Int? {
        field("VmRSS:")
    }

    /// The number in the line of `/proc/self/status` that starts with `name`.
    private static func field(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            return line.dropFirst(name.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first
                .flatMap { Int($0) }
        }
        return nil
    }
}
