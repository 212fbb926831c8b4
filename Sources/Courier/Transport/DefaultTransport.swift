import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The transport a ``Provider`` made without one uses: one per process, made at first use.
///
/// On Linux a ``CurlTransport`` with the `.default` configuration; on Apple platforms a
/// ``URLSessionTransport``. When libcurl cannot be loaded on Linux, a ``URLSessionTransport`` stands in,
/// and Courier says so once on standard error, with the reason and how to choose a transport;
/// ``fallbackReason`` keeps the reason, and ``shared`` can be asked what it is:
///
/// ```swift
/// if let reason = DefaultTransport.fallbackReason {
///     print("requests go through URLSession: \(reason)")
/// }
/// let onCurl = DefaultTransport.shared is CurlTransport
/// ```
public enum DefaultTransport {
    /// The shared default transport.
    public static var shared: any Transport { choice.transport }

    /// Why the default transport is not the platform's first choice (on Linux: why libcurl could not
    /// be loaded), or `nil` when it is.
    public static var fallbackReason: String? { choice.fallbackReason }

    private static let choice: Choice = {
        #if os(Linux)
            return choose(curl: { try CurlTransport() }, warn: warnOnce)
        #else
            return Choice(transport: URLSessionTransport(), fallbackReason: nil)
        #endif
    }()

    /// The transport chosen, and why it is not the first choice.
    struct Choice: Sendable {
        let transport: any Transport
        let fallbackReason: String?
    }

    /// A ``CurlTransport`` from `curl`, or, when it throws, a ``URLSessionTransport`` and a warning
    /// through `warn` naming the reason and how to choose a transport.
    static func choose(curl: () throws -> CurlTransport, warn: (String) -> Void) -> Choice {
        do {
            return Choice(transport: try curl(), fallbackReason: nil)
        } catch {
            let reason = (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
            warn(
                "Courier: the default transport is URLSessionTransport, because CurlTransport is not available "
                    + "(\(reason)). URLSessionTransport works, more slowly on Linux; to choose one yourself, pass "
                    + "`transport:` to Provider, such as `Provider(transport: URLSessionTransport())`.")
            return Choice(transport: URLSessionTransport(), fallbackReason: reason)
        }
    }

    /// Writes `message` to standard error; called once, when the default transport is made.
    private static func warnOnce(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
