import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private let formContentType = "application/x-www-form-urlencoded; charset=utf-8"

private func makeEndpoint(
    _ task: HTTPTask, method: HTTPMethod = .post, url: String = "https://h/p", headers: [String: String]? = nil
) -> Endpoint {
    Endpoint(
        url: url, sampleResponseClosure: { .networkResponse(201, Data("sample".utf8)) }, method: method,
        task: task, httpHeaderFields: headers)
}

private func bodyText(_ request: URLRequest) -> String? {
    request.httpBody.map { String(decoding: $0, as: UTF8.self) }
}

private struct User: Codable, Equatable, Sendable {
    var firstName: String
    var lastName: String
    var age: Int
}

private struct ExplodingError: Error {}

/// An `Encodable` whose encoding always fails.
private struct Exploding: Encodable, Sendable {
    func encode(to encoder: any Encoder) throws {
        throw ExplodingError()
    }
}

@Suite struct EndpointTaskEncodingTests {
    @Test(arguments: [HTTPMethod.get, .post, .delete, HTTPMethod(rawValue: "PURGE")])
    func requestPlainCarriesURLMethodAndHeadersOnly(method: HTTPMethod) throws {
        let request = try makeEndpoint(.requestPlain, method: method, headers: ["X-A": "1"]).urlRequest()
        #expect(request.url?.absoluteString == "https://h/p")
        #expect(request.httpMethod == method.rawValue)
        #expect(request.httpBody == nil)
        #expect(request.allHTTPHeaderFields == ["X-A": "1"])
    }

    @Test func requestDataSetsTheBodyAsIsWithoutContentType() throws {
        let data = Data([0, 1, 2, 0xFF])
        let request = try makeEndpoint(.requestData(data)).urlRequest()
        #expect(request.httpBody == data)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == nil)
        #expect(request.url?.absoluteString == "https://h/p")
    }

    @Test func requestJSONEncodableSetsJSONContentTypeAndBodyDecodesBack() throws {
        let user = User(firstName: "Ada", lastName: "Lovelace", age: 36)
        let request = try makeEndpoint(.requestJSONEncodable(user)).urlRequest()
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        let body = try #require(request.httpBody)
        #expect(try JSONDecoder().decode(User.self, from: body) == user)
        #expect(request.url?.absoluteString == "https://h/p")
    }

    @Test func requestJSONEncodableKeepsAContentTypeThatIsAlreadySet() throws {
        let user = User(firstName: "Ada", lastName: "Lovelace", age: 36)
        let endpoint = makeEndpoint(.requestJSONEncodable(user), headers: ["content-type": "application/vnd.api+json"])
        let request = try endpoint.urlRequest()
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/vnd.api+json")
        let names = (request.allHTTPHeaderFields ?? [:]).keys.filter { $0.lowercased() == "content-type" }
        #expect(names.count == 1)
    }

