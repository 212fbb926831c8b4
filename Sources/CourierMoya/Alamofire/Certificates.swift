#if canImport(Security)
    import Security

    extension SecCertificate {
        /// The certificate's DER bytes.
        var derData: Data { SecCertificateCopyData(self) as Data }
    }

    extension SecKey {
        /// What tells two keys apart: the key's external representation.
        var pin: String {
            (SecKeyCopyExternalRepresentation(self, nil) as Data?)?.base64EncodedString() ?? ""
        }
    }

    extension SecTrust {
        /// The DER bytes of the certificates the server presented.
        var certificateData: [Data] {
            ((SecTrustCopyCertificateChain(self) as? [SecCertificate]) ?? []).map(\.derData)
        }

        /// The public keys of the certificates the server presented.
        var publicKeys: [SecKey] {
            ((SecTrustCopyCertificateChain(self) as? [SecCertificate]) ?? []).compactMap(SecCertificateCopyKey)
        }

        /// Throws unless the chain is valid under the system's SSL policy (for `host`, when given).
        func checkDefaultValidation(forHost host: String?) throws {
            SecTrustSetPolicies(self, SecPolicyCreateSSL(true, host as CFString?))
            var error: CFError?
            guard SecTrustEvaluateWithError(self, &error) else {
                throw AFError.serverTrustEvaluationFailed(reason: .trustEvaluationFailed(error: error))
            }
        }
    }

    extension Array where Element == SecCertificate {
        /// The certificates in `paths`, DER or PEM.
        static func loading(_ paths: [String]) -> [SecCertificate] {
            paths.flatMap { path -> [SecCertificate] in
                guard let data = FileManager.default.contents(atPath: path) else { return [] }
                return CertificateFile.derCertificates(in: data).compactMap {
                    SecCertificateCreateWithData(nil, $0 as CFData)
                }
            }
        }

        /// The public keys of the certificates.
        var keys: [SecKey] { compactMap(SecCertificateCopyKey) }
    }
#else
    /// An X.509 certificate, as Apple's Security framework names it: its DER bytes. (Where there is no
    /// Security framework, as on Linux.)
    public final class SecCertificate: Hashable, @unchecked Sendable {
        /// The certificate's DER bytes.
        public let data: Data
        /// Its SubjectPublicKeyInfo, read from the DER.
        let subjectPublicKeyInfo: Data

        /// The certificate of `data`, DER-encoded; `nil` when it is not one.
        public init?(data: Data) {
            guard let info = CertificateFile.subjectPublicKeyInfo(ofDER: data) else { return nil }
            self.data = data
            subjectPublicKeyInfo = info
        }

        /// The certificate's DER bytes.
        var derData: Data { data }

        /// Two certificates are equal when their bytes are.
        public static func == (lhs: SecCertificate, rhs: SecCertificate) -> Bool { lhs.data == rhs.data }

        /// Hashes the certificate's bytes.
        public func hash(into hasher: inout Hasher) { hasher.combine(data) }
    }

    /// A public key, as Apple's Security framework names it: its DER-encoded SubjectPublicKeyInfo.
    public final class SecKey: Hashable, @unchecked Sendable {
        /// The DER-encoded SubjectPublicKeyInfo.
        public let subjectPublicKeyInfo: Data

        /// The key whose DER-encoded SubjectPublicKeyInfo is `subjectPublicKeyInfo`.
        public init(subjectPublicKeyInfo: Data) {
            self.subjectPublicKeyInfo = subjectPublicKeyInfo
        }

        /// The key as libcurl pins it: the base64 SHA-256 digest of its SubjectPublicKeyInfo.
        var pin: String { Data(SHA256.digest(subjectPublicKeyInfo)).base64EncodedString() }

        /// Two keys are equal when their SubjectPublicKeyInfo bytes are.
        public static func == (lhs: SecKey, rhs: SecKey) -> Bool {
            lhs.subjectPublicKeyInfo == rhs.subjectPublicKeyInfo
        }

        /// Hashes the key's bytes.
        public func hash(into hasher: inout Hasher) { hasher.combine(subjectPublicKeyInfo) }
    }

    /// A server's certificates and whether their chain was found valid, as Apple's Security framework
    /// names it, for evaluators the app runs itself.
    public final class SecTrust: @unchecked Sendable {
        /// The certificates the server presented, its own first.
        public let certificates: [SecCertificate]
        /// Whether the chain was verified against trusted authorities, for the host.
        public let isValid: Bool

        /// Creates a trust.
        ///
        /// - Parameters:
        ///   - certificates: The certificates the server presented, its own first.
        ///   - isValid: Whether the chain was verified against trusted authorities, for the host.
        public init(certificates: [SecCertificate], isValid: Bool) {
            self.certificates = certificates
            self.isValid = isValid
        }

        /// The DER bytes of the certificates.
        var certificateData: [Data] { certificates.map(\.data) }

        /// The public keys of the certificates.
        var publicKeys: [SecKey] { certificates.map { SecKey(subjectPublicKeyInfo: $0.subjectPublicKeyInfo) } }

        /// Throws unless the chain was found valid.
        func checkDefaultValidation(forHost host: String?) throws {
            guard isValid else { throw AFError.serverTrustEvaluationFailed(reason: .trustEvaluationFailed(error: nil)) }
        }
    }

    extension Array where Element == SecCertificate {
        /// The certificates in `paths`, DER or PEM.
        static func loading(_ paths: [String]) -> [SecCertificate] {
            paths.flatMap { path -> [SecCertificate] in
                guard let data = FileManager.default.contents(atPath: path) else { return [] }
                return CertificateFile.derCertificates(in: data).compactMap(SecCertificate.init(data:))
            }
        }

        /// The public keys of the certificates.
        var keys: [SecKey] { map { SecKey(subjectPublicKeyInfo: $0.subjectPublicKeyInfo) } }
    }
