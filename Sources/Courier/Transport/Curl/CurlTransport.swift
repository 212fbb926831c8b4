import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The ``Transport`` that sends requests with libcurl's multi interface: Courier's default on Linux.
///
/// libcurl is loaded at run time from the `libcurl.so.4` that FoundationNetworking itself links, so
/// Courier keeps zero package dependencies and needs no `-dev` package. One thread per transport drives
/// every transfer (poll and wake-up); easy handles, connections and TLS sessions are reused.
///
/// ```swift
/// let transport = try CurlTransport()
/// let provider = Provider<GitHub>(transport: transport)
/// ```
///
/// Settings come from a `URLSessionConfiguration`, read once when the transport is made:
/// `timeoutIntervalForRequest` (each wait for data; the connection; the response head once the body is
/// sent, however slowly a server drips it), `timeoutIntervalForResource` (the whole transfer, redirects
/// included), `httpAdditionalHeaders`, `httpCookieStorage`, `httpShouldSetCookies`,
/// `httpCookieAcceptPolicy` (`.never` stores none) and `httpMaximumConnectionsPerHost`. A request's own
/// `timeoutInterval`, when not the default 60 s, wins over the configuration's. There is no HTTP cache.
///
/// Proxies are settled when the transport is made, and each transfer is given its proxy explicitly
/// (libcurl never reads the environment during a transfer). When `connectionProxyDictionary` has
/// entries, they alone count: `HTTPEnable`, `HTTPProxy`, `HTTPPort` for `http` URLs, `HTTPSEnable`,
/// `HTTPSProxy`, `HTTPSPort` for `https` URLs (the values of Apple's `kCFNetworkProxies…` keys) and
/// `ExceptionsList`. Otherwise the environment counts, read once with libcurl's rules: `http_proxy`
/// (lowercase only; `HTTP_PROXY` is ignored), `https_proxy` or `HTTPS_PROXY`, `all_proxy` or
/// `ALL_PROXY` for a scheme with none, and `no_proxy` or `NO_PROXY` for hosts that bypass them.
/// `https` requests go through a proxy with `CONNECT`, so it sees neither their headers nor their
/// bodies. HTTP/2 is negotiated with `https` servers that offer it; `http` requests use HTTP/1.1.
///
/// Redirects and size limits follow ``TransportPolicy``; TLS servers are checked against the system's CA
/// store (or ``ServerTrustPolicy``). Failures are the `URLError` codes URLSession reports for the same
/// failures (`.timedOut`, `.cannotConnectToHost`, `.networkConnectionLost`, `.cancelled`,
/// `.serverCertificateUntrusted`, …). Every response carries its ``TransferMetrics``.
public final class CurlTransport: Transport {
    /// The rules for redirects and response sizes.
    public let policy: TransportPolicy

    /// Which TLS servers are trusted.
    public let trust: ServerTrustPolicy
    /// libcurl's version, such as `libcurl/7.88.1 OpenSSL/3.0.17 zlib/1.2.13 brotli/1.0.9 nghttp2/1.52.0`.
    public let libraryVersion: String

    private let engine: CurlEngine
    private let settings: Settings

    /// What the transport keeps of its `URLSessionConfiguration` (which is not `Sendable`).
    private struct Settings: @unchecked Sendable {
        var requestTimeout: TimeInterval
        var resourceTimeout: TimeInterval?
        var additionalHeaders: [(name: String, value: String)]
        /// Thread-safe by contract, though not marked `Sendable`.
        var cookieStorage: HTTPCookieStorage?
        var sendsCookies: Bool
        var storesCookies: Bool
        var proxy: CurlProxy
    }

    /// Creates a transport with its own thread.
    ///
    /// - Parameters:
    ///   - configuration: Timeouts, additional headers, cookies, connections per host and proxies, as a
    ///     URLSession user sets them (without proxies, those of the environment). Default: `.default`.
    ///   - policy: Redirects and size limits. Default: ``TransportPolicy/init(maximumRedirects:maximumResponseBodySize:maximumDownloadSize:temporaryDirectory:)``.
    ///   - trust: Which TLS servers to trust. Default: ``ServerTrustPolicy/system``.
    /// - Throws: ``CurlUnavailableError`` when libcurl cannot be loaded.
    public convenience init(
        configuration: URLSessionConfiguration = .default, policy: TransportPolicy = TransportPolicy(),
        trust: ServerTrustPolicy = .system
    ) throws {
        try self.init(
            configuration: configuration, policy: policy, trust: trust,
            environment: ProcessInfo.processInfo.environment)
    }

