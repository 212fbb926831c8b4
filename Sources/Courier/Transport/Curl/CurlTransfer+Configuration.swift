import CCurl
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension CurlTransfer {
    /// Sets every option of the easy handle for `request` and `options`: URL, protocols, HTTP version,
    /// proxy, timeouts, TLS trust, method and body, header fields, and the callbacks.
    func configure(request: URLRequest, options: CurlHopOptions) {
        easy.setDefaults()
        easy.set(CCURLOPT_URL, string: url.absoluteString)
        easy.set(CCURLOPT_PROTOCOLS_STR, string: "http,https")
        // HTTP/2 when a TLS server offers it (ALPN); HTTP/1.1 in the clear.
        easy.set(CCURLOPT_HTTP_VERSION, Int(CCURL_HTTP_VERSION_2TLS))
        // Set even when empty: an empty string is no proxy, and libcurl then reads no environment variable.
        easy.set(CCURLOPT_PROXY, string: options.proxy)
        easy.set(CCURLOPT_NOPROXY, string: options.proxyExceptions)
        easy.set(CCURLOPT_ACCEPT_ENCODING, string: "")
        easy.set(CCURLOPT_TCP_KEEPALIVE, 1)
        easy.set(CCURLOPT_CONNECTTIMEOUT_MS, Int(max(1, options.requestTimeout * 1000)))
        if let remaining = options.remainingResourceTime {
            easy.set(CCURLOPT_TIMEOUT_MS, Int(max(1, min(remaining, TransportRequest.longestTimeout) * 1000)))
        }
        configureTrust(options.trust)
        if sinkURL != nil {
            easy.set(CCURLOPT_BUFFERSIZE, 512 << 10)
        }
        if stream != nil {
            // Only the server's own head ends the wait for the head; a proxy's answer to CONNECT is not it.
            easy.set(CCURLOPT_SUPPRESS_CONNECT_HEADERS, 1)
        }
        let readsBody = configureMethodAndBody(method: request.httpMethod ?? "GET", body: options.body)
        var lines: [String] = []
        lines.reserveCapacity(options.headers.count + options.removedHeaders.count)
        for (name, value) in options.headers {
            // `Name;` is how libcurl sends a header with an empty value (`Name:` would remove it).
            lines.append(value.isEmpty ? "\(name);" : "\(name): \(value)")
        }
        for name in options.removedHeaders {
            lines.append("\(name):")
        }
        easy.setHeaders(lines)
        setCallbacks(readsBody: readsBody)
    }

    /// Which TLS servers the transfer trusts.
    private func configureTrust(_ trust: ServerTrustPolicy) {
        if let caFile = trust.certificateAuthorityFile {
            easy.set(CCURLOPT_CAINFO, string: caFile.path)
        }
        if !trust.trustedCertificates.isEmpty, !easy.setCertificateAuthorities(pem: trust.trustedCertificatesPEM) {
            // A libcurl older than 7.77 has no CA blob: trust no authority at all rather than the system's.
            easy.set(CCURLOPT_CAINFO, string: "/dev/null")
        }
        if !trust.validatesCertificateChain {
            easy.set(CCURLOPT_SSL_VERIFYPEER, 0)
        }
        if !trust.validatesHost {
            easy.set(CCURLOPT_SSL_VERIFYHOST, 0)
        }
        if !trust.pinnedPublicKeyHashes.isEmpty {
            let pins = trust.pinnedPublicKeyHashes.map { "sha256//\($0)" }.joined(separator: ";")
            easy.set(CCURLOPT_PINNEDPUBLICKEY, string: pins)
        }
    }

    /// The method, and the body: a small in-memory one copied to libcurl, a larger one or a file read
    /// piece by piece from the read callback. Returns whether the read callback is needed.
    private func configureMethodAndBody(method: String, body: TransportRequest.Body) -> Bool {
        var hasBody = true
        var readsBody = false
        switch body {
        case .data(let data) where method != "HEAD" && data.count <= Self.copiedBodyLimit:
            easy.copyBody(data)
        case .data where method != "HEAD", .file where method != "HEAD":
            easy.set(CCURLOPT_POST, 1)
            easy.set(CCURLOPT_POSTFIELDSIZE_LARGE, offset: bodySize)
            easy.set(CCURLOPT_UPLOAD_BUFFERSIZE, 1 << 20)
            readsBody = true
        default:
            hasBody = false
        }
        switch method {
        case "GET" where !hasBody:
            easy.set(CCURLOPT_HTTPGET, 1)
        case "HEAD":
            easy.set(CCURLOPT_NOBODY, 1)
        case "POST" where !hasBody, "PUT" where !hasBody, "PATCH" where !hasBody:
            // An empty body with `Content-Length: 0`, as servers expect of these methods.
            easy.setEmptyBody()
            if method != "POST" { easy.set(CCURLOPT_CUSTOMREQUEST, string: method) }
        case "POST":
            break
        default:
            easy.set(CCURLOPT_CUSTOMREQUEST, string: method)
        }
        return readsBody
    }
}
