#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What ``NetworkReachabilityManager`` checks on the machine, without SystemConfiguration: whether a
/// host name resolves, and which network interfaces are up.
enum ReachabilityProbe {
    /// The network interfaces that are up and running with an IPv4 or IPv6 address, by kind.
    struct Interfaces {
        /// A loopback interface (`lo`) is up.
        var loopback = false
        /// Another interface (Ethernet, Wi-Fi, a tunnel, a cellular modem) is up.
        var external = false
    }

    /// The status of `host` (of the machine's network when `nil`) as the manager reports it.
    static func status(of host: String?) -> NetworkReachabilityManager.NetworkReachabilityStatus {
        guard let interfaces = interfaces() else { return .unknown }
        guard let host else { return interfaces.external ? .reachable(.ethernetOrWiFi) : .notReachable }
        guard let addresses = resolve(host) else { return .notReachable }
        let reachable = addresses.contains { isLoopback in isLoopback ? interfaces.loopback : interfaces.external }
        return reachable ? .reachable(.ethernetOrWiFi) : .notReachable
    }

    /// The interfaces that are up (`IFF_UP` and `IFF_RUNNING`) with an address, from `getifaddrs`;
    /// `nil` when the list cannot be read.
    static func interfaces() -> Interfaces? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return nil }
        defer { freeifaddrs(list) }
        var interfaces = Interfaces()
        var next = list
        while let entry = next?.pointee {
            next = entry.ifa_next
            let flags = Int(entry.ifa_flags)
            guard flags & Int(IFF_UP) != 0, flags & Int(IFF_RUNNING) != 0,
                let family = entry.ifa_addr?.pointee.sa_family,
                Int32(family) == AF_INET || Int32(family) == AF_INET6
            else { continue }
            if flags & Int(IFF_LOOPBACK) != 0 {
                interfaces.loopback = true
            } else {
                interfaces.external = true
            }
        }
        return interfaces
    }

    /// Whether each address `host` resolves to (by `getaddrinfo`) is a loopback address; `nil` when
    /// it resolves to none. A name that cannot be a DNS name is not looked up.
    static func resolve(_ host: String) -> [Bool]? {
        let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard isPlausibleHost(name) else { return nil }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var results: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(name, nil, &hints, &results) == 0 else { return nil }
        defer { freeaddrinfo(results) }
        var loopbacks: [Bool] = []
        var next = results
        while let entry = next?.pointee {
            next = entry.ai_next
            guard let address = entry.ai_addr else { continue }
            switch entry.ai_family {
            case AF_INET:
                let ipv4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                loopbacks.append(UInt32(bigEndian: ipv4.s_addr) >> 24 == 127)
            case AF_INET6:
                let ipv6 = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
                let bytes = withUnsafeBytes(of: ipv6) { Array($0) }
                let isMappedIPv4 = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
                loopbacks.append(bytes == Array(repeating: 0, count: 15) + [1] || (isMappedIPv4 && bytes[12] == 127))
            default:
                continue
            }
        }
        return loopbacks.isEmpty ? nil : loopbacks
    }

    /// Whether `name` can be looked up: an IP address, or a DNS name (labels of 1 to 63 letters,
    /// digits, `-` and `_`, 253 characters at most).
    static func isPlausibleHost(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 253 else { return false }
        if name.contains(":") {
            return name.unicodeScalars.allSatisfy { $0.properties.isASCIIHexDigit || $0 == ":" || $0 == "." }
        }
        let labels = (name.hasSuffix(".") ? String(name.dropLast()) : name).split(
            separator: ".", omittingEmptySubsequences: false)
        return labels.allSatisfy { label in
            (1...63).contains(label.utf8.count) && label.first != "-" && label.last != "-"
                && label.unicodeScalars.allSatisfy {
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
                }
        }
    }
}
