import CourierMoya
import TestSupport
import Testing

// Moya's public API, part 1: targets, tasks, encodings, multipart parts, `MultiTarget`, validation and
// access-token authorization, as app code declares and sends them. See MoyaPublicAPITests.swift for
// how the symbols were listed and counted.

@Suite struct MoyaTargetAPITests {
    private let provider = MoyaProvider<StoreAPI>()

    /// Describes a task as app code that switches over every case of Moya's `Task` does.
    private func describe(_ task: Task) -> String {
        switch task {
        case .requestPlain: return "plain"
        case .requestData(let data): return "data \(data.count)"
        case .requestJSONEncodable(let value): return "json \(type(of: value))"
        case .requestCustomJSONEncodable(let value, let encoder):
            return "custom json \(type(of: value)) \(type(of: encoder))"
        case .requestParameters(let parameters, let encoding):
            return "parameters \(parameters.count) \(type(of: encoding))"
        case .requestCompositeData(bodyData: let data, urlParameters: let parameters):
            return "composite data \(data.count) \(parameters.count)"
        case .requestCompositeParameters(bodyParameters: let body, bodyEncoding: let encoding, urlParameters: let url):
            return "composite parameters \(body.count) \(type(of: encoding)) \(url.count)"
        case .uploadFile(let url): return "file \(url.lastPathComponent)"
        case .uploadMultipart(let parts): return "multipart \(parts.count)"
        case .uploadCompositeMultipart(let parts, urlParameters: let parameters):
            return "composite multipart \(parts.count) \(parameters.count)"
        case .downloadDestination(let destination): return "download \(type(of: destination))"
        case .downloadParameters(let parameters, encoding: _, destination: _):
            return "download parameters \(parameters.count)"
        }
    }

    // Moya: TargetType, TargetType.baseURL, TargetType.path, TargetType.method, TargetType.task,
    // TargetType.headers, TargetType.sampleData, TargetType.validationType, Method, FoundationEssentials.URL.init(target:)
    @Test func aTargetDeclaresItsRequestAndMoyaFillsInTheDefaults() {
        let minimal = MinimalTarget()
        #expect(minimal.sampleData.isEmpty)
        #expect(minimal.validationType == .none)
        #expect(URL(target: minimal).absoluteString == TestServer.baseURL.absoluteString + "/echo/minimal")
        let method: Moya.Method = StoreAPI.jsonItem(StoreItem(itemName: "tea", price: 3)).method
        #expect(method == Moya.Method.post && method.rawValue == "POST")
        #expect(StoreAPI.plain.headers == ["X-App": "store"])
        #expect(StoreAPI.plain.validationType == .successCodes)
        #expect(describe(MinimalTarget().task) == "plain")
        #expect(String(decoding: StoreAPI.plain.sampleData, as: UTF8.self).contains("sample"))
    }

    // Moya: Task.requestPlain, Task.requestData(_:), Task.requestJSONEncodable(_:),
    // Task.requestCustomJSONEncodable(_:encoder:), Task.requestParameters(parameters:encoding:),
    // Task.requestCompositeData(bodyData:urlParameters:), Task.requestCompositeParameters(bodyParameters:bodyEncoding:urlParameters:),
    // Task, URLEncoding, JSONEncoding
    @Test func everyRequestTaskReachesTheServerAsMoyaEncodesIt() async throws {
        let item = StoreItem(itemName: "tea", price: 3)
        let plain = try echo(await answer(provider, .plain))
        #expect(plain.method == "GET" && plain.body.isEmpty && plain.headers["x-app"] == "store")

        let data = try echo(await answer(provider, .data(Data("raw".utf8))))
        #expect(data.method == "PUT" && data.body == "raw")

        let json = try echo(await answer(provider, .jsonItem(item)))
        #expect(try JSONDecoder().decode(StoreItem.self, from: Data(json.body.utf8)) == item)
        #expect(json.headers["content-type"] == "application/json")

        let snake = try echo(await answer(provider, .snakeCaseItem(item)))
        #expect(snake.body.contains("\"item_name\""))

        let search = try echo(await answer(provider, .search(query: "green tea", page: 2)))
        #expect(search.query == "page=2&q=green%20tea" && search.body.isEmpty)

        let composite = try echo(await answer(provider, .compositeData(Data("body".utf8), page: 3)))
        #expect(composite.query == "page=3" && composite.body == "body")

        let parameters = try echo(await answer(provider, .compositeParameters(item, page: 4)))
        #expect(parameters.query == "page=4")
        #expect(try JSONDecoder().decode(StoreItem.self, from: Data(parameters.body.utf8)) == item)
        #expect(describe(StoreAPI.compositeParameters(item, page: 4).task).hasPrefix("composite parameters 2"))
    }