    /// Creates a transport whose proxies, when `configuration` names none, come from `environment`
    /// instead of the process's (for tests, which must not change the process's environment).
    init(
        configuration: URLSessionConfiguration, policy: TransportPolicy, trust: ServerTrustPolicy,
        environment: [String: String]
    ) throws {
        libraryVersion = try CurlLibrary.loaded.get()
        self.policy = policy
        self.trust = trust
        var headers: [(name: String, value: String)] = []
        for (key, value) in configuration.httpAdditionalHeaders ?? [:] {
            guard let name = key as? String else { continue }
            headers.append((name, String(describing: value)))
        }
        let resource = configuration.timeoutIntervalForResource
        settings = Settings(
            requestTimeout: configuration.timeoutIntervalForRequest,
            resourceTimeout: resource > 0 && resource < 365 * 86_400 ? resource : nil,
            additionalHeaders: headers, cookieStorage: configuration.httpCookieStorage,
            sendsCookies: configuration.httpShouldSetCookies,
            storesCookies: configuration.httpCookieAcceptPolicy != .never,
            proxy: CurlProxy(dictionary: configuration.connectionProxyDictionary, environment: environment))
        engine = try CurlEngine(maximumConnectionsPerHost: configuration.httpMaximumConnectionsPerHost)
    }

    deinit {
        engine.stop()
    }

    /// Transfers under way: 0 once every request has ended (for tests that check nothing leaked).
    var activeTransferCount: Int { engine.activeTransferCount }

