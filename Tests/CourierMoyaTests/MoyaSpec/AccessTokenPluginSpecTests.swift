import CourierMoya
import Testing

// The expectations of Moya 15.0.3's AccessTokenPluginSpec: the plugin's `prepare` adds
// `Authorization: <scheme> <token>` to the requests of targets that ask for a token, and nothing else.

@Suite struct AccessTokenPluginSpecTests {
    struct TokenTarget: TargetType, AccessTokenAuthorizable {
        let baseURL = URL(string: "http://www.api.com/")!
        let path = ""
        let method = Moya.Method.get
        let task = Task.requestPlain
        let sampleData = Data()
        let headers: [String: String]? = nil
        let authorizationType: AuthorizationType?
    }

    let token = "eyeAm.AJsoN.weBTOKen"
    let plugin: AccessTokenPlugin

    init() {
        let token = token
        plugin = AccessTokenPlugin { _ in token }
    }

    private func prepared(for type: AuthorizationType?) -> URLRequest {
        let target = TokenTarget(authorizationType: type)
        return plugin.prepare(URLRequest(url: target.baseURL), target: target)
    }

    @Test func aTargetThatIsNotAuthorizableGetsNoAuthorizationHeader() {
        let target = GitHub.zen
        let request = plugin.prepare(URLRequest(url: target.baseURL), target: target)
        #expect(request.allHTTPHeaderFields == nil)
    }

    @Test func anAuthorizableTargetWithoutAnAuthorizationTypeGetsNoAuthorizationHeader() {
        #expect(prepared(for: nil).allHTTPHeaderFields == nil)
    }

    @Test(arguments: [AuthorizationType.basic, .bearer, .custom("CustomAuthorizationHeader")])
    func anAuthorizableTargetGetsItsSchemeAndTheToken(_ type: AuthorizationType) {
        #expect(prepared(for: type).allHTTPHeaderFields == ["Authorization": "\(type.value) \(token)"])
    }
}
