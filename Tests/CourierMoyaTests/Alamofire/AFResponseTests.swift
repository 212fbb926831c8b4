import CourierMoya
import TestSupport
import Testing

/// `AF.request` and each response handler, against the loopback server.
@Suite struct AFResponseTests {
    @Test func responseHandsOverTheRequestResponseAndBody() async throws {
        let response = await AFTest.value { AF.request(AFTest.url("/echo?name=ada")).response(completionHandler: $0) }
        let data = try #require(try response.result.get())
        let echo = try JSONDecoder().decode(Echo.self, from: data)
        #expect(echo.method == "GET")
        #expect(echo.query == "name=ada")
        #expect(response.request?.url?.path == "/echo")
        #expect(response.response?.statusCode == 200)
        #expect(response.data == data)
        #expect(response.metrics == nil)
    }

    @Test func responseDataGivesTheBody() async throws {
        let response = await AFTest.value { AF.request(AFTest.url("/bytes/1000")).responseData(completionHandler: $0) }
        #expect(try response.result.get().count == 1000)
        #expect(response.value?.count == 1000)
        #expect(response.error == nil)
    }

    @Test func responseStringReadsTheCharsetOfTheResponse() async throws {
        let url = AFTest.url("/respond?body=caf%C3%A9&contentType=text/plain;%20charset=utf-8")
        let response = await AFTest.value { AF.request(url).responseString(completionHandler: $0) }
        #expect(response.value == "café")
    }

    @Test func responseStringFallsBackToLatin1WithoutACharset() async throws {
        let url = AFTest.url("/respond?body=caf%C3%A9&contentType=text/plain")
        let response = await AFTest.value { AF.request(url).responseString(completionHandler: $0) }
        #expect(response.value == "cafÃ©")
        let utf8 = await AFTest.value { AF.request(url).responseString(encoding: .utf8, completionHandler: $0) }
        #expect(utf8.value == "café")
    }

    @Test func responseJSONGivesTheJSONObject() async throws {
        let response = await AFTest.value {
            AF.request(
                AFTest.url("/json"), method: .post, parameters: ["name": "ada", "age": 36],
                encoding: JSONEncoding.default
            )
            .responseJSON(completionHandler: $0)
        }
        let object = try #require(response.value as? [String: Any])
        #expect(object["name"] as? String == "ada")
        #expect(object["age"] as? Int == 36)
    }

    @Test func responseJSONFailsOnABodyThatIsNotJSON() async {
        let response = await AFTest.value {
            AF.request(AFTest.url("/respond?body=nope")).responseJSON(completionHandler: $0)
        }
        guard case .responseSerializationFailed(.jsonSerializationFailed) = response.error else {
            Issue.record("expected a JSON serialization failure, got \(response.result)")
            return
        }
    }

    @Test func responseDecodableDecodesTheBody() async throws {
        let response = await AFTest.value {
            AF.request(AFTest.url("/echo/users"), method: .post, parameters: ["page": 2], headers: ["X-Token": "t"])
                .responseDecodable(of: Echo.self, completionHandler: $0)
        }
        let echo = try response.result.get()
        #expect(echo.method == "POST")
        #expect(echo.path == "/echo/users")
        #expect(echo.body == "page=2")
        #expect(echo.headers["x-token"] == "t")
        #expect(echo.headers["content-type"] == "application/x-www-form-urlencoded; charset=utf-8")
    }

    @Test func responseDecodableReportsADecodingFailure() async {
        let response = await AFTest.value {
            AF.request(AFTest.url("/status/200")).responseDecodable(of: Echo.self, completionHandler: $0)
        }
        guard case .responseSerializationFailed(.decodingFailed) = response.error else {
            Issue.record("expected a decoding failure, got \(response.result)")
            return
        }
    }

    @Test func aRequestModifierRunsBeforeTheParametersAreEncoded() async throws {
        let response = await AFTest.value {
            AF.request(AFTest.url("/echo"), parameters: ["q": "1"]) { request in
                request.setValue("modified", forHTTPHeaderField: "X-Modified")
                request.url = request.url?.appendingPathComponent("extra")
            }
            .responseDecodable(of: Echo.self, completionHandler: $0)
        }
        let echo = try response.result.get()
        #expect(echo.path == "/echo/extra")
        #expect(echo.query == "q=1")
        #expect(echo.headers["x-modified"] == "modified")
    }

    @Test func aURLRequestConvertibleIsSentAsItIs() async throws {
        var request = URLRequest(url: URL(string: AFTest.url("/echo"))!)
        request.method = .put
        request.httpBody = Data("raw".utf8)
        let response = await AFTest.value {
            AF.request(request).responseDecodable(of: Echo.self, completionHandler: $0)
        }
        let echo = try response.result.get()
        #expect(echo.method == "PUT")
        #expect(echo.body == "raw")
    }

    @Test func anInvalidURLFailsWithInvalidURL() async {
        let response = await AFTest.value { AF.request("").responseData(completionHandler: $0) }
        #expect(response.error?.isInvalidURLError == true)
        #expect(response.request == nil)
    }

    @Test func aGETWithABodyIsRefused() async {
        var request = URLRequest(url: URL(string: AFTest.url("/echo"))!)
        request.httpBody = Data("body".utf8)
        let response = await AFTest.value { AF.request(request).response(completionHandler: $0) }
        #expect(response.error?.isURLRequestValidationError == true)
    }

    @Test func aTransportErrorIsSessionTaskFailed() async {
        let response = await AFTest.value {
            AF.request(AFTest.url("/fault/reset-before-response")).responseData(completionHandler: $0)
        }
        #expect(response.error?.isSessionTaskError == true)
        #expect(response.response == nil)
    }

    @Test func aStatusNothingRejectsIsAResponse() async throws {
        let response = await AFTest.value { AF.request(AFTest.url("/status/404")).responseData(completionHandler: $0) }
        #expect(response.response?.statusCode == 404)
        #expect(try response.result.get().isEmpty == false)
    }
}