    /// Sends `request` and returns its response; see ``Transport/send(_:)``.
    ///
    /// Redirects are followed here, one hop at a time, under ``policy``; cancelling the awaiting task
    /// stops the transfer at once with `URLError(.cancelled)`.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        try await send(request, streaming: false).response
    }

    /// Sends `request` and returns once the head of the response has arrived; see
    /// ``Transport/stream(_:)``.
    ///
    /// The body fills a buffer of about 1 MiB as it arrives; while the buffer is full the transfer is
    /// paused (libcurl stops reading the socket, and the server's sending stalls), and it goes on once
    /// the reader has drained it. The body counts against ``TransportPolicy/maximumDownloadSize``, not
    /// the in-memory limit. Redirects are followed as for ``send(_:)``; the request timeout bounds each
    /// wait for data while the reader keeps up.
    public func stream(_ request: TransportRequest) async throws -> TransportStream {
        let (head, body) = try await send(request, streaming: true)
        return TransportStream(
            statusCode: head.statusCode, source: head.source, buffer: body ?? StreamBuffer(chunks: []))
    }

    /// What ``send(_:)`` and ``stream(_:)`` share: the response, and the buffer its body fills when
    /// `streaming`.
    private func send(_ request: TransportRequest, streaming: Bool) async throws -> (
        response: TransportResponse, body: StreamBuffer?
    ) {
        let start = DispatchTime.now().uptimeNanoseconds
        let requestTimeout = request.requestTimeout(configured: settings.requestTimeout)
        do {
            return try await send(request, requestTimeout: requestTimeout, start: start, streaming: streaming)
        } catch {
            throw TransportFailure.annotated(
                error, request: request.urlRequest, requestTimeout: requestTimeout,
                resourceTimeout: settings.resourceTimeout,
                elapsed: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
    }

    /// Sends `request`, following redirects; what ``send(_:)`` does, with its errors as they arise.
    private func send(
        _ request: TransportRequest, requestTimeout: TimeInterval, start: UInt64, streaming: Bool
    ) async throws -> (response: TransportResponse, body: StreamBuffer?) {
        var current = request.urlRequest
        var body = request.body
        var redirects = 0
        var sent: Int64 = 0
        var received: Int64 = 0
        while true {
            if Task.isCancelled { throw URLError(.cancelled) }
            guard let url = current.url else { throw URLError(.badURL) }
            guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
                throw URLError(.unsupportedURL, userInfo: [NSURLErrorFailingURLErrorKey: url])
            }
            var remaining: TimeInterval?
            if let resource = settings.resourceTimeout {
                remaining = resource - Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                if let left = remaining, left <= 0 { throw URLError(.timedOut) }
            }
            let sink: CurlSink =
                request.destination == .temporaryFile && !streaming
                ? .file(TemporaryFiles.newURL(for: "download", in: policy.temporaryDirectory)) : .memory
            let (fields, removed) = headers(for: current, url: url)
            let options = CurlHopOptions(
                headers: fields, removedHeaders: removed, body: body, sink: sink,
                limit: request.destination == .temporaryFile || streaming
                    ? policy.maximumDownloadSize : policy.maximumResponseBodySize,
                progress: request.progress, requestTimeout: requestTimeout, remainingResourceTime: remaining,
                trust: try trust.policy(for: url), proxy: settings.proxy.proxy(forScheme: scheme),
                proxyExceptions: settings.proxy.exceptions, stream: streaming ? StreamBuffer() : nil)
            let easy = try engine.makeEasy()
            let transfer: CurlTransfer
            do {
                transfer = try CurlTransfer(easy: easy, request: current, url: url, options: options)
            } catch {
                engine.recycle(easy)
                throw error
            }
            if let stream = options.stream {
                let engine = engine
                stream.setHooks(
                    StreamBuffer.Hooks(
                        resume: { [weak transfer] in if let transfer { engine.unpause(transfer) } },
                        cancel: { [weak transfer] in if let transfer { engine.cancel(transfer) } }))
            }
            var hop = try await engine.run(transfer, redirectCount: redirects)
            sent += hop.metrics.bytesSent
            received += hop.metrics.bytesReceived
            storeCookies(hop.setCookieLines, from: url, for: current)

            let redirect: Redirect?
            do {
                redirect =
                    policy.maximumRedirects > 0
                    ? try Redirect.next(after: hop.statusCode, location: hop.location, from: current) : nil
            } catch {
                if let file = hop.fileURL { try? FileManager.default.removeItem(at: file) }
                options.stream?.terminate()
                throw error
            }
            if let redirect {
                if let file = hop.fileURL { try? FileManager.default.removeItem(at: file) }
                options.stream?.terminate()
                guard redirects < policy.maximumRedirects else {
                    throw URLError(
                        .httpTooManyRedirects,
                        userInfo: [
                            NSLocalizedDescriptionKey:
                                "More than \(policy.maximumRedirects) redirects (TransportPolicy.maximumRedirects).",
                            NSURLErrorFailingURLErrorKey: url,
                        ])
                }
                redirects += 1
                current = redirect.request
                if !redirect.keepsBody { body = .none }
                continue
            }
            hop.metrics.total = .nanoseconds(Int64(DispatchTime.now().uptimeNanoseconds - start))
            hop.metrics.bytesSent = sent
            hop.metrics.bytesReceived = received
            let head = ResponseHead(
                url: url, statusCode: hop.statusCode, httpVersion: hop.httpVersion, lines: hop.headerLines)
            return (
                TransportResponse(head: head, data: hop.body, fileURL: hop.fileURL, metrics: hop.metrics),
                options.stream
            )
        }
    }

    /// The header fields to send for `request`: the configuration's additional headers under the
    /// request's own, and the cookies of the storage for `url` unless the request sets `Cookie`; and the
    /// headers libcurl would add on its own that are to be left out.
    private func headers(for request: URLRequest, url: URL) -> (
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
        // No `Expect: 100-continue` wait before large bodies: servers behind APIs answer without it.
        if !names.contains("expect") { removed.append("Expect") }
        // libcurl labels every POST body a form; a body whose type the request does not give goes
        // without one.
        if !names.contains("content-type") { removed.append("Content-Type") }
        return (fields, removed)
    }

    /// Puts the cookies of `lines` into the storage, as URLSession does with `Set-Cookie`.
    private func storeCookies(_ lines: [String], from url: URL, for request: URLRequest) {
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
