import Courier
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The provider driving URLSession against the loopback server.
@Suite struct ProviderLoopbackTests {
    let provider = Provider<TestTarget>()

    @Test func getSendsURLEncodedQuery() async throws {
        let target = try TestTarget.loopback(
            "/echo/items",
            task: .requestParameters(parameters: ["q": "a b", "page": 2, "on": true], encoding: URLEncoding.default))
        let echo = try await provider.request(target, as: Echo.self)
        #expect(echo.method == "GET")
        #expect(echo.path == "/echo/items")
        #expect(echo.query == "on=1&page=2&q=a%20b")
        #expect(echo.body == "")
    }

    @Test func queryInPathIsKeptAndParametersFollowIt() async throws {
        let target = try TestTarget.loopback(
            "/echo?fixed=1", task: .requestParameters(parameters: ["x": "y"], encoding: URLEncoding.queryString))
        let echo = try await provider.request(target, as: Echo.self)
        #expect(echo.path == "/echo")
        #expect(echo.query == "fixed=1&x=y")
    }

    @Test func formPostSendsBodyAndContentType() async throws {
        let target = try TestTarget.loopback(
            "/echo", method: .post,
            task: .requestParameters(parameters: ["user": "ann", "tags": ["a", "b"]], encoding: URLEncoding.default))
        let echo = try await provider.request(target, as: Echo.self)
        #expect(echo.method == "POST")
        #expect(echo.query == "")
        #expect(echo.body == "tags%5B%5D=a&tags%5B%5D=b&user=ann")
        #expect(echo.headers["content-type"] == "application/x-www-form-urlencoded; charset=utf-8")
    }

    @Test func jsonPostSendsBodyAndContentType() async throws {
        let target = try TestTarget.loopback(
            "/echo", method: .post,
            task: .requestParameters(
                parameters: ["name": "ann", "age": 30, "admin": false], encoding: JSONEncoding.default))
        let echo = try await provider.request(target, as: Echo.self)
        #expect(echo.body == #"{"admin":false,"age":30,"name":"ann"}"#)
        #expect(echo.headers["content-type"] == "application/json")
    }

    @Test func encodableBodyRoundTrips() async throws {
        struct Order: Codable, Equatable, Sendable {
            let id: Int
            let note: String
        }
        let sent = Order(id: 7, note: "ünïcode & \"quotes\"")
        let target = try TestTarget.loopback("/json", method: .put, task: .requestJSONEncodable(sent))
        let received = try await provider.request(target, as: Order.self)
        #expect(received == sent)
    }

    @Test func targetHeadersAreSent() async throws {
        let target = try TestTarget.loopback("/echo", headers: ["X-Device": "courier-test", "Accept": "text/plain"])
        let echo = try await provider.request(target, as: Echo.self)
        #expect(echo.headers["x-device"] == "courier-test")
        #expect(echo.headers["accept"] == "text/plain")
    }

    @Test func everyStatusIsAResponseWithoutValidation() async throws {
        let response = try await provider.request(try TestTarget.loopback("/status/503"))
        #expect(response.statusCode == 503)
        #expect(try response.mapString() == #"{"status":503}"#)
    }

    @Test(arguments: [
        (ValidationType.successCodes, 404, false), (.successCodes, 204, true), (.successAndRedirectCodes, 304, true),
        (.successCodes, 304, false), (.customCodes([418]), 418, true), (.customCodes([418]), 200, false),
    ])
    func validationRejectsStatusCodes(validation: ValidationType, status: Int, accepted: Bool) async throws {
        let target = try TestTarget.loopback("/status/\(status)", validationType: validation)
        let outcome = await result { () async throws(CourierError) in try await provider.request(target) }
        switch outcome {
        case .success(let response):
            #expect(accepted)
            #expect(response.statusCode == status)
        case .failure(let error):
            #expect(!accepted)
            guard case .statusCode(let response) = error else {
                Issue.record("expected .statusCode, got \(error)")
                return
            }
            #expect(response.statusCode == status)
            #expect(error.response?.statusCode == status)
        }
    }

    @Test func chosenBodyAndHeadersArrive() async throws {
        let target = try TestTarget.loopback(
            "/respond",
            task: .requestParameters(
                parameters: ["status": 201, "body": "made", "header.X-Answer": "42"], encoding: URLEncoding.default))
        let response = try await provider.request(target)
        #expect(response.statusCode == 201)
        #expect(try response.mapString() == "made")
        #expect(response.response?.value(forHTTPHeaderField: "X-Answer") == "42")
        #expect(response.request?.url?.path == "/respond")
    }

    @Test func typedRequestDecodesAtKeyPath() async throws {
        let target = try TestTarget.loopback(
            "/json", method: .post,
            task: .requestParameters(
                parameters: ["data": ["user": ["name": "ann", "age": 30] as Parameters]], encoding: JSONEncoding.default
            ))
        struct User: Decodable, Equatable {
            let name: String
            let age: Int
        }
        let user = try await provider.request(target, as: User.self, atKeyPath: "data.user")
        #expect(user == User(name: "ann", age: 30))
        let age = try await provider.request(target, as: Int.self, atKeyPath: "data.user.age")
        #expect(age == 30)
    }

    @Test func decodeFailureKeepsTheResponse() async throws {
        let target = try TestTarget.loopback("/status/200")
        let error = await #expect(throws: CourierError.self) {
            try await provider.request(target, as: Echo.self)
        }
        guard case .objectMapping(let underlying, let response) = error else {
            Issue.record("expected .objectMapping, got \(String(describing: error))")
            return
        }
        #expect(underlying is DecodingError)
        #expect(response.statusCode == 200)
        #expect(String(decoding: response.data, as: UTF8.self) == #"{"status":200}"#)
    }

    @Test func nonJSONBodyAskedForJSONIsJSONMappingError() async throws {
        let target = try TestTarget.loopback(
            "/respond", task: .requestParameters(parameters: ["body": "<html>"], encoding: URLEncoding.default))
        let response = try await provider.request(target)
        #expect(throws: CourierError.self) { _ = try response.mapJSON() }
        let error = await #expect(throws: CourierError.self) {
            try await provider.request(target, as: Echo.self, atKeyPath: "a.b")
        }
        guard case .jsonMapping(let attached) = error else {
            Issue.record("expected .jsonMapping, got \(String(describing: error))")
            return
        }
        #expect(String(decoding: attached.data, as: UTF8.self) == "<html>")
    }

    @Test func refusedConnectionIsUnderlyingErrorWithoutResponse() async throws {
        let target = TestTarget(baseURL: try refusedURL(), path: "/echo")
        let error = await #expect(throws: CourierError.self) {
            try await provider.request(target)
        }
        guard case .underlying(let underlying, let response) = error else {
            Issue.record("expected .underlying, got \(String(describing: error))")
            return
        }
        #expect(response == nil)
        #expect(error?.isCancelled == false)
        #expect((underlying as? URLError)?.code == .cannotConnectToHost)
        #expect(error?.errorDescription?.isEmpty == false)
    }

    @Test func multiTargetForwardsToTheWrappedTarget() async throws {
        let multi = Provider<MultiTarget>()
        let target = try TestTarget.loopback(
            "/echo/multi", method: .delete, headers: ["X-Multi": "yes"], validationType: .successCodes)
        let response = try await multi.request(MultiTarget(target))
        let echo = try response.map(Echo.self)
        #expect(echo.method == "DELETE")
        #expect(echo.path == "/echo/multi")
        #expect(echo.headers["x-multi"] == "yes")
        #expect(MultiTarget(target).validationType == .successCodes)
    }
}
