import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The next hop of a redirected request, under ``TransportPolicy``'s rules; both transports follow
/// redirects through it.
struct Redirect {
    /// The request to send next.
    var request: URLRequest
    /// Whether the body goes along (307 and 308, or a method that keeps its body); when `false` the
    /// request is a `GET` without one.
    var keepsBody: Bool

    /// The statuses that redirect.
    static let statuses: Set<Int> = [301, 302, 303, 307, 308]

    /// The hop that follows a `status` response with `location` to `request`, or `nil` when the
    /// response is not a redirect to follow: not a redirect status, no `Location`, or one that is not a
    /// URL with a host. The caller counts hops against the limit.
    ///
    /// - Throws: `URLError(.unsupportedURL)` naming the scheme when `location` points anywhere but
    ///   `http` or `https` (`file:`, `ftp:`, `data:`, `javascript:`…): the request fails, as in curl, Go
    ///   and browsers, rather than handing back a 3xx that code without validation would take for success.
    static func next(after status: Int, location: String?, from request: URLRequest) throws -> Redirect? {
        guard statuses.contains(status), let location, let from = request.url,
            let target = URL(string: location.trimmingCharacters(in: .whitespaces), relativeTo: from)?.absoluteURL,
            let scheme = target.scheme?.lowercased()
        else { return nil }
        guard scheme == "http" || scheme == "https" else {
            throw URLError(
                .unsupportedURL,
                userInfo: [
                    NSLocalizedDescriptionKey:
                        "The server redirected to a \(scheme): URL, which was refused: redirects are followed to http and https only.",
                    NSURLErrorFailingURLErrorKey: from,
                    TransportFailure.refusedSchemeKey: scheme,
                ])
        }
        guard let host = target.host, !host.isEmpty else { return nil }

        let method = request.httpMethod ?? "GET"
        let becomesGet =
            (status == 303 && method != "HEAD" && method != "GET")
            || ((status == 301 || status == 302) && method == "POST")
        var next = request
        next.url = target
        if becomesGet {
            next.httpMethod = "GET"
            next.httpBody = nil
            for field in ["Content-Type", "Content-Length", "Transfer-Encoding"] {
                next.setValue(nil, forHTTPHeaderField: field)
            }
        }
        if !sameOrigin(from, target) {
            for field in ["Authorization", "Proxy-Authorization", "Cookie"] {
                next.setValue(nil, forHTTPHeaderField: field)
            }
        }
        return Redirect(request: next, keepsBody: !becomesGet)
    }

    /// Whether two URLs share scheme, host and port (an absent port being the scheme's default).
    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && port(of: a) == port(of: b)
    }

    private static func port(of url: URL) -> Int? {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil)
    }
}
