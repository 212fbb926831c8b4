import CourierMoya
import Testing

// The expectations of Moya 15.0.3's NetworkLoggerPluginSpec: what the logger writes when it is handed a
// request or a result directly, as a provider hands them to it.

/// The URL the logged requests and responses are for.
private let zenURL = URL(string: "https://api.github.com/zen")!

/// A request as a plugin's `willSend` sees it, with a body (or a body stream) and a `curl` description
/// of its own; its session adds an `Accept-Language` and a `Content-Type` that the request overrides.
private final class LoggedRequest: RequestType {
    enum Body {
        case none
        case data
        case stream
    }

    let body: Body
    let curl: String
    let isValid: Bool

    init(body: Body = .data, curl: String = "", isValid: Bool = true) {
        self.body = body
        self.curl = curl
        self.isValid = isValid
    }

    var request: URLRequest? {
        guard isValid else { return nil }
        var request = URLRequest(url: zenURL)
        request.allHTTPHeaderFields = ["Content-Type": "application/json"]
        switch body {
        case .none: break
        case .data: request.httpBody = Data("cool body".utf8)
        case .stream: request.httpBodyStream = InputStream(data: Data("cool body".utf8))
        }
        return request
    }

    var sessionHeaders: [String: String] {
        isValid ? ["Content-Type": "application/badJson", "Accept-Language": "en-US"] : [:]
    }

    func authenticate(username user: String, password: String, persistence: URLCredential.Persistence) -> Self { self }

    func authenticate(with credential: URLCredential) -> Self { self }

    func cURLDescription(calling handler: @escaping (String) -> Void) -> Self {
        handler(curl)
        return self
    }
}

@Suite struct NetworkLoggerPluginSpecTests {
    let log = Recorder("")

    /// A logger that writes to ``log``, its configuration changed by `configure`.
    private func logger(_ configure: (inout NetworkLoggerPlugin.Configuration) -> Void = { _ in })
        -> NetworkLoggerPlugin
    {
        let log = log
        let plugin = NetworkLoggerPlugin()
        plugin.configuration.output = { _, items in log.update { $0 += items.joined() } }
        plugin.configuration.logOptions = .verbose
        configure(&plugin.configuration)
        return plugin
    }

    /// A response for the zen URL. (Moya's spec makes its HTTP response with URLResponse's initializer,
    /// `init(url:mimeType:expectedContentLength:textEncodingName:)`, which Foundation on Linux does not
    /// give HTTPURLResponse.)
    private func zenResponse(status: Int, body: String) -> Response {
        Response(
            statusCode: status, data: Data(body.utf8),
            response: HTTPURLResponse(url: zenURL, statusCode: status, httpVersion: nil, headerFields: nil))
    }

    /// The two orders in which a dictionary of the merged headers may be printed.
    private let mergedHeaders = [
        #"Request Headers: ["Accept-Language": "en-US", "Content-Type": "application/json"]"#,
        #"Request Headers: ["Content-Type": "application/json", "Accept-Language": "en-US"]"#,
    ]

    @Test func aRequestWithABodyIsLoggedWithItsURLHeadersMethodAndBody() {
        logger().willSend(LoggedRequest(), target: GitHub.zen)
        let text = log.value
        #expect(text.contains("Request: https://api.github.com/zen"))
        #expect(mergedHeaders.contains { text.contains($0) }, "\(text)")
        #expect(text.contains("HTTP Request Method: GET"))
        #expect(text.contains("Request Body: cool body"))
    }

    @Test func aRequestWithABodyStreamIsLoggedWithTheStream() {
        logger().willSend(LoggedRequest(body: .stream), target: GitHub.zen)
        let text = log.value
        #expect(text.contains("Request: https://api.github.com/zen"))
        #expect(mergedHeaders.contains { text.contains($0) }, "\(text)")
        #expect(text.contains("HTTP Request Method: GET"))
        #expect(text.contains("Request Body Stream:"))
    }

    @Test func aRequestTypeWithoutARequestIsLoggedAsInvalid() {
        logger().willSend(LoggedRequest(isValid: false), target: GitHub.zen)
        #expect(log.value.contains("Request: (invalid request)"))
    }

    @Test func aResponseIsLoggedWithItsURLAndBody() {
        logger().didReceive(.success(zenResponse(status: 200, body: "cool body")), target: GitHub.zen)
        let text = log.value
        #expect(text.contains("Response:"))
        #expect(text.contains("{ URL: https://api.github.com/zen }"))
        #expect(text.contains("Response Body: cool body"))
    }

    @Test func aValidationErrorIsLoggedWithTheResponseItCameWith() {
        let response = zenResponse(status: 500, body: "Internal error")
        let error = AFError.responseValidationFailed(reason: .unacceptableStatusCode(code: 500))
        logger().didReceive(.failure(.underlying(error, response)), target: GitHub.zen)
        let text = log.value
        #expect(text.contains("Response:"))
        #expect(text.contains("{ URL: https://api.github.com/zen }"))
        #expect(text.contains("Internal error"))
    }

    @Test func anErrorWithoutAResponseIsLoggedAsTheErrorOfTheTarget() {
        let error = AFError.responseSerializationFailed(reason: .inputFileNil)
        logger().didReceive(.failure(.underlying(error, nil)), target: GitHub.zen)
        // Moya's line names the module, `Alamofire.AFError…`; here the error's module is CourierMoya, so
        // the line is checked around the module names.
        let text = log.value
        #expect(text.contains("Error calling zen : underlying("), "\(text)")
        #expect(text.contains("AFError.responseSerializationFailed(reason: "), "\(text)")
        #expect(text.contains("AFError.ResponseSerializationFailureReason.inputFileNil), nil)"), "\(text)")
    }

    @Test func theCURLOptionLogsTheRequestTypesCURLDescription() {
        let curl = [
            "$ curl -i", #"-H "Content-Type: application/json""#, #"-d "cool body""#, #""https://api.github.com/zen""#,
        ]
        .joined(separator: " \\\n\t")
        let plugin = logger { $0.logOptions = [.formatRequestAscURL] }
        plugin.willSend(LoggedRequest(curl: curl), target: GitHub.zen)
        let text = log.value
        #expect(text.contains("$ curl -i"), "\(text)")
        #expect(text.contains(#"-H "Content-Type: application/json""#))
        #expect(text.contains(#"-d "cool body""#))
        #expect(text.contains(#""https://api.github.com/zen""#))
    }

    @Test func theRequestDataFormatterWritesTheRequestBody() {
        let plugin = logger { $0.formatter.requestData = { _ in "formatted request body" } }
        plugin.willSend(LoggedRequest(), target: GitHub.zen)
        #expect(log.value.contains("Request: https://api.github.com/zen"))
        #expect(log.value.contains("Body: formatted request body"))
    }

    @Test func theEntryFormatterWritesEveryEntry() {
        let plugin = logger {
            $0.logOptions = .default
            $0.formatter.entry = { _, _, _ in "formatted log entry" }
        }
        plugin.willSend(LoggedRequest(), target: GitHub.zen)
        #expect(log.value.contains("formatted log entry"))
    }

    @Test func theResponseDataFormatterWritesTheResponseBody() {
        let plugin = logger { $0.formatter.responseData = { _ in "formatted response body" } }
        plugin.didReceive(.success(zenResponse(status: 200, body: "cool body")), target: GitHub.zen)
        let text = log.value
        #expect(text.contains("Response:"))
        #expect(text.contains("{ URL: https://api.github.com/zen }"))
        #expect(text.contains("Response Body: formatted response body"))
    }
}
