import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``URLEncoding``: where parameters go, how keys nest, how values are written and escaped.
@Suite struct URLEncodingMatrixTests {
    /// The `Content-Type` a form body gets.
    static let formContentType = "application/x-www-form-urlencoded; charset=utf-8"

    /// A request of `method` for `url`.
    static func makeRequest(_ method: HTTPMethod = .get, url: String = "https://h/p") -> URLRequest {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method.rawValue
        return request
    }

    /// The body of `request` as text.
    static func bodyText(_ request: URLRequest) -> String? {
        request.httpBody.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The names of `request`'s header fields that are `Content-Type` in any letter case.
    static func contentTypeFieldNames(_ request: URLRequest) -> [String] {
        (request.allHTTPHeaderFields ?? [:]).keys.filter { $0.lowercased() == "content-type" }
    }

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
            .encode(Self.makeRequest(method), with: ["b": "x y", "a": 1])
        #expect(encoded.httpMethod == method.rawValue)
        if inQuery {
            #expect(encoded.url?.absoluteString == "https://h/p?a=1&b=x%20y")
            #expect(encoded.httpBody == nil)
            #expect(Self.contentTypeFieldNames(encoded).isEmpty)
        } else {
            #expect(encoded.url?.absoluteString == "https://h/p")
            #expect(Self.bodyText(encoded) == "a=1&b=x%20y")
            #expect(encoded.value(forHTTPHeaderField: "Content-Type") == Self.formContentType)
        }
    }

    @Test(arguments: [URLEncoding.default, .queryString, .httpBody], [HTTPMethod.get, .post])
    func nilParametersLeaveTheRequestUntouched(encoding: URLEncoding, method: HTTPMethod) throws {
        var original = Self.makeRequest(method, url: "https://h/p?x=1")
        original.httpBody = Data("keep".utf8)
        original.setValue("1", forHTTPHeaderField: "X-Custom")
        let encoded = try encoding.encode(original, with: nil)
        #expect(encoded == original)
        #expect(encoded.url?.absoluteString == "https://h/p?x=1")
        #expect(Self.bodyText(encoded) == "keep")
        #expect(encoded.allHTTPHeaderFields == ["X-Custom": "1"])
    }

    @Test(arguments: ["https://h/p", "https://h/p?x=1", "https://h/p#f"])
    func emptyParametersAddNoQuestionMark(url: String) throws {
        for encoding in [URLEncoding.default, .queryString] {
            let encoded = try encoding.encode(Self.makeRequest(.get, url: url), with: [:])
            #expect(encoded.url?.absoluteString == url)
            #expect(encoded.httpBody == nil)
        }
    }

    @Test func emptyParametersInTheBodyGiveAnEmptyFormBody() throws {
        let encoded = try URLEncoding.httpBody.encode(Self.makeRequest(.post), with: [:])
        #expect(encoded.url?.absoluteString == "https://h/p")
        #expect(Self.bodyText(encoded) == "")
        #expect(encoded.value(forHTTPHeaderField: "Content-Type") == Self.formContentType)
    }

    @Test func queryDestinationWithoutURLThrows() {
        var request = Self.makeRequest(.get)
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

}
