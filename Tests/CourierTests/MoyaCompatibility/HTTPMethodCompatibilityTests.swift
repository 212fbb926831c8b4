import Courier
import Foundation
import Testing

private struct AnyMethodTarget: TargetType {
    let method: Method
    var baseURL: URL { loopbackBaseURL }
    var path: String { "/echo/method" }
    var task: HTTPTask { .requestData(Data("{\"q\":1}".utf8)) }
    var headers: [String: String]? { nil }
}

/// Alamofire's `HTTPMethod` constants, every one of them.
@Suite struct HTTPMethodCompatibilityTests {
    @Test func everyAlamofireMethodHasItsWireForm() {
        let methods: [Method] = [.connect, .delete, .get, .head, .options, .patch, .post, .put, .query, .trace]
        #expect(
            methods.map(\.rawValue) == [
                "CONNECT", "DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT", "QUERY", "TRACE",
            ])
    }

    @Test func queryIsSentWithItsBody() async throws {
        let echo = try await Provider<AnyMethodTarget>().request(AnyMethodTarget(method: .query)).map(Echo.self)
        #expect(echo.method == "QUERY")
        #expect(echo.body == "{\"q\":1}")
    }

    @Test func queryIsIdempotent() {
        #expect(HTTPMethod.query.isIdempotent)
    }

    @Test func supportsMultipartIsMoyas() {
        let all: [Method] = [.connect, .delete, .get, .head, .options, .patch, .post, .put, .query, .trace]
        #expect(all.filter(\.supportsMultipart) == [.connect, .patch, .post, .put])
    }
}
