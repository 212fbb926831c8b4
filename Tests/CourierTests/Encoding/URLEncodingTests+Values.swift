import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One value, and how it is written with numeric and with literal bools.
private let valueCases: [(String, any Sendable, String, String)] = [
    ("Int 1", 1, "1", "1"),
    ("Int 0", 0, "0", "0"),
    ("Int -42", -42, "-42", "-42"),
    ("Bool true", true, "1", "true"),
    ("Bool false", false, "0", "false"),
    ("NSNumber(value: true)", NSNumber(value: true), "1", "true"),
    ("NSNumber(value: false)", NSNumber(value: false), "0", "false"),
    ("NSNumber(value: 1)", NSNumber(value: 1), "1", "1"),
    ("NSNumber(value: 0)", NSNumber(value: 0), "0", "0"),
    ("NSNumber(value: Int8(1))", NSNumber(value: Int8(1)), "1", "1"),
    ("NSNumber(value: UInt8(1))", NSNumber(value: UInt8(1)), "1", "1"),
    ("NSNumber(value: 1.0)", NSNumber(value: 1.0), "1.0", "1.0"),
    ("NSNumber(value: 1.5)", NSNumber(value: 1.5), "1.5", "1.5"),
    ("Double 1.5", 1.5, "1.5", "1.5"),
    ("Double 1.0", 1.0, "1.0", "1.0"),
    ("Double -0.25", -0.25, "-0.25", "-0.25"),
    ("Double 1e20", 1e20, "1e%2B20", "1e%2B20"),
    ("Float 0.1", Float(0.1), "0.1", "0.1"),
    ("Double.nan", Double.nan, "nan", "nan"),
    ("-Double.infinity", -Double.infinity, "-inf", "-inf"),
    ("Int64 -7", Int64(-7), "-7", "-7"),
    ("UInt64.max", UInt64.max, "18446744073709551615", "18446744073709551615"),
    ("Decimal 12.50", Decimal(string: "12.50")!, "12.5", "12.5"),
    ("Optional<Int>.some(3)", Int?.some(3), "3", "3"),
    ("Optional<Int>.none", Int?.none, "", ""),
    ("Optional<Bool>.some(true)", Bool?.some(true), "1", "true"),
    ("Optional<Double>.some(1.0)", Double?.some(1.0), "1.0", "1.0"),
    ("Optional(NSNumber(value: 1))", NSNumber?.some(NSNumber(value: 1)), "1", "1"),
    ("Optional(NSNumber(value: 1.0))", NSNumber?.some(NSNumber(value: 1.0)), "1.0", "1.0"),
    ("Optional(NSNumber(value: 0))", NSNumber?.some(NSNumber(value: 0)), "0", "0"),
    ("Optional(NSNumber(value: true))", NSNumber?.some(NSNumber(value: true)), "1", "true"),
    ("Optional<Optional<Int>>.some(.some(4))", Int??.some(.some(4)), "4", "4"),
    ("Optional<Optional<Int>>.some(.none)", Int??.some(.none), "", ""),
    ("Optional<String>.some(\"x y\")", String?.some("x y"), "x%20y", "x%20y"),
    ("NSNull()", NSNull(), "", ""),
    ("String \"true\"", "true", "true", "true"),
    ("String \"1\"", "1", "1", "1"),
    ("Character", Character("\u{E9}"), "%C3%A9", "%C3%A9"),
    ("URL", URL(string: "https://x/y?z=1")!, "https%3A//x/y?z%3D1", "https%3A//x/y?z%3D1"),
]

/// A string written as a key or a value, and its escaped form.
private let escapingCases: [(String, String)] = [
    ("AZaz09-._~/?", "AZaz09-._~/?"),
    (" ", "%20"),
    ("+", "%2B"),
    ("&", "%26"),
    ("=", "%3D"),
    ("#", "%23"),
    ("[", "%5B"),
    ("]", "%5D"),
    ("%", "%25"),
    ("!", "%21"),
    ("*", "%2A"),
    ("'", "%27"),
    ("(", "%28"),
    (")", "%29"),
    (";", "%3B"),
    (":", "%3A"),
    ("@", "%40"),
    ("$", "%24"),
    (",", "%2C"),
    ("\"", "%22"),
    ("\n", "%0A"),
    ("\u{1F600}", "%F0%9F%98%80"),
    ("\u{E9}", "%C3%A9"),
    ("e\u{301}", "e%CC%81"),
    ("a+b c", "a%2Bb%20c"),
    ("%20", "%2520"),
]

/// How ``URLEncoding`` writes values, escapes keys and values, and keeps a query or a body header there already.
extension URLEncodingMatrixTests {
    // MARK: Values

    @Test(arguments: [
        (URLEncoding.BoolEncoding.numeric, "f=0&t=1"),
        (.literal, "f=false&t=true"),
    ])
    func boolEncoding(boolEncoding: URLEncoding.BoolEncoding, expected: String) {
        #expect(URLEncoding(boolEncoding: boolEncoding).query(["t": true, "f": false]) == expected)
    }

