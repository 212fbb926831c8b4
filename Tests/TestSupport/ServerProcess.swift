import Courier
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A server process (openssl s_server, nginx) whose files live in a temporary folder of its own: what
/// ``TLSServer`` and ``HTTP2Server`` share.
package final class ServerProcess: @unchecked Sendable {
    /// The server's folder: certificate, configuration, logs.
    package let folder: URL
    /// Where the server listens.
    package let url: URL
    private let process: ChildProcess
    private let isStopped = Locked(false)

    /// Creates `folder`, runs `prepare` (writing the files the server needs), then `launch` until it
    /// starts a server (up to five times: a port free a moment ago may be taken before the server binds
    /// it; `launch` returns `nil` then). Blocks; deletes the folder when no server started.
    package init(folder: URL, prepare: () throws -> Void, launch: () throws -> (ChildProcess, URL)?) throws {
        var started: (ChildProcess, URL)?
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try prepare()
            for _ in 0..<5 where started == nil {
                started = try launch()
            }
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
        guard let (process, url) = started else {
            try? FileManager.default.removeItem(at: folder)
            throw URLError(.cannotConnectToHost)
        }
        self.folder = folder
        self.process = process
        self.url = url
    }

    /// Kills the server (SIGKILL), then, on a thread of its own, reaps it, runs `cleanup` and deletes
    /// the folder, so that the caller's (cooperative) thread never waits. Stopping twice does nothing.
    package func stop(then cleanup: @escaping @Sendable () -> Void = {}) {
        let first = isStopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        process.kill()
        let (process, folder) = (process, folder)
        Thread {
            process.waitUntilExit()
            cleanup()
            try? FileManager.default.removeItem(at: folder)
        }.start()
    }
}
