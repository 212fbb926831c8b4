import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Blocking reads and writes on connected sockets, and their setup and teardown.
enum SocketIO {
    #if canImport(Glibc)
        private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
        private static let sendFlags: Int32 = 0
    #endif

    /// Prepares an accepted socket: blocking mode, close-on-exec, no SIGPIPE, TCP_NODELAY.
    static func configureAccepted(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 {
            _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK)
        }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        setOption(fd, level: Int32(IPPROTO_TCP), name: TCP_NODELAY, value: 1)
        #if canImport(Darwin)
            setOption(fd, level: SOL_SOCKET, name: SO_NOSIGPIPE, value: 1)
        #endif
    }

    /// Sets an integer socket option, ignoring failure.
    static func setOption(_ fd: Int32, level: Int32, name: Int32, value: Int32) {
        var value = value
        _ = setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Reads up to `count` bytes into `buffer`; returns 0 at end of stream.
    static func receive(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int) throws(ConnectionFailure) -> Int
    {
        while true {
            let received = recv(fd, buffer, count, 0)
            if received >= 0 { return received }
            if errno != EINTR { throw .ended }
        }
    }

    /// Writes all of `bytes`.
    static func sendAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(ConnectionFailure) {
        guard var pointer = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let sent = send(fd, pointer, remaining, sendFlags)
            if sent > 0 {
                pointer += sent
                remaining -= sent
            } else if sent < 0 && errno == EINTR {
                continue
            } else {
                throw .ended
            }
        }
    }

    /// Writes all of `data`.
    static func sendAll(_ fd: Int32, _ data: Data) throws(ConnectionFailure) {
        var failed = false
        data.withUnsafeBytes { bytes in
            do {
                try sendAll(fd, bytes)
            } catch {
                failed = true
            }
        }
        if failed { throw .ended }
    }

    /// Makes closing `fd` reset the connection (TCP RST) instead of ending it in order (`SO_LINGER` 0).
    ///
    /// Waits 20 ms first, so that bytes just written reach the peer before the reset does.
    static func resetOnClose(_ fd: Int32) {
        usleep(20_000)
        var option = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }

    /// Blocks until the peer closes the connection, the socket fails or it is shut down (by `stop()`),
    /// reading and discarding whatever the peer sends meanwhile.
    static func waitUntilPeerCloses(_ fd: Int32) {
        var scratch = [UInt8](repeating: 0, count: 4096)
        while true {
            let received = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if received > 0 || (received < 0 && errno == EINTR) { continue }
            return
        }
    }

    /// Shuts down both directions, waking any thread blocked on the socket; the descriptor stays open.
    static func shutdownBoth(_ fd: Int32) {
        _ = shutdown(fd, Int32(SHUT_RDWR))
    }

    /// Ends the sending side and discards what the peer still sends for up to `timeoutMilliseconds`.
    ///
    /// Closing with unread input makes the kernel reset the connection, which can destroy an error response
    /// before the peer reads it; draining first lets the peer see the response and then the end of stream.
    static func finishSending(_ fd: Int32, timeoutMilliseconds: Int = 1000) {
        _ = shutdown(fd, Int32(SHUT_WR))
        let deadline = Date().addingTimeInterval(Double(timeoutMilliseconds) / 1000)
        var scratch = [UInt8](repeating: 0, count: 4096)
        var discarded = 0
        while discarded < 4 << 20 {
            let remaining = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard remaining > 0, poll(&descriptor, 1, remaining) > 0 else { return }
            let received = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if received <= 0 { return }
            discarded += received
        }
    }
}
