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
    let settings: Settings

    /// What the transport keeps of its `URLSessionConfiguration` (which is not `Sendable`).
    struct Settings: @unchecked Sendable {
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

    /// Sends `request` and returns its response; see ``Transport/send(_:)``.
    ///
    /// Redirects are followed here, one hop at a time, under ``policy``; cancelling the awaiting task
    /// stops the transfer at once with `URLError(.cancelled)`.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        try await exchange(request, streaming: false).response
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
        let (head, body) = try await exchange(request, streaming: true)
        return TransportStream(
            statusCode: head.statusCode, source: head.source, buffer: body ?? StreamBuffer(chunks: []))
    }

    /// What ``send(_:)`` and ``stream(_:)`` share: every hop of `request`, redirects followed, and the
    /// buffer the last hop's body fills when `streaming`. A failure names the request and the timeout
    /// that ran out (see ``TransportFailure``).
    private func exchange(_ request: TransportRequest, streaming: Bool) async throws -> (
        response: TransportResponse, body: StreamBuffer?
    ) {
        let start = DispatchTime.now().uptimeNanoseconds
        let requestTimeout = request.requestTimeout(configured: settings.requestTimeout)
        var current = request.urlRequest
        var body = request.body
        var redirects = 0
        var sent: Int64 = 0
        var received: Int64 = 0
        do {
            while true {
                let url = try Self.checkedURL(of: current)
                let (hop, stream) = try await runHop(
                    current, url: url, body: body, of: request, streaming: streaming,
                    requestTimeout: requestTimeout, start: start, redirects: redirects)
                sent += hop.metrics.bytesSent
                received += hop.metrics.bytesReceived
                storeCookies(hop.setCookieLines, from: url, for: current)
                let next: Redirect?
                do {
                    next = try redirect(after: hop, of: current, url: url, redirects: redirects)
                } catch {
                    stream?.terminate()
                    throw error
                }
                if let redirect = next {
                    if let file = hop.fileURL { TemporaryFiles.remove(file) }
                    stream?.terminate()
                    redirects += 1
                    current = redirect.request
                    if !redirect.keepsBody { body = .none }
                    continue
                }
                var metrics = hop.metrics
                metrics.total = .nanoseconds(Int64(DispatchTime.now().uptimeNanoseconds - start))
                metrics.bytesSent = sent
                metrics.bytesReceived = received
                let head = ResponseHead(
                    url: url, statusCode: hop.statusCode, httpVersion: hop.httpVersion, lines: hop.headerLines)
                return (TransportResponse(head: head, data: hop.body, fileURL: hop.fileURL, metrics: metrics), stream)
            }
        } catch {
            throw TransportFailure.annotated(
                error, request: request.urlRequest, requestTimeout: requestTimeout,
                resourceTimeout: settings.resourceTimeout,
                elapsed: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
    }

    /// The URL of `request`, when it is one libcurl may fetch: `http` or `https`.
    private static func checkedURL(of request: URLRequest) throws -> URL {
        if Task.isCancelled { throw URLError(.cancelled) }
        guard let url = request.url else { throw URLError(.badURL) }
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw URLError(.unsupportedURL, userInfo: [NSURLErrorFailingURLErrorKey: url])
        }
        return url
    }

    /// Sends one hop of `original`: `request` to `url` with `body`, its response body going where the
    /// original asks (to a file, to memory, or, when `streaming`, to the buffer returned).
    private func runHop(
        _ request: URLRequest, url: URL, body: TransportRequest.Body, of original: TransportRequest,
        streaming: Bool, requestTimeout: TimeInterval, start: UInt64, redirects: Int
    ) async throws -> (CurlHopResult, StreamBuffer?) {
        var remaining: TimeInterval?
        if let resource = settings.resourceTimeout {
            let left = resource - Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            if left <= 0 { throw URLError(.timedOut) }
            remaining = left
        }
        let toFile = original.destination == .temporaryFile
        let (fields, removed) = headers(for: request, url: url, hasBody: body != .none)
        let options = CurlHopOptions(
            headers: fields, removedHeaders: removed, body: body,
            sink: toFile && !streaming
                ? .file(TemporaryFiles.newURL(for: "download", in: policy.temporaryDirectory)) : .memory,
            limit: toFile || streaming ? policy.maximumDownloadSize : policy.maximumResponseBodySize,
            progress: original.progress, requestTimeout: requestTimeout, remainingResourceTime: remaining,
            trust: try trust.policy(for: url), proxy: settings.proxy.proxy(forScheme: url.scheme?.lowercased() ?? ""),
            proxyExceptions: settings.proxy.exceptions, stream: streaming ? StreamBuffer() : nil)
        let easy = try engine.makeEasy()
        let transfer: CurlTransfer
        do {
            transfer = try CurlTransfer(easy: easy, request: request, url: url, options: options)
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
        return (try await engine.run(transfer, redirectCount: redirects), options.stream)
    }

    /// The next hop after `hop`, under ``policy``: `nil` when its answer is the response.
    ///
    /// - Throws: `URLError(.httpTooManyRedirects)` past ``TransportPolicy/maximumRedirects``;
    ///   `URLError(.unsupportedURL)` for a redirect to another scheme (see ``Redirect``). Either way the
    ///   hop's file and stream go.
    private func redirect(
        after hop: CurlHopResult, of request: URLRequest, url: URL, redirects: Int
    ) throws -> Redirect? {
        guard policy.maximumRedirects > 0 else { return nil }
        do {
            guard let redirect = try Redirect.next(after: hop.statusCode, location: hop.location, from: request)
            else { return nil }
            guard redirects < policy.maximumRedirects else {
                throw URLError(
                    .httpTooManyRedirects,
                    userInfo: [
                        NSLocalizedDescriptionKey:
                            "More than \(policy.maximumRedirects) redirects (TransportPolicy.maximumRedirects).",
                        NSURLErrorFailingURLErrorKey: url,
                    ])
            }
            return redirect
        } catch {
            if let file = hop.fileURL { TemporaryFiles.remove(file) }
            throw error
        }
    }
}
