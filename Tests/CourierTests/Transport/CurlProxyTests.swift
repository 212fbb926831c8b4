import Foundation
import TestSupport
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``CurlTransport`` settles its proxies once, from `connectionProxyDictionary` or else from the
/// environment with libcurl's rules, and sends every request through the proxy so settled: absolute-form
/// requests for `http`, `CONNECT` tunnels for `https`. The environment is given as a dictionary (the
/// process's own is never changed: tests run in parallel).
@Suite struct CurlProxyTests {
    /// A host that never resolves: a request for it succeeds only through a proxy.
    static let unresolvable = "http://courier-proxy-test.invalid/hello"

    private func transport(
        environment: [String: String], proxies: [AnyHashable: Any]? = nil, trust: ServerTrustPolicy = .system
    ) throws -> CurlTransport {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.connectionProxyDictionary = proxies
        configuration.timeoutIntervalForRequest = 10
        return try CurlTransport(
            configuration: configuration, policy: TransportPolicy(), trust: trust, environment: environment)
    }

    private func get(_ url: String, with transport: CurlTransport, headers: [String: String] = [:]) async throws
        -> TransportResponse
    {
        var request = URLRequest(url: try #require(URL(string: url)))
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return try await transport.send(TransportRequest(urlRequest: request))
    }

    /// The `URLError` code of a request that must fail.
    private func failure(of url: String, with transport: CurlTransport) async -> URLError.Code? {
        do {
            _ = try await get(url, with: transport)
            return nil
        } catch {
            return (error as? URLError)?.code
        }
    }

    /// The proxy's own answer to a request for an `.invalid` host: the request target it was given.
    private func proxiedTarget(of response: TransportResponse) throws -> String? {
        let object = try JSONSerialization.jsonObject(with: response.data) as? [String: String]
        return object?["proxied"]
    }

    // MARK: Where the proxies come from

    @Test func theEnvironmentIsReadWithLibcurlsRules() {
        let cases: [([String: String], CurlProxy)] = [
            ([:], .none),
            (["http_proxy": "h:1"], CurlProxy(http: "h:1", https: "", exceptions: "")),
            // Uppercase HTTP_PROXY is ignored, as libcurl ignores it.
            (["HTTP_PROXY": "h:1"], .none),
            (["https_proxy": "s:2"], CurlProxy(http: "", https: "s:2", exceptions: "")),
            (["HTTPS_PROXY": "s:2"], CurlProxy(http: "", https: "s:2", exceptions: "")),
            (["https_proxy": "s:2", "HTTPS_PROXY": "S:3"], CurlProxy(http: "", https: "s:2", exceptions: "")),
            (["all_proxy": "a:4"], CurlProxy(http: "a:4", https: "a:4", exceptions: "")),
            (["ALL_PROXY": "a:4"], CurlProxy(http: "a:4", https: "a:4", exceptions: "")),
            (["all_proxy": "a:4", "ALL_PROXY": "A:5"], CurlProxy(http: "a:4", https: "a:4", exceptions: "")),
            (["all_proxy": "a:4", "http_proxy": "h:1"], CurlProxy(http: "h:1", https: "a:4", exceptions: "")),
            // Set but empty: no proxy, and no fallback to all_proxy.
            (["all_proxy": "a:4", "http_proxy": ""], CurlProxy(http: "", https: "a:4", exceptions: "")),
            (["no_proxy": "example.com,10.0.0.1"], CurlProxy(http: "", https: "", exceptions: "example.com,10.0.0.1")),
            (["NO_PROXY": "*"], CurlProxy(http: "", https: "", exceptions: "*")),
            (["no_proxy": "a", "NO_PROXY": "b"], CurlProxy(http: "", https: "", exceptions: "a")),
        ]
        for (environment, expected) in cases {
            #expect(CurlProxy(dictionary: nil, environment: environment) == expected, "\(environment)")
        }
    }

    @Test func aProxyDictionaryWinsOverTheEnvironment() {
        let environment = ["http_proxy": "env:1", "https_proxy": "env:2", "no_proxy": "env"]
        // Keys as the string values of kCFNetworkProxiesHTTPEnable, …HTTPProxy, …HTTPPort and the HTTPS ones.
        let full: [AnyHashable: Any] = [
            "HTTPEnable": 1, "HTTPProxy": "proxy.test", "HTTPPort": 8080,
            "HTTPSEnable": NSNumber(value: true), "HTTPSProxy": "::1", "HTTPSPort": "3128",
            "ExceptionsList": ["*.example.com", "localhost"],
        ]
        #expect(
            CurlProxy(dictionary: full, environment: environment)
                == CurlProxy(
                    http: "http://proxy.test:8080", https: "http://[::1]:3128", exceptions: ".example.com,localhost"))
        // Entries, even without any proxy enabled, leave the environment out.
        let disabled: [AnyHashable: Any] = ["HTTPEnable": 0, "HTTPProxy": "proxy.test", "HTTPPort": 8080]
        #expect(CurlProxy(dictionary: disabled, environment: environment) == .none)
        let httpsOnly: [AnyHashable: Any] = ["HTTPSEnable": true, "HTTPSProxy": "secure.test", "HTTPSPort": 443]
        #expect(
            CurlProxy(dictionary: httpsOnly, environment: environment)
                == CurlProxy(http: "", https: "http://secure.test:443", exceptions: ""))
        // An empty dictionary (or none) leaves it to the environment.
        #expect(
            CurlProxy(dictionary: [:], environment: environment)
                == CurlProxy(http: "env:1", https: "env:2", exceptions: "env"))
    }

    // MARK: Requests through the proxy

    @Test func anHTTPRequestGoesThroughTheProxyOfTheEnvironment() async throws {
        let proxy = try TestProxy()
        defer { proxy.stop() }
        let transport = try transport(environment: ["http_proxy": proxy.url.absoluteString])
        let response = try await get(Self.unresolvable, with: transport, headers: ["Authorization": "Bearer token"])
        #expect(response.statusCode == 200)
        #expect(try proxiedTarget(of: response) == Self.unresolvable)
        let received = try #require(proxy.requests.first)
        #expect(received.requestLine == "GET \(Self.unresolvable) HTTP/1.1")
        #expect(received.headers["host"] == "courier-proxy-test.invalid")
        // A plain-http request is the proxy's to read, headers included.
        #expect(received.headers["authorization"] == "Bearer token")
        #expect(proxy.requests.count == 1)
    }

    @Test func anHTTPRequestGoesThroughTheProxyOfTheConfiguration() async throws {
        let proxy = try TestProxy()
        defer { proxy.stop() }
        let refused = try refusedURL()
        // The environment names a proxy that refuses connections: the configuration's wins.
        let transport = try transport(
            environment: ["http_proxy": refused.absoluteString, "all_proxy": refused.absoluteString],
            proxies: ["HTTPEnable": 1, "HTTPProxy": "127.0.0.1", "HTTPPort": Int(proxy.port)])
        let response = try await get(Self.unresolvable, with: transport)
        #expect(response.statusCode == 200)
        #expect(try proxiedTarget(of: response) == Self.unresolvable)
        #expect(proxy.requests.map(\.requestLine) == ["GET \(Self.unresolvable) HTTP/1.1"])
    }

    @Test func headersReachTheOriginThroughTheProxy() async throws {
        let proxy = try TestProxy()
        defer { proxy.stop() }
        // Credentials in the proxy's URL become Proxy-Authorization, for the proxy alone.
        var components = try #require(URLComponents(url: proxy.url, resolvingAgainstBaseURL: false))
        components.user = "user"
        components.password = "secret"
        let proxyURL = try #require(components.url)
        let transport = try transport(environment: ["http_proxy": proxyURL.absoluteString])
        let origin = try TestServer.baseURL().appendingPathComponent("echo").absoluteString
        let response = try await get(
            origin + "?q=1", with: transport, headers: ["Authorization": "Bearer token", "X-Custom": "yes"])
        #expect(response.statusCode == 200)
        let echo = try JSONDecoder().decode(Echo.self, from: response.data)
        #expect(echo.path == "/echo")
        #expect(echo.query == "q=1")
        #expect(echo.headers["authorization"] == "Bearer token")
        #expect(echo.headers["x-custom"] == "yes")
        let received = try #require(proxy.requests.first)
        #expect(received.requestLine == "GET \(origin)?q=1 HTTP/1.1")
        #expect(received.headers["proxy-authorization"] == "Basic \(Data("user:secret".utf8).base64EncodedString())")
    }

    @Test func noProxyBypassesIt() async throws {
        let proxy = try TestProxy()
        defer { proxy.stop() }
        let transport = try transport(environment: [
            "http_proxy": proxy.url.absoluteString, "no_proxy": "courier-proxy-test.invalid,127.0.0.1",
        ])
        // Straight to the host, which does not resolve.
        #expect(await failure(of: Self.unresolvable, with: transport) == .cannotFindHost)
        // Straight to the loopback server, which answers.
        let origin = try TestServer.baseURL().appendingPathComponent("echo").absoluteString
        #expect(try await get(origin, with: transport).statusCode == 200)
        #expect(proxy.requests.isEmpty)
        // The same from the configuration's exceptions.
        let configured = try self.transport(
            environment: [:],
            proxies: [
                "HTTPEnable": 1, "HTTPProxy": "127.0.0.1", "HTTPPort": Int(proxy.port),
                "ExceptionsList": ["*.invalid"],
            ])
        #expect(await failure(of: Self.unresolvable, with: configured) == .cannotFindHost)
        #expect(proxy.requests.isEmpty)
    }

    @Test func uppercaseHTTPProxyAloneIsIgnored() async throws {
        let proxy = try TestProxy()
        defer { proxy.stop() }
        let transport = try transport(environment: ["HTTP_PROXY": proxy.url.absoluteString])
        #expect(await failure(of: Self.unresolvable, with: transport) == .cannotFindHost)
        #expect(proxy.requests.isEmpty)
    }

    @Test func withoutAProxyNothingGoesThroughOne() async throws {
        let transport = try transport(environment: [:])
        #expect(await failure(of: Self.unresolvable, with: transport) == .cannotFindHost)
    }

    @Test(.enabled(if: OpenSSL.isInstalled, "needs openssl"))
    func anHTTPSRequestTunnelsThroughCONNECT() async throws {
        let server = try await TLSServer.start()
        defer { server.stop() }
        let proxy = try TestProxy()
        defer { proxy.stop() }
        let transport = try transport(
            environment: ["https_proxy": proxy.url.absoluteString],
            trust: ServerTrustPolicy(certificateAuthorityFile: server.certificateFile))
        let response = try await get(
            server.url.absoluteString + "/", with: transport, headers: ["Authorization": "Bearer token"])
        #expect(response.statusCode == 200)
        // s_server -www answers with a page that shows its command line.
        #expect(String(decoding: response.data, as: UTF8.self).contains("s_server"))
        let port = try #require(server.url.port)
        let received = try #require(proxy.requests.first)
        #expect(received.requestLine == "CONNECT 127.0.0.1:\(port) HTTP/1.1")
        // The request's own headers go inside the tunnel, never to the proxy.
        #expect(received.headers["authorization"] == nil)
        // What went through the tunnel began with a TLS handshake record.
        #expect(proxy.firstTunnelledBytes == [0x16])
        #expect(proxy.requests.count == 1)
    }

    @Test func anHTTPSProxyOfTheEnvironmentIsNotUsedForHTTP() async throws {
        let proxy = try TestProxy()
        defer { proxy.stop() }
        let transport = try transport(environment: ["https_proxy": proxy.url.absoluteString])
        #expect(await failure(of: Self.unresolvable, with: transport) == .cannotFindHost)
        #expect(proxy.requests.isEmpty)
    }
}
