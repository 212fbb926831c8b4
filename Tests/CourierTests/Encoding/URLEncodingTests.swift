import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private let formContentType = "application/x-www-form-urlencoded; charset=utf-8"

private func makeRequest(_ method: HTTPMethod = .get, url: String = "https://h/p") -> URLRequest {
    var request = URLRequest(url: URL(string: url)!)
    request.httpMethod = method.rawValue
    return request
}

private func bodyText(_ request: URLRequest) -> String? {
    request.httpBody.map { String(decoding: $0, as: UTF8.self) }
}

/// The names of `request`'s header fields that are `Content-Type` in any letter case.
private func contentTypeFieldNames(_ request: URLRequest) -> [String] {
    (request.allHTTPHeaderFields ?? [:]).keys.filter { $0.lowercased() == "content-type" }
}

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

@Suite struct URLEncodingMatrixTests {
    // MARK: Destination

    @Test func presetsHaveTheDocumentedDestinationsAndDefaults() {
        #expect(URLEncoding.default.destination == .methodDependent)
        #expect(URLEncoding.queryString.destination == .queryString)
        #expect(URLEncoding.httpBody.destination == .httpBody)
        for encoding in [URLEncoding.default, .queryString, .httpBody, URLEncoding()] {
            #expect(encoding.arrayEncoding == .brackets)
            #expect(encoding.boolEncoding == .numeric)
        }
        #expect(URLEncoding().destination == .methodDependent)
    }

    @Test(arguments: [
        (URLEncoding.Destination.methodDependent, HTTPMethod.get, true),
        (.methodDependent, .head, true),
        (.methodDependent, .delete, true),
        (.methodDependent, .post, false),
        (.methodDependent, .put, false),
        (.methodDependent, .patch, false),
        (.methodDependent, .options, false),
        (.queryString, .get, true),
        (.queryString, .head, true),
        (.queryString, .delete, true),
        (.queryString, .post, true),
        (.queryString, .put, true),
        (.queryString, .patch, true),
        (.httpBody, .get, false),
        (.httpBody, .head, false),
        (.httpBody, .delete, false),
        (.httpBody, .post, false),
        (.httpBody, .put, false),
        (.httpBody, .patch, false),
    ])
    func destinationAndMethodChooseQueryOrBody(
        destination: URLEncoding.Destination, method: HTTPMethod, inQuery: Bool
    ) throws {
        let encoded = try URLEncoding(destination: destination)
            .encode(makeRequest(method), with: ["b": "x y", "a": 1])
        #expect(encoded.httpMethod == method.rawValue)
        if inQuery {
            #expect(encoded.url?.absoluteString == "https://h/p?a=1&b=x%20y")
            #expect(encoded.httpBody == nil)
            #expect(contentTypeFieldNames(encoded).isEmpty)
        } else {
            #expect(encoded.url?.absoluteString == "https://h/p")
            #expect(bodyText(encoded) == "a=1&b=x%20y")
            #expect(encoded.value(forHTTPHeaderField: "Content-Type") == formContentType)
        }
    }

    @Test(arguments: [URLEncoding.default, .queryString, .httpBody], [HTTPMethod.get, .post])
    func nilParametersLeaveTheRequestUntouched(encoding: URLEncoding, method: HTTPMethod) throws {
        var original = makeRequest(method, url: "https://h/p?x=1")
        original.httpBody = Data("keep".utf8)
        original.setValue("1", forHTTPHeaderField: "X-Custom")
        let encoded = try encoding.encode(original, with: nil)
        #expect(encoded == original)
        #expect(encoded.url?.absoluteString == "https://h/p?x=1")
        #expect(bodyText(encoded) == "keep")
        #expect(encoded.allHTTPHeaderFields == ["X-Custom": "1"])
    }

    @Test(arguments: ["https://h/p", "https://h/p?x=1", "https://h/p#f"])
    func emptyParametersAddNoQuestionMark(url: String) throws {
        for encoding in [URLEncoding.default, .queryString] {
            let encoded = try encoding.encode(makeRequest(.get, url: url), with: [:])
            #expect(encoded.url?.absoluteString == url)
            #expect(encoded.httpBody == nil)
        }
    }

    @Test func emptyParametersInTheBodyGiveAnEmptyFormBody() throws {
        let encoded = try URLEncoding.httpBody.encode(makeRequest(.post), with: [:])
        #expect(encoded.url?.absoluteString == "https://h/p")
        #expect(bodyText(encoded) == "")
        #expect(encoded.value(forHTTPHeaderField: "Content-Type") == formContentType)
    }

