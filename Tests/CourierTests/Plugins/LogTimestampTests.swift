import Foundation
import Testing

@testable import Courier

/// The logger's timestamps read as Foundation's ISO 8601 style writes them.
@Suite struct LogTimestampTests {
    @Test(arguments: [0, 1.5, 86_399.999, 1_764_690_123.004, 1_764_690_123.999, 4_102_444_800.25, -1.5] as [Double])
    func timestampsAreISO8601WithMillisecondsInUTC(seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        let expected = date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        #expect(LogTimestamp.format(date) == expected)
        // Twice within the same second: the kept part is reused.
        #expect(LogTimestamp.format(date) == expected)
    }
}
