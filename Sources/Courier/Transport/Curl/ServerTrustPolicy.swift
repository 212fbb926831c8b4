import Foundation

/// Which TLS servers ``CurlTransport`` trusts: by default those whose certificate chains to the system's
/// CA store and names the host; optionally a CA file of your own and pinned public keys.
///
/// ```swift
/// let trust = ServerTrustPolicy(pinnedPublicKeyHashes: ["base64 of the SHA-256 of the key"])
/// let transport = try CurlTransport(trust: trust)
/// ```
///
/// A server that fails either check fails the request with `URLError(.serverCertificateUntrusted)`
/// before any byte of the request is sent.
public struct ServerTrustPolicy: Sendable, Equatable {
    /// A PEM file of CA certificates to trust instead of the system's store, or `nil` for the system's.
    public var certificateAuthorityFile: URL?
    /// Base64 SHA-256 digests of the DER-encoded public keys (SubjectPublicKeyInfo) the server may
    /// present, as libcurl's `CURLOPT_PINNEDPUBLICKEY` takes them (the keys Alamofire's
    /// `PublicKeysTrustEvaluator` compares, given by their digests). Empty: no pinning. Get one with
    /// `openssl x509 -in cert.pem -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`.
    public var pinnedPublicKeyHashes: [String]

    /// A policy; the default trusts the system's CA store and pins nothing.
    public init(certificateAuthorityFile: URL? = nil, pinnedPublicKeyHashes: [String] = []) {
        self.certificateAuthorityFile = certificateAuthorityFile
        self.pinnedPublicKeyHashes = pinnedPublicKeyHashes
    }

    /// The system's CA store, no pinning.
    public static let system = ServerTrustPolicy()
}
