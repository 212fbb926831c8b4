import Courier
import Foundation
import Testing

private struct Settings: Decodable, Equatable {
    var theme: String?
}

private struct User: Decodable, Equatable {
    var id: Int
}

private enum EmptyAPI: TargetType {
    case noContent

    var baseURL: URL { loopbackBaseURL }
    var path: String { "/respond" }
    var method: Method { .delete }
    var task: HTTPTask { .requestParameters(parameters: ["status": 202], encoding: URLEncoding.queryString) }
    var headers: [String: String]? { nil }
}

/// `map(_:atKeyPath:using:failsOnEmptyData: false)` on an empty body, as Moya 15 maps it: from `{}`,
/// else from `[{}]`, else the decoding error.
@Suite struct EmptyBodyMappingTests {
    private func emptyResponse() async throws -> Response {
        let response = try await Provider<EmptyAPI>().request(.noContent)
        #expect(response.statusCode == 202)
        #expect(response.data.isEmpty)
        return response
    }

    @Test func objectTypeIsMadeFromAnEmptyObject() async throws {
        let response = try await emptyResponse()
        #expect(try response.map(Settings.self, failsOnEmptyData: false) == Settings(theme: nil))
        #expect(try response.map(Settings.self, atKeyPath: "data.settings", failsOnEmptyData: false) == Settings())
    }

    @Test func arrayTypeIsMadeFromAnArrayOfOneEmptyObject() async throws {
        let response = try await emptyResponse()
        #expect(try response.map([Settings].self, failsOnEmptyData: false) == [Settings(theme: nil)])
    }

    @Test(arguments: [false, true])
    func typeThatFitsNeitherFailsWithObjectMapping(atKeyPath: Bool) async throws {
        let response = try await emptyResponse()
        let error = #expect(throws: CourierError.self) {
            try response.map([User].self, atKeyPath: atKeyPath ? "users" : nil, failsOnEmptyData: false)
        }
        guard case .objectMapping(_, let failed)? = error else {
            Issue.record("expected objectMapping, got \(String(describing: error))")
            return
        }
        #expect(failed == response)
    }

    @Test func emptyBodyStillFailsWithJSONMappingByDefault() async throws {
        let response = try await emptyResponse()
        let error = #expect(throws: CourierError.self) { try response.map(Settings.self) }
        guard case .jsonMapping? = error else {
            Issue.record("expected jsonMapping, got \(String(describing: error))")
            return
        }
    }
}
