import CourierMoya
import Testing

// Every public symbol of Moya 15.0.3, used as a Moya app uses it: called, conformed to, subclassed,
// overridden, switched over or read, with assertions on values and on behaviour against the loopback
// server or stubs. The files of this folder are written as Moya app code (only `import CourierMoya`,
// `Testing` and, for `Echo`, `TestSupport`), with qualified names spelled as Moya apps spell them.
//
// How the symbols were counted: the list is Moya 15.0.3's symbol graph, built on Linux with
// `swift package dump-symbol-graph --minimum-access-level public`: 232 public and open symbols of the
// Moya module, its extensions of Alamofire and Foundation types included, synthesized members left
// out. To them come the three Moya declares on Apple platforms only: `Image`, `ImageType` and
// `Response.mapImage()`. Six requirements share their path with their default implementation
// (`TargetType.sampleData`, `TargetType.validationType` and `PluginType`'s four hooks); the tests use
// both, the requirement by implementing it and the default by relying on it. Each test names the
// symbols it uses in a `// Moya:` comment, by their path in the list; a script run during development
// checked that these comments name all 229 paths (226 + 3), so all 235 symbols, and nothing else. The
// files:
//
// - MoyaPublicAPITests+Target.swift: targets, tasks, encodings, multipart parts, `MultiTarget`,
//   validation, access-token authorization;
// - MoyaPublicAPITests+Endpoint.swift: endpoints, sample responses, stub behaviours;
// - MoyaPublicAPITests+Provider.swift: `MoyaProvider` and its subclass, inflight tracking,
//   cancellation, progress, `MoyaProviderType`, `Session`, `RequestInterceptor`;
// - MoyaPublicAPITests+Plugins.swift: `PluginType`, `RequestType` and Moya's four plugins;
// - this file: `Response`, its filters and maps, images, `MoyaError` and `convertResponseToResult`.
//
// Where CourierMoya's declarations keep Moya-shaped code from compiling, that code is left out and the
// difference reported; where its behaviour differs, the test says so with `withKnownIssue`.

