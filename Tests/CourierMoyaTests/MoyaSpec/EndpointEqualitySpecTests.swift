import CourierMoya
import Testing

// The expectations of Moya 15.0.3's EndpointSpec on when two endpoints are equal.

@Suite struct EndpointEqualitySpecTests {
    private func part(_ text: String) -> MultipartFormData {
        MultipartFormData(provider: .data(utf8Data(text)), name: "test")
    }

    private func same(_ first: Task, _ second: Task) -> Bool {
        let endpoint = zenEndpoint()
        return endpoint.replacing(task: first) == endpoint.replacing(task: second)
    }

    /// Whether endpoints of `first` and `second` are equal every time they are compared, both ways round
    /// and with the heap in different states. Foundation's JSONEncoder on Linux writes an object's keys
    /// in the order of a dictionary, which a Swift dictionary seeds with the address of its storage; so
    /// one comparison, or many that reuse the same addresses, may pass by luck.
    private func alwaysSame(_ first: () -> Task, _ second: () -> Task) -> Bool {
        let endpoint = zenEndpoint()
        var kept: [Any] = []
        return (0..<100).allSatisfy { index in
            let left = endpoint.replacing(task: first())
            let right = endpoint.replacing(task: second())
            for _ in 0..<(index % 3) {
                kept.append((try? left.urlRequest()) as Any)
            }
            return left == right && right == left
        }
    }

    @Test func multipartUploadsOfTheSameFormAreEqual() {
        #expect(same(.uploadMultipart([part("test")]), .uploadMultipart([part("test")])))
    }

    @Test func multipartUploadsOfDifferentFormsDiffer() {
        #expect(!same(.uploadMultipart([part("test")]), .uploadMultipart([part("test1")])))
    }

