import Courier

/// Which evaluator decides whether each host's server is trusted: Alamofire's `ServerTrustManager`.
///
/// ```swift
/// let manager = ServerTrustManager(evaluators: [
///     "api.example.com": PinnedCertificatesTrustEvaluator(),
///     "cdn.example.com": DefaultTrustEvaluator(),
/// ])
/// let session = Session(serverTrustManager: manager)
/// ```
///
/// A ``Session`` enforces the built-in evaluators in its transport, per host, for every hop of a request
/// (redirects included): ``DefaultTrustEvaluator`` and ``RevocationTrustEvaluator`` check the chain
/// against the system's CA store and the host name; ``PinnedCertificatesTrustEvaluator`` accepts only a
/// chain that leads to one of its certificates; ``PublicKeysTrustEvaluator`` only a server whose key is
/// one of its keys; ``DisabledTrustEvaluator`` accepts any server; ``CompositeTrustEvaluator`` all of
/// its evaluators' rules. With ``allHostsMustBeEvaluated``, an `https` host without an evaluator is
/// refused with ``AFError/ServerTrustFailureReason/noRequiredEvaluator(host:)``. An evaluator of the
/// app's own is asked, through ``serverTrustEvaluator(forHost:)``, for the host a request is sent to;
/// where the transport decides (on Linux) it is enforced as ``DefaultTrustEvaluator``.
open class ServerTrustManager {
    /// Whether an `https` host without an evaluator is refused.
    public let allHostsMustBeEvaluated: Bool
    /// The evaluator of each host, by host name.
    public let evaluators: [String: ServerTrustEvaluating]

    /// Creates a manager.
    ///
    /// - Parameters:
    ///   - allHostsMustBeEvaluated: Whether an `https` host without an evaluator is refused. Default: `true`.
    ///   - evaluators: The evaluator of each host, by host name.
    public init(allHostsMustBeEvaluated: Bool = true, evaluators: [String: ServerTrustEvaluating]) {
        self.allHostsMustBeEvaluated = allHostsMustBeEvaluated
        self.evaluators = evaluators
    }

    /// The evaluator of `host`, or `nil` when it has none and need not have one.
    ///
    /// - Throws: ``AFError/serverTrustEvaluationFailed(reason:)`` with
    ///   ``AFError/ServerTrustFailureReason/noRequiredEvaluator(host:)`` when it has none and
    ///   ``allHostsMustBeEvaluated`` is set.
    open func serverTrustEvaluator(forHost host: String) throws -> ServerTrustEvaluating? {
        guard let evaluator = evaluators[host] else {
            if allHostsMustBeEvaluated {
                throw AFError.serverTrustEvaluationFailed(reason: .noRequiredEvaluator(host: host))
            }
            return nil
        }
        return evaluator
    }

    /// The transport's trust policy: each host's evaluator as Courier's rules.
    var trustPolicy: ServerTrustPolicy {
        ServerTrustPolicy(
            hosts: evaluators.mapValues(Self.policy(of:)), refusesUnlistedHosts: allHostsMustBeEvaluated)
    }

    /// The rules `evaluator` enforces, as Courier's transport applies them.
    static func policy(of evaluator: ServerTrustEvaluating) -> ServerTrustPolicy {
        switch evaluator {
        case let evaluator as DisabledTrustEvaluator:
            _ = evaluator
            return ServerTrustPolicy(validatesCertificateChain: false, validatesHost: false)
        case let evaluator as DefaultTrustEvaluator:
            return ServerTrustPolicy(validatesHost: evaluator.validateHost)
        case let evaluator as RevocationTrustEvaluator:
            return ServerTrustPolicy(
                validatesCertificateChain: evaluator.performDefaultValidation, validatesHost: evaluator.validateHost)
        case let evaluator as PinnedCertificatesTrustEvaluator:
            // No certificate to trust: no chain is accepted (a CA file that names none).
            return evaluator.certificates.isEmpty
                ? ServerTrustPolicy(certificateAuthorityFile: URL(fileURLWithPath: "/dev/null"))
                : ServerTrustPolicy(
                    trustedCertificates: evaluator.certificates.map(\.derData), validatesHost: evaluator.validateHost)
        case let evaluator as PublicKeysTrustEvaluator:
            // No key to pin: a pin no key has.
            let pins = evaluator.keys.isEmpty ? [Data(count: 32).base64EncodedString()] : evaluator.keys.map(\.pin)
            return ServerTrustPolicy(
                pinnedPublicKeyHashes: pins, validatesCertificateChain: evaluator.performDefaultValidation,
                validatesHost: evaluator.validateHost)
        case let evaluator as CompositeTrustEvaluator:
            return evaluator.evaluators.map(policy(of:)).reduce(ServerTrustPolicy()) { combined, next in
                var combined = combined
                combined.validatesCertificateChain =
                    combined.validatesCertificateChain && next.validatesCertificateChain
                combined.validatesHost = combined.validatesHost && next.validatesHost
                combined.trustedCertificates += next.trustedCertificates
                combined.pinnedPublicKeyHashes += next.pinnedPublicKeyHashes
                combined.certificateAuthorityFile = next.certificateAuthorityFile ?? combined.certificateAuthorityFile
                return combined
            }
        default:
            return ServerTrustPolicy()
        }
    }

    /// The reason Alamofire would give for refusing `host`'s server, which the transport refused.
    func failureReason(forHost host: String, error: Error) -> AFError.ServerTrustFailureReason {
        guard let evaluator = try? serverTrustEvaluator(forHost: host) else { return .noRequiredEvaluator(host: host) }
        switch evaluator {
        case let pinned as PinnedCertificatesTrustEvaluator:
            return pinned.certificates.isEmpty ? .noCertificatesFound : .certificatePinningFailed(host: host)
        case let keys as PublicKeysTrustEvaluator:
            return keys.keys.isEmpty ? .noPublicKeysFound : .publicKeyPinningFailed(host: host)
        default:
            return .trustEvaluationFailed(error: error)
        }
    }
}
