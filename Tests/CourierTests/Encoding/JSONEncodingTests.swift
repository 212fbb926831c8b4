import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private func makeRequest(_ method: HTTPMethod = .post, url: String = "https://h/p") -> URLRequest {
    var request = URLRequest(url: URL(string: url)!)
    request.httpMethod = method.rawValue
    return request
}

private func jsonText(_ parameters: Parameters, encoding: JSONEncoding = .default) throws -> String? {
    try encoding.encode(makeRequest(), with: parameters).httpBody.map { String(decoding: $0, as: UTF8.self) }
}

/// A type that JSON cannot hold.
private final class OpaqueValue: Sendable {}

private let mixedParameters: Parameters = [
    "b": 1,
    "a": "x",
    "c": [true, false, NSNull()] as [any Sendable],
    "d": ["z": 1.5, "y": [Int]()] as [String: any Sendable],
    "e": [String: Int](),
]

/// Parameters that JSON cannot hold, and the reason the error gives.
private let invalidCases: [(Parameters, String)] = [
    (["n": Double.nan], "JSON cannot hold the number nan at `n`"),
    (["i": Double.infinity], "JSON cannot hold the number inf at `i`"),
    (["m": -Double.infinity], "JSON cannot hold the number -inf at `m`"),
    (["f": Float.nan], "JSON cannot hold the number nan at `f`"),
    (["g": Float.infinity], "JSON cannot hold the number inf at `g`"),
    (["x": Decimal.nan], "JSON cannot hold the number NaN at `x`"),
    (["n": NSNumber(value: Double.nan)], "JSON cannot hold the number nan at `n`"),
    (["d": Date(timeIntervalSince1970: 0)], "JSON cannot hold a value of type Date at `d`"),
    (["o": OpaqueValue()], "JSON cannot hold a value of type OpaqueValue at `o`"),
    (["a": [1, Double.nan]], "JSON cannot hold the number nan at `a[1]`"),
    (["list": [OpaqueValue()]], "JSON cannot hold a value of type OpaqueValue at `list[0]`"),
    (
        ["a": ["b": [["c": Date(timeIntervalSince1970: 0)]]]],
        "JSON cannot hold a value of type Date at `a.b[0].c`"
    ),
    (["ok": 1, "z": ["y": Double?.some(.infinity)]], "JSON cannot hold the number inf at `z.y`"),
]

@Suite struct JSONEncodingMatrixTests {
    @Test func defaultIsCompactWithSortedKeys() throws {
        #expect(try jsonText(mixedParameters) == #"{"a":"x","b":1,"c":[true,false,null],"d":{"y":[],"z":1.5},"e":{}}"#)
        #expect(try jsonText(mixedParameters, encoding: JSONEncoding(options: [])) == jsonText(mixedParameters))
    }

    @Test func prettyPrintedIsIndentedByTwoSpacesWithSortedKeys() throws {
        let expected = """
            {
              "a": "x",
              "b": 1,
              "c": [
                true,
                false,
                null
              ],
              "d": {
                "y": [],
                "z": 1.5
              },
              "e": {}
            }
            """
        #expect(try jsonText(mixedParameters, encoding: .prettyPrinted) == expected)
        #expect(try jsonText(mixedParameters, encoding: JSONEncoding(options: .prettyPrinted)) == expected)
        #expect(try jsonText([:], encoding: .prettyPrinted) == "{}")
        #expect(try jsonText([:]) == "{}")
    }

    @Test func nestedArraysAndDictionaries() throws {
        let parameters: Parameters = [
            "list": [["b": 2, "a": 1], [[1, 2], [3]], [String]()] as [any Sendable],
            "deep": ["z": ["y": ["x": "w"]]],
        ]
        #expect(try jsonText(parameters) == #"{"deep":{"z":{"y":{"x":"w"}}},"list":[{"a":1,"b":2},[[1,2],[3]],[]]}"#)
    }

