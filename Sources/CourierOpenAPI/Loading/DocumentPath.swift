import Foundation

/// The paths of the files of a document and the file parts of its `$ref`s: resolved against the file
/// that holds the reference, and normalized so that one file is one key however it was reached.
enum DocumentPath {
    /// `path` with its `.` segments and the `..` segments that follow a folder taken out
    /// (`a/./b/../c` is `a/c`; a leading `..` of a relative path stays).
    static func normalize(_ path: String) -> String {
        let isAbsolute = path.hasPrefix("/")
        var segments: [Substring] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".":
                continue
            case "..":
                if let last = segments.last, last != ".." {
                    segments.removeLast()
                } else if !isAbsolute {
                    segments.append(segment)
                }
            default:
                segments.append(segment)
            }
        }
        let joined = segments.joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// The folder of `file` (`.` for a file named without one).
    static func folder(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "." }
        return slash == file.startIndex ? "/" : String(file[..<slash])
    }

    /// The file a reference's file part (`other.yaml`, `../common.yaml`, `schemas/pet%20v2.json`) names,
    /// read from `file`: relative to its folder unless absolute, percent-escapes decoded, normalized.
    static func resolve(_ reference: String, from file: String) -> String {
        var path = reference.removingPercentEncoding ?? reference
        if path.hasPrefix("file://") { path.removeFirst("file://".count) }
        if path.hasPrefix("/") { return normalize(path) }
        return normalize(folder(of: file) + "/" + path)
    }

    /// Whether a reference names a resource by a URL (`https://…`, `urn:…`) rather than a file path:
    /// a scheme of letters, digits, `+`, `-` and `.` before a colon (a `file:` URL is a path).
    static func isRemote(_ reference: String) -> Bool {
        guard let colon = reference.firstIndex(of: ":") else { return false }
        let scheme = reference[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter, scheme.count > 1 else { return false }
        let isScheme = scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
        return isScheme && scheme.lowercased() != "file"
    }

    /// The name of `file` without its folder and its extension (`schemas/pet.yaml` is `pet`).
    static func baseName(of file: String) -> String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}
