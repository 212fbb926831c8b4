import Courier
import Foundation
import Testing

/// The parameter styles of OpenAPI 3 (the specification's table of `style` and `explode` examples), as
/// generated targets write them.
@Suite("OpenAPI parameter styles")
struct OpenAPIRequestPartsTests {
    private struct Point: Encodable, OpenAPIParameterValue {
        var r = 100
        var g = 200
    }

    private func query(
        _ value: some OpenAPIParameterValue, style: OpenAPIParameterStyle = .form, explode: Bool = true
    ) -> String {
        var parts = OpenAPIRequestParts(path: "/p")
        parts.query("color", value, style: style, explode: explode)
        return parts.pathAndQuery
    }

    @Test func formQueries() {
        #expect(query("blue") == "/p?color=blue")
        #expect(query(["blue", "black"]) == "/p?color=blue&color=black")
        #expect(query(["blue", "black"], explode: false) == "/p?color=blue,black")
        #expect(query(Point()) == "/p?g=200&r=100")
        #expect(query(Point(), explode: false) == "/p?color=g,200,r,100")
    }

    @Test func delimitedAndDeepObjectQueries() {
        #expect(query(["blue", "black"], style: .spaceDelimited, explode: false) == "/p?color=blue%20black")
        #expect(query(["blue", "black"], style: .pipeDelimited, explode: false) == "/p?color=blue|black")
        #expect(query(Point(), style: .deepObject) == "/p?color%5Bg%5D=200&color%5Br%5D=100")
        // A list in this style, which OpenAPI leaves undefined, is indexed as the bracket convention has it.
        #expect(query(["blue", "black"], style: .deepObject) == "/p?color%5B0%5D=blue&color%5B1%5D=black")
        #expect(query("blue", style: .deepObject) == "/p?color=blue")
    }

    private struct Line: Encodable, OpenAPIParameterValue {
        var price = "p_1"
        var quantity = 2
        var tax = Point()
    }

