import Courier
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A boundary given by the caller follows RFC 2046 or the request is refused before anything is sent;
/// one the RFC allows is sent, quoted in the header when it must be.
@Suite struct MultipartBoundaryTests {
    private static func form(boundary: String) -> MultipartFormData {
        MultipartFormData(
            boundary: boundary, parts: [MultipartFormBodyPart(provider: .data(Data("ann".utf8)), name: "user")])
    }

    @Test(arguments: [
        ("abc\r\nX-Injected: 1", #"it contains "\r""#), ("", "it is empty"),
        (String(repeating: "a", count: 71), "it is 71 characters long"), ("ends-in-space ", "it ends in a space"),
        (#"quote"d"#, #"it contains "\"""#), ("naïve", #"it contains "ï""#),
    ])
    func aBoundaryRFC2046RefusesIsNeverSent(boundary: String, problem: String) async throws {
        let transport = ScriptedTransport()
        let provider = Provider<TestTarget>(transport: transport)
        let target = try TestTarget.loopback(
            "/echo", method: .post, task: .uploadMultipart(Self.form(boundary: boundary)))
        let outcome = await result { () async throws(CourierError) in try await provider.request(target) }
        guard case .failure(.requestMapping(let message)) = outcome else {
            Issue.record("expected requestMapping, got \(outcome)")
            return
        }
        #expect(message.hasPrefix("The multipart boundary \(String(reflecting: boundary)) cannot be used: \(problem);"))
        #expect(outcome.failureDescription == message)
        #expect(transport.requests.isEmpty)
    }

    @Test(arguments: [
        ("simple-boundary_1.0", "multipart/form-data; boundary=simple-boundary_1.0"),
        ("with space:and=more?", #"multipart/form-data; boundary="with space:and=more?""#),
        (String(repeating: "b", count: 70), "multipart/form-data; boundary=" + String(repeating: "b", count: 70)),
    ])
    func aBoundaryRFC2046AllowsIsSentQuotedWhereNeeded(boundary: String, contentType: String) async throws {
        let target = try TestTarget.loopback(
            "/echo", method: .post, task: .uploadMultipart(Self.form(boundary: boundary)))
        let echo = try await Provider<TestTarget>().request(target).map(Echo.self)
        #expect(echo.headers["content-type"] == contentType)
        #expect(echo.body.hasPrefix("--\(boundary)\r\n"))
        #expect(echo.body.hasSuffix("--\(boundary)--\r\n"))
    }
}

extension Result where Failure == CourierError {
    /// The description of the failure, or `nil` on success.
    fileprivate var failureDescription: String? {
        guard case .failure(let error) = self else { return nil }
        return error.errorDescription
    }
}
