import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The ``RequestType`` that a ``Provider`` hands to plugins for each attempt.
struct SentRequest: RequestType {
    let request: URLRequest?

    /// A `curl` command for the request, with the secrets of ``Redaction/default`` hidden.
    func cURLDescription() -> String {
        guard let request else { return "$ curl command could not be created: there is no request" }
        return CURLCommand(request: request, redaction: .default).text
    }
}
