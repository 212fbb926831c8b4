import CourierMoya
import Testing

// The expectations of Moya 15.0.3's EndpointSpec: the request an endpoint makes for each task, the
// errors it throws, and when two endpoints are equal.

/// The endpoint Moya's spec starts from: the zen URL, a GET, no task, one header field.
func zenEndpoint() -> Endpoint {
    let target = GitHub.zen
    return Endpoint(
        url: urlString(target), sampleResponseClosure: { .networkResponse(200, target.sampleData) },
        method: Moya.Method.get, task: .requestPlain, httpHeaderFields: ["Title": "Dominar"])
}

/// The UTF-8 bytes of `text`.
func utf8Data(_ text: String) -> Data {
    Data(text.utf8)
}

/// The tasks that put nothing in the request itself.
enum RequestlessTask: CaseIterable, Sendable {
    case plain
    case uploadFile
    case uploadMultipart
    case downloadDestination

    var task: Task {
        switch self {
        case .plain:
            return .requestPlain
        case .uploadFile:
            return .uploadFile(URL(string: "https://google.com")!)
        case .uploadMultipart:
            return .uploadMultipart([])
        case .downloadDestination:
            return .downloadDestination { url, _ in (destinationURL: url, options: []) }
        }
    }
}

@Suite struct EndpointRequestSpecTests {
    @Test func addingHeaderFieldsGivesANewEndpointWithThemAndTheSameURLAndMethod() {
        let endpoint = zenEndpoint()
        let changed = endpoint.adding(newHTTPHeaderFields: ["User-Agent": "Zalbinian"])
        #expect(changed.httpHeaderFields?["User-Agent"] == "Zalbinian")
        #expect(changed.url == endpoint.url)
        #expect(changed.method == endpoint.method)
    }

    @Test func anEndpointWithAnInvalidURLMakesNoRequest() {
        let endpoint = Endpoint(
            url: "some invalid URL", sampleResponseClosure: { .networkResponse(200, Data()) }, method: .get,
            task: .requestPlain, httpHeaderFields: nil)
        #expect((try? endpoint.urlRequest()) == nil)
    }

    @Test(arguments: RequestlessTask.allCases)
    func aTaskWithNothingForTheRequestLeavesItsPropertiesAsTheEndpointSays(_ kind: RequestlessTask) throws {
        let endpoint = zenEndpoint().replacing(task: kind.task)
        let request = try endpoint.urlRequest()
        #expect(request.httpBody == nil)
        #expect(request.url?.absoluteString == endpoint.url)
        #expect(request.allHTTPHeaderFields == endpoint.httpHeaderFields)
        #expect(request.httpMethod == endpoint.method.rawValue)
    }

    /// Checks that `endpoint`'s request is the plain request of the same endpoint encoded with
    /// `parameters` by `encoding`.
    private func expectEncoded(
        _ endpoint: Endpoint, parameters: [String: Any], encoding: ParameterEncoding,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let request = try endpoint.urlRequest()
        let plain = try endpoint.replacing(task: .requestPlain).urlRequest()
        let expected = try encoding.encode(plain, with: parameters)
        #expect(request.httpBody == expected.httpBody, sourceLocation: sourceLocation)
        #expect(request.url?.absoluteString == expected.url?.absoluteString, sourceLocation: sourceLocation)
        #expect(request.allHTTPHeaderFields == expected.allHTTPHeaderFields, sourceLocation: sourceLocation)
        #expect(request.httpMethod == expected.httpMethod, sourceLocation: sourceLocation)
    }

    @Test func requestParametersAreEncodedIntoTheRequestAsTheirEncodingEncodesThem() throws {
        let parameters = ["Nemesis": "Harvey"]
        let endpoint = zenEndpoint().replacing(
            task: .requestParameters(parameters: parameters, encoding: JSONEncoding.default))
        try expectEncoded(endpoint, parameters: parameters, encoding: JSONEncoding.default)
    }

    @Test func downloadParametersAreEncodedIntoTheRequestAsTheirEncodingEncodesThem() throws {
        let parameters = ["Nemesis": "Harvey"]
        let task = Task.downloadParameters(
            parameters: parameters, encoding: JSONEncoding.default,
            destination: { url, _ in (destinationURL: url, options: []) })
        try expectEncoded(zenEndpoint().replacing(task: task), parameters: parameters, encoding: JSONEncoding.default)
    }

    @Test func requestDataBecomesTheBodyAndChangesNothingElse() throws {
        let body = utf8Data("test data")
        let endpoint = zenEndpoint().replacing(task: .requestData(body))
        let request = try endpoint.urlRequest()
        #expect(request.httpBody == body)
        #expect(request.url?.absoluteString == endpoint.url)
        #expect(request.allHTTPHeaderFields == endpoint.httpHeaderFields)
        #expect(request.httpMethod == endpoint.method.rawValue)
    }

