import Courier
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `FixtureTransport` answers from files by method and path, with no network.
@Suite struct FixtureTransportTests {
    private func fixtures() throws -> URL {
        let directory = try TestFiles.path("fixtures")
        for (path, body) in [
            ("GET/users/ann.json", #"{"name":"ann"}"#), ("POST/orders.json", #"{"id":1}"#), ("GET/index.json", "root"),
            ("GET/data/file.json", "as is"),
        ] {
            let file = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(body.utf8).write(to: file)
        }
        return directory
    }

    @Test func requestsAreAnsweredByMethodAndPath() async throws {
        let directory = try fixtures()
        defer { try? FileManager.default.removeItem(at: directory) }
        let provider = Provider<TestTarget>(transport: FixtureTransport(directory: directory))
        let base = try #require(URL(string: "https://api.example.com"))
        let cases: [(String, Method, String)] = [
            ("/users/ann?fields=all", .get, #"{"name":"ann"}"#), ("/orders", .post, #"{"id":1}"#), ("/", .get, "root"),
            ("/data/file.json", .get, "as is"),
        ]
        for (path, method, body) in cases {
            let response = try await provider.request(TestTarget(baseURL: base, path: path, method: method))
            #expect(try response.mapString() == body)
            #expect(response.statusCode == 200)
        }
    }

    @Test func aMissingFixtureIsAnErrorNamingTheFile() async throws {
        let directory = try fixtures()
        defer { try? FileManager.default.removeItem(at: directory) }
        let provider = Provider<TestTarget>(transport: FixtureTransport(directory: directory))
        let target = TestTarget(baseURL: try #require(URL(string: "https://api.example.com")), path: "/users/bob")
        let error = await #expect(throws: CourierError.self) { try await provider.request(target) }
        guard case .underlying(let underlying, nil) = error, let fixtureError = underlying as? FixtureError else {
            Issue.record("expected a FixtureError, got \(String(describing: error))")
            return
        }
        let expected = directory.appendingPathComponent("GET/users/bob.json").path
        #expect(fixtureError == .missingFixture(method: "GET", path: "/users/bob", expectedFile: expected))
        #expect(error?.errorDescription?.contains("GET/users/bob.json") == true)
    }
}
