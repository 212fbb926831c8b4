import Foundation

/// Where Courier keeps the files it makes for a transfer (multipart bodies, downloads in progress), and
/// how it names them: `courier-<purpose>-<UUID>` in the folder the transport's
/// ``TransportPolicy/temporaryDirectory`` names.
enum TemporaryFiles {
    /// The prefix of every temporary file name.
    static let prefix = "courier-"

    /// A new, unused file URL in `directory` for `purpose` (`multipart`, `download`); the file is not
    /// created.
    static func newURL(for purpose: String, in directory: URL) -> URL {
        directory.appendingPathComponent("\(prefix)\(purpose)-\(UUID().uuidString)")
    }

    /// Removes `url`, ignoring a file that is already gone.
    static func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
    }
}
