import Courier
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ports of 127.0.0.1 for tests: bound but never listened on (connecting is refused), or just freed.
package enum ClosedPorts {
    /// The sockets holding the ports, kept open until the process ends.
    private static let held = Locked<[Int32]>([])

    /// Binds a new socket to a free port of 127.0.0.1 without listening, and returns the port.
    package static func reserve() throws -> UInt16 {
        let (fd, port) = try boundSocket()
        held.withLock { $0.append(fd) }
        return port
    }

    /// A port of 127.0.0.1 that was free a moment ago (for a server started by another process).
    package static func recentlyFree() throws -> UInt16 {
        let (fd, port) = try boundSocket()
        close(fd)
        return port
    }

    /// A new socket bound to a free port of 127.0.0.1, not listening, and that port.
    private static func boundSocket() throws -> (fd: Int32, port: UInt16) {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }
}