#endif

extension Bundle: AlamofireExtended {}

extension AlamofireExtension where ExtendedType: Bundle {
    /// The certificates among the bundle's resources: files ending in `.cer`, `.crt` or `.der` (any
    /// case), DER or PEM.
    public var certificates: [SecCertificate] {
        [SecCertificate].loading(paths(forResourcesOfTypes: [".cer", ".CER", ".crt", ".CRT", ".der", ".DER"]))
    }

    /// The public keys of ``certificates``.
    public var publicKeys: [SecKey] {
        certificates.keys
    }

    /// The paths of the bundle's resources of each type, without repeats.
    ///
    /// - Parameter types: The file name endings, such as `".cer"`.
    public func paths(forResourcesOfTypes types: [String]) -> [String] {
        Array(Set(types.flatMap { type.paths(forResourcesOfType: $0, inDirectory: nil) })).sorted()
    }
}

/// Reads certificate files: PEM blocks or DER, and the SubjectPublicKeyInfo of a DER certificate.
enum CertificateFile {
    /// The DER certificates of `data`: each PEM `CERTIFICATE` block, or the whole of it when it is not PEM.
    static func derCertificates(in data: Data) -> [Data] {
        guard let text = String(data: data, encoding: .utf8), text.contains("-----BEGIN CERTIFICATE-----") else {
            return [data]
        }
        return text.components(separatedBy: "-----BEGIN CERTIFICATE-----").dropFirst().compactMap { block in
            guard let end = block.range(of: "-----END CERTIFICATE-----") else { return nil }
            return Data(base64Encoded: String(block[..<end.lowerBound]), options: .ignoreUnknownCharacters)
        }
    }

    /// The DER bytes (tag and length included) of the SubjectPublicKeyInfo of a DER certificate, or `nil`
    /// when `der` is not one: Certificate ::= SEQUENCE { tbsCertificate SEQUENCE { [0] version OPTIONAL,
    /// serialNumber, signature, issuer, validity, subject, subjectPublicKeyInfo, … }, … } (RFC 5280 §4.1).
    static func subjectPublicKeyInfo(ofDER der: Data) -> Data? {
        let bytes = [UInt8](der)
        guard let certificate = element(in: bytes, at: 0), certificate.tag == 0x30,
            let tbs = element(in: bytes, at: certificate.contentStart), tbs.tag == 0x30
        else { return nil }
        var offset = tbs.contentStart
        var index = 0
        while offset < tbs.end, let field = element(in: bytes, at: offset) {
            if index == 0, field.tag == 0xA0 {  // The optional version.
                offset = field.end
                continue
            }
            if index == 5 {
                guard field.tag == 0x30 else { return nil }
                return Data(bytes[offset..<field.end])
            }
            index += 1
            offset = field.end
        }
        return nil
    }

    /// The tag, where the content starts and where the element ends, of the DER element at `offset`.
    private static func element(in bytes: [UInt8], at offset: Int) -> (tag: UInt8, contentStart: Int, end: Int)? {
        guard offset + 2 <= bytes.count else { return nil }
        let tag = bytes[offset]
        var length = Int(bytes[offset + 1])
        var start = offset + 2
        if length & 0x80 != 0 {
            let count = length & 0x7F
            guard count > 0, count <= 4, start + count <= bytes.count else { return nil }
            length = bytes[start..<start + count].reduce(0) { $0 << 8 | Int($1) }
            start += count
        }
        guard length >= 0, start + length <= bytes.count else { return nil }
        return (tag, start, start + length)
    }
}

extension SecCertificate: AlamofireExtended {}

extension AlamofireExtension where ExtendedType == SecCertificate {
    /// The certificate's public key, or `nil` when it has none that can be read.
    public var publicKey: SecKey? {
        [type].keys.first
    }
}

extension Array: AlamofireExtended {}

extension AlamofireExtension where ExtendedType == [SecCertificate] {
    /// The certificates' DER bytes.
    public var data: [Data] {
        type.map(\.derData)
    }

    /// The certificates' public keys.
    public var publicKeys: [SecKey] {
        type.keys
    }
}
