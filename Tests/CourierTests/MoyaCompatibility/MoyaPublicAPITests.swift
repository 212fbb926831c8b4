import Courier
import Dispatch
import Testing

// Moya 15.0.3's public API (Sources/Moya), written as a Moya app writes it after the renames of
// MigratingFromMoya.md, for every symbol the other files of this folder do not already use.
//
// Left out because Courier has no counterpart (see MigratingFromMoya.md): `RequestMultipartFormData`
// (Alamofire's form builder), the provider's `inflightRequests` (Moya's internals; `createStubFunction`
// is in StubRequestOverrideTests), a subclass of `Endpoint` (a struct here), calling `requestClosure` with a callback (it is
// async here), and `provider.session` as a non-optional.

private struct Book: Codable, Equatable {
    let id: Int
    let pageCount: Int
}

/// A body whose encoding fails, as a Moya app meets `MoyaError.encodableMapping`.
private struct Unencodable: Encodable {
    struct Refused: Error {}
    func encode(to encoder: Encoder) throws { throw Refused() }
}

/// A custom encoding that fails, as a Moya app meets `MoyaError.parameterEncoding`.
private struct RefusingEncoding: ParameterEncoding {
    struct Refused: Error {}
    func encode(_ urlRequest: URLRequestConvertible, with parameters: Parameters?) throws -> URLRequest {
        throw Refused()
    }
}

/// An API with a case for each task the other files leave out.
private enum Library: TargetType {
    case add(Book)
    case addSnakeCase(Book)
    case upload(Data, page: Int)
    case search(title: String, page: Int)
    case export(to: URL)
    case exportPage(Int, to: URL)
    case broken
    case refused

    var baseURL: URL { loopbackBaseURL }
    var path: String {
        switch self {
        case .add, .addSnakeCase, .broken, .refused: return "/echo/books"
        case .upload: return "/echo/upload"
        case .search: return "/echo/search"
        case .export, .exportPage: return "/echo/export"
        }
    }
    var method: Courier.Method {
        switch self {
        case .export, .exportPage: return .get
        default: return .post
        }
    }
    var task: HTTPTask {
        switch self {
        case .add(let book):
            return .requestJSONEncodable(book)
        case .addSnakeCase(let book):
            let encoder = JSONEncoder()
            encoder.keyEncodingStrategy = .convertToSnakeCase
            return .requestCustomJSONEncodable(book, encoder: encoder)
        case .upload(let data, let page):
            return .requestCompositeData(bodyData: data, urlParameters: ["page": page])
        case .search(let title, let page):
            let body: Parameters = ["title": title]
            return .requestCompositeParameters(
                bodyParameters: body, bodyEncoding: JSONEncoding.default, urlParameters: ["page": page])
        case .export(let file):
            let destination: DownloadDestination = { _, _ in
                (file, [.removePreviousFile, .createIntermediateDirectories])
            }
            return .downloadDestination(destination)
        case .exportPage(let page, let file):
            return .downloadParameters(
                parameters: ["page": page], encoding: URLEncoding.queryString,
                destination: { _, _ in (file, [.createIntermediateDirectories]) })
        case .broken:
            return .requestJSONEncodable(Unencodable())
        case .refused:
            return .requestParameters(parameters: ["a": 1], encoding: RefusingEncoding())
        }
    }
    var headers: [String: String]? { nil }
}

/// Stubbed targets, one for each validation type.
private enum Gate: TargetType {
    case open(Int)
    case success(Int)
    case successOrRedirect(Int)
    case custom(Int)

    var code: Int {
        switch self {
        case .open(let code), .success(let code), .successOrRedirect(let code), .custom(let code): return code
        }
    }
    var baseURL: URL { URL(string: "https://gate.example.com")! }
    var path: String { "/gate" }
    var method: Method { .get }
    var task: HTTPTask { .requestPlain }
    var headers: [String: String]? { nil }
    var validationType: ValidationType {
        switch self {
        case .open: return .none
        case .success: return .successCodes
        case .successOrRedirect: return .successAndRedirectCodes
        case .custom: return .customCodes([201, 202])
        }
    }
}

