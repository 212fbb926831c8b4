import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The transport a ``Provider`` made without one uses: one per process, made at first use.
///
/// On Linux a ``CurlTransport`` with the `.default` configuration, or, when libcurl cannot be loaded, a
/// ``URLSessionTransport``; on Apple platforms a ``URLSessionTransport``.
public enum DefaultTransport {
    /// The shared default transport.
    public static var shared: any Transport { instance }

    private static let instance: any Transport = {
        #if os(Linux)
            if let curl = try? CurlTransport() { return curl }
        #endif
        return URLSessionTransport()
    }()
}
