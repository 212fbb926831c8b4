import Courier
import Testing

// This file imports Courier and nothing else (Testing aside): everything below comes from Foundation
// and, on Linux, FoundationNetworking, which `import Courier` re-exports as Moya's users expect.

/// A Moya-style API written in a file that imports only Courier.
private enum Accounts: TargetType {
    case me

    var baseURL: URL { URL(string: "https://accounts.example")! }
    var path: String { "/me" }
    var method: Method { .get }
    var task: HTTPTask { .requestParameters(parameters: ["fields": "name"], encoding: URLEncoding.queryString) }
    var headers: [String: String]? { ["Accept": "application/json"] }
    var sampleData: Data { Data(#"{"name":"Ann"}"#.utf8) }
}

private struct Account: Decodable, Equatable {
    let name: String
}

@Suite struct ImportCourierAloneTests {
    @Test func foundationAndNetworkingTypesNeedNoImportOfTheirOwn() throws {
        let credential = URLCredential(user: "ann", password: "secret", persistence: .none)
        #expect(credential.user == "ann")
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 5
        #expect(configuration.timeoutIntervalForRequest == 5)
        let url = try #require(URL(string: "https://accounts.example/me"))
        let response = try #require(
            HTTPURLResponse(
                url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "application/json"]))
        #expect(response.mimeType == "application/json")
    }

    @Test func aTargetDeclaredWithOnlyCourierImportedIsSent() async throws {
        let provider = Provider<Accounts>(stubClosure: Provider.immediatelyStub)
        let account = try await provider.request(.me, as: Account.self)
        #expect(account == Account(name: "Ann"))
        let request = try provider.endpoint(.me).urlRequest()
        #expect(request.url?.absoluteString == "https://accounts.example/me?fields=name")
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
        let decoded = try JSONDecoder().decode(Account.self, from: Accounts.me.sampleData)
        #expect(decoded.name == "Ann")
    }
}
