import Courier
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A multipart body of another media type than a form's (`multipart/related`, `multipart/mixed`) is sent
/// as that type with Courier's boundary, its parts written as a form's; a media type that would break the
/// header is refused before anything is sent.
@Suite struct MultipartMediaTypeTests {
    private static let parts = [
        MultipartFormBodyPart(
            provider: .data(Data(#"{"supi":"imsi-1"}"#.utf8)), name: "json", mimeType: "application/json"),
        MultipartFormBodyPart(
            provider: .data(Data([0x7E])), name: "n1", mimeType: "application/vnd.3gpp.5gnas",
            headers: ["Content-Id": "n1"]),
    ]

    @Test(arguments: [
        ("multipart/related", #"multipart/related; type="application/json"; boundary=B"#),
        (#"multipart/related; type="application/dicom""#, #"multipart/related; type="application/dicom"; boundary=B"#),
        ("multipart/mixed", "multipart/mixed; boundary=B"),
        (" Multipart/Related ", #"Multipart/Related; type="application/json"; boundary=B"#),
    ])
    func aMultipartBodyIsSentAsItsMediaType(mediaType: String, contentType: String) async throws {
        let form = MultipartFormData(mediaType: mediaType, boundary: "B", parts: Self.parts)
        #expect(form.contentType == contentType)
        let target = try TestTarget.loopback("/echo", method: .post, task: .uploadMultipart(form))
        let echo = try await Provider<TestTarget>().request(target).map(Echo.self)
        #expect(echo.headers["content-type"] == contentType)
        #expect(
            echo.body
                == "--B\r\nContent-Disposition: form-data; name=\"json\"\r\nContent-Type: application/json\r\n\r\n"
                + "{\"supi\":\"imsi-1\"}\r\n--B\r\nContent-Disposition: form-data; name=\"n1\"\r\n"
                + "Content-Type: application/vnd.3gpp.5gnas\r\nContent-Id: n1\r\n\r\n~\r\n--B--\r\n")
    }

    @Test func aRelatedBodyWhoseFirstPartHasNoTypeNamesNone() {
        let form = MultipartFormData(
            mediaType: "multipart/related", boundary: "B",
            parts: [MultipartFormBodyPart(provider: .data(Data("x".utf8)), name: "text")])
        #expect(form.contentType == "multipart/related; boundary=B")
        #expect(MultipartFormData(boundary: "B", parts: Self.parts).mediaType == "multipart/form-data")
    }

    @Test(arguments: [
        ("application/json", "it is no multipart media type"), ("multipart/", "it is no multipart media type"),
        ("multipart/re lated", "it is no multipart media type"),
        ("multipart/related; boundary=x", "it has a boundary of its own"),
        ("multipart/related\r\nX-Injected: 1", #"it contains "\r""#),
    ])
    func aMediaTypeThatWouldBreakTheHeaderIsNeverSent(mediaType: String, problem: String) async throws {
        let transport = ScriptedTransport()
        let provider = Provider<TestTarget>(transport: transport)
        let form = MultipartFormData(mediaType: mediaType, parts: Self.parts)
        let target = try TestTarget.loopback("/echo", method: .post, task: .uploadMultipart(form))
        let outcome = await result { () async throws(CourierError) in try await provider.request(target) }
        guard case .failure(.requestMapping(let message)) = outcome else {
            Issue.record("expected requestMapping, got \(outcome)")
            return
        }
        #expect(
            message.hasPrefix("The multipart media type \(String(reflecting: mediaType)) cannot be used: \(problem);"))
        #expect(transport.requests.isEmpty)
    }
}