    @Test func compositeMultipartUploadsOfTheSameFormAndParametersAreEqual() {
        #expect(
            same(
                .uploadCompositeMultipart([part("test")], urlParameters: [:]),
                .uploadCompositeMultipart([part("test")], urlParameters: [:])))
    }

    @Test func compositeMultipartUploadsOfDifferentFormsDiffer() {
        #expect(
            !same(
                .uploadCompositeMultipart([part("test")], urlParameters: [:]),
                .uploadCompositeMultipart([part("test1")], urlParameters: [:])))
    }

    @Test func compositeMultipartUploadsWithDifferentURLParametersDiffer() {
        #expect(
            !same(
                .uploadCompositeMultipart([part("test")], urlParameters: ["test": "test2"]),
                .uploadCompositeMultipart([part("test")], urlParameters: ["test": "test3"])))
    }

    @Test func uploadsOfTheSameFileAreEqual() {
        #expect(same(.uploadFile(URL(string: "https://google.com")!), .uploadFile(URL(string: "https://google.com")!)))
    }

    @Test func uploadsOfDifferentFilesDiffer() {
        #expect(
            !same(
                .uploadFile(URL(string: "https://google.com")!), .uploadFile(URL(string: "https://google.com?q=test")!))
        )
    }

    @Test func downloadsAreEqualWhateverTheirDestinations() {
        let sameDestination = Task.downloadDestination { url, _ in (destinationURL: url, options: []) }
        let otherDestination = Task.downloadDestination { _, _ in
            (destinationURL: URL(string: "https://google.com")!, options: [])
        }
        #expect(same(sameDestination, .downloadDestination { url, _ in (destinationURL: url, options: []) }))
        #expect(same(sameDestination, otherDestination))
    }

    @Test func downloadsWithTheSameParametersAreEqual() {
        let download = { (value: String) in
            Task.downloadParameters(
                parameters: ["test": value], encoding: JSONEncoding.default,
                destination: { url, _ in (destinationURL: url, options: []) })
        }
        #expect(same(download("test2"), download("test2")))
    }

    @Test func downloadsWithDifferentParametersDiffer() {
        let download = { (value: String) in
            Task.downloadParameters(
                parameters: ["test": value], encoding: JSONEncoding.default,
                destination: { url, _ in (destinationURL: url, options: []) })
        }
        #expect(!same(download("test2"), download("test3")))
    }

    @Test func compositeDataWithTheSameBodyAndParametersIsEqual() {
        #expect(
            same(
                .requestCompositeData(bodyData: utf8Data("test"), urlParameters: ["test": "test1"]),
                .requestCompositeData(bodyData: utf8Data("test"), urlParameters: ["test": "test1"])))
    }

    @Test func compositeDataWithDifferentURLParametersDiffers() {
        #expect(
            !same(
                .requestCompositeData(bodyData: utf8Data("test"), urlParameters: ["test": "test1"]),
                .requestCompositeData(bodyData: utf8Data("test"), urlParameters: ["test": "test2"])))
    }

    @Test func compositeDataWithADifferentBodyDiffers() {
        #expect(
            !same(
                .requestCompositeData(bodyData: utf8Data("test"), urlParameters: ["test": "test1"]),
                .requestCompositeData(bodyData: utf8Data("test2"), urlParameters: ["test": "test1"])))
    }

    @Test func plainRequestsAreEqual() {
        #expect(same(.requestPlain, .requestPlain))
    }

    @Test func requestsOfTheSameDataAreEqual() {
        #expect(same(.requestData(utf8Data("test")), .requestData(utf8Data("test"))))
    }

    @Test func requestsOfDifferentDataDiffer() {
        #expect(!same(.requestData(utf8Data("test")), .requestData(utf8Data("test1"))))
    }

    @Test func requestsOfTheSameEncodableAreEqual() {
        let date = Date()
        #expect(
            alwaysSame(
                { .requestJSONEncodable(GitHubIssue(title: "T", createdAt: date, rating: 0)) },
                { .requestJSONEncodable(GitHubIssue(title: "T", createdAt: date, rating: 0)) }))
    }

    @Test func requestsOfDifferentEncodablesDiffer() {
        let date = Date()
        #expect(
            !same(
                .requestJSONEncodable(GitHubIssue(title: "T", createdAt: date, rating: 0)),
                .requestJSONEncodable(GitHubIssue(title: "Ta", createdAt: date, rating: 0))))
    }

    @Test func requestsOfTheSameParametersAreEqual() {
        #expect(
            same(
                .requestParameters(parameters: ["test": "test1"], encoding: URLEncoding.queryString),
                .requestParameters(parameters: ["test": "test1"], encoding: URLEncoding.queryString)))
    }

    @Test func requestsOfDifferentParametersDiffer() {
        #expect(
            !same(
                .requestParameters(parameters: ["test": "test1"], encoding: URLEncoding.queryString),
                .requestParameters(parameters: ["test": "test2"], encoding: URLEncoding.queryString)))
    }

    private func composite(body: String, url: String) -> Task {
        .requestCompositeParameters(
            bodyParameters: ["test": body], bodyEncoding: JSONEncoding.default, urlParameters: ["url_test": url])
    }

    @Test func compositeParametersThatAreTheSameAreEqual() {
        #expect(same(composite(body: "test1", url: "test1"), composite(body: "test1", url: "test1")))
    }

    @Test func compositeParametersWithDifferentURLParametersDiffer() {
        #expect(!same(composite(body: "test1", url: "test1"), composite(body: "test1", url: "test2")))
    }

    @Test func compositeParametersWithDifferentBodyParametersDiffer() {
        #expect(!same(composite(body: "test1", url: "test1"), composite(body: "test2", url: "test1")))
    }

    @Test func customEncodablesOfTheSameValueAndEncoderAreEqual() {
        let date = Date()
        #expect(
            alwaysSame(
                {
                    .requestCustomJSONEncodable(
                        GitHubIssue(title: "T", createdAt: date, rating: 0), encoder: JSONEncoder())
                },
                {
                    .requestCustomJSONEncodable(
                        GitHubIssue(title: "T", createdAt: date, rating: 0), encoder: JSONEncoder())
                }))
    }

    @Test func customEncodablesOfDifferentValuesDiffer() {
        let date = Date()
        #expect(
            !same(
                .requestCustomJSONEncodable(
                    GitHubIssue(title: "T", createdAt: date, rating: 0), encoder: JSONEncoder()),
                .requestCustomJSONEncodable(
                    GitHubIssue(title: "Ta", createdAt: date, rating: 0), encoder: JSONEncoder())))
    }

    @Test func customEncodablesWithDifferentEncodersDiffer() {
        let date = Date()
        let snakeCase = JSONEncoder()
        snakeCase.keyEncodingStrategy = .convertToSnakeCase
        #expect(
            !same(
                .requestCustomJSONEncodable(
                    GitHubIssue(title: "T", createdAt: date, rating: 0), encoder: JSONEncoder()),
                .requestCustomJSONEncodable(GitHubIssue(title: "T", createdAt: date, rating: 0), encoder: snakeCase)))
    }
}
