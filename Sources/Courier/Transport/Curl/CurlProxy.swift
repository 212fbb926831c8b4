import Foundation

/// The proxies of a ``CurlTransport``, settled once when the transport is made and given to libcurl
/// explicitly on every transfer, so that libcurl never reads the environment while a request runs.
///
/// From the configuration's `connectionProxyDictionary` when it has entries: `HTTPEnable`, `HTTPProxy`,
/// `HTTPPort` for `http` URLs, `HTTPSEnable`, `HTTPSProxy`, `HTTPSPort` for `https` URLs (the string
/// values of Apple's `kCFNetworkProxies…` keys) and `ExceptionsList`. Otherwise from the environment,
/// by libcurl's own rules: `http_proxy` (lowercase only: `HTTP_PROXY` is ignored, as libcurl ignores it,
/// because a CGI program gets it from a request's `Proxy` header), `https_proxy` or `HTTPS_PROXY`, then
/// `all_proxy` or `ALL_PROXY` for a scheme that has none; `no_proxy` or `NO_PROXY` for the hosts that
/// bypass them. A variable that is set but empty means no proxy.
struct CurlProxy: Sendable, Equatable {
    /// The proxy for `http` URLs, as `CURLOPT_PROXY` takes it (`host:port`, `http://host:port`,
    /// `socks5://host:port`, …); empty for none.
    var http: String
    /// The proxy for `https` URLs (reached with `CONNECT`); empty for none.
    var https: String
    /// The hosts that bypass the proxy, as `CURLOPT_NOPROXY` takes them: comma-separated names (each
    /// also covers its subdomains), addresses, or `*` for every host; empty for none.
    var exceptions: String

    /// No proxy for any URL.
    static let none = CurlProxy(http: "", https: "", exceptions: "")

    /// Proxies given outright.
    init(http: String, https: String, exceptions: String) {
        self.http = http
        self.https = https
        self.exceptions = exceptions
    }

    /// The proxies of `dictionary` when it has entries, otherwise those of `environment`.
    init(dictionary: [AnyHashable: Any]?, environment: [String: String]) {
        if let dictionary, !dictionary.isEmpty {
            self.init(dictionary: dictionary)
        } else {
            self.init(environment: environment)
        }
    }

    /// The proxies `environment` names, by libcurl's rules (see ``CurlProxy``).
    init(environment: [String: String]) {
        func first(_ names: String...) -> String? {
            names.lazy.compactMap { environment[$0] }.first
        }
        let fallback = first("all_proxy", "ALL_PROXY")
        http = first("http_proxy") ?? fallback ?? ""
        https = first("https_proxy", "HTTPS_PROXY") ?? fallback ?? ""
        exceptions = first("no_proxy", "NO_PROXY") ?? ""
    }

    /// The proxies of a `connectionProxyDictionary`; keys that are not strings, and entries whose
    /// values have the wrong type, are ignored.
    init(dictionary: [AnyHashable: Any]) {
        var entries: [String: Any] = [:]
        for (key, value) in dictionary {
            if let name = key.base as? String { entries[name] = value }
        }
        func proxy(_ prefix: String) -> String {
            guard let enabled = entries[prefix + "Enable"], Self.number(enabled).map({ $0 != 0 }) == true,
                let host = entries[prefix + "Proxy"] as? String, !host.isEmpty
            else { return "" }
            let port = entries[prefix + "Port"].flatMap(Self.number).flatMap { (1...65_535).contains($0) ? $0 : nil }
            return Self.address(host: host, port: port)
        }
        http = proxy("HTTP")
        https = proxy("HTTPS")
        let list: [String] =
            switch entries["ExceptionsList"] {
            case let names as [String]: names
            case let names as [Any]: names.compactMap { $0 as? String }
            case let names as String: names.split(separator: ",").map(String.init)
            default: []
            }
        exceptions = list.map { name in
            // `*.example.com` as Apple writes it is `.example.com` to libcurl (which also takes the bare name).
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            return trimmed.hasPrefix("*.") ? String(trimmed.dropFirst()) : trimmed
        }.filter { !$0.isEmpty }.joined(separator: ",")
    }

    /// The proxy for a URL of `scheme` (lowercase), or an empty string for none.
    func proxy(forScheme scheme: String) -> String {
        scheme == "https" ? https : http
    }

    /// `http://host:port` (the host in brackets when it is an IPv6 address), `host` as it is when it
    /// already names a scheme; without a port, libcurl's default proxy port (1080) applies.
    private static func address(host: String, port: Int?) -> String {
        if host.contains("://") { return host }
        let name = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "http://\(name)" + (port.map { ":\($0)" } ?? "")
    }

    /// An integer from a dictionary value: an integer, an `NSNumber`, a Boolean or a decimal string.
    private static func number(_ value: Any) -> Int? {
        switch value {
        case let number as Int: number
        case let flag as Bool: flag ? 1 : 0
        case let number as NSNumber: number.intValue
        case let text as String: Int(text.trimmingCharacters(in: .whitespaces))
        default: nil
        }
    }
}