    @Test func queryDestinationWithoutURLThrows() {
        var request = makeRequest(.get)
        request.url = nil
        let error = #expect(throws: ParameterEncodingError.self) {
            try URLEncoding.queryString.encode(request, with: ["a": 1])
        }
        #expect(error?.reason == "URL encoding needs a request with a URL")
    }

    // MARK: Keys and nesting

    @Test func topLevelKeysAreSorted() {
        let query = URLEncoding.default.query(["b": 1, "a": 2, "c": 3, "B": 4, "_": 5, "a1": 6])
        #expect(query == "B=4&_=5&a=2&a1=6&b=1&c=3")
    }

    @Test func nestedKeysAreSortedAndBracketed() {
        let parameters: Parameters = [
            "z": ["y": 1, "x": 2, "w": ["b": 1, "a": 2]] as [String: any Sendable],
            "a": 0,
        ]
        #expect(
            URLEncoding.default.query(parameters) == "a=0&z%5Bw%5D%5Ba%5D=2&z%5Bw%5D%5Bb%5D=1&z%5Bx%5D=2&z%5By%5D=1")
    }

    @Test func deeplyNestedDictionaryIsWrittenWithEscapedBrackets() {
        #expect(URLEncoding.default.query(["a": ["b": ["c": "v"]]]) == "a%5Bb%5D%5Bc%5D=v")
    }

    @Test func bracketsAndOtherReservedCharactersInKeysAreEscaped() {
        #expect(URLEncoding.default.query(["a b[c]": 1]) == "a%20b%5Bc%5D=1")
        #expect(URLEncoding.default.query(["x": ["k=&": "v"]]) == "x%5Bk%3D%26%5D=v")
    }

    @Test(arguments: [
        (URLEncoding.ArrayEncoding.brackets, "a%5B%5D=3&a%5B%5D=1&a%5B%5D=2"),
        (.noBrackets, "a=3&a=1&a=2"),
        (.indexInBrackets, "a%5B0%5D=3&a%5B1%5D=1&a%5B2%5D=2"),
    ])
    func arrayOrderIsKept(arrayEncoding: URLEncoding.ArrayEncoding, expected: String) {
        #expect(URLEncoding(arrayEncoding: arrayEncoding).query(["a": [3, 1, 2]]) == expected)
    }

    @Test(arguments: [
        (URLEncoding.ArrayEncoding.brackets, "a%5B%5D%5Bb%5D=2&a%5B%5D%5Bx%5D=1&a%5B%5D%5Bx%5D=3"),
        (.noBrackets, "a%5Bb%5D=2&a%5Bx%5D=1&a%5Bx%5D=3"),
        (.indexInBrackets, "a%5B0%5D%5Bb%5D=2&a%5B0%5D%5Bx%5D=1&a%5B1%5D%5Bx%5D=3"),
    ])
    func arrayOfDictionaries(arrayEncoding: URLEncoding.ArrayEncoding, expected: String) {
        let parameters: Parameters = ["a": [["x": 1, "b": 2], ["x": 3]]]
        #expect(URLEncoding(arrayEncoding: arrayEncoding).query(parameters) == expected)
    }

    @Test(arguments: [
        (URLEncoding.ArrayEncoding.brackets, "a%5B%5D%5B%5D=1&a%5B%5D%5B%5D=2&a%5B%5D%5B%5D=3"),
        (.noBrackets, "a=1&a=2&a=3"),
        (.indexInBrackets, "a%5B0%5D%5B0%5D=1&a%5B0%5D%5B1%5D=2&a%5B1%5D%5B0%5D=3"),
    ])
    func nestedArrays(arrayEncoding: URLEncoding.ArrayEncoding, expected: String) {
        #expect(URLEncoding(arrayEncoding: arrayEncoding).query(["a": [[1, 2], [3]]]) == expected)
    }

    @Test(arguments: [
        (URLEncoding.ArrayEncoding.brackets, "d%5Blist%5D%5B%5D=x&d%5Blist%5D%5B%5D=y&m%5B%5D=1&m%5B%5D=two&m%5B%5D=1"),
        (.noBrackets, "d%5Blist%5D=x&d%5Blist%5D=y&m=1&m=two&m=1"),
        (.indexInBrackets, "d%5Blist%5D%5B0%5D=x&d%5Blist%5D%5B1%5D=y&m%5B0%5D=1&m%5B1%5D=two&m%5B2%5D=1"),
    ])
    func arraysInsideDictionariesAndMixedArrays(arrayEncoding: URLEncoding.ArrayEncoding, expected: String) {
        let parameters: Parameters = [
            "m": [1, "two", true] as [any Sendable],
            "d": ["list": ["x", "y"]],
            "e": [Int](),
            "f": [String: Int](),
        ]
        #expect(URLEncoding(arrayEncoding: arrayEncoding).query(parameters) == expected)
    }

    @Test func optionalsInsideArraysAndDictionaries() {
        let parameters: Parameters = [
            "a": [1, nil, 3] as [Int?],
            "d": [String: Int]?.some(["b": 1]),
        ]
        #expect(URLEncoding.default.query(parameters) == "a%5B%5D=1&a%5B%5D=&a%5B%5D=3&d%5Bb%5D=1")
    }

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
        let encoded = try URLEncoding.default.encode(makeRequest(.get), with: ["q": "a+b c&d=\u{E9}/?[\u{1F600}]"])
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
        let encoded = try URLEncoding.default.encode(makeRequest(.get, url: url), with: ["b": "x y", "a": 1])
        #expect(encoded.url?.absoluteString == expected)
    }

    @Test(arguments: ["Content-Type", "content-type", "CONTENT-TYPE", "cOnTeNt-TyPe"])
    func bodyKeepsAContentTypeThatIsAlreadySet(name: String) throws {
        var request = makeRequest(.post)
        request.allHTTPHeaderFields = [name: "text/csv"]
        let encoded = try URLEncoding.default.encode(request, with: ["a": 1])
        #expect(bodyText(encoded) == "a=1")
        #expect(encoded.value(forHTTPHeaderField: "Content-Type") == "text/csv")
        #expect(contentTypeFieldNames(encoded).count == 1)
    }

    @Test func bodyKeepsAContentTypeSetWithSetValueInLowercase() throws {
        var request = makeRequest(.put)
        request.setValue("application/json", forHTTPHeaderField: "content-type")
        let encoded = try URLEncoding.httpBody.encode(request, with: ["a": 1])
        #expect(encoded.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(contentTypeFieldNames(encoded).count == 1)
    }

    @Test func bodySetsFormContentTypeWhenNoneIsSet() throws {
        var request = makeRequest(.post)
        request.setValue("1", forHTTPHeaderField: "X-Other")
        let encoded = try URLEncoding.default.encode(request, with: ["a": 1])
        #expect(encoded.allHTTPHeaderFields == ["X-Other": "1", "Content-Type": formContentType])
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