    @Test func aJSONEncodableBecomesTheBodyWithAJSONContentType() throws {
        let issue = GitHubIssue(title: "Hello, Moya!", createdAt: Date(), rating: 0)
        let endpoint = zenEndpoint().replacing(task: .requestJSONEncodable(issue))
        let request = try endpoint.urlRequest()

        let decoded = try JSONDecoder().decode(GitHubIssue.self, from: try #require(request.httpBody))
        #expect(decoded.createdAt == issue.createdAt)
        #expect(decoded.title == issue.title)
        let expectedHeaders = (endpoint.httpHeaderFields ?? [:]).merging(["Content-Type": "application/json"]) {
            old, _ in
            old
        }
        #expect(request.allHTTPHeaderFields == expectedHeaders)
        #expect(request.url?.absoluteString == endpoint.url)
        #expect(request.httpMethod == endpoint.method.rawValue)
    }

    @Test func aCustomJSONEncodableIsEncodedWithItsEncoder() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSSZ"
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .formatted(formatter)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .formatted(formatter)

        let issue = GitHubIssue(title: "Hello, Moya!", createdAt: Date(), rating: 0)
        let endpoint = zenEndpoint().replacing(task: .requestCustomJSONEncodable(issue, encoder: encoder))
        let request = try endpoint.urlRequest()

        let decoded = try decoder.decode(GitHubIssue.self, from: try #require(request.httpBody))
        #expect(formatter.string(from: decoded.createdAt) == formatter.string(from: issue.createdAt))
        #expect(decoded.title == issue.title)
        let expectedHeaders = (endpoint.httpHeaderFields ?? [:]).merging(["Content-Type": "application/json"]) {
            old, _ in
            old
        }
        #expect(request.allHTTPHeaderFields == expectedHeaders)
        #expect(request.url?.absoluteString == endpoint.url)
        #expect(request.httpMethod == endpoint.method.rawValue)
    }

    @Test func compositeDataPutsTheParametersInTheURLAndTheDataInTheBody() throws {
        let body = utf8Data("test data")
        let endpoint = zenEndpoint().replacing(
            task: .requestCompositeData(bodyData: body, urlParameters: ["Nemesis": "Harvey"]))
        let request = try endpoint.urlRequest()
        #expect(request.url?.absoluteString == endpoint.url + "?Nemesis=Harvey")
        #expect(request.httpBody == body)
        #expect(request.allHTTPHeaderFields == endpoint.httpHeaderFields)
        #expect(request.httpMethod == endpoint.method.rawValue)
    }

    @Test func compositeParametersPutOneSetInTheURLAndTheOtherInTheBody() throws {
        let bodyParameters = ["Nemesis": "Harvey"]
        let endpoint = zenEndpoint().replacing(
            task: .requestCompositeParameters(
                bodyParameters: bodyParameters, bodyEncoding: JSONEncoding.default, urlParameters: ["Harvey": "Nemesis"]
            ))
        let request = try endpoint.urlRequest()
        #expect(request.url?.absoluteString == endpoint.url + "?Harvey=Nemesis")

        let plain = try endpoint.replacing(task: .requestPlain).urlRequest()
        let expected = try JSONEncoding.default.encode(plain, with: bodyParameters)
        #expect(request.httpBody == expected.httpBody)
        #expect(request.allHTTPHeaderFields == expected.allHTTPHeaderFields)
        #expect(request.httpMethod == expected.httpMethod)
    }

    @Test func compositeMultipartPutsTheParametersInTheURL() throws {
        let endpoint = zenEndpoint().replacing(
            task: .uploadCompositeMultipart([], urlParameters: ["Harvey": "Nemesis"]))
        let request = try endpoint.urlRequest()
        #expect(request.url?.absoluteString == endpoint.url + "?Harvey=Nemesis")
    }
}

@Suite struct EndpointErrorSpecTests {
    @Test func anInvalidURLThrowsARequestMappingError() {
        let endpoint = Endpoint(
            url: "some invalid URL", sampleResponseClosure: { .networkResponse(200, Data()) }, method: .get,
            task: .requestPlain, httpHeaderFields: nil)
        #expect {
            _ = try endpoint.urlRequest()
        } throws: { error in
            guard case MoyaError.requestMapping = error else { return false }
            return true
        }
    }

    @Test func parametersThatCannotBeEncodedThrowAParameterEncodingError() {
        // Moya's spec encodes an object of no property-list type with a property-list encoding of its
        // own; JSON cannot hold such an object either.
        final class InvalidParameter {}
        let endpoint = zenEndpoint().replacing(
            task: .requestParameters(parameters: ["": InvalidParameter()], encoding: JSONEncoding.default))
        #expect {
            _ = try endpoint.urlRequest()
        } throws: { error in
            guard case MoyaError.parameterEncoding = error else { return false }
            return true
        }
    }

    @Test func anEncodableThatItsEncoderRejectsThrowsAnEncodableMappingError() {
        let issue = GitHubIssue(title: "Hello, Moya!", createdAt: Date(), rating: Float.infinity)
        let endpoint = zenEndpoint().replacing(task: .requestCustomJSONEncodable(issue, encoder: JSONEncoder()))
        #expect {
            _ = try endpoint.urlRequest()
        } throws: { error in
            guard case MoyaError.encodableMapping = error else { return false }
            return true
        }
    }

    // Moya stops the app (an assertion) for a composite task whose body encoding is a URL encoding that
    // does not write the body; a test cannot catch that, so these check only that `.httpBody` is fine
    // and the other two do not make a request.
    @Test func compositeParametersWithAURLEncodingToTheBodyMakeARequest() {
        let endpoint = zenEndpoint().replacing(
            task: .requestCompositeParameters(
                bodyParameters: [:], bodyEncoding: URLEncoding.httpBody, urlParameters: [:]))
        #expect(throws: Never.self) { try endpoint.urlRequest() }
    }

    @Test(arguments: ["queryString", "default"])
    func compositeParametersWithAURLEncodingToTheQueryMakeNoRequest(_ name: String) {
        let encoding = name == "default" ? URLEncoding.default : URLEncoding.queryString
        let endpoint = zenEndpoint().replacing(
            task: .requestCompositeParameters(bodyParameters: [:], bodyEncoding: encoding, urlParameters: [:]))
        #expect(throws: MoyaError.self) { try endpoint.urlRequest() }
    }
}
