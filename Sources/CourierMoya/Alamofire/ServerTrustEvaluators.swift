#if canImport(Security)
    import Security
#endif

/// Decides whether a server is trusted: Alamofire's `ServerTrustEvaluating`.
///
/// The built-in evaluators are enforced by a ``Session``'s transport (see ``ServerTrustManager``);
/// ``evaluate(_:forHost:)`` checks a ``SecTrust`` the app holds itself.
public protocol ServerTrustEvaluating {
    /// Throws when the server of `trust` is not to be trusted for `host`.
    ///
    /// - Throws: ``AFError/serverTrustEvaluationFailed(reason:)``.
    func evaluate(_ trust: SecTrust, forHost host: String) throws
}

extension Array where Element == ServerTrustEvaluating {
    /// Runs every evaluator in order; the first that throws decides.
    public func evaluate(_ trust: SecTrust, forHost host: String) throws {
        for evaluator in self {
            try evaluator.evaluate(trust, forHost: host)
        }
    }
}

/// Trusts a server whose certificate chains to the system's CA store and, when asked, names the host:
/// Alamofire's `DefaultTrustEvaluator`.
public final class DefaultTrustEvaluator: ServerTrustEvaluating {
    let validateHost: Bool

    /// Creates the evaluator.
    ///
    /// - Parameter validateHost: Whether the certificate must name the host. Default: `true`.
    public init(validateHost: Bool = true) {
        self.validateHost = validateHost
    }

    /// Throws unless the chain of `trust` is valid (and names `host`, when asked).
    public func evaluate(_ trust: SecTrust, forHost host: String) throws {
        try trust.checkDefaultValidation(forHost: validateHost ? host : nil)
    }
}

/// Trusts a server whose certificate chain is valid and not revoked: Alamofire's
/// `RevocationTrustEvaluator`. Where the transport decides (Linux), revocation is not checked.
public final class RevocationTrustEvaluator: ServerTrustEvaluating {
    /// How revocation is checked.
    public struct Options: OptionSet, Sendable {
        /// The bits of the options.
        public let rawValue: UInt

        /// Creates options from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Check revocation with CRLs.
        public static let crl = Options(rawValue: 1 << 1)
        /// Check revocation with OCSP; fail when neither answers.
        public static let networkAccessDisabled = Options(rawValue: 1 << 2)
        /// Check revocation with OCSP.
        public static let ocsp = Options(rawValue: 1 << 3)
        /// Prefer CRLs to OCSP.
        public static let preferCRL = Options(rawValue: 1 << 4)
        /// Fail unless revocation could be checked.
        public static let requirePositiveResponse = Options(rawValue: 1 << 5)
        /// Alamofire's default: `.crl` and `.ocsp`.
        public static let `default`: Options = [.crl, .ocsp]
    }

    let performDefaultValidation: Bool
    let validateHost: Bool
    let options: Options

    /// Creates the evaluator.
    ///
    /// - Parameters:
    ///   - performDefaultValidation: Whether the chain is checked against the system's CA store. Default: `true`.
    ///   - validateHost: Whether the certificate must name the host. Default: `true`.
    ///   - options: How revocation is checked. Default: ``Options/default``.
    public init(performDefaultValidation: Bool = true, validateHost: Bool = true, options: Options = .default) {
        self.performDefaultValidation = performDefaultValidation
        self.validateHost = validateHost
        self.options = options
    }

    /// Throws unless the chain of `trust` is valid (and names `host`, when asked).
    public func evaluate(_ trust: SecTrust, forHost host: String) throws {
        if performDefaultValidation {
            try trust.checkDefaultValidation(forHost: validateHost ? host : nil)
        }
    }
}

/// Trusts a server whose certificate chain leads to one of the pinned certificates: Alamofire's
/// `PinnedCertificatesTrustEvaluator`.
public final class PinnedCertificatesTrustEvaluator: ServerTrustEvaluating {
    let certificates: [SecCertificate]
    let acceptSelfSignedCertificates: Bool
    let performDefaultValidation: Bool
    let validateHost: Bool

