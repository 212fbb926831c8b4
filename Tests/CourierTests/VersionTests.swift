import Courier
import Foundation
import Testing

/// The version constant is the newest release the changelog names.
@Suite struct VersionTests {
    @Test func theVersionIsTheNewestReleaseOfTheChangelog() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        // Changes not yet released are listed first, under `## [Unreleased]`.
        let firstRelease = changelog.split(separator: "\n").first {
            $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]")
        }
        #expect(firstRelease?.hasPrefix("## [\(courierVersion)]") == true)
        #expect(courierVersion.split(separator: ".").count == 3)
    }
}
