import CourierMoya
import TestSupport
import Testing

/// App code written against Alamofire 5, in the Swift 5 language mode, as it compiles and runs here.
@Suite struct AFAPIShapeTests {
    /// A router, as apps write them.
    private enum Router: URLRequestConvertible {
        case user(id: Int, verbose: Bool)

        func asURLRequest() throws -> URLRequest {
            switch self {
            case .user(let id, let verbose):
                let url = try AFTest.url("/echo").asURL().appendingPathComponent("users/\(id)")
                var request = try URLRequest(url: url, method: .get, headers: [.accept("application/json")])
                request.headers.add(name: "X-Client", value: "app")
                return try URLEncoding.default.encode(request, with: ["verbose": verbose])
            }
        }
    }

    /// A serializer of the app's own, on top of Alamofire's.
    private struct LinesSerializer: ResponseSerializer {
        func serialize(request: URLRequest?, response: HTTPURLResponse?, data: Data?, error: Error?) throws -> [String]
        {
            let data = try DataResponseSerializer().serialize(
                request: request, response: response, data: data, error: error)
            return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        }
    }

    /// A service function of the app's, completion-handler style.
    private func fetchUser(_ id: Int, completion: @escaping (Result<Echo, AFError>) -> Void) -> DataRequest {
        AF.request(Router.user(id: id, verbose: true))
            .validate(statusCode: 200..<300)
            .validate(contentType: ["application/json"])
            .responseDecodable(of: Echo.self) { (response: AFDataResponse<Echo>) in completion(response.result) }
    }

    @Test func aRouterAndAServiceFunctionWork() async throws {
        let result = await AFTest.value { done in _ = fetchUser(7, completion: done) }
        let echo = try result.get()
        #expect(echo.path == "/echo/users/7")
        #expect(echo.query == "verbose=1")
        #expect(echo.headers["accept"] == "application/json")
        #expect(echo.headers["x-client"] == "app")
    }

    @Test func responseSerializersAreNamedAsInAlamofire() async {
        let url = AFTest.url("/respond?body=one%0Atwo")
        let lines = await AFTest.value {
            AF.request(url).response(responseSerializer: LinesSerializer(), completionHandler: $0)
        }
        #expect(lines.value == ["one", "two"])
        let string = await AFTest.value { AF.request(url).response(responseSerializer: .string, completionHandler: $0) }
        #expect(string.value == "one\ntwo")
        let data = await AFTest.value { AF.request(url).response(responseSerializer: .data, completionHandler: $0) }
        #expect(data.value == Data("one\ntwo".utf8))
        let echo = await AFTest.value {
            AF.request(AFTest.url("/echo")).response(
                responseSerializer: .decodable(of: Echo.self), completionHandler: $0)
        }
        #expect(echo.value?.method == "GET")
        let lineTask = AF.request(url).serializingResponse(using: LinesSerializer())
        #expect((try? await lineTask.value) == ["one", "two"])
    }

    @Test func theNamedTypesAndDefaultsExist() throws {
        let modifier: Session.RequestModifier = { $0.timeoutInterval = 30 }
        var request = URLRequest(url: URL(fileURLWithPath: "/"))
        try? modifier(&request)
        #expect(request.timeoutInterval == 30)
        let validation: DataRequest.Validation = { _, response, _ in
            response.statusCode == 200 ? .success(()) : .failure(AFError.explicitlyCancelled)
        }
        _ = validation
        let result: AFResult<Int> = .success(1)
        #expect((try? result.get()) == 1)
        let validated: Request.ValidationResult = .success(())
        #expect((try? validated.get()) != nil)
        #expect(DataResponseSerializer.defaultEmptyResponseCodes == [204, 205])
        #expect(StringResponseSerializer.defaultEmptyRequestMethods == [.head])
        #expect(DecodableResponseSerializer<Empty>.defaultDataPreprocessor is PassthroughPreprocessor)
        let listener: NetworkReachabilityManager.Listener = { _ in }
        _ = listener
        let status: NetworkReachabilityManager.NetworkReachabilityStatus = .reachable(.ethernetOrWiFi)
        #expect(status != .unknown)
        let response = AFDataResponse<Empty>(
            request: nil, response: nil, data: nil, metrics: nil, serializationDuration: 0,
            result: .success(Empty.value))
        #expect(response.value != nil)
        #expect(response.debugDescription.contains("[Request]: None"))
    }

    @Test func aSessionThatGoesAwayEndsItsRequests() async {
        var session: Session? = Session(startRequestsImmediately: false)
        let request = session?.request(AFTest.url("/echo"))
        let response = await AFTest.value { done in
            request?.responseData(completionHandler: done)
            session = nil
        }
        #expect(response.error?.isSessionDeinitializedError == true)
        #expect(request?.isCancelled == false)
    }
}
