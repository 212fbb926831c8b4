import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The header fields a ``CurlTransport`` request goes with, and the cookies its answers set.
extension CurlTransport {
    /// The header fields to send for `request`: the configuration's additional headers under the
    /// request's own, and the cookies of the storage for `url` unless the request sets `Cookie`; and the
    /// headers libcurl would add on its own that are to be left out.
    func headers(for request: URLRequest, url: URL, hasBody: Bool) -> (
        fields: [(name: String, value: String)], removed: [String]
    ) {
        let own = request.allHTTPHeaderFields ?? [:]
        var fields: [(name: String, value: String)] = []
        fields.reserveCapacity(own.count + settings.additionalHeaders.count + 2)
        var names = Set<String>()
        for (name, value) in own {
            fields.append((name, value))
            names.insert(name.lowercased())
        }
        for (name, value) in settings.additionalHeaders where !names.contains(name.lowercased()) {
            fields.append((name, value))
            names.insert(name.lowercased())
        }
        if settings.sendsCookies, !names.contains("cookie"), request.httpShouldHandleCookies,
            let storage = settings.cookieStorage, let cookies = storage.cookies(for: url), !cookies.isEmpty
        {
            for (name, value) in HTTPCookie.requestHeaderFields(with: cookies) {
                fields.append((name, value))
            }
        }
        for field in DefaultHeaders.fields where !names.contains(field.lowercased) {
            fields.append((field.name, field.value))
        }
        var removed: [String] = []
        // libcurl adds both only to a request with a body, or a POST (which it sends with an empty one):
        // a GET or HEAD without a body needs no line to leave them out.
        let method = request.httpMethod ?? "GET"
        if hasBody || (method != "GET" && method != "HEAD") {
            // No `Expect: 100-continue` wait before large bodies: servers behind APIs answer without it.
            if !names.contains("expect") { removed.append("Expect") }
            // libcurl labels every POST body a form; a body whose type the request does not give goes
            // without one.
            if !names.contains("content-type") { removed.append("Content-Type") }
        }
        return (fields, removed)
    }

    /// Puts the cookies of `lines` into the storage, as URLSession does with `Set-Cookie`.
    func storeCookies(_ lines: [String], from url: URL, for request: URLRequest) {
        guard !lines.isEmpty, settings.storesCookies, request.httpShouldHandleCookies,
            let storage = settings.cookieStorage
        else { return }
        var cookies: [HTTPCookie] = []
        for line in lines {
            cookies += HTTPCookie.cookies(withResponseHeaderFields: ["Set-Cookie": line], for: url)
        }
        storage.setCookies(cookies, for: url, mainDocumentURL: nil)
    }
}
