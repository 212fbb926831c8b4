import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Ready-made ``DownloadDestination``s, and the file-name cleaning they rely on.
///
/// A file name suggested by a server (`Content-Disposition: attachment; filename="…"`, read by
/// `HTTPURLResponse.suggestedFilename`) is input from the network: it may be `../../etc/passwd`, an
/// absolute path, `..`, empty, or hold NUL and control characters. Joined to a folder as it is, it can
/// place the file anywhere the process may write. ``suggestedFileName(in:fallback:options:)`` never
/// leaves the folder you choose:
///
/// ```swift
/// let folder = URL(fileURLWithPath: "/tmp/downloads")
/// let destination = DownloadDestinations.suggestedFileName(in: folder, fallback: "report.pdf")
/// let task = HTTPTask.downloadDestination(destination)
/// ```
public enum DownloadDestinations {
    /// The longest file name kept, in UTF-8 bytes: the `NAME_MAX` of common file systems.
    static let maximumFileNameLength = 255

    /// A destination in `directory`, named after the file name the server suggests, made safe by
    /// ``safeFileName(_:fallback:)``.
    ///
    /// The file always lands directly in `directory`: no suggested name can climb out of it, name a
    /// subfolder or hide the file behind a leading dot. Without ``DownloadOptions/removePreviousFile``
    /// (the default) a name that is already taken fails the request with
    /// ``TransferError/destinationExists(_:)`` rather than replacing your file.
    ///
    /// - Parameters:
    ///   - directory: The folder the file goes into.
    ///   - fallback: The name used when the suggestion is missing or nothing of it is safe.
    ///     Default: `download`.
    ///   - options: How the file is moved there. Default: ``DownloadOptions/createIntermediateDirectories``.
    public static func suggestedFileName(
        in directory: URL, fallback: String = "download", options: DownloadOptions = .createIntermediateDirectories
    ) -> DownloadDestination {
        { _, response in
            (destination(in: directory, suggested: response.suggestedFilename, fallback: fallback), options)
        }
    }

    /// `suggested` made into one safe file name, or `fallback` (itself made safe, else `download`)
    /// when nothing of it is left.
    ///
    /// The rules, in order:
    /// - only the last path component is kept: trailing `/` and `\` go, then everything up to the last
    ///   `/` or `\` (`../../etc/passwd` becomes `passwd`, `/abs` becomes `abs`, `/etc/` becomes `etc`);
    /// - NUL, control characters (U+0000–U+001F, U+007F–U+009F) and the Unicode line and paragraph
    ///   separators are removed;
    /// - leading dots and white space are removed (so `..`, `.` and hidden names such as `.profile`
    ///   cannot be made), and trailing dots and white space;
    /// - a name longer than 255 UTF-8 bytes is cut, keeping its extension when the
    ///   extension is short (16 bytes or less), and never splitting a character.
    ///
    /// Every other character, unicode included, is kept: `résumé 2024.pdf` stays as it is.
    public static func safeFileName(_ suggested: String?, fallback: String = "download") -> String {
        if let name = cleaned(suggested ?? "") { return name }
        return cleaned(fallback) ?? "download"
    }

    /// The URL in `directory` for `suggested`; checked once more to be directly inside `directory`.
    static func destination(in directory: URL, suggested: String?, fallback: String) -> URL {
        let name = safeFileName(suggested, fallback: fallback)
        let url = directory.appendingPathComponent(name, isDirectory: false)
        guard url.deletingLastPathComponent().standardizedFileURL.path == directory.standardizedFileURL.path else {
            return directory.appendingPathComponent("download", isDirectory: false)
        }
        return url
    }

    /// The safe form of `name`, or `nil` when nothing of it is left.
    private static func cleaned(_ name: String) -> String? {
        let isSeparator: (Unicode.Scalar) -> Bool = { $0 == "/" || $0 == "\\" }
        var scalars = Substring(name).unicodeScalars[...]
        while let last = scalars.last, isSeparator(last) {
            scalars.removeLast()
        }
        if let separator = scalars.lastIndex(where: isSeparator) {
            scalars = scalars[scalars.index(after: separator)...]
        }
        let kept = trimmed(String(String.UnicodeScalarView(scalars.filter { !isRemoved($0) })))
        // Cutting a long name may leave a dot or a space at either end: trim again.
        let result = trimmed(shortened(kept))
        return result.isEmpty ? nil : result
    }

    /// `name` without leading and trailing dots and white space.
    private static func trimmed(_ name: String) -> String {
        var scalars = name.unicodeScalars[...]
        while let first = scalars.first, first == "." || first.properties.isWhitespace {
            scalars.removeFirst()
        }
        while let last = scalars.last, last == "." || last.properties.isWhitespace {
            scalars.removeLast()
        }
        return String(String.UnicodeScalarView(scalars))
    }

    /// Whether `scalar` is dropped from a file name: NUL, control characters and line separators.
    private static func isRemoved(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
        default: false
        }
    }

    /// `name` cut to ``maximumFileNameLength`` UTF-8 bytes, keeping a short extension.
    private static func shortened(_ name: String) -> String {
        guard name.utf8.count > maximumFileNameLength else { return name }
        var stem = Substring(name)
        var suffix = Substring()
        if let dot = name.lastIndex(of: "."), name[dot...].utf8.count <= 16 {
            stem = name[..<dot]
            suffix = name[dot...]
        }
        return String(stem.prefix(utf8Bytes: maximumFileNameLength - suffix.utf8.count) + suffix)
    }
}