    /// Objects in objects and lists of objects, which OpenAPI leaves undefined in `deepObject`, nest
    /// their brackets; an empty object writes nothing.
    @Test func nestedDeepObjectQueries() {
        #expect(
            query(Line(), style: .deepObject)
                == "/p?color%5Bprice%5D=p_1&color%5Bquantity%5D=2&color%5Btax%5D%5Bg%5D=200&color%5Btax%5D%5Br%5D=100")
        #expect(
            query([Line(price: "a", quantity: 1)], style: .deepObject)
                == "/p?color%5B0%5D%5Bprice%5D=a&color%5B0%5D%5Bquantity%5D=1"
                + "&color%5B0%5D%5Btax%5D%5Bg%5D=200&color%5B0%5D%5Btax%5D%5Br%5D=100")
        #expect(query([String: Int](), style: .deepObject) == "/p")
    }

    private struct Filter: Encodable, OpenAPIParameterValue {
        var id: Int64 = 9_007_199_254_740_993
        var ratio = 0.25
    }

    /// A whole number above 2^53 in a `deepObject` keeps every digit: the object passes through JSON, and a
    /// `Double` would round 9007199254740993 to ...992.
    @Test func deepObjectIntegersKeepEveryDigit() {
        #expect(query(Filter(), style: .deepObject) == "/p?color%5Bid%5D=9007199254740993&color%5Bratio%5D=0.25")
        #expect(query(Filter(), explode: false) == "/p?color=id,9007199254740993,ratio,0.25")
    }

    /// A free-form value reads whole numbers as integers, exactly, and other numbers as doubles, and writes
    /// each back as it read it.
    @Test func freeFormNumbersRoundTrip() throws {
        let text = #"{"big":9007199254740993,"fraction":1.5,"huge":1e300,"list":[-9223372036854775808,0]}"#
        let value = try JSONDecoder().decode(OpenAPIValue.self, from: Data(text.utf8))
        guard case .object(let object) = value else {
            Issue.record("not an object: \(value)")
            return
        }
        #expect(object["big"] == .integer(9_007_199_254_740_993))
        #expect(object["fraction"] == .number(1.5))
        #expect(object["huge"] == .number(1e300))
        #expect(object["list"] == .array([.integer(Int64.min), .integer(0)]))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let written = try #require(String(data: try encoder.encode(value), encoding: .utf8))
        #expect(written.contains(#""big":9007199254740993"#))
        #expect(written.contains("-9223372036854775808"))
        #expect(try JSONDecoder().decode(OpenAPIValue.self, from: Data(written.utf8)) == value)
    }

    @Test func queryValuesAreEscapedAndNilIsLeftOut() {
        var parts = OpenAPIRequestParts(path: "/p")
        parts.query("q", "a b&c=d+é")
        parts.query("missing", String?.none)
        parts.query("limit", 10)
        parts.query("on", true)
        #expect(parts.pathAndQuery == "/p?q=a%20b%26c%3Dd%2B%C3%A9&limit=10&on=true")
    }

    @Test func pathStyles() {
        func path(_ value: some OpenAPIParameterValue, style: OpenAPIParameterStyle, explode: Bool) -> String {
            var parts = OpenAPIRequestParts(path: "/items/{id}")
            parts.path("id", value, style: style, explode: explode)
            return parts.pathAndQuery
        }
        #expect(path([3, 4, 5], style: .simple, explode: false) == "/items/3,4,5")
        #expect(path(Point(), style: .simple, explode: true) == "/items/g=200,r=100")
        #expect(path([3, 4], style: .label, explode: true) == "/items/.3.4")
        #expect(path([3, 4], style: .matrix, explode: true) == "/items/;id=3;id=4")
        #expect(path([3, 4], style: .matrix, explode: false) == "/items/;id=3,4")
        #expect(path("a/b c", style: .simple, explode: false) == "/items/a%2Fb%20c")
    }

    @Test func headersAndCookies() {
        var parts = OpenAPIRequestParts(path: "/")
        parts.header("X-Ids", [1, 2])
        parts.cookie("session", "abc def")
        parts.cookie("theme", "dark")
        #expect(parts.headerFields == ["X-Ids": "1,2", "Cookie": "session=abc%20def; theme=dark"])
        #expect(OpenAPIRequestParts(path: "/").headerFields == nil)
    }

    @Test func formBodies() {
        var form = OpenAPIFormBody()
        form.field("name", "Rex & co")
        form.field("tags", ["a", "b"])
        form.field("age", Int?.none)
        #expect(String(decoding: form.data, as: UTF8.self) == "name=Rex%20%26%20co&tags=a&tags=b")
    }

    /// A multipart field in a style (OpenAPI 3.1) is a text part for each pair a form would have, its
    /// name and contents not escaped.
    @Test func multipartFieldsInAStyle() {
        var body = OpenAPIMultipartBody()
        body.field("meta", Line(), style: .deepObject)
        body.field("tags", ["a b", "c&d"], style: .spaceDelimited, explode: false)
        body.field("ids", [1, 2], style: .form)
        body.field("none", Int?.none, style: .form)
        let parts = body.form.parts.map { part -> String in
            guard case .data(let data) = part.provider else { return part.name + ": not data" }
            return part.name + ": " + String(decoding: data, as: UTF8.self)
        }
        #expect(
            parts == [
                "meta[price]: p_1", "meta[quantity]: 2", "meta[tax][g]: 200", "meta[tax][r]: 100", "tags: a b c&d",
                "ids: 1", "ids: 2",
            ])
        #expect(body.form.parts.allSatisfy { $0.fileName == nil && $0.mimeType == nil })
    }

    @Test func datesRoundTrip() throws {
        let date = try #require(OpenAPICoding.date(from: "2024-05-31T12:00:00.250+02:00"))
        #expect(OpenAPICoding.text(of: date) == "2024-05-31T10:00:00.250Z")
        #expect(OpenAPICoding.date(from: "2024-05-31T10:00:00Z").map(OpenAPICoding.text(of:)) == "2024-05-31T10:00:00Z")
        #expect(OpenAPICoding.date(from: "31 May") == nil)
    }
}