    // Moya: Task.uploadFile(_:), Task.uploadMultipart(_:), Task.uploadCompositeMultipart(_:urlParameters:),
    // MultipartFormData, MultipartFormData.init(provider:name:fileName:mimeType:), MultipartFormData.provider,
    // MultipartFormData.name, MultipartFormData.fileName, MultipartFormData.mimeType, MultipartFormData.FormDataProvider,
    // MultipartFormData.FormDataProvider.data(_:), MultipartFormData.FormDataProvider.file(_:),
    // MultipartFormData.FormDataProvider.stream(_:_:)
    @Test func uploadsSendFilesAndMultipartParts() async throws {
        let file = try temporaryFile("note.txt", contents: Data("from a file".utf8))
        let upload = try echo(await answer(provider, .upload(file: file)))
        #expect(upload.method == "PUT" && upload.body == "from a file")

        let streamed = Data("from a stream".utf8)
        let parts = [
            MultipartFormData(provider: .data(Data("Ann".utf8)), name: "name"),
            MultipartFormData(provider: .file(file), name: "note", fileName: "note.txt", mimeType: "text/plain"),
            MultipartFormData(provider: .stream(InputStream(data: streamed), UInt64(streamed.count)), name: "log"),
        ]
        #expect(parts[1].name == "note" && parts[1].fileName == "note.txt" && parts[1].mimeType == "text/plain")
        #expect(parts[0].fileName == nil && parts[0].mimeType == nil)
        let sizes = parts.map { part -> UInt64 in
            switch part.provider {
            case .data(let data): return UInt64(data.count)
            case .file(let url): return UInt64((try? Data(contentsOf: url).count) ?? 0)
            case .stream(_, let length): return length
            }
        }
        #expect(sizes == [3, 11, 13])

        let form = try echo(await answer(provider, .multipart(parts)))
        #expect(form.headers["content-type"]?.hasPrefix("multipart/form-data; boundary=") == true)
        #expect(form.body.contains("name=\"name\"") && form.body.contains("Ann"))
        #expect(form.body.contains("filename=\"note.txt\"") && form.body.contains("from a file"))
        #expect(form.body.contains("from a stream"))

        let composite = try echo(await answer(provider, .compositeMultipart([parts[0]], page: 5)))
        #expect(composite.query == "page=5" && composite.body.contains("Ann"))
    }

    // Moya: Task.downloadDestination(_:), Task.downloadParameters(parameters:encoding:destination:), DownloadDestination
    @Test func downloadsGoWhereTheDestinationSays() async throws {
        let file = try temporaryFile("download.bin")
        let response = try await answer(provider, .download(to: file)).get()
        #expect(response.statusCode == 200)
        #expect(try Data(contentsOf: file).count == 1000)

        let echoFile = try temporaryFile("echo.json")
        _ = try await answer(provider, .downloadEcho(page: 6, to: echoFile)).get()
        let written = try JSONDecoder().decode(Echo.self, from: Data(contentsOf: echoFile))
        #expect(written.query == "page=6")
        let destination: DownloadDestination = StoreAPI.destination(echoFile)
        #expect(describe(.downloadDestination(destination)).hasPrefix("download"))
    }

    // Moya: ParameterEncoding, URLEncoding, JSONEncoding
    @Test func anEncodingOfTheAppsOwnAndAlamofiresEncodingsEncodeParameters() throws {
        struct CSVEncoding: ParameterEncoding {
            func encode(_ urlRequest: URLRequestConvertible, with parameters: Parameters?) throws -> URLRequest {
                var request = try urlRequest.asURLRequest()
                request.httpBody = Data((parameters ?? [:]).keys.sorted().joined(separator: ",").utf8)
                return request
            }
        }
        let request = URLRequest(url: TestServer.baseURL.appendingPathComponent("echo"))
        let encodings: [ParameterEncoding] = [CSVEncoding(), URLEncoding.httpBody, JSONEncoding.default]
        let bodies = try encodings.map { try $0.encode(request, with: ["b": 1, "a": true]).httpBody ?? Data() }
        #expect(String(decoding: bodies[0], as: UTF8.self) == "a,b")
        #expect(String(decoding: bodies[1], as: UTF8.self) == "a=1&b=1")
        #expect((try JSONSerialization.jsonObject(with: bodies[2]) as? [String: Any])?.keys.sorted() == ["a", "b"])
        let query = try URLEncoding(destination: .queryString, arrayEncoding: .noBrackets, boolEncoding: .literal)
            .encode(request, with: ["tag": ["x", "y"], "on": true])
        #expect(query.url?.query == "on=true&tag=x&tag=y")
    }