    @Test func requestCustomJSONEncodableUsesTheGivenEncoder() throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = .sortedKeys
        let user = User(firstName: "Ada", lastName: "Lovelace", age: 36)
        let request = try makeEndpoint(.requestCustomJSONEncodable(user, encoder: encoder)).urlRequest()
        #expect(bodyText(request) == #"{"age":36,"first_name":"Ada","last_name":"Lovelace"}"#)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test func throwingEncodableIsEncodableMapping() {
        let tasks: [HTTPTask] = [
            .requestJSONEncodable(Exploding()),
            .requestCustomJSONEncodable(Exploding(), encoder: JSONEncoder()),
        ]
        for task in tasks {
            let error = #expect(throws: CourierError.self) { try makeEndpoint(task).urlRequest() }
            guard case .encodableMapping(let underlying)? = error else {
                Issue.record("expected CourierError.encodableMapping, got \(String(describing: error))")
                continue
            }
            #expect(underlying is ExplodingError)
        }
    }

    @Test func nonFiniteDoubleInEncodableIsEncodableMapping() {
        let error = #expect(throws: CourierError.self) {
            try makeEndpoint(.requestJSONEncodable(["x": Double.nan])).urlRequest()
        }
        guard case .encodableMapping(let underlying)? = error else {
            Issue.record("expected CourierError.encodableMapping, got \(String(describing: error))")
            return
        }
        #expect(underlying is EncodingError)
    }

    @Test(arguments: [
        ("https://h/p", HTTPMethod.post, "https://h/p?a=x%20y&b=2"),
        ("https://h/p", .get, "https://h/p?a=x%20y&b=2"),
        ("https://h/p?x=1", .put, "https://h/p?x=1&a=x%20y&b=2"),
    ])
    func requestCompositeDataPutsDataInTheBodyAndParametersInTheQuery(
        url: String, method: HTTPMethod, expected: String
    ) throws {
        let data = Data("raw body".utf8)
        let task = HTTPTask.requestCompositeData(bodyData: data, urlParameters: ["b": 2, "a": "x y"])
        let request = try makeEndpoint(task, method: method, url: url).urlRequest()
        #expect(request.url?.absoluteString == expected)
        #expect(request.httpBody == data)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == nil)
    }

    @Test func requestCompositeDataWithoutURLParametersAddsNoQuestionMark() throws {
        let task = HTTPTask.requestCompositeData(bodyData: Data("b".utf8), urlParameters: [:])
        let request = try makeEndpoint(task).urlRequest()
        #expect(request.url?.absoluteString == "https://h/p")
        #expect(bodyText(request) == "b")
    }

    @Test func requestCompositeParametersWithJSONBody() throws {
        let task = HTTPTask.requestCompositeParameters(
            bodyParameters: ["k": [1, 2], "a": true], bodyEncoding: JSONEncoding.default,
            urlParameters: ["q": "a+b", "page": 2])
        let request = try makeEndpoint(task).urlRequest()
        #expect(request.url?.absoluteString == "https://h/p?page=2&q=a%2Bb")
        #expect(bodyText(request) == #"{"a":true,"k":[1,2]}"#)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test(arguments: [
        (URLEncoding.httpBody, "a=1&k%5B%5D=1&k%5B%5D=2"),
        (URLEncoding(destination: .httpBody, arrayEncoding: .noBrackets, boolEncoding: .literal), "a=true&k=1&k=2"),
    ])
    func requestCompositeParametersWithFormBody(encoding: URLEncoding, expectedBody: String) throws {
        for method in [HTTPMethod.post, .get] {
            let task = HTTPTask.requestCompositeParameters(
                bodyParameters: ["k": [1, 2], "a": true], bodyEncoding: encoding,
                urlParameters: ["q": "a+b", "page": 2])
            let request = try makeEndpoint(task, method: method).urlRequest()
            #expect(request.url?.absoluteString == "https://h/p?page=2&q=a%2Bb")
            #expect(bodyText(request) == expectedBody)
            #expect(request.value(forHTTPHeaderField: "Content-Type") == formContentType)
        }
    }

    @Test(
        arguments: [
            URLEncoding.queryString, .default, URLEncoding(destination: .methodDependent, arrayEncoding: .noBrackets),
        ], [HTTPMethod.get, .post])
    func requestCompositeParametersRejectsAURLEncodingThatIsNotForTheBody(encoding: URLEncoding, method: HTTPMethod) {
        let task = HTTPTask.requestCompositeParameters(
            bodyParameters: ["a": 1], bodyEncoding: encoding, urlParameters: ["q": 1])
        let error = #expect(throws: CourierError.self) { try makeEndpoint(task, method: method).urlRequest() }
        guard case .parameterEncoding(let underlying)? = error else {
            Issue.record("expected CourierError.parameterEncoding, got \(String(describing: error))")
            return
        }
        #expect(underlying is ParameterEncodingError)
    }

    @Test(arguments: [
        (HTTPMethod.get, "https://h/p?a=1&b%5B%5D=x", nil),
        (.delete, "https://h/p?a=1&b%5B%5D=x", nil),
        (.post, "https://h/p", "a=1&b%5B%5D=x"),
        (.patch, "https://h/p", "a=1&b%5B%5D=x"),
    ])
    func requestParametersWithDefaultURLEncodingFollowsTheMethod(
        method: HTTPMethod, expectedURL: String, expectedBody: String?
    ) throws {
        let task = HTTPTask.requestParameters(parameters: ["b": ["x"], "a": 1], encoding: URLEncoding.default)
        let request = try makeEndpoint(task, method: method).urlRequest()
        #expect(request.url?.absoluteString == expectedURL)
        #expect(bodyText(request) == expectedBody)
    }

    @Test func downloadParametersAreEncoded() throws {
        let task = HTTPTask.downloadParameters(
            parameters: ["v": 2], encoding: URLEncoding.default, destination: { url, _ in (url, []) })
        let request = try makeEndpoint(task, method: .get).urlRequest()
        #expect(request.url?.absoluteString == "https://h/p?v=2")
    }

    @Test func uploadCompositeMultipartPutsURLParametersInTheQuery() throws {
        let task = HTTPTask.uploadCompositeMultipart(MultipartFormData(parts: []), urlParameters: ["v": 2])
        let request = try makeEndpoint(task).urlRequest()
        #expect(request.url?.absoluteString == "https://h/p?v=2")
    }

    @Test func addingHeaderFieldsReplacesCaseInsensitively() throws {
        let original = makeEndpoint(.requestPlain, headers: ["content-type": "text/plain", "X-A": "1"])
        let updated = original.adding(newHTTPHeaderFields: ["Content-Type": "application/json", "X-B": "2"])
        #expect(updated.httpHeaderFields == ["Content-Type": "application/json", "X-A": "1", "X-B": "2"])
        #expect(original.httpHeaderFields == ["content-type": "text/plain", "X-A": "1"])
        #expect(updated.url == original.url)
        #expect(updated.method == original.method)

        let request = try updated.urlRequest()
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(request.allHTTPHeaderFields?.count == 3)
    }

    @Test func addingHeaderFieldsToNoHeaders() {
        let updated = makeEndpoint(.requestPlain).adding(newHTTPHeaderFields: ["X-B": "2"])
        #expect(updated.httpHeaderFields == ["X-B": "2"])
    }

    @Test func replacingTaskKeepsEverythingElse() throws {
        let original = makeEndpoint(.requestPlain, method: .put, headers: ["X-A": "1"])
        let replaced = original.replacing(task: .requestData(Data("new".utf8)))
        #expect(replaced.url == "https://h/p")
        #expect(replaced.method == .put)
        #expect(replaced.httpHeaderFields == ["X-A": "1"])
        guard case .networkResponse(let status, let data) = replaced.sampleResponseClosure() else {
            Issue.record("expected a networkResponse sample")
            return
        }
        #expect(status == 201)
        #expect(data == Data("sample".utf8))
        #expect(bodyText(try replaced.urlRequest()) == "new")
        #expect(try original.urlRequest().httpBody == nil)
    }
}
