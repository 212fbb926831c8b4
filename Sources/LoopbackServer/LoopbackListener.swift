#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Creation of the non-blocking listening socket bound to 127.0.0.1.
enum LoopbackListener {
    #if canImport(Glibc)
        private static let streamType = Int32(SOCK_STREAM.rawValue)
    #else
        private static let streamType = SOCK_STREAM
    #endif

    /// Opens a socket listening on 127.0.0.1:`port` (0 lets the kernel choose) with a backlog of 1024.
    ///
    /// - Returns: the descriptor and the port actually bound.
    static func open(port: UInt16) throws(LoopbackServerError) -> (fd: Int32, port: UInt16) {
        let fd = socket(AF_INET, streamType, 0)
        guard fd >= 0 else { throw .fromErrno("socket") }
        do throws(LoopbackServerError) {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            SocketIO.setOption(fd, level: SOL_SOCKET, name: SO_REUSEADDR, value: 1)
            try bind(fd, port: port)
            guard listen(fd, 1024) == 0 else { throw LoopbackServerError.fromErrno("listen") }
            let flags = fcntl(fd, F_GETFL)
            guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else {
                throw LoopbackServerError.fromErrno("fcntl")
            }
            return (fd, try boundPort(fd))
        } catch {
            _ = close(fd)
            throw error
        }
    }

    private static func loopbackAddress(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        return address
    }

    private static func bind(_ fd: Int32, port: UInt16) throws(LoopbackServerError) {
        var address = loopbackAddress(port: port)
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                #if canImport(Glibc)
                    Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                #else
                    Darwin.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                #endif
            }
        }
        guard result == 0 else { throw .fromErrno("bind") }
    }

    private static func boundPort(_ fd: Int32) throws(LoopbackServerError) -> UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard result == 0 else { throw .fromErrno("getsockname") }
        return UInt16(bigEndian: address.sin_port)
    }
}