    // Moya: ValidationType, ValidationType.none, ValidationType.successCodes, ValidationType.successAndRedirectCodes,
    // ValidationType.customCodes(_:), ValidationType.==(_:_:)
    @Test func validationTypesDecideWhichStatusCodesFail() async throws {
        func accepts(_ validation: ValidationType, _ code: Int) -> Bool {
            switch validation {
            case .none: return true
            case .successCodes: return (200..<300).contains(code)
            case .successAndRedirectCodes: return (200..<400).contains(code)
            case .customCodes(let codes): return codes.contains(code)
            }
        }
        let cases: [(Int, ValidationType)] = [
            (500, .none), (404, .successCodes), (204, .successCodes), (300, .successAndRedirectCodes),
            (404, .customCodes([404])), (200, .customCodes([201])),
        ]
        for (code, validation) in cases {
            let result = await answer(provider, .status(code, validation))
            switch result {
            case .success(let response):
                #expect(accepts(validation, code) && response.statusCode == code)
            case .failure(.underlying(_, let response)):
                #expect(!accepts(validation, code) && response?.statusCode == code)
            case .failure(let error):
                Issue.record("unexpected \(error)")
            }
        }
        #expect(ValidationType.customCodes([1]) == .customCodes([1]) && ValidationType.none != .successCodes)
    }

    // Moya: MultiTarget, MultiTarget.init(_:), MultiTarget.target(_:), MultiTarget.target, MultiTarget.baseURL,
    // MultiTarget.path, MultiTarget.method, MultiTarget.task, MultiTarget.headers, MultiTarget.sampleData,
    // MultiTarget.validationType, MultiTarget.authorizationType
    @Test func aMultiTargetForwardsToTheTargetItWraps() async throws {
        let wrapped = MultiTarget(StoreAPI.plain)
        #expect(wrapped.baseURL == StoreAPI.plain.baseURL && wrapped.path == "/echo/store")
        #expect(wrapped.method == .get && wrapped.headers == ["X-App": "store"])
        #expect(wrapped.sampleData == StoreAPI.plain.sampleData && wrapped.validationType == .successCodes)
        #expect(describe(wrapped.task) == "plain" && wrapped.authorizationType == .bearer)
        #expect(MultiTarget.target(MinimalTarget()).authorizationType == nil)
        guard case .target(let inner) = wrapped, let store = inner as? StoreAPI, case .plain = store,
            wrapped.target is StoreAPI
        else {
            Issue.record("the wrapped target is lost")
            return
        }
        let multi = MoyaProvider<MultiTarget>()
        #expect(try echo(await answer(multi, MultiTarget(MinimalTarget()))).path == "/echo/minimal")
    }

    // Moya: AccessTokenAuthorizable, AccessTokenAuthorizable.authorizationType, AuthorizationType,
    // AuthorizationType.basic, AuthorizationType.bearer, AuthorizationType.custom(_:), AuthorizationType.value,
    // AuthorizationType.==(_:_:)
    @Test func authorizationTypesNameTheirScheme() async throws {
        let schemes: [AuthorizationType] = [.basic, .bearer, .custom("Token")]
        let values = schemes.map { type -> String in
            switch type {
            case .basic, .bearer: return type.value
            case .custom(let scheme): return "custom " + scheme
            }
        }
        #expect(values == ["Basic", "Bearer", "custom Token"])
        #expect(AuthorizationType.custom("A") == .custom("A") && AuthorizationType.basic != .bearer)
        let authorizable: AccessTokenAuthorizable = StoreAPI.plain
        #expect(authorizable.authorizationType == .bearer)
        let tokens = MoyaProvider<StoreAPI>(plugins: [AccessTokenPlugin { _ in "secret" }])
        #expect(try echo(await answer(tokens, .plain)).headers["authorization"] == "Bearer secret")
        #expect(try echo(await answer(tokens, .search(query: "x", page: 1))).headers["authorization"] == nil)
    }

    // Moya: Alamofire.HTTPMethod.supportsMultipart, RequestMultipartFormData
    @Test func alamofiresMultipartNamesAreThere() throws {
        #expect(Moya.Method.post.supportsMultipart && Moya.Method.put.supportsMultipart)
        #expect(!Moya.Method.get.supportsMultipart && !Moya.Method.delete.supportsMultipart)
        let form = RequestMultipartFormData()
        form.append(Data("Ann".utf8), withName: "name")
        let body = String(decoding: try form.encode(), as: UTF8.self)
        #expect(form.contentType.hasPrefix("multipart/form-data; boundary="))
        #expect(body.contains("name=\"name\"") && body.contains("Ann"))
    }
}
