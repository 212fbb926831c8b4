import Foundation

/// Where Courier keeps the files it makes for a transfer (multipart bodies, downloads in progress), and
/// how it names them: `courier-<purpose>-<UUID>` in the temporary directory.
enum TemporaryFiles {
    /// The folder for new temporary files: the system's temporary directory.
    ///
    /// A task-local so that a test can give its requests a folder of their own and check that nothing
    /// is left behind, while other tests run at the same time.
    @TaskLocal static var directory = FileManager.default.temporaryDirectory

    /// The prefix of every temporary file name.
    static let prefix = "courier-"

    /// A new, unused file URL for `purpose` (`multipart`, `download`); the file is not created.
    static func newURL(for purpose: String) -> URL {
        directory.appendingPathComponent("\(prefix)\(purpose)-\(UUID().uuidString)")
    }

    /// Removes `url`, ignoring a file that is already gone.
    static func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
    }
}
