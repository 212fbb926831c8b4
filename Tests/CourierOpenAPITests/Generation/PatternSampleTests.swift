import Foundation
import Testing

@testable import CourierOpenAPI

/// Samples for string schemas with a `pattern` (Twilio's identifiers: every path parameter of its
/// document has one): made to match it, as the validating server checks.
@Suite struct PatternSampleTests {
    static let patterns = [
        "^AC[0-9a-fA-F]{32}$", "^[a-z]+(-[a-z]+)*$", #"^\d{3}-\d{4}$"#, "^(foo|bar)baz?$",
        "^[^@]+@[^@]+$", #"^(?:[A-Z]{2})\.v[1-9]$"#, "^.{8,}$", "^[A-Za-z0-9_]{1,64}$",
        #"^(?<id>[0-9]+)\/x$"#, "^[]a]+$",
    ]

    @Test(arguments: patterns)
    func theSampleMatchesItsPattern(pattern: String) throws {
        let text = try #require(PatternSample.text(matching: pattern))
        let expression = try NSRegularExpression(pattern: pattern)
        #expect(expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil, "\(text)")
    }

    @Test func eachAtomIsWrittenTheFewestTimesItsQuantifierAllows() {
        #expect(PatternSample.text(matching: "^AC[0-9a-fA-F]{32}$") == "AC" + String(repeating: "0", count: 32))
        #expect(PatternSample.text(matching: "^(foo|bar)baz?$") == "fooba")
        #expect(PatternSample.text(matching: "(?=x)") == nil)
        #expect(PatternSample.text(matching: "a)") == nil)
        #expect(PatternSample.text(matching: "^(a{1000}){1000}$") == nil, "a million characters are not made")
        #expect(PatternSample.text(matching: "^a{99999999999999999}$") == nil)
    }
}