    @Test(arguments: valueCases)
    func valueIsWrittenDeterministically(label: String, value: any Sendable, numeric: String, literal: String) {
        #expect(URLEncoding(boolEncoding: .numeric).query(["v": value]) == "v=" + numeric, "\(label)")
        #expect(URLEncoding(boolEncoding: .literal).query(["v": value]) == "v=" + literal, "\(label)")
    }

    // MARK: Escaping

    @Test(arguments: escapingCases)
    func escapingOfValues(input: String, expected: String) {
        #expect(URLEncoding.default.query(["k": input]) == "k=" + expected)
    }

    @Test(arguments: escapingCases)
    func escapingOfKeys(input: String, expected: String) {
        #expect(URLEncoding.default.query([input: "v"]) == expected + "=v")
        #expect(URLEncoding.default.query(["n": [input: "v"]]) == "n%5B" + expected + "%5D=v")
    }

    @Test func everyASCIIByteOutsideTheUnreservedSetPlusSlashAndQuestionMarkIsEscaped() {
        let literal = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/?".utf8)
        var mismatches: [String] = []
        for byte in UInt8(0)...UInt8(0x7F) {
            let character = String(UnicodeScalar(byte))
            let hex = String(byte, radix: 16, uppercase: true)
            let expected = literal.contains(byte) ? character : "%" + (hex.count == 1 ? "0" + hex : hex)
            let query = URLEncoding.default.query(["k": character])
            if query != "k=" + expected {
                mismatches.append("0x\(hex): \(query)")
            }
        }
        #expect(mismatches == [])
    }

    @Test func escapedValuesReachTheRequestURLUnchanged() throws {
        let encoded = try URLEncoding.default.encode(Self.makeRequest(.get), with: ["q": "a+b c&d=\u{E9}/?[\u{1F600}]"])
        #expect(encoded.url?.absoluteString == "https://h/p?q=a%2Bb%20c%26d%3D%C3%A9/?%5B%F0%9F%98%80%5D")
    }

    // MARK: Existing query and body header

    @Test(arguments: [
        ("https://h/p?x=1", "https://h/p?x=1&a=1&b=x%20y"),
        ("https://h/p?y=a%20b&x=2", "https://h/p?y=a%20b&x=2&a=1&b=x%20y"),
        ("https://h/p?flag", "https://h/p?flag&a=1&b=x%20y"),
        ("https://h/p?s=api/&t=a,b;c", "https://h/p?s=api/&t=a,b;c&a=1&b=x%20y"),
        ("https://h/p?x=1#frag", "https://h/p?x=1&a=1&b=x%20y#frag"),
        ("https://h/p#frag", "https://h/p?a=1&b=x%20y#frag"),
        ("https://h/p?", "https://h/p?a=1&b=x%20y"),
    ])
    func existingQueryIsKeptVerbatimAndFollowedByAmpersand(url: String, expected: String) throws {
        let encoded = try URLEncoding.default.encode(Self.makeRequest(.get, url: url), with: ["b": "x y", "a": 1])
        #expect(encoded.url?.absoluteString == expected)
    }

    @Test(arguments: ["Content-Type", "content-type", "CONTENT-TYPE", "cOnTeNt-TyPe"])
    func bodyKeepsAContentTypeThatIsAlreadySet(name: String) throws {
        var request = Self.makeRequest(.post)
        request.allHTTPHeaderFields = [name: "text/csv"]
        let encoded = try URLEncoding.default.encode(request, with: ["a": 1])
        #expect(Self.bodyText(encoded) == "a=1")
        #expect(encoded.value(forHTTPHeaderField: "Content-Type") == "text/csv")
        #expect(Self.contentTypeFieldNames(encoded).count == 1)
    }

    @Test func bodyKeepsAContentTypeSetWithSetValueInLowercase() throws {
        var request = Self.makeRequest(.put)
        request.setValue("application/json", forHTTPHeaderField: "content-type")
        let encoded = try URLEncoding.httpBody.encode(request, with: ["a": 1])
        #expect(encoded.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(Self.contentTypeFieldNames(encoded).count == 1)
    }

    @Test func bodySetsFormContentTypeWhenNoneIsSet() throws {
        var request = Self.makeRequest(.post)
        request.setValue("1", forHTTPHeaderField: "X-Other")
        let encoded = try URLEncoding.default.encode(request, with: ["a": 1])
        #expect(encoded.allHTTPHeaderFields == ["X-Other": "1", "Content-Type": Self.formContentType])
    }

    @Test func defaultQueryOfMixedParameters() {
        let parameters: Parameters = [
            "b": [1, 2],
            "a": ["c": true, "b": "x y"] as [String: any Sendable],
            "n": NSNull(),
            "e": "\u{E9}+",
        ]
        #expect(URLEncoding.default.query(parameters) == "a%5Bb%5D=x%20y&a%5Bc%5D=1&b%5B%5D=1&b%5B%5D=2&e=%C3%A9%2B&n=")
        #expect(URLEncoding.default.query([:]) == "")
    }
}
