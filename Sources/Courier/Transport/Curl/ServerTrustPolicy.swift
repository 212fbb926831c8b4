import Foundation

/// Which TLS servers ``CurlTransport`` trusts: by default those whose certificate chains to the system's
/// CA store and names the host; optionally a CA file or certificates of your own, pinned public keys,
/// and a policy of its own for particular hosts.
///
/// ```swift
/// var trust = ServerTrustPolicy()
/// trust.hosts["api.example.com"] = ServerTrustPolicy(pinnedPublicKeyHashes: ["base64 of the SHA-256 of the key"])
/// let transport = try CurlTransport(trust: trust)
/// ```
///
/// A server that fails the checks fails the request with `URLError(.serverCertificateUntrusted)`
/// before any byte of the request is sent. Each hop of a redirected request is checked under the
/// policy of its own host.
public struct ServerTrustPolicy: Sendable, Hashable {
    /// A PEM file of CA certificates to trust instead of the system's store, or `nil` for the system's.
    public var certificateAuthorityFile: URL?
    /// DER-encoded certificates to trust instead of the system's store: a chain is accepted when it
    /// leads to one of them, which may be the server's own certificate or one of its issuers
    /// (certificate pinning). Empty: not used.
    public var trustedCertificates: [Data]
    /// Base64 SHA-256 digests of the DER-encoded public keys (SubjectPublicKeyInfo) the server may
    /// present, as libcurl's `CURLOPT_PINNEDPUBLICKEY` takes them (public-key pinning). Empty: no
    /// pinning. Get one with
    /// `openssl x509 -in cert.pem -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`.
    public var pinnedPublicKeyHashes: [String]
    /// Whether the certificate chain is verified. `false` accepts any certificate (the pinned keys
    /// still have to match): never outside a test. Default: `true`.
    public var validatesCertificateChain: Bool
    /// Whether the certificate must name the host. Default: `true`.
    public var validatesHost: Bool
    /// The policies of particular hosts, by host name; `*.example.com` covers every subdomain of
    /// `example.com`. A host not listed gets this policy. Their own `hosts` are not read.
    public var hosts: [String: ServerTrustPolicy]
    /// Whether an `https` host that ``hosts`` does not list is refused. Default: `false`.
    public var refusesUnlistedHosts: Bool

    /// A policy; the default trusts the system's CA store, checks host names and pins nothing.
    ///
    /// - Parameters:
    ///   - certificateAuthorityFile: A PEM file of CA certificates to trust. Default: `nil`, the system's.
    ///   - trustedCertificates: DER certificates to trust instead. Default: none.
    ///   - pinnedPublicKeyHashes: Base64 SHA-256 digests of the keys the server may present. Default: none.
    ///   - validatesCertificateChain: Whether the chain is verified. Default: `true`.
    ///   - validatesHost: Whether the certificate must name the host. Default: `true`.
    ///   - hosts: The policies of particular hosts. Default: none.
    ///   - refusesUnlistedHosts: Whether `https` hosts not in `hosts` are refused. Default: `false`.
    public init(
        certificateAuthorityFile: URL? = nil, trustedCertificates: [Data] = [], pinnedPublicKeyHashes: [String] = [],
        validatesCertificateChain: Bool = true, validatesHost: Bool = true, hosts: [String: ServerTrustPolicy] = [:],
        refusesUnlistedHosts: Bool = false
    ) {
        self.certificateAuthorityFile = certificateAuthorityFile
        self.trustedCertificates = trustedCertificates
        self.pinnedPublicKeyHashes = pinnedPublicKeyHashes
        self.validatesCertificateChain = validatesCertificateChain
        self.validatesHost = validatesHost
        self.hosts = hosts
        self.refusesUnlistedHosts = refusesUnlistedHosts
    }

    /// The system's CA store, no pinning.
    public static let system = ServerTrustPolicy()

    /// The policy a transfer to `host` follows: the one ``hosts`` gives it (the exact name first, then
    /// the closest `*.` entry), else this one; `nil` when the host is not listed and
    /// ``refusesUnlistedHosts`` is set.
    public func policy(forHost host: String) -> ServerTrustPolicy? {
        let host = host.lowercased()
        if let exact = hosts.first(where: { $0.key.lowercased() == host }) { return exact.value }
        var suffix = Substring(host)
        while let dot = suffix.firstIndex(of: ".") {
            suffix = suffix[suffix.index(after: dot)...]
            if let wildcard = hosts.first(where: { $0.key.lowercased() == "*.\(suffix)" }) { return wildcard.value }
        }
        return refusesUnlistedHosts ? nil : self
    }

    /// The policy for a transfer to `url`, or the error that refuses it.
    func policy(for url: URL) throws -> ServerTrustPolicy {
        guard url.scheme?.lowercased() == "https", let host = url.host else { return self }
        guard let policy = policy(forHost: host) else {
            throw URLError(
                .serverCertificateUntrusted,
                userInfo: [
                    NSURLErrorFailingURLErrorKey: url,
                    NSLocalizedDescriptionKey:
                        "The server \(host) is not one the transport's ServerTrustPolicy lists, and it refuses unlisted hosts.",
                ])
        }
        return policy
    }

    /// The ``trustedCertificates`` as PEM text, as libcurl reads a CA bundle.
    var trustedCertificatesPEM: Data {
        var text = ""
        for certificate in trustedCertificates {
            text += "-----BEGIN CERTIFICATE-----\n"
            text += certificate.base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
            text += "\n-----END CERTIFICATE-----\n"
        }
        return Data(text.utf8)
    }
}
