import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A target whose every property is set by the test.
private struct PathTarget: TargetType {
    var baseURL: URL
    var path: String
    var method: HTTPMethod = .get
    var task: HTTPTask = .requestPlain
    var headers: [String: String]?
    var sampleData = Data()

    init(base: String, path: String, method: HTTPMethod = .get, task: HTTPTask = .requestPlain) {
        self.baseURL = URL(string: base)!
        self.path = path
        self.method = method
        self.task = task
    }
}

/// The endpoint URL and the request URL of `base` + `path`; records an issue when they differ.
private func builtURL(
    base: String, path: String, method: HTTPMethod = .get, task: HTTPTask = .requestPlain
) throws -> String? {
    let target = PathTarget(base: base, path: path, method: method, task: task)
    let endpoint = Provider<PathTarget>.defaultEndpointMapping(for: target)
    let request = try endpoint.urlRequest()
    if case .requestPlain = task {
        #expect(endpoint.url == request.url?.absoluteString, "endpoint URL and request URL differ")
    }
    return request.url?.absoluteString
}

@Suite struct TargetURLBuildingTests {
    @Test(arguments: [
        ("https://h", "users", "https://h/users"),
        ("https://h", "/users", "https://h/users"),
        ("https://h/", "users", "https://h/users"),
        ("https://h/", "/users", "https://h/users"),
        ("https://h/", "//users", "https://h/users"),
        ("https://h/api/v1", "users", "https://h/api/v1/users"),
        ("https://h/api/v1", "/users", "https://h/api/v1/users"),
        ("https://h/api/v1/", "users", "https://h/api/v1/users"),
        ("https://h/api/v1/", "/users", "https://h/api/v1/users"),
        ("https://h/api/v1/", "/users/42", "https://h/api/v1/users/42"),
        ("https://h:8443/api", "/users", "https://h:8443/api/users"),
    ])
    func joinsBaseAndPathWithExactlyOneSlash(base: String, path: String, expected: String) throws {
        #expect(try builtURL(base: base, path: path) == expected)
    }

    @Test(arguments: [
        "https://h",
        "https://h/",
        "https://h/api/v1",
        "https://h/api/v1/",
        "http://h/public/?s=api/",
    ])
    func emptyPathLeavesBaseUntouched(base: String) throws {
        #expect(try builtURL(base: base, path: "") == base)
    }

    @Test(arguments: [
        ("https://h", "users/", "https://h/users/"),
        ("https://h/", "/users/", "https://h/users/"),
        ("https://h/api/v1", "users/", "https://h/api/v1/users/"),
        ("https://h/api/v1/", "/a/b/", "https://h/api/v1/a/b/"),
        ("https://h/api/v1", "/", "https://h/api/v1/"),
        ("https://h", "/", "https://h/"),
    ])
    func trailingSlashOfPathIsKept(base: String, path: String, expected: String) throws {
        #expect(try builtURL(base: base, path: path) == expected)
    }

    @Test(arguments: [
        ("https://h", "/login?x=1", "https://h/login?x=1"),
        ("https://h/", "login?x=1&y=2", "https://h/login?x=1&y=2"),
        ("https://h/api", "/search?q=a b", "https://h/api/search?q=a%20b"),
        ("https://h/api", "/search?q=a%20b", "https://h/api/search?q=a%20b"),
        ("https://h/api", "/search?r=[1]", "https://h/api/search?r=%5B1%5D"),
        ("https://h/api", "/search?next=/x?y", "https://h/api/search?next=/x?y"),
    ])
    func questionMarkInPathStartsAQuery(base: String, path: String, expected: String) throws {
        #expect(try builtURL(base: base, path: path) == expected)
    }

    @Test(arguments: [HTTPMethod.get, .post])
    func urlParametersOfTheTaskFollowTheQueryOfThePath(method: HTTPMethod) throws {
        let task = HTTPTask.requestParameters(parameters: ["y": 2, "a": "b c"], encoding: URLEncoding.queryString)
        let url = try builtURL(base: "https://h", path: "/login?x=1", method: method, task: task)
        #expect(url == "https://h/login?x=1&a=b%20c&y=2")
    }

    @Test func methodDependentParametersFollowTheQueryOfThePathForGET() throws {
        let task = HTTPTask.requestParameters(parameters: ["page": 3], encoding: URLEncoding.default)
        let url = try builtURL(base: "https://h/api/", path: "items?sort=asc", task: task)
        #expect(url == "https://h/api/items?sort=asc&page=3")
    }

    @Test(arguments: [
        ("/a%20b", "https://h/a%20b"),
        ("/a%2Fb/c", "https://h/a%2Fb/c"),
        ("/a%2fb", "https://h/a%2fb"),
        ("/%C3%A9", "https://h/%C3%A9"),
        ("/100%", "https://h/100%25"),
        ("/50%off", "https://h/50%25off"),
        ("/x%20", "https://h/x%20"),
        ("/x%2", "https://h/x%252"),
        ("/x%", "https://h/x%25"),
    ])
    func existingEscapesInThePathAreNotEncodedTwice(path: String, expected: String) throws {
        #expect(try builtURL(base: "https://h", path: path) == expected)
    }

