import Foundation

/// Loads an OpenAPI document from its root file: reads it (JSON or YAML, by its content), checks that it
/// is Swagger 2.0, OpenAPI 3.0, 3.1 or 3.2, bundles what its `$ref`s name in other files into it, and converts
/// Swagger 2.0 to OpenAPI 3.0, so that what comes out is one OpenAPI 3 tree whose `$ref`s are all local.
enum DocumentLoader {
    /// The readers of the two formats a file may be written in.
    struct Readers: Sendable {
        /// Reads JSON.
        var json: @Sendable ([UInt8], String) throws(DocumentReadError) -> DocumentNode
        /// Reads YAML.
        var yaml: @Sendable ([UInt8], String) throws(DocumentReadError) -> DocumentNode

        /// The generator's own readers.
        static let standard = Readers(
            json: { bytes, file throws(DocumentReadError) in try JSONReader.read(bytes, file: file) },
            yaml: { bytes, file throws(DocumentReadError) in try YAMLReader.read(bytes, file: file) })
    }

    /// The document whose root file is at `path`, with the generator's readers.
    static func load(path: String) throws(DocumentLoadError) -> LoadedDocument {
        try load(path: path, readers: .standard)
    }

    /// The document whose root file is at `path`, read with `readers`.
    static func load(path: String, readers: Readers) throws(DocumentLoadError) -> LoadedDocument {
        let root = try readTree(at: path, readers: readers)
        let version = try version(of: root, file: path)
        let (bundled, bundleWarnings) = ReferenceBundler.bundle(
            root, file: path, dialect: version.isSwagger ? .swagger2 : .openAPI3,
            readFile: { file throws(DocumentLoadError) in try readTree(at: file, readers: readers) })
        var document = LoadedDocument(
            root: bundled, sourceVersion: version.text,
            isVersion31: !version.isSwagger && !version.text.hasPrefix("3.0"), rootFile: path,
            warnings: bundleWarnings)
        if version.isSwagger {
            let (converted, conversionWarnings) = Swagger2Converter.convert(bundled, file: path)
            document.root = converted
            document.warnings += conversionWarnings
        }
        return document
    }

    /// The version a root declares (`swagger: "2.0"` or `openapi: 3.0.x / 3.1.x / 3.2.x`) as written, and whether
    /// it is Swagger's; an error for another version or a root that declares none. A minor version without
    /// its patch (`openapi: 3.0`, which YAML reads as a number) is that line's.
    static func version(of root: DocumentNode, file: String) throws(DocumentLoadError) -> (
        text: String, isSwagger: Bool
    ) {
        if let node = root["openapi"] {
            let text = node.string ?? node.numberText ?? ""
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2 || parts.count == 3, parts[0] == "3", ["0", "1", "2"].contains(parts[1]),
                parts.count == 2 || (!parts[2].isEmpty && parts[2].allSatisfy(\.isNumber))
            else { throw .unsupportedVersion(text, location: node.location) }
            return (text, false)
        }
        if let node = root["swagger"] {
            let text = node.string ?? node.numberText ?? ""
            guard text == "2.0" || text == "2" else { throw .unsupportedVersion(text, location: node.location) }
            return (text, true)
        }
        throw .notOpenAPI(file: file)
    }

    /// The tree of the file at `path`: read as JSON when its first byte other than white space is `{`
    /// (or, failing that, its name ends in `.json`), else as YAML. A `{` file that is not JSON is tried as
    /// YAML too (flow style), unless it is named `.json`.
    static func readTree(at path: String, readers: Readers) throws(DocumentLoadError) -> DocumentNode {
        let bytes = try readBytes(at: path)
        let isJSONName = path.lowercased().hasSuffix(".json")
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        do throws(DocumentReadError) {
            if first == UInt8(ascii: "{") {
                do throws(DocumentReadError) {
                    return try readers.json(bytes, path)
                } catch {
                    if isJSONName { throw error }
                    guard let tree = try? readers.yaml(bytes, path) else { throw error }
                    return tree
                }
            }
            return try isJSONName ? readers.json(bytes, path) : readers.yaml(bytes, path)
        } catch {
            throw .malformed(error)
        }
    }

    /// The bytes of the file at `path`.
    static func readBytes(at path: String) throws(DocumentLoadError) -> [UInt8] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw .fileNotFound(path: path)
        }
        guard !isFolder.boolValue else { throw .unreadable(path: path, reason: "it is a folder") }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: buffer[0..<count])
            } else if count == 0 {
                return bytes
            } else if errno != EINTR {
                throw .unreadable(path: path, reason: String(cString: strerror(errno)))
            }
        }
    }
}
