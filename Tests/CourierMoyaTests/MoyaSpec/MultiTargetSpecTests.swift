import CourierMoya
import Testing

// The expectations of Moya 15.0.3's MultiTargetSpec: a MultiTarget forwards every property of the
// target it wraps.

@Suite struct MultiTargetSpecTests {
    struct StructAPI: TargetType, AccessTokenAuthorizable {
        let baseURL = URL(string: "http://example.com")!
        let path = "/endpoint"
        let method = Moya.Method.get
        let task = Task.requestParameters(parameters: ["key": "value"], encoding: JSONEncoding.default)
        let sampleData = Data("sample data".utf8)
        let validationType: ValidationType = .successCodes
        let headers: [String: String]? = ["headerKey": "headerValue"]
        let authorizationType: AuthorizationType? = .basic
    }

    let target = MultiTarget.target(StructAPI())

    @Test func itHasTheWrappedBaseURL() {
        #expect(target.baseURL == URL(string: "http://example.com"))
    }

    @Test func itHasTheWrappedPath() {
        #expect(target.path == "/endpoint")
    }

    @Test func itHasTheWrappedParameters() {
        guard case .requestParameters(let parameters, _) = target.task else {
            Issue.record("expected a requestParameters task, got \(target.task)")
            return
        }
        #expect(parameters["key"] as? String == "value")
        #expect(parameters.count == 1)
    }

    @Test func itHasTheWrappedParameterEncoding() {
        guard case .requestParameters(_, let encoding) = target.task else {
            Issue.record("expected a requestParameters task, got \(target.task)")
            return
        }
        #expect(encoding is JSONEncoding)
    }

    @Test func itHasTheWrappedMethod() {
        #expect(target.method == Moya.Method.get)
    }

    @Test func itHasTheWrappedTask() {
        #expect(String(describing: target.task).hasPrefix("requestParameters"))
    }

    @Test func itHasTheWrappedSampleData() {
        #expect(target.sampleData == Data("sample data".utf8))
    }

    @Test func itHasTheWrappedValidationType() {
        #expect(target.validationType == ValidationType.successCodes)
    }

    @Test func itHasTheWrappedHeaders() {
        #expect(target.headers == ["headerKey": "headerValue"])
    }

    @Test func itHasTheWrappedAuthorizationType() {
        #expect(target.authorizationType == AuthorizationType.basic)
    }
}
