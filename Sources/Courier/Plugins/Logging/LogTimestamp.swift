import Foundation

/// `2025-01-31T09:30:00.123Z`: the time of a log entry, ISO 8601 in UTC with milliseconds.
///
/// Foundation's `Date.ISO8601FormatStyle` writes it, but costs about four thousand instructions a call
/// on Linux, three times a request for the default logger (more than the rest of its entries): the
/// part up to the seconds is made by it once a second and kept, the milliseconds appended by hand.
enum LogTimestamp {
    private static let style = Date.ISO8601FormatStyle(includingFractionalSeconds: false)
    /// The second last made, and its text without the trailing `Z`.
    private static let lastSecond = Locked((second: Int64.min, text: ""))

    /// The current time.
    static func now() -> String {
        format(Date())
    }

    /// `date` as `yyyy-MM-ddTHH:mm:ss.SSSZ`.
    static func format(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        let whole = seconds.rounded(.down)
        let second = Int64(whole)
        let fraction = min(999, Int(((seconds - whole) * 1000).rounded(.down)))
        let head = lastSecond.withLock { last -> String in
            if last.second == second { return last.text }
            let text = String(Date(timeIntervalSince1970: Double(second)).formatted(style).dropLast())
            last = (second, text)
            return text
        }
        let digits = fraction < 10 ? "00\(fraction)" : fraction < 100 ? "0\(fraction)" : "\(fraction)"
        return head + "." + digits + "Z"
    }
}