    @Test(arguments: [
        ("/a b", "https://h/a%20b"),
        ("/caf\u{E9}", "https://h/caf%C3%A9"),
        ("/\u{1F600}", "https://h/%F0%9F%98%80"),
        ("/a b/\u{E9}/\u{1F600}/", "https://h/a%20b/%C3%A9/%F0%9F%98%80/"),
        ("/a#b", "https://h/a%23b"),
        ("/a\"b", "https://h/a%22b"),
        ("/a:b@c;d=e,f", "https://h/a:b@c;d=e,f"),
    ])
    func characterAPathCannotHoldIsPercentEncodedInUppercaseUTF8(path: String, expected: String) throws {
        #expect(try builtURL(base: "https://h", path: path) == expected)
    }

    @Test(arguments: [
        ("users", "https://h/api/v1/users"),
        ("/users/42/", "https://h/api/v1/users/42/"),
        ("?q=1", "https://h/api/v1?q=1"),
    ])
    func baseURLWithAPathKeepsIt(path: String, expected: String) throws {
        #expect(try builtURL(base: "https://h/api/v1", path: path) == expected)
    }

    @Test func escapesInTheBaseURLPathAreKept() throws {
        #expect(try builtURL(base: "https://h/a%20b/", path: "c d") == "https://h/a%20b/c%20d")
    }

    @Test(arguments: [
        ("users", "http://h/public/users?s=api/"),
        ("/users", "http://h/public/users?s=api/"),
        ("users/", "http://h/public/users/?s=api/"),
        ("users?page=2", "http://h/public/users?s=api/&page=2"),
        ("?page=2", "http://h/public/?s=api/&page=2"),
    ])
    func baseURLWithAQueryKeepsItAfterThePath(path: String, expected: String) throws {
        #expect(try builtURL(base: "http://h/public/?s=api/", path: path) == expected)
    }

    @Test func baseURLWithAQueryAndNoPathGetsThePathBeforeTheQuery() throws {
        #expect(try builtURL(base: "https://h?x=1", path: "/a") == "https://h/a?x=1")
        #expect(try builtURL(base: "https://h/?x=1", path: "a/") == "https://h/a/?x=1")
    }

    @Test func urlParametersFollowTheQueryOfTheBaseURL() throws {
        let task = HTTPTask.requestParameters(parameters: ["q": "x"], encoding: URLEncoding.default)
        #expect(try builtURL(base: "http://h/public/?s=api/", path: "", task: task) == "http://h/public/?s=api/&q=x")
        #expect(
            try builtURL(base: "http://h/public/?s=api/", path: "users?page=2", task: task)
                == "http://h/public/users?s=api/&page=2&q=x")
    }

    @Test(arguments: [
        ("https://h/api/v1", "../v2/users", "https://h/api/v1/../v2/users"),
        ("https://h/api/v1/", "/./a/../b", "https://h/api/v1/./a/../b"),
        ("https://h", "/..", "https://h/.."),
    ])
    func dotSegmentsAreKeptVerbatim(base: String, path: String, expected: String) throws {
        #expect(try builtURL(base: base, path: path) == expected)
    }

    @Test(arguments: ["", "not a url", "http://[::1", "/relative/path"])
    func unbuildableURLThrowsRequestMapping(url: String) {
        let endpoint = Endpoint(
            url: url, sampleResponseClosure: { .networkResponse(200, Data()) }, method: .get,
            task: .requestPlain, httpHeaderFields: nil)
        let error = #expect(throws: CourierError.self) { try endpoint.urlRequest() }
        guard case .requestMapping(let reported)? = error else {
            Issue.record("expected CourierError.requestMapping, got \(String(describing: error))")
            return
        }
        #expect(reported == url)
    }

    @Test func defaultEndpointMappingCopiesMethodTaskHeadersAndSampleData() throws {
        var target = PathTarget(
            base: "https://h/api", path: "/items", method: .put, task: .requestData(Data("body".utf8)))
        target.headers = ["X-Trace": "abc"]
        target.sampleData = Data("sample".utf8)
        let endpoint = Provider<PathTarget>.defaultEndpointMapping(for: target)
        #expect(endpoint.url == "https://h/api/items")
        #expect(endpoint.method == .put)
        #expect(endpoint.httpHeaderFields == ["X-Trace": "abc"])
        guard case .networkResponse(let status, let data) = endpoint.sampleResponseClosure() else {
            Issue.record("expected a networkResponse sample")
            return
        }
        #expect(status == 200)
        #expect(data == Data("sample".utf8))

        let request = try endpoint.urlRequest()
        #expect(request.httpMethod == "PUT")
        #expect(request.value(forHTTPHeaderField: "X-Trace") == "abc")
        #expect(request.httpBody == Data("body".utf8))
    }
}
