import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Real failures against the loopback server describe themselves in one sentence a user can act on,
/// on both transports, and no description of them shows a secret of the URL.
@Suite struct CourierErrorTextTests {
    private static let secret = "s3cret-Value"
    /// A query that carries a secret, as a URL written by hand might.
    private static let secretQuery = ["access_token": secret, "user": "ann"]

    /// Every description a user or a logger may print.
    private static func everyDescription(of error: CourierError) -> [String] {
        [
            error.localizedDescription, error.errorDescription ?? "", error.failureReason ?? "", error.description,
            error.debugDescription, String(describing: error), String(reflecting: error), "\(error)",
            (error as NSError).localizedDescription,
        ]
    }

    /// Checks that no description of `error` shows the secret, and returns its `errorDescription`.
    private static func checkedDescription(
        of error: CourierError, sourceLocation: SourceLocation = #_sourceLocation
    ) -> String {
        for text in everyDescription(of: error) {
            #expect(!text.contains(secret), "\(text)", sourceLocation: sourceLocation)
        }
        #expect(error.description == error.errorDescription, sourceLocation: sourceLocation)
        #expect(error.localizedDescription == error.errorDescription, sourceLocation: sourceLocation)
        return error.errorDescription ?? ""
    }

    private static func failure(
        _ target: TestTarget, transport: any Transport
    ) async -> CourierError? {
        let provider = Provider<TestTarget>(transport: transport)
        let outcome = await result { () async throws(CourierError) in try await provider.request(target) }
        guard case .failure(let error) = outcome else { return nil }
        return error
    }

    private func secretTarget(_ path: String, baseURL: URL? = nil) throws -> TestTarget {
        TestTarget(
            baseURL: try baseURL ?? TestServer.baseURL(), path: path,
            task: .requestParameters(parameters: Self.secretQuery, encoding: URLEncoding.queryString))
    }

    @Test(arguments: TransportKind.allCases)
    func aTimeoutSaysWhichRequestAndAfterHowLong(_ kind: TransportKind) async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 0.5
        // The server answers 40 times later than the timeout: FoundationNetworking's timer runs on a queue
        // the whole process shares, and on a busy machine it fired once after a 3 s answer had come.
        let target = try secretTarget("/echo?delay=20000")
        let error = try #require(await Self.failure(target, transport: try kind.make(configuration: configuration)))
        let base = try TestServer.baseURL().absoluteString
        #expect(
            Self.checkedDescription(of: error)
                == "GET \(base)/echo?delay=20000&access_token=<redacted>&user=ann timed out after 0.5 s.")
        #expect((error.underlyingError as? URLError)?.code == .timedOut, "the URLError keeps its code")
    }

    @Test(arguments: TransportKind.allCases)
    func aRefusedConnectionNamesHostAndPort(_ kind: TransportKind) async throws {
        let url = try refusedURL()
        let error = try #require(
            await Self.failure(try secretTarget("/orders", baseURL: url), transport: try kind.make()))
        let port = try #require(url.port)
        #expect(
            Self.checkedDescription(of: error)
                == "Could not connect to 127.0.0.1:\(port) for GET \(url.absoluteString)/orders?"
                + "access_token=<redacted>&user=ann: is a server listening there?")
    }

    @Test(arguments: TransportKind.allCases)
    func aRejectedStatusNamesStatusMethodAndURL(_ kind: TransportKind) async throws {
        var target = try secretTarget("/missing")
        target.validationType = .successCodes
        let error = try #require(await Self.failure(target, transport: try kind.make()))
        let base = try TestServer.baseURL().absoluteString
        #expect(
            Self.checkedDescription(of: error)
                == "The server answered 404 (not found) for GET \(base)/missing?access_token=<redacted>&user=ann, "
                + "a status code the validation of the request does not accept.")
    }

    private struct User: Decodable {
        struct Profile: Decodable { let age: Int }
        let profile: Profile
    }

    @Test func badJSONAndAWrongTypeSayWhatAndWhere() async throws {
        let provider = Provider<TestTarget>()
        let base = try TestServer.baseURL().absoluteString
        let notJSON = try await provider.request(
            TestTarget.loopback(
                "/respond",
                task: .requestParameters(
                    parameters: ["body": "not json", "token": Self.secret], encoding: URLEncoding.queryString)))
        let url = "\(base)/respond?body=not%20json&token=<redacted>"
        let jsonError = try #require(throws: CourierError.self) { try notJSON.mapJSON() }
        #expect(
            Self.checkedDescription(of: jsonError)
                == "The response to GET \(url) (status 200, 8 bytes) is not valid JSON.")
        let decodeError = try #require(throws: CourierError.self) { try notJSON.map(User.self) }
        #expect(
            Self.checkedDescription(of: decodeError).hasPrefix(
                "Could not decode the response to GET \(url) (status 200, 8 bytes): the data at the top level is "
                    + "not valid:"))

        let wrongType = try await provider.request(
            TestTarget.loopback(
                "/respond",
                task: .requestParameters(
                    parameters: ["body": #"{"profile":{"age":"ten"}}"#], encoding: URLEncoding.queryString)))
        let typeError = try #require(throws: CourierError.self) { try wrongType.map(User.self) }
        let text = Self.checkedDescription(of: typeError)
        #expect(text.hasPrefix(#"Could not decode Int at key path "profile.age" of the response to GET \#(base)"#))
        #expect(text.contains("(status 200, 25 bytes): "))
        let missingKey = try #require(throws: CourierError.self) { try wrongType.map(User.Profile.self) }
        #expect(Self.checkedDescription(of: missingKey).hasSuffix(#"the key "age" is missing at the top level."#))
    }

    @Test func aURLThatCannotBeBuiltIsQuotedRedacted() throws {
        let endpoint = Endpoint(
            url: "http://[::1/login?password=\(Self.secret)", sampleResponseClosure: { .networkResponse(200, Data()) },
            method: .get, task: .requestPlain, httpHeaderFields: nil)
        let error = try #require(throws: CourierError.self) { try endpoint.urlRequest() }
        #expect(
            Self.checkedDescription(of: error)
                == #"A request could not be made for the URL "http://[::1/login?password=<redacted>"."#)
    }

    @Test func aWrappedErrorMessageAndAURLPasswordAreRedacted() {
        let url = URL(string: "https://ann:\(Self.secret)@api.example.com/v1?api_key=\(Self.secret)")
        let underlying = URLError(
            .notConnectedToInternet,
            userInfo: [
                NSLocalizedDescriptionKey: "offline while sending token=\(Self.secret)",
                NSURLErrorFailingURLErrorKey: url as Any,
            ])
        let error = CourierError.underlying(underlying, nil)
        let text = Self.checkedDescription(of: error)
        #expect(text.contains("not connected to the internet"))
        #expect(error.failureReason?.contains("token=<redacted>") == true)
        #expect(
            error.debugDescription.hasPrefix("CourierError.underlying(Foundation.URLError NSURLErrorDomain -1009): "))
    }
}
