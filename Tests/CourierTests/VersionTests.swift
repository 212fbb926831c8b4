import Courier
import Foundation
import Testing

/// The version constant is the release the changelog names last.
@Suite struct VersionTests {
    @Test func theVersionIsTheNewestReleaseOfTheChangelog() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let firstRelease = changelog.split(separator: "\n").first { $0.hasPrefix("## [") }
        #expect(firstRelease?.hasPrefix("## [\(courierVersion)]") == true)
        #expect(courierVersion.split(separator: ".").count == 3)
    }
}
