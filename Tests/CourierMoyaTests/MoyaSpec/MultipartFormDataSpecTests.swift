import CourierMoya
import Testing

// The expectations of Moya 15.0.3's MultipartFormDataSpec.

@Suite struct MultipartFormDataSpecTests {
    @Test func aPartKeepsWhatItWasMadeWith() {
        let fileURL = URL(fileURLWithPath: "/tmp.txt")
        let part = MultipartFormData(
            provider: .file(fileURL), name: "MyName", fileName: "tmp.txt", mimeType: "text/plain")

        #expect(part.name == "MyName")
        #expect(part.fileName == "tmp.txt")
        #expect(part.mimeType == "text/plain")
        guard case .file(let url) = part.provider else {
            Issue.record("expected a file provider, got \(part.provider)")
            return
        }
        #expect(url == fileURL)
    }
}
