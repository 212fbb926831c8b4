import Courier
import Foundation

/// The loopback server's base URL, for targets declared as Moya apps declare them: an enum whose
/// `baseURL` is a computed property.
var loopbackBaseURL: URL {
    (try? TestServer.baseURL()) ?? URL(fileURLWithPath: "/no-loopback-server")
}

/// The boundary of a `multipart/form-data; boundary=…` content type.
func boundary(ofContentType contentType: String?) -> String? {
    guard let contentType, let range = contentType.range(of: "boundary=") else { return nil }
    return String(contentType[range.upperBound...])
}
