import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A base URL Courier cannot send (no host, or not http/https) is refused before anything is sent or
/// stubbed, with a sentence saying why, instead of reaching the wrong host or hanging.
@Suite struct URLValidationTests {
    private static func error(
        baseURL: String, path: String = "/get", stub: StubBehavior
    ) async throws -> CourierError? {
        let target = TestTarget(baseURL: try #require(URL(string: baseURL)), path: path)
        let provider = Provider<TestTarget>(stubClosure: { _ in stub })
        let outcome = await result { () async throws(CourierError) in try await provider.request(target) }
        guard case .failure(let error) = outcome else { return nil }
        return error
    }

    @Test(arguments: [StubBehavior.never, .immediate])
    func aBaseURLWithoutAHostIsRefused(_ stub: StubBehavior) async throws {
        for (base, written) in [("http://", "http:///get"), ("http:/127.0.0.1", "http:/127.0.0.1/get")] {
            let error = try #require(try await Self.error(baseURL: base, stub: stub))
            guard case .requestMapping(let message) = error else {
                Issue.record("expected requestMapping, got \(error)")
                continue
            }
            #expect(
                message
                    == "The URL \"\(written)\" cannot be requested: it has no host; a base URL needs one, as in "
                    + "\"https://api.example.com\".")
            #expect(error.errorDescription == message)
        }
    }

    @Test(arguments: [StubBehavior.never, .immediate])
    func aSchemeOtherThanHTTPIsRefusedAtOnce(_ stub: StubBehavior) async throws {
        let port = try #require(try TestServer.baseURL().port)
        var error: CourierError?
        let elapsed = try await seconds {
            error = try await Self.error(baseURL: "ftp://127.0.0.1:\(port)", path: "/file?token=abc", stub: stub)
        }
        #expect(elapsed < 10, "refused before anything is sent, not after a timeout")
        guard case .requestMapping(let message)? = error else {
            Issue.record("expected requestMapping, got \(String(describing: error))")
            return
        }
        #expect(
            message
                == "The URL \"ftp://127.0.0.1:\(port)/file?token=<redacted>\" cannot be requested: its scheme is "
                + "\"ftp\", and Courier sends only http and https.")
    }

    @Test func anHTTPSURLWithAHostIsAccepted() async throws {
        let target = TestTarget(baseURL: try #require(URL(string: "HTTPS://api.example.com")), path: "/get")
        let provider = Provider<TestTarget>(stubClosure: Provider.immediatelyStub)
        #expect(try await provider.request(target).statusCode == 200)
    }
}
