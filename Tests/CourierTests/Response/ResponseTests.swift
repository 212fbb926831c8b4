import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Response filters and maps, and the errors they throw.
@Suite struct ResponseTests {
    private func response(_ body: String, status: Int = 200) -> Response {
        Response(statusCode: status, data: Data(body.utf8))
    }

    @Test(arguments: [(199, false), (200, true), (299, true), (300, false)])
    func filterSuccessfulStatusCodes(status: Int, passes: Bool) {
        let outcome = Result { () throws(CourierError) in try response("", status: status).filterSuccessfulStatusCodes()
        }
        #expect(((try? outcome.get()) != nil) == passes)
    }

    @Test(arguments: [(199, false), (200, true), (399, true), (400, false)])
    func filterSuccessfulStatusAndRedirectCodes(status: Int, passes: Bool) {
        let outcome = Result { () throws(CourierError) in
            try response("", status: status).filterSuccessfulStatusAndRedirectCodes()
        }
        #expect(((try? outcome.get()) != nil) == passes)
    }

    @Test func filterByRangeAndSingleCode() throws {
        let teapot = response("", status: 418)
        #expect(try teapot.filter(statusCodes: 400..<500) === teapot)
        #expect(try teapot.filter(statusCodes: 418...) === teapot)
        #expect(try teapot.filter(statusCode: 418) === teapot)
        let error = #expect(throws: CourierError.self) { try teapot.filter(statusCode: 200) }
        guard case .statusCode(let attached) = error else {
            Issue.record("expected .statusCode")
            return
        }
        #expect(attached === teapot)
    }

    @Test func mapJSONParsesObjectsArraysAndFragments() throws {
        let object = try #require(try response(#"{"a":[1,2]}"#).mapJSON() as? [String: Any])
        #expect((object["a"] as? [Any])?.count == 2)
        #expect((try response("[true]").mapJSON() as? [Any])?.count == 1)
        #expect(try response("42").mapJSON() as? Int == 42)
    }

    @Test func mapJSONRejectsEmptyAndInvalidBodies() {
        for body in ["", "{", "<html>", "nul"] {
            let error = #expect(throws: CourierError.self) { try response(body).mapJSON() }
            guard case .jsonMapping(let attached) = error else {
                Issue.record("expected .jsonMapping for \(body)")
                continue
            }
            #expect(attached.data == Data(body.utf8))
        }
    }

    @Test func mapJSONOfEmptyBodyIsNullWhenAllowed() throws {
        #expect(try response("").mapJSON(failsOnEmptyData: false) is NSNull)
    }

    @Test func mapStringReadsTheBodyOrAKeyPath() throws {
        #expect(try response("plain ✓").mapString() == "plain ✓")
        let nested = response(#"{"data":{"user":{"name":"ann","age":3}},"list":[{"id":"x"}]}"#)
        #expect(try nested.mapString(atKeyPath: "data.user.name") == "ann")
        #expect(try nested.mapString(atKeyPath: "list.0.id") == "x")
    }

    @Test(arguments: ["data.user.missing", "data.user.age", "nothing", "list.5.id", ""])
    func mapStringAtAMissingOrNonStringKeyPathFails(keyPath: String) {
        let nested = response(#"{"data":{"user":{"name":"ann","age":3}},"list":[{"id":"x"}]}"#)
        let error = #expect(throws: CourierError.self) { try nested.mapString(atKeyPath: keyPath) }
        guard case .stringMapping = error else {
            Issue.record("expected .stringMapping, got \(String(describing: error))")
            return
        }
    }

    @Test func mapStringOfInvalidUTF8Fails() {
        let bytes = Response(statusCode: 200, data: Data([0xFF, 0xFE, 0xFD]))
        #expect(throws: CourierError.self) { try bytes.mapString() }
    }

    private struct User: Decodable, Equatable {
        let name: String
    }

    @Test func mapDecodesTheBodyOrAKeyPath() throws {
        #expect(try response(#"{"name":"ann"}"#).map(User.self) == User(name: "ann"))
        let wrapped = response(#"{"data":{"users":[{"name":"a"},{"name":"b"}],"count":2,"ok":true,"title":"t"}}"#)
        #expect(try wrapped.map([User].self, atKeyPath: "data.users") == [User(name: "a"), User(name: "b")])
        #expect(try wrapped.map(User.self, atKeyPath: "data.users.1") == User(name: "b"))
        #expect(try wrapped.map(Int.self, atKeyPath: "data.count") == 2)
        #expect(try wrapped.map(Bool.self, atKeyPath: "data.ok") == true)
        #expect(try wrapped.map(String.self, atKeyPath: "data.title") == "t")
    }

    @Test func mapUsesTheGivenDecoder() throws {
        struct Stamp: Decodable {
            let createdAt: Date
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .secondsSince1970
        let stamp = try response(#"{"created_at":86400}"#).map(Stamp.self, using: decoder)
        #expect(stamp.createdAt == Date(timeIntervalSince1970: 86400))
    }

    @Test func mapAtAMissingKeyPathIsJSONMappingError() {
        let error = #expect(throws: CourierError.self) {
            try response(#"{"data":{}}"#).map(User.self, atKeyPath: "data.user")
        }
        guard case .jsonMapping = error else {
            Issue.record("expected .jsonMapping, got \(String(describing: error))")
            return
        }
    }

    @Test func mapDecodeFailureIsObjectMappingWithTheResponse() {
        let body = response(#"{"name":5}"#)
        let error = #expect(throws: CourierError.self) { try body.map(User.self) }
        guard case .objectMapping(let underlying, let attached) = error else {
            Issue.record("expected .objectMapping, got \(String(describing: error))")
            return
        }
        #expect(underlying is DecodingError)
        #expect(attached === body)
    }

    @Test func mapOfEmptyBodyFailsUnlessAllowed() throws {
        struct Empty: Decodable {}
        #expect(throws: CourierError.self) { try response("").map(Empty.self) }
        _ = try response("").map(Empty.self, failsOnEmptyData: false)
        _ = try response("").map(Empty.self, atKeyPath: "data", failsOnEmptyData: false)
    }

    @Test func equalityComparesStatusAndBody() {
        #expect(response("a") == response("a"))
        #expect(response("a") != response("b"))
        #expect(response("a", status: 200) != response("a", status: 201))
        #expect(response("abc").description == "Status Code: 200, Data Length: 3")
    }
}
