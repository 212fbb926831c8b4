import Courier
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program the tests start (openssl, nginx, gzip, courier-bench), with `posix_spawn`.
///
/// Not Foundation's `Process`: on Linux its `run()` lists `/proc/self/fd` copying 256 bytes of every
/// entry, past the end of glibc's buffer when an entry ends it, and a test process with hundreds of
/// sockets open crashed there now and then (swift-corelibs-foundation has since fixed the copy). Its
/// `SIGCHLD` handler also made blocking reads fail with `EINTR`. The child gets the descriptors it is
/// given as its standard input, output and error, and no other: everything else is closed in it, so a
/// long-lived server never holds another child's pipe open.
package final class ChildProcess: Sendable {
    /// The child's process id.
    package let processIdentifier: pid_t
    /// Its wait status once reaped.
    private let status = Locked<Int32?>(nil)

    /// Starts `executable` (a path) with `arguments`; `input`, `output` and `error` become its standard
    /// input, output and error. No input is `/dev/null`; no output or error is the test process's own.
    package init(
        _ executable: String, _ arguments: [String], input: Int32? = nil, output: Int32? = nil,
        error: Int32? = nil
    ) throws {
        #if canImport(Glibc)
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #else
            var actions: posix_spawn_file_actions_t?
            var attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if let input {
            posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        }
        if let output { posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO) }
        if let error { posix_spawn_file_actions_adddup2(&actions, error, STDERR_FILENO) }
        // The child starts with no signal blocked (a test thread blocks SIGCHLD) and default handlers.
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGTERM, SIGINT, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        #if canImport(Glibc)
            Self.closeTheRest(&actions)
        #else
            flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer {
            for argument in argv { free(argument) }
        }
        var pid = pid_t()
        #if canImport(Glibc)
            let environment = environ
        #else
            let environment = _NSGetEnviron().pointee
        #endif
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, environment)
        guard result == 0 else {
            throw CocoaError(
                .executableLoad,
                userInfo: [
                    NSLocalizedDescriptionKey: "cannot start \(executable): \(String(cString: strerror(result)))"
                ])
        }
        processIdentifier = pid
    }

    #if canImport(Glibc)
        /// Closes every descriptor from 3 up in the child (`posix_spawn_file_actions_addclosefrom_np`, of
        /// glibc 2.34 and later, which glibc's Swift module does not show).
        private static func closeTheRest(_ actions: inout posix_spawn_file_actions_t) {
            typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
            guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }
            _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, 3)
        }
    #endif

    /// Whether the child has not exited yet.
    package var isRunning: Bool { reap(blocking: false) == nil }

    /// Waits for the child to exit and returns its exit code (128 plus the signal when a signal ended it).
    @discardableResult
    package func waitUntilExit() -> Int32 {
        while true {
            if let code = reap(blocking: true) { return code }
        }
    }

    /// Sends `SIGKILL`, unless the child has been reaped (its id may be another process's by then).
    package func kill() {
        status.withLock { status in
            #if canImport(Glibc)
                if status == nil { _ = Glibc.kill(processIdentifier, SIGKILL) }
            #else
                if status == nil { _ = Darwin.kill(processIdentifier, SIGKILL) }
            #endif
        }
    }

    /// The exit code once the child has exited, reaping it; `nil` while it runs.
    private func reap(blocking: Bool) -> Int32? {
        if let known = status.withLock({ $0 }) { return Self.exitCode(known) }
        var raw: Int32 = 0
        var reaped: pid_t
        repeat {
            reaped = waitpid(processIdentifier, &raw, blocking ? 0 : WNOHANG)
        } while reaped < 0 && errno == EINTR
        if reaped == processIdentifier {
            status.withLock { $0 = raw }
            return Self.exitCode(raw)
        }
        if reaped < 0 {
            // Another thread reaped it a moment ago: wait for it to record the status.
            while true {
                if let known = status.withLock({ $0 }) { return Self.exitCode(known) }
                usleep(1000)
            }
        }
        return nil
    }

    private static func exitCode(_ status: Int32) -> Int32 {
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// Runs `executable` with `arguments` to its end, its error output discarded, and returns its exit
    /// code and what it printed. Blocks: call it off the cooperative threads (``offThePool(_:)``).
    package static func run(_ executable: String, _ arguments: [String]) throws -> (code: Int32, output: Data) {
        let pipe = try ChildPipe()
        let child: ChildProcess
        do {
            child = try ChildProcess(
                executable, arguments, output: pipe.writeEnd, error: ChildPipe.nullDevice)
        } catch {
            pipe.closeReadEnd()
            pipe.closeWriteEnd()
            throw error
        }
        pipe.closeWriteEnd()
        let output = pipe.readToEnd()
        pipe.closeReadEnd()
        return (child.waitUntilExit(), output)
    }
}

/// A pipe whose ends are closed on exec (a child gets one only as its standard input or output).
package final class ChildPipe: Sendable {
    /// The end the child reads from (or the test reads what the child wrote).
    package let readEnd: Int32
    /// The end the child writes to (or the test writes what the child reads).
    package let writeEnd: Int32
    private let closed = Locked((read: false, write: false))

    /// `/dev/null`, open for reading and writing for the life of the test process.
    package static let nullDevice: Int32 = open("/dev/null", O_RDWR | O_CLOEXEC)

    package init() throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    /// Everything written until the write end closes, read past `EINTR`.
    package func readToEnd() -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count == 0 || errno != EINTR {
                return data
            }
        }
    }

    /// Closes the read end; again does nothing.
    package func closeReadEnd() {
        let first = closed.withLock { state in
            defer { state.read = true }
            return !state.read
        }
        if first { close(readEnd) }
    }

    /// Closes the write end; again does nothing.
    package func closeWriteEnd() {
        let first = closed.withLock { state in
            defer { state.write = true }
            return !state.write
        }
        if first { close(writeEnd) }
    }

    deinit {
        closeReadEnd()
        closeWriteEnd()
    }
}