    /// Creates the evaluator.
    ///
    /// - Parameters:
    ///   - certificates: The pinned certificates. Default: those of the main bundle (`.cer`, `.crt`, `.der`).
    ///   - acceptSelfSignedCertificates: Whether a self-signed pinned certificate is an anchor of its own.
    ///     Default: `false`.
    ///   - performDefaultValidation: Whether the chain is checked as well. Default: `true`.
    ///   - validateHost: Whether the certificate must name the host. Default: `true`.
    public init(
        certificates: [SecCertificate] = Bundle.main.af.certificates, acceptSelfSignedCertificates: Bool = false,
        performDefaultValidation: Bool = true, validateHost: Bool = true
    ) {
        self.certificates = certificates
        self.acceptSelfSignedCertificates = acceptSelfSignedCertificates
        self.performDefaultValidation = performDefaultValidation
        self.validateHost = validateHost
    }

    /// Throws unless one of the certificates of `trust` is pinned.
    public func evaluate(_ trust: SecTrust, forHost host: String) throws {
        guard !certificates.isEmpty else { throw AFError.serverTrustEvaluationFailed(reason: .noCertificatesFound) }
        let pinned = Set(certificates.map(\.derData))
        guard trust.certificateData.contains(where: pinned.contains) else {
            throw AFError.serverTrustEvaluationFailed(reason: .certificatePinningFailed(host: host))
        }
    }
}

/// Trusts a server whose public key is one of the pinned keys: Alamofire's `PublicKeysTrustEvaluator`.
public final class PublicKeysTrustEvaluator: ServerTrustEvaluating {
    let keys: [SecKey]
    let performDefaultValidation: Bool
    let validateHost: Bool

    /// Creates the evaluator.
    ///
    /// - Parameters:
    ///   - keys: The pinned keys. Default: those of the main bundle's certificates.
    ///   - performDefaultValidation: Whether the chain is checked as well. Default: `true`.
    ///   - validateHost: Whether the certificate must name the host. Default: `true`.
    public init(
        keys: [SecKey] = Bundle.main.af.publicKeys, performDefaultValidation: Bool = true, validateHost: Bool = true
    ) {
        self.keys = keys
        self.performDefaultValidation = performDefaultValidation
        self.validateHost = validateHost
    }

    /// Throws unless the key of one of the certificates of `trust` is pinned.
    public func evaluate(_ trust: SecTrust, forHost host: String) throws {
        guard !keys.isEmpty else { throw AFError.serverTrustEvaluationFailed(reason: .noPublicKeysFound) }
        let pinned = Set(keys.map(\.pin))
        guard trust.publicKeys.contains(where: { pinned.contains($0.pin) }) else {
            throw AFError.serverTrustEvaluationFailed(reason: .publicKeyPinningFailed(host: host))
        }
    }
}

/// Trusts a server only when every one of its evaluators does: Alamofire's `CompositeTrustEvaluator`.
public final class CompositeTrustEvaluator: ServerTrustEvaluating {
    let evaluators: [ServerTrustEvaluating]

    /// Creates the evaluator.
    ///
    /// - Parameter evaluators: The evaluators, all of which must trust the server.
    public init(evaluators: [ServerTrustEvaluating]) {
        self.evaluators = evaluators
    }

    /// Runs every evaluator; the first that throws decides.
    public func evaluate(_ trust: SecTrust, forHost host: String) throws {
        try evaluators.evaluate(trust, forHost: host)
    }
}

/// Trusts any server: Alamofire's `DisabledTrustEvaluator`. Never outside a test.
public final class DisabledTrustEvaluator: ServerTrustEvaluating {
    /// Creates the evaluator.
    public init() {}

    /// Throws nothing.
    public func evaluate(_ trust: SecTrust, forHost host: String) throws {}
}
