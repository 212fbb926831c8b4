import Foundation
import Testing

@testable import Courier

/// Free text of any length and shape is redacted in one pass, without a crash: a regular expression
/// once aborted the process on a long run of name characters (a 200 KiB path in an error message).
@Suite struct RedactionLongInputTests {
    @Test func aLongRunOfNameCharactersIsScannedWithoutACrash() {
        let run = String(repeating: "a", count: 500_000)
        #expect(Redaction.default.redactedEmbeddedSecrets(run) == run)
        let text = run + "&token=s3cr3t&" + run + "=x"
        let redacted = Redaction.default.redactedEmbeddedSecrets(text)
        #expect(!redacted.contains("s3cr3t"))
        #expect(redacted.hasSuffix("=x"))
    }

    @Test func chainedPairsAndURLPasswordsAreHidden() {
        let text = "failed: https://ann:pa55@api.example.com/x?a=1&password=hunter2#f, token=abc;"
        let redacted = Redaction.default.redactedEmbeddedSecrets(text)
        #expect(!redacted.contains("pa55") && !redacted.contains("hunter2") && !redacted.contains("abc"))
        #expect(redacted.contains("a=1") && redacted.contains("ann:"))
        let chained = String(repeating: "x=", count: 100_000)
        #expect(Redaction.default.redactedEmbeddedSecrets(chained) == chained)
    }
}
