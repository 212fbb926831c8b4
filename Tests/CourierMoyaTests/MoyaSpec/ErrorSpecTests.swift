import CourierMoya
import Testing

// The expectations of Moya 15.0.3's ErrorTests (and its Error+MoyaSpec matcher): which cases carry a
// response and an underlying error, how a MoyaError bridges to NSError, mapping an empty body, and
// `convertResponseToResult`.
//
// Moya's spec reads `underlyingError`, which is internal to Moya; here it is read where apps see it, under
// `NSUnderlyingErrorKey` of the bridged error.

/// Every case of MoyaError, built around one response and one underlying error.
enum MoyaErrorCase: String, CaseIterable, Sendable {
    case imageMapping
    case jsonMapping
    case stringMapping
    case objectMapping
    case encodableMapping
    case statusCode
    case underlying
    case requestMapping
    case parameterEncoding

    func error(response: Response, underlying: NSError) -> MoyaError {
        switch self {
        case .imageMapping: return .imageMapping(response)
        case .jsonMapping: return .jsonMapping(response)
        case .stringMapping: return .stringMapping(response)
        case .objectMapping: return .objectMapping(underlying, response)
        case .encodableMapping: return .encodableMapping(underlying)
        case .statusCode: return .statusCode(response)
        case .underlying: return .underlying(underlying, response)
        case .requestMapping: return .requestMapping("http://www.example.com")
        case .parameterEncoding: return .parameterEncoding(underlying)
        }
    }

    /// Whether Moya attaches the response to this case.
    var carriesResponse: Bool {
        switch self {
        case .encodableMapping, .requestMapping, .parameterEncoding: return false
        default: return true
        }
    }

    /// Whether this case wraps an underlying error.
    var wrapsError: Bool {
        switch self {
        case .objectMapping, .encodableMapping, .underlying, .parameterEncoding: return true
        default: return false
        }
    }
}

@Suite struct ErrorSpecTests {
    let response = Response(statusCode: 200, data: Data(), request: nil, response: nil)
    let underlying = NSError(domain: "UnderlyingDomain", code: 200, userInfo: ["data": "some data"])

    @Test(arguments: MoyaErrorCase.allCases)
    func theResponseIsThereExactlyForTheCasesThatCarryOne(_ kind: MoyaErrorCase) {
        let error = kind.error(response: response, underlying: underlying)
        if kind.carriesResponse {
            #expect(error.response == response)
        } else {
            #expect(error.response == nil)
        }
    }

    @Test(arguments: MoyaErrorCase.allCases)
    func theBridgedErrorHasTheDescriptionAndTheUnderlyingErrorOfItsCase(_ kind: MoyaErrorCase) {
        // Moya's spec bridges `.underlying` with no response; the response does not change the bridge.
        let error =
            kind == .underlying ? .underlying(underlying, nil) : kind.error(response: response, underlying: underlying)
        let userInfo = (error as NSError).userInfo
        #expect(userInfo[NSLocalizedDescriptionKey] as? String == error.errorDescription)
        if kind.wrapsError {
            #expect(userInfo[NSUnderlyingErrorKey] as? NSError == underlying)
        } else {
            #expect(userInfo[NSUnderlyingErrorKey] as? NSError == nil)
        }
    }

    @Test func mappingAnEmptyBodyAsJSONFailsByDefault() {
        let empty = Response(statusCode: 200, data: Data())
        #expect(throws: MoyaError.self) { try empty.mapJSON() }
    }

    @Test func mappingAnEmptyBodyAsJSONSucceedsWhenEmptyDataIsAllowed() {
        let empty = Response(statusCode: 200, data: Data())
        #expect(throws: Never.self) { try empty.mapJSON(failsOnEmptyData: false) }
    }

    @Test func anErrorBesideAResponseAndDataIsTheResultsUnderlyingError() throws {
        let error = NSError(domain: "", code: 0, userInfo: nil)
        let url = try #require(URL(string: "https://example.com"))
        let httpResponse = try #require(HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil))
        let result = convertResponseToResult(httpResponse, request: URLRequest(url: url), data: Data(), error: error)
        guard case .failure(.underlying(let underlying, _)) = result else {
            Issue.record("expected an underlying error, got \(result)")
            return
        }
        #expect(underlying as NSError == error)
    }
}