/// Stubbed targets answered by an endpoint closure.
private enum Ping: TargetType {
    case created
    case offline

    var baseURL: URL { URL(string: "https://ping.example.com")! }
    var path: String { self == .created ? "/created" : "/offline" }
    var method: Method { .get }
    var task: HTTPTask { .requestPlain }
    var headers: [String: String]? { nil }
}

/// A target of each authorization type, on the loopback server.
private enum Vault: TargetType, AccessTokenAuthorizable {
    case basic
    case custom
    case open

    var baseURL: URL { loopbackBaseURL }
    var path: String { "/echo/vault" }
    var method: Method { .get }
    var task: HTTPTask { .requestPlain }
    var headers: [String: String]? { ["X-Vault": "1"] }
    var sampleData: Data { Data("vault".utf8) }
    var validationType: ValidationType { .successCodes }
    var authorizationType: AuthorizationType? {
        switch self {
        case .basic: return .basic
        case .custom: return .custom("Token")
        case .open: return nil
        }
    }
}

/// A plugin that turns a success into a failure in `process`, as apps map API error bodies.
private struct ProcessingPlugin: PluginType {
    let log: EventLog

    func willSend(_ request: RequestType, target: TargetType) {
        log.append("willSend \(request.request?.httpMethod ?? "-") \(request.request?.url?.path ?? "-")")
    }

    func process(_ result: Result<Response, CourierError>, target: TargetType) -> Result<Response, CourierError> {
        guard case .success(let response) = result, response.statusCode == 299 else { return result }
        return .failure(.statusCode(response))
    }
}

/// Passes every request through, as an Alamofire `RequestInterceptor` with no members does.
private struct PassThrough: RequestInterceptor {}

/// The result of `target`, through Moya's completion API.
private func send<T: TargetType>(_ provider: Provider<T>, _ target: T) async -> Result<Response, CourierError> {
    await withCheckedContinuation { continuation in
        let completion: Completion = { result in continuation.resume(returning: result) }
        provider.request(target, callbackQueue: DispatchQueue(label: "moya-public-api"), completion: completion)
    }
}

/// A provider whose stubs answer each `Gate` with its code, through an endpoint closure written as
/// Moya's docs write one.
private func gateProvider(plugins: [any PluginType] = []) -> Provider<Gate> {
    Provider<Gate>(
        endpointClosure: { target in
            Endpoint(
                url: URL(target: target).absoluteString,
                sampleResponseClosure: { .networkResponse(target.code, Data()) }, method: target.method,
                task: target.task, httpHeaderFields: target.headers)
        }, stubClosure: Provider.immediatelyStub, plugins: plugins)
}

/// The status code of a Moya-qualified response type.
private func statusCode(of response: Courier.Response) -> Int { response.statusCode }