    @Test func boolsAreNeverNumbersAndNumbersAreNeverBools() throws {
        let parameters: Parameters = [
            "t": true,
            "f": false,
            "one": 1,
            "zero": 0,
            "nsTrue": NSNumber(value: true),
            "nsOne": NSNumber(value: 1),
            "optNSOne": NSNumber?.some(NSNumber(value: 1)),
            "double1": 1.0,
            "double15": 1.5,
            "float": Float(0.1),
            "neg": -3,
            "big": 1e20,
            "dec": Decimal(string: "12.50")!,
            "none": Int?.none,
            "opt": Int?.some(3),
        ]
        let expected =
            #"{"big":1e+20,"dec":12.5,"double1":1.0,"double15":1.5,"f":false,"float":0.1,"neg":-3,"none":null,"#
            + #""nsOne":1,"nsTrue":true,"one":1,"opt":3,"optNSOne":1,"t":true,"zero":0}"#
        let text = try jsonText(parameters)
        #expect(text == expected)
        let data = try #require(text.map { Data($0.utf8) })
        let decoded = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(decoded.count == parameters.count)
    }

    @Test func stringsAreEscapedAndRoundTrip() throws {
        let value = "q\"b\\n\nr\rt\tc\u{01}\u{1F}\u{7F}\u{1F600}\u{E9}/"
        let parameters: Parameters = ["s": value, "k\"ey": "v"]
        let expected = #"{"k\"ey":"v","s":"q\"b\\n\nr\rt\tc\u0001\u001f"# + "\u{7F}\u{1F600}\u{E9}/\"}"
        let text = try jsonText(parameters)
        #expect(text == expected)
        let data = try #require(text.map { Data($0.utf8) })
        let decoded = try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
        #expect(decoded == ["s": value, "k\"ey": "v"])
    }

    @Test func setsJSONContentTypeWhenNoneIsSet() throws {
        var request = makeRequest()
        request.setValue("1", forHTTPHeaderField: "X-Other")
        let encoded = try JSONEncoding.default.encode(request, with: ["a": 1])
        #expect(encoded.allHTTPHeaderFields == ["X-Other": "1", "Content-Type": "application/json"])
        #expect(encoded.url?.absoluteString == "https://h/p")
    }

    @Test(arguments: ["Content-Type", "content-type", "CONTENT-TYPE"])
    func keepsAContentTypeThatIsAlreadySet(name: String) throws {
        var request = makeRequest()
        request.allHTTPHeaderFields = [name: "application/vnd.api+json"]
        let encoded = try JSONEncoding.default.encode(request, with: ["a": 1])
        #expect(encoded.value(forHTTPHeaderField: "Content-Type") == "application/vnd.api+json")
        let names = (encoded.allHTTPHeaderFields ?? [:]).keys.filter { $0.lowercased() == "content-type" }
        #expect(names.count == 1)
    }

    @Test(arguments: [HTTPMethod.get, .post])
    func nilParametersLeaveTheRequestUntouched(method: HTTPMethod) throws {
        var original = makeRequest(method, url: "https://h/p?x=1")
        original.httpBody = Data("keep".utf8)
        original.setValue("1", forHTTPHeaderField: "X-Custom")
        for encoding in [JSONEncoding.default, .prettyPrinted] {
            let encoded = try encoding.encode(original, with: nil)
            #expect(encoded == original)
            #expect(encoded.httpBody == Data("keep".utf8))
            #expect(encoded.allHTTPHeaderFields == ["X-Custom": "1"])
        }
    }

    @Test(arguments: invalidCases)
    func valueJSONCannotHoldThrowsNamingTheKeyPath(parameters: Parameters, reason: String) {
        for encoding in [JSONEncoding.default, .prettyPrinted] {
            let error = #expect(throws: ParameterEncodingError.self) {
                try encoding.encode(makeRequest(), with: parameters)
            }
            #expect(error?.reason == reason)
            #expect(error?.description == reason)
        }
    }

    @Test(arguments: invalidCases)
    func endpointReportsInvalidJSONAsParameterEncoding(parameters: Parameters, reason: String) {
        let tasks: [HTTPTask] = [
            .requestParameters(parameters: parameters, encoding: JSONEncoding.default),
            .requestCompositeParameters(
                bodyParameters: parameters, bodyEncoding: JSONEncoding.prettyPrinted, urlParameters: ["q": 1]),
        ]
        for task in tasks {
            let endpoint = Endpoint(
                url: "https://h/p", sampleResponseClosure: { .networkResponse(200, Data()) }, method: .post,
                task: task, httpHeaderFields: nil)
            let error = #expect(throws: CourierError.self) { try endpoint.urlRequest() }
            guard case .parameterEncoding(let underlying)? = error else {
                Issue.record("expected CourierError.parameterEncoding, got \(String(describing: error))")
                continue
            }
            #expect((underlying as? ParameterEncodingError)?.reason == reason)
        }
    }
}
