import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where tests write files: new folders inside one folder of this test process's in the system's
/// temporary directory, `courier-tests-<pid>`. The folders of test processes that have ended are
/// removed when a process makes its own, so runs do not pile up files (a test cannot clean up after a
/// server the whole process shares, nor after a crash).
package enum TestFiles {
    /// This process's folder, made once, after the folders of ended test processes are removed.
    private static let root: Result<URL, any Error> = Result {
        let temporary = FileManager.default.temporaryDirectory
        let prefix = "courier-tests-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
        }
        let folder = temporary.appendingPathComponent("\(prefix)\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A path for a new file or folder named `prefix-<UUID>` (plus `.suffix` when given), not yet made.
    package static func path(_ prefix: String, suffix: String? = nil) throws -> URL {
        let name = "\(prefix)-\(UUID().uuidString)" + (suffix.map { ".\($0)" } ?? "")
        return try root.get().appendingPathComponent(name)
    }

    /// A new, empty folder named `prefix-<UUID>`.
    package static func make(_ prefix: String) throws -> URL {
        let folder = try path(prefix)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