/// A 1×1 PNG.
private let onePixelPNG = Data(
    base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=")!

/// What a network activity closure heard, from any thread.
private final class HeardChanges: @unchecked Sendable {
    private let lock = NSLock()
    private var changes: [String] = []
    var all: [String] { lock.withLock { changes } }
    func append(_ change: String) { lock.withLock { changes.append(change) } }
}

// MARK: - Tests

@Suite struct MoyaPublicAPITests {
    // MARK: Endpoint

    @Test func endpointExposesMoyasFields() throws {
        let book = Book(id: 1, pageCount: 2)
        let endpoint = Provider<Library>.defaultEndpointMapping(for: .add(book))
            .adding(newHTTPHeaderFields: ["X-Trace": "1"])
        #expect(endpoint.url == loopbackBaseURL.absoluteString + "/echo/books")
        #expect(endpoint.method == .post)
        #expect(endpoint.httpHeaderFields == ["X-Trace": "1"])
        guard case .requestJSONEncodable(let value) = endpoint.task else {
            Issue.record("expected the target's task, got \(endpoint.task)")
            return
        }
        #expect(value as? Book == book)
        guard case .networkResponse(let status, let data) = endpoint.sampleResponseClosure() else {
            Issue.record("expected the default sample response")
            return
        }
        #expect(status == 200)
        #expect(data.isEmpty)

        let replaced = endpoint.replacing(task: .requestData(Data("raw".utf8)))
        #expect(try replaced.urlRequest().httpBody == Data("raw".utf8))
        #expect(replaced.url == endpoint.url)
        #expect(replaced.httpHeaderFields == endpoint.httpHeaderFields)
    }

    @Test func sampleResponsesOfEveryKindAnswerStubs() async throws {
        let provider = Provider<Ping>(
            endpointClosure: { target in
                let sample: Endpoint.SampleResponse
                switch target {
                case .created:
                    let response = HTTPURLResponse(
                        url: URL(target: target), statusCode: 201, httpVersion: nil,
                        headerFields: ["Location": "/created/1"])!
                    sample = .response(response, Data("made".utf8))
                case .offline:
                    sample = .networkError(NSError(domain: NSURLErrorDomain, code: NSURLErrorNotConnectedToInternet))
                }
                return Endpoint(
                    url: URL(target: target).absoluteString, sampleResponseClosure: { sample }, method: target.method,
                    task: target.task, httpHeaderFields: target.headers)
            }, stubClosure: Provider.immediatelyStub)

        let created = try await send(provider, .created).get()
        #expect(statusCode(of: created) == 201)
        #expect(created.response?.value(forHTTPHeaderField: "Location") == "/created/1")
        #expect(created.data == Data("made".utf8))

        guard case .failure(.underlying(let error, nil)) = await send(provider, .offline) else {
            Issue.record("expected the stubbed network error")
            return
        }
        #expect((error as NSError).domain == NSURLErrorDomain)
        #expect((error as NSError).code == NSURLErrorNotConnectedToInternet)
    }

    // MARK: Provider

    @Test func providerExposesItsClosuresAndSettings() {
        let provider = Provider<Ping>(stubClosure: Provider.immediatelyStub, trackInflights: true)
        #expect(provider.trackInflights)
        #expect(!Provider<Ping>().trackInflights)
        #expect(provider.endpointClosure(.created).url == "https://ping.example.com/created")
        guard case .immediate = provider.stubClosure(.offline) else {
            Issue.record("expected the stub closure given")
            return
        }
    }

    @Test func cancellableReturnedByRequestCancelsIt() async {
        let provider = Provider<Ping>(stubClosure: Provider.delayedStub(30))
        let result: Result<Response, CourierError> = await withCheckedContinuation { continuation in
            let cancellable: Cancellable = provider.request(.created, callbackQueue: DispatchQueue(label: "q")) {
                continuation.resume(returning: $0)
            }
            #expect(!cancellable.isCancelled)
            cancellable.cancel()
            #expect(cancellable.isCancelled)
        }
        guard case .failure(.underlying(let error, nil)) = result else {
            Issue.record("expected a cancellation error, got \(result)")
            return
        }
        #expect((error as NSError).code == NSURLErrorCancelled)
    }

    @Test func interceptorTypeIsAcceptedByTheProvider() async throws {
        let interceptors: [RequestInterceptor] = [PassThrough()]
        let provider = Provider<Vault>(interceptors: interceptors)
        #expect(try await send(provider, .open).get().statusCode == 200)
    }

    // MARK: Tasks

    @Test func encodableTasksSendJSON() async throws {
        let book = Book(id: 7, pageCount: 300)
        let provider = Provider<Library>()

        let plain = try await send(provider, .add(book)).get().map(Echo.self)
        #expect(plain.headers["content-type"] == "application/json")
        #expect(try JSONDecoder().decode(Book.self, from: Data(plain.body.utf8)) == book)

        let snake = try await send(provider, .addSnakeCase(book)).get().map(Echo.self)
        #expect(snake.body.contains("\"page_count\":300"))
        #expect(!snake.body.contains("pageCount"))
    }

    @Test func compositeTasksSendBodyAndQuery() async throws {
        let provider = Provider<Library>()

        let upload = try await send(provider, .upload(Data("raw bytes".utf8), page: 2)).get().map(Echo.self)
        #expect(upload.query == "page=2")
        #expect(upload.body == "raw bytes")

        let search = try await send(provider, .search(title: "Dune", page: 3)).get().map(Echo.self)
        #expect(search.query == "page=3")
        #expect(search.body == #"{"title":"Dune"}"#)
        #expect(search.headers["content-type"] == "application/json")
    }

    @Test func downloadTasksWriteToTheirDestination() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moya-api-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let provider = Provider<Library>()

        let file = folder.appendingPathComponent("nested/export.json")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = try await send(provider, .export(to: file)).get()
        #expect(try JSONDecoder().decode(Echo.self, from: Data(contentsOf: file)).path == "/echo/export")
        // `.removePreviousFile` lets a second download replace the first.
        _ = try await send(provider, .export(to: file)).get()
        #expect(try JSONDecoder().decode(Echo.self, from: Data(contentsOf: file)).path == "/echo/export")

        let paged = folder.appendingPathComponent("paged/export.json")
        _ = try await send(provider, .exportPage(4, to: paged)).get()
        #expect(try JSONDecoder().decode(Echo.self, from: Data(contentsOf: paged)).query == "page=4")
    }

    // MARK: Validation

    @Test func validationTypesDecideWhichStatusesFail() async {
        let provider = gateProvider()
        func passes(_ target: Gate) async -> Bool {
            if case .success = await send(provider, target) { return true }
            return false
        }
        #expect(await passes(.open(500)))
        #expect(await passes(.success(204)))
        #expect(await !passes(.success(302)))
        #expect(await passes(.successOrRedirect(302)))
        #expect(await !passes(.successOrRedirect(404)))
        #expect(await passes(.custom(202)))
        #expect(await !passes(.custom(200)))

        #expect(ValidationType.none == .none)
        #expect(ValidationType.successCodes != .successAndRedirectCodes)
        #expect(ValidationType.customCodes([201]) == .customCodes([201]))
        #expect(ValidationType.customCodes([201]) != .customCodes([202]))
    }

    // MARK: Errors

    @Test func everyMappingErrorCaseIsThrownWhereMoyaThrowsIt() throws {
        let notAnImage = Response(statusCode: 200, data: Data("not an image".utf8))
        #expect {
            _ = try notAnImage.mapImage()
        } throws: { error in
            guard case CourierError.imageMapping(let response) = error else { return false }
            return response == notAnImage
        }

        let notUTF8 = Response(statusCode: 200, data: Data([0xFF, 0xFE, 0xFD]))
        #expect {
            _ = try notUTF8.mapString()
        } throws: { error in
            guard case CourierError.stringMapping(let response) = error else { return false }
            return response == notUTF8
        }

        #expect {
            _ = try Provider<Library>.defaultEndpointMapping(for: .broken).urlRequest()
        } throws: { error in
            guard case CourierError.encodableMapping(let underlying) = error else { return false }
            return underlying is Unencodable.Refused
        }

        #expect {
            _ = try Provider<Library>.defaultEndpointMapping(for: .refused).urlRequest()
        } throws: { error in
            guard case CourierError.parameterEncoding(let underlying) = error else { return false }
            return underlying is RefusingEncoding.Refused
        }
    }

    @Test func errorCarriesItsResponseAndUserInfo() {
        let response = Response(statusCode: 404, data: Data())
        let rejected = CourierError.statusCode(response)
        #expect(rejected.response == response)
        #expect(CourierError.parameterEncoding(RefusingEncoding.Refused()).response == nil)
        #expect(rejected.errorDescription?.isEmpty == false)
        #expect(rejected.errorUserInfo[NSLocalizedDescriptionKey] as? String == rejected.errorDescription)

        let timedOut = CourierError.underlying(URLError(.timedOut), response)
        #expect(timedOut.response == response)
        #expect((timedOut.errorUserInfo[NSUnderlyingErrorKey] as? URLError)?.code == .timedOut)
        #expect(timedOut.errorDescription?.isEmpty == false)
    }

    // MARK: Response

    @Test func responseFiltersAndMapsAsMoyas() throws {
        let url = URL(string: "https://api.example.com/books/1")!
        let http = HTTPURLResponse(
            url: url, statusCode: 201, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "application/json"])
        let body = Data(#"{"data":{"title":"Dune","tags":["sf"]}}"#.utf8)
        let response = Response(statusCode: 201, data: body, request: URLRequest(url: url), response: http)

        #expect(response.response?.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(response.description == "Status Code: 201, Data Length: \(body.count)")
        #expect(response.debugDescription == response.description)

        #expect(try response.filter(statusCodes: 200...299) == response)
        #expect(try response.filter(statusCodes: 201..<202) == response)
        #expect(try response.filter(statusCode: 201) == response)
        #expect(throws: CourierError.self) { try response.filter(statusCode: 200) }
        #expect(try response.filterSuccessfulStatusCodes() == response)

        let notModified = Response(statusCode: 304, data: Data())
        #expect(try notModified.filterSuccessfulStatusAndRedirectCodes() == notModified)
        #expect(throws: CourierError.self) { try notModified.filterSuccessfulStatusCodes() }
        #expect(throws: CourierError.self) {
            try Response(statusCode: 404, data: Data()).filterSuccessfulStatusAndRedirectCodes()
        }

        let json = try response.mapJSON() as? [String: Any]
        #expect((json?["data"] as? [String: Any])?["title"] as? String == "Dune")
        #expect(try notModified.mapJSON(failsOnEmptyData: false) is NSNull)
        #expect(throws: CourierError.self) { try notModified.mapJSON() }
        #expect(try response.mapString(atKeyPath: "data.title") == "Dune")
        #expect(try response.mapString() == String(decoding: body, as: UTF8.self))
        #expect(throws: CourierError.self) { try response.mapString(atKeyPath: "data.missing") }
    }

    @Test func mapImageGivesTheImageType() throws {
        let image: Image = try Response(statusCode: 200, data: onePixelPNG).mapImage()
        #expect(image.size.width == 1)
        #expect(image.size.height == 1)
    }

    // MARK: Targets and plugins

    @Test func multiTargetForwardsEveryField() throws {
        let target = MultiTarget(Vault.custom)
        #expect(target.baseURL == Vault.custom.baseURL)
        #expect(target.path == "/echo/vault")
        #expect(target.method == .get)
        #expect(target.sampleData == Data("vault".utf8))
        #expect(target.headers == ["X-Vault": "1"])
        #expect(target.validationType == .successCodes)
        #expect(target.authorizationType == .custom("Token"))
        #expect(MultiTarget(Vault.open).authorizationType == nil)
        guard case .requestPlain = target.task else {
            Issue.record("expected the wrapped task, got \(target.task)")
            return
        }
        switch target {
        case .target(let wrapped): #expect(wrapped as? Vault == .custom)
        }
        #expect(target.target as? Vault == .custom)
    }

    @Test func multiTargetRequestsCarryTheWrappedTargetsToken() async throws {
        let plugin = AccessTokenPlugin { target in
            // Moya hands the token closure the target a MultiTarget wraps.
            (target as? Vault) == .custom ? "vault-token" : "wrong-target"
        }
        let provider = Provider<MultiTarget>(plugins: [plugin])
        let echo = try await send(provider, MultiTarget(Vault.custom)).get().map(Echo.self)
        #expect(echo.path == "/echo/vault")
        #expect(echo.headers["authorization"] == "Token vault-token")
    }

    @Test func moyasOtherNamesForTypesAndClosures() throws {
        let image: ImageType = try Response(statusCode: 200, data: onePixelPNG).mapImage()
        #expect(image.size.width == 1)
        let sample: Endpoint.SampleResponseClosure = { .networkResponse(201, Data("made".utf8)) }
        let endpoint = Endpoint(
            url: "https://ping.example.com/created", sampleResponseClosure: sample, method: .get, task: .requestPlain,
            httpHeaderFields: nil)
        guard case .networkResponse(let status, _) = endpoint.sampleResponseClosure() else {
            Issue.record("the closure's answer changed")
            return
        }
        #expect(status == 201)
        let part = MultipartFormData(
            provider: .data(Data("x".utf8)), name: "avatar", fileName: "a.png", mimeType: "image/png")
        #expect(part.name == "avatar" && part.fileName == "a.png" && part.mimeType == "image/png")
        #expect(part.provider == .data(Data("x".utf8)))
    }

    @Test func convertResponseToResultIsMoyas() throws {
        let url = try #require(URL(string: "https://ping.example.com/created"))
        let http = try #require(HTTPURLResponse(url: url, statusCode: 201, httpVersion: nil, headerFields: nil))
        let request = URLRequest(url: url)
        let success = try convertResponseToResult(http, request: request, data: Data("ok".utf8), error: nil).get()
        #expect(success.statusCode == 201 && success.data == Data("ok".utf8) && success.request == request)
        guard
            case .failure(.underlying(_, let response?)) = convertResponseToResult(
                http, request: request, data: nil, error: URLError(.networkConnectionLost))
        else {
            Issue.record("an error with a response keeps the response")
            return
        }
        #expect(response.statusCode == 201)
        guard
            case .failure(.underlying(let error as URLError, nil)) = convertResponseToResult(
                nil, request: request, data: nil, error: nil)
        else {
            Issue.record("nothing at all is an unknown error")
            return
        }
        #expect(error.code == .unknown)
    }

    @Test func requestNormalAndCancelCompletionAreMoyas() async throws {
        let heard = HeardChanges()
        let plugin = NetworkActivityPlugin { change, _ in heard.append("\(change)") }
        let provider = Provider<Ping>(stubClosure: Provider.immediatelyStub, plugins: [plugin])
        let result: Result<Response, CourierError> = await withCheckedContinuation { continuation in
            provider.requestNormal(.created, callbackQueue: nil, progress: nil) { continuation.resume(returning: $0) }
        }
        #expect(try result.get().statusCode == 200)
        let cancelled: Result<Response, CourierError> = await withCheckedContinuation { continuation in
            provider.cancelCompletion({ continuation.resume(returning: $0) }, target: .offline)
        }
        guard case .failure(let error) = cancelled else {
            Issue.record("cancelCompletion gave \(cancelled)")
            return
        }
        #expect(error.isCancelled)
        #expect(heard.all == ["began", "ended", "ended"])
    }

    @Test func aRequestTypeOfTheAppsOwnAndASettableLoggerConfiguration() {
        struct AppRequest: RequestType {
            var request: URLRequest?
        }
        let described = AppRequest(request: URLRequest(url: URL(target: Ping.created))).cURLDescription()
        #expect(described.contains("https://ping.example.com/created"))
        var logger = NetworkLoggerPlugin()
        logger.configuration = NetworkLoggerPlugin.Configuration(logOptions: .verbose)
        #expect(logger.configuration.logOptions == .verbose)
    }

    @Test func accessTokenPluginPreparesEachAuthorizationType() {
        let plugin = AccessTokenPlugin(tokenClosure: { _ in "s3cret" })
        #expect(plugin.tokenClosure(Vault.basic) == "s3cret")
        let request = URLRequest(url: URL(target: Vault.basic))
        #expect(
            plugin.prepare(request, target: Vault.basic).value(forHTTPHeaderField: "Authorization") == "Basic s3cret")
        #expect(
            plugin.prepare(request, target: Vault.custom).value(forHTTPHeaderField: "Authorization") == "Token s3cret")
        #expect(plugin.prepare(request, target: Vault.open).value(forHTTPHeaderField: "Authorization") == nil)

        #expect(AuthorizationType.basic.value == "Basic")
        #expect(AuthorizationType.custom("Token").value == "Token")
        #expect(AuthorizationType.custom("A") == .custom("A"))
        #expect(AuthorizationType.custom("A") != .custom("B"))
        #expect(AuthorizationType.basic != .bearer)
    }

    @Test func credentialsPluginAuthenticatesTheRequest() async throws {
        let plugin = CredentialsPlugin { _ in URLCredential(user: "ada", password: "pw", persistence: .none) }
        let echo = try await send(Provider<Vault>(plugins: [plugin]), .open).get().map(Echo.self)
        #expect(echo.headers["authorization"] == "Basic " + Data("ada:pw".utf8).base64EncodedString())
    }

    @Test func activityClosureSeesEachChangeType() async throws {
        let changes = EventLog()
        let plugin = NetworkActivityPlugin { (change: NetworkActivityChangeType, target: TargetType) in
            switch change {
            case .began: changes.append("began \(target.path)")
            case .ended: changes.append("ended \(target.path)")
            }
        }
        _ = try await send(Provider<Vault>(plugins: [plugin]), .open).get()
        #expect(changes.events == ["began /echo/vault", "ended /echo/vault"])
    }

    @Test func processedResultIsTheOneTheCallerGets() async throws {
        let log = EventLog()
        let provider = gateProvider(plugins: [ProcessingPlugin(log: log)])
        guard case .failure(.statusCode(let response)) = await send(provider, .open(299)) else {
            Issue.record("expected the plugin's failure")
            return
        }
        #expect(response.statusCode == 299)
        #expect(log.events == ["willSend GET /gate"])
        #expect(try await send(provider, .open(200)).get().statusCode == 200)
    }

    // MARK: Logger

    @Test func loggerConfigurationIsMoyas() async throws {
        typealias Configuration = NetworkLoggerPlugin.Configuration
        typealias Formatter = NetworkLoggerPlugin.Configuration.Formatter
        let lines = EventLog()
        let output: Configuration.OutputType = { _, items in
            for item in items { lines.append(item) }
        }
        let entry: Formatter.EntryFormatterType = { identifier, message, _ in "\(identifier)| \(message)" }
        let byteCount: Formatter.DataFormatterType = { data in "<\(data.count) bytes>" }

        var configuration = Configuration(
            formatter: Formatter(entry: entry, requestData: byteCount, responseData: byteCount), output: output,
            logOptions: [.requestBody])
        configuration.logOptions.insert(.successResponseBody)
        configuration.formatter.responseData = Formatter.defaultDataFormatter
        #expect(configuration.formatter.requestData(Data("abc".utf8)) == "<3 bytes>")
        #expect(configuration.formatter.entry("A", "b", Vault.open) == "A| b")
        let logger = NetworkLoggerPlugin(configuration: configuration)
        #expect(logger.configuration.logOptions == [.requestBody, .successResponseBody])

        let book = Book(id: 1, pageCount: 9)
        _ = try await send(Provider<Library>(plugins: [logger]), .add(book)).get()
        let body = try JSONEncoder().encode(book)
        #expect(lines.events.contains("Request Body| <\(body.count) bytes>"))
        #expect(lines.events.contains { $0.hasPrefix("Response Body| {") })

        var curlOnly = configuration
        curlOnly.output = output
        curlOnly.logOptions = .formatRequestAscURL
        _ = try await send(Provider<Vault>(plugins: [NetworkLoggerPlugin(configuration: curlOnly)]), .open).get()
        #expect(lines.events.contains { $0.hasPrefix("Request| ") && $0.contains("curl") })
    }

    @Test func logOptionsAndDefaultsAreMoyas() {
        typealias LogOptions = NetworkLoggerPlugin.Configuration.LogOptions
        typealias Formatter = NetworkLoggerPlugin.Configuration.Formatter
        let options: [LogOptions] = [
            .requestMethod, .requestBody, .requestHeaders, .formatRequestAscURL, .successResponseBody,
            .errorResponseBody,
        ]
        #expect(options.map(\.rawValue) == [1, 2, 4, 8, 16, 32])
        #expect(LogOptions(rawValue: 1 << 5) == .errorResponseBody)
        #expect(
            LogOptions.verbose.isSuperset(of: [
                .requestMethod, .requestHeaders, .requestBody, .successResponseBody, .errorResponseBody,
            ]))
        #expect(LogOptions.verbose.isSuperset(of: .default))

        #expect(NetworkLoggerPlugin.default.configuration.logOptions == .default)
        #expect(NetworkLoggerPlugin.verbose.configuration.logOptions == .verbose)

        let output: NetworkLoggerPlugin.Configuration.OutputType = NetworkLoggerPlugin.Configuration.defaultOutput
        output(Vault.open, [])
        #expect(Formatter.defaultDataFormatter(Data("hi".utf8)) == "hi")
        let line = Formatter.defaultEntryFormatter(identifier: "Request", message: "GET /books", target: Vault.open)
        #expect(line.hasSuffix("Request: GET /books"))
    }
}