@Suite struct MoyaResponseAPITests {
    private let body = Data(#"{"data":{"item":{"itemName":"tea","price":3},"title":"Shop","count":2}}"#.utf8)

    /// A 1×1 PNG, as an image server would send it.
    private let png = Data(
        base64Encoded:
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")

    /// Which case an error is, as app code that switches over every case of `MoyaError` names it.
    private func name(_ error: MoyaError) -> String {
        switch error {
        case .imageMapping(let response): return "image \(response.statusCode)"
        case .jsonMapping(let response): return "json \(response.statusCode)"
        case .stringMapping(let response): return "string \(response.statusCode)"
        case .objectMapping(let error, let response): return "object \(error is DecodingError) \(response.statusCode)"
        case .encodableMapping(let error): return "encodable \(error is EncodingError)"
        case .statusCode(let response): return "status \(response.statusCode)"
        case .underlying(let error, let response): return "underlying \((error as NSError).code) \(response != nil)"
        case .requestMapping(let url): return "request \(url)"
        case .parameterEncoding(let error): return "parameters \(error is AFError)"
        }
    }

    /// The name of an `.underlying` failure, or `nil` for anything else.
    private func failureName(_ result: Result<Response, MoyaError>) -> String? {
        guard case .failure(let error) = result, case .underlying = error else { return nil }
        return name(error)
    }

    /// The error `work` throws, as a `MoyaError`, or `nil` when it throws none.
    private func moyaError(_ work: () throws -> Void) -> MoyaError? {
        do {
            try work()
            return nil
        } catch {
            return error as? MoyaError
        }
    }

    // Moya: Response, Response.init(statusCode:data:request:response:), Response.statusCode, Response.data,
    // Response.request, Response.response, Response.==(_:_:), Response.description, Response.debugDescription
    @Test func aResponseHoldsWhatCameBack() throws {
        let request = URLRequest(url: URL(target: StoreAPI.plain))
        let http = try #require(
            HTTPURLResponse(url: URL(target: StoreAPI.plain), statusCode: 200, httpVersion: nil, headerFields: nil))
        let response = Response(statusCode: 200, data: body, request: request, response: http)
        #expect(response.statusCode == 200 && response.data == body)
        #expect(response.request?.url == request.url && response.response?.statusCode == 200)
        #expect(response == Response(statusCode: 200, data: body, response: http))
        #expect(response != Response(statusCode: 201, data: body, response: http))
        #expect(response.description == "Status Code: 200, Data Length: \(body.count)")
        #expect(response.debugDescription == response.description)
    }

    // Moya: Response.filter(statusCode:), Response.filter(statusCodes:), Response.filterSuccessfulStatusCodes(),
    // Response.filterSuccessfulStatusAndRedirectCodes(), MoyaError.statusCode(_:)
    @Test func filtersPassOrThrowByStatusCode() throws {
        let redirect = Response(statusCode: 302, data: Data())
        #expect(try redirect.filter(statusCode: 302) === redirect)
        #expect(try redirect.filter(statusCodes: 300..<400) === redirect)
        #expect(try redirect.filter(statusCodes: 302...302) === redirect)
        #expect(try redirect.filterSuccessfulStatusAndRedirectCodes() === redirect)
        #expect(moyaError { _ = try redirect.filterSuccessfulStatusCodes() }.map(name) == "status 302")
        #expect(moyaError { _ = try redirect.filter(statusCode: 200) }?.response === redirect)
        #expect(moyaError { _ = try redirect.filter(statusCodes: ...299) }.map(name) == "status 302")
    }

    // Moya: Response.map(_:atKeyPath:using:failsOnEmptyData:), Response.mapJSON(failsOnEmptyData:),
    // Response.mapString(atKeyPath:), MoyaError.jsonMapping(_:), MoyaError.stringMapping(_:),
    // MoyaError.objectMapping(_:_:)
    @Test func mapsReadTheBody() throws {
        struct Note: Decodable { let note: String? }
        let response = Response(statusCode: 200, data: body)
        #expect(try response.map(StoreItem.self, atKeyPath: "data.item") == StoreItem(itemName: "tea", price: 3))
        #expect(try response.map(String.self, atKeyPath: "data.title") == "Shop")
        #expect(try response.map(Int.self, atKeyPath: "data.count", using: JSONDecoder(), failsOnEmptyData: true) == 2)
        #expect(try response.mapString(atKeyPath: "data.title") == "Shop")
        #expect(try response.mapString() == String(decoding: body, as: UTF8.self))
        let json = try response.mapJSON() as? [String: Any]
        #expect((json?["data"] as? [String: Any])?["title"] as? String == "Shop")

        let empty = Response(statusCode: 204, data: Data())
        #expect(try empty.mapJSON(failsOnEmptyData: false) is NSNull)
        #expect(try empty.map(Note.self, failsOnEmptyData: false).note == nil)
        #expect(moyaError { _ = try empty.mapJSON() }.map(name) == "json 204")
        let text = Response(statusCode: 200, data: Data("plain".utf8))
        #expect(moyaError { _ = try text.map(StoreItem.self) }.map(name) == "object true 200")
        #expect(moyaError { _ = try response.mapString(atKeyPath: "data.count") }.map(name) == "string 200")
    }

    // Moya: Response.mapImage(), Image, ImageType, MoyaError.imageMapping(_:)
    @Test func imagesMapFromImageBodies() throws {
        let image: Image = try Response(statusCode: 200, data: try #require(png)).mapImage()
        let same: ImageType = image
        #expect(same.size == CGSize(width: 1, height: 1))
        let text = Response(statusCode: 200, data: body)
        #expect(moyaError { _ = try text.mapImage() }.map(name) == "image 200")
    }

    // Moya: MoyaError, MoyaError.encodableMapping(_:), MoyaError.parameterEncoding(_:), MoyaError.requestMapping(_:),
    // MoyaError.underlying(_:_:), MoyaError.response, MoyaError.errorDescription, MoyaError.errorUserInfo
    @Test func moyaErrorsSayWhatFailed() async throws {
        struct Broken: Encodable { let value = Double.nan }
        func endpointError(_ task: Task, url: String = "https://example.com") -> MoyaError? {
            moyaError {
                _ = try Endpoint(
                    url: url, sampleResponseClosure: { .networkResponse(200, Data()) }, method: .post, task: task,
                    httpHeaderFields: nil
                ).urlRequest()
            }
        }
        #expect(endpointError(.requestJSONEncodable(Broken())).map(name) == "encodable true")
        let nan = Task.requestParameters(parameters: ["x": Double.nan], encoding: JSONEncoding.default)
        #expect(endpointError(nan).map(name) == "parameters true")
        #expect(endpointError(.requestPlain, url: "").map(name) == "request ")

        let failing = MoyaProvider<MinimalTarget>(
            endpointClosure: { target in
                Endpoint(
                    url: URL(target: target).absoluteString,
                    sampleResponseClosure: {
                        .networkError(NSError(domain: NSURLErrorDomain, code: NSURLErrorTimedOut))
                    },
                    method: target.method, task: target.task, httpHeaderFields: target.headers)
            }, stubClosure: MoyaProvider.immediatelyStub)
        let result = await answer(failing, MinimalTarget())
        guard case .failure(let underlying) = result else {
            Issue.record("the stubbed failure succeeded")
            return
        }
        #expect(name(underlying) == "underlying \(NSURLErrorTimedOut) false" && underlying.response == nil)
        let wrapped = NSError(domain: NSURLErrorDomain, code: NSURLErrorTimedOut)
        #expect(underlying.errorDescription == wrapped.localizedDescription)
        #expect((underlying.errorUserInfo[NSUnderlyingErrorKey] as? NSError)?.code == NSURLErrorTimedOut)
        #expect(underlying.errorUserInfo[NSLocalizedDescriptionKey] as? String == underlying.errorDescription)

        let response = Response(statusCode: 500, data: Data())
        let cases: [MoyaError] = [
            .imageMapping(response), .jsonMapping(response), .stringMapping(response),
            .objectMapping(wrapped, response), .encodableMapping(wrapped), .statusCode(response),
            .underlying(wrapped, response), .requestMapping("x"), .parameterEncoding(wrapped),
        ]
        #expect(cases.map { $0.response != nil } == [true, true, true, true, false, true, true, false, false])
        #expect(cases.allSatisfy { $0.errorDescription?.isEmpty == false })
        #expect(MoyaError.parameterEncoding(wrapped).errorDescription?.contains(wrapped.localizedDescription) == true)
    }

    // Moya: convertResponseToResult(_:request:data:error:)
    @Test func convertResponseToResultMakesAResult() throws {
        let request = URLRequest(url: URL(target: StoreAPI.plain))
        let http = try #require(
            HTTPURLResponse(url: URL(target: StoreAPI.plain), statusCode: 201, httpVersion: nil, headerFields: nil))
        let error = NSError(domain: "Store", code: 9)
        let success = convertResponseToResult(http, request: request, data: body, error: nil)
        #expect(try success.get().statusCode == 201 && success.get().data == body)
        let failed = convertResponseToResult(http, request: request, data: nil, error: error)
        guard case .failure(.underlying(let underlying, let response?)) = failed else {
            Issue.record("not underlying: \(failed)")
            return
        }
        #expect((underlying as NSError).code == 9 && response.statusCode == 201 && response.data.isEmpty)
        let noResponse = convertResponseToResult(nil, request: request, data: nil, error: error)
        #expect(failureName(noResponse) == "underlying 9 false")
        let nothing = convertResponseToResult(nil, request: nil, data: nil, error: nil)
        #expect(failureName(nothing) == "underlying \(NSURLErrorUnknown) false")
    }
}
