import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A custom encoding as apps wrote them for Moya and Alamofire: it takes a `URLRequestConvertible`.
private struct PlainTextEncoding: ParameterEncoding {
    func encode(_ urlRequest: URLRequestConvertible, with parameters: Parameters?) throws -> URLRequest {
        var request = try urlRequest.asURLRequest()
        guard let parameters else { return request }
        let lines = parameters.keys.sorted().map { "\($0): \(parameters[$0] ?? "")" }
        request.httpBody = Data(lines.joined(separator: "\n").utf8)
        request.setValue("text/plain", forHTTPHeaderField: "Content-Type")
        return request
    }
}

/// A custom encoding in Courier's own shape, called through the Alamofire shape.
private struct HeaderEncoding: ParameterEncoding {
    func encode(_ request: URLRequest, with parameters: Parameters?) throws -> URLRequest {
        var request = request
        for (key, value) in parameters ?? [:] {
            request.setValue("\(value)", forHTTPHeaderField: "X-\(key)")
        }
        return request
    }
}

private struct NotARequest: URLRequestConvertible {
    struct Failure: Error {}
    func asURLRequest() throws -> URLRequest { throw Failure() }
}

private enum NotesAPI: TargetType {
    case create(title: String, body: String)

    var baseURL: URL { loopbackBaseURL }
    var path: String { "/echo/notes" }
    var method: Method { .post }
    var headers: [String: String]? { nil }
    var task: HTTPTask {
        switch self {
        case .create(let title, let body):
            return .requestParameters(parameters: ["title": title, "body": body], encoding: PlainTextEncoding())
        }
    }
}

/// Alamofire's `URLRequestConvertible` and `URLConvertible`, and its shape of `ParameterEncoding`.
@Suite struct CustomEncodingTests {
    @Test func alamofireStyleEncodingIsUsedForTheRequest() async throws {
        let echo = try await Provider<NotesAPI>().request(.create(title: "Hi", body: "Text")).map(Echo.self)
        #expect(echo.body == "body: Text\ntitle: Hi")
        #expect(echo.headers["content-type"] == "text/plain")
    }

    @Test func courierStyleEncodingAnswersTheAlamofireShape() throws {
        let url = try #require(URL(string: "https://example.com"))
        let request = try HeaderEncoding().encode(URLRequest(url: url) as URLRequestConvertible, with: ["Page": 2])
        #expect(request.value(forHTTPHeaderField: "X-Page") == "2")
    }

    @Test func builtInEncodingsAnswerTheAlamofireShape() throws {
        let url = try #require(URL(string: "https://example.com/search"))
        let convertible: URLRequestConvertible = URLRequest(url: url)
        let request = try URLEncoding.queryString.encode(convertible, with: ["q": "swift"])
        #expect(request.url?.absoluteString == "https://example.com/search?q=swift")
    }

    @Test func errorOfAsURLRequestReachesTheCaller() {
        #expect(throws: NotARequest.Failure.self) {
            try JSONEncoding.default.encode(NotARequest(), with: ["a": 1])
        }
        #expect(NotARequest().urlRequest == nil)
    }

    @Test func stringsAndURLsAreURLConvertible() throws {
        let url = try #require(URL(string: "https://example.com/a"))
        #expect(try "https://example.com/a".asURL() == url)
        #expect(url.asURL() == url)
        let convertibles: [URLConvertible] = ["https://example.com/a", url]
        #expect(try convertibles.map { try $0.asURL() } == [url, url])
        #expect(throws: CourierError.self) { try "".asURL() }
    }
}
