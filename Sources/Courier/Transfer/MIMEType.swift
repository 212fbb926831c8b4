/// The `Content-Type` of a file from the extension of its name, the same on every platform.
///
/// Linux has no system table of MIME types, so Courier carries a small one of its own.
enum MIMEType {
    /// The type sent for a file whose extension is not in the table.
    static let fallback = "application/octet-stream"

    private static let byExtension: [String: String] = [
        "csv": "text/csv",
        "gif": "image/gif",
        "html": "text/html",
        "htm": "text/html",
        "jpeg": "image/jpeg",
        "jpg": "image/jpeg",
        "json": "application/json",
        "mp3": "audio/mpeg",
        "mp4": "video/mp4",
        "pdf": "application/pdf",
        "png": "image/png",
        "txt": "text/plain",
        "webp": "image/webp",
        "xml": "application/xml",
        "zip": "application/zip",
    ]

    /// The type of a file named `fileName` from its extension (compared case-insensitively), or `nil`
    /// when the name has no extension in the table.
    static func known(forFileName fileName: String) -> String? {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return nil }
        return byExtension[fileName[fileName.index(after: dot)...].lowercased()]
    }
}
