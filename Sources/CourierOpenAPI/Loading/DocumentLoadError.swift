/// A document that could not be loaded: its root file is missing or unreadable, is not JSON or YAML, is
/// not an OpenAPI document, or is of a version the generator does not read.
enum DocumentLoadError: Error, Sendable, CustomStringConvertible {
    /// There is no file at the path.
    case fileNotFound(path: String)
    /// The file is there but could not be read (a folder, no permission): the system's reason.
    case unreadable(path: String, reason: String)
    /// The file is not well-formed JSON or YAML: the reader's error, with the file, line and column.
    case malformed(DocumentReadError)
    /// The file is JSON or YAML but has no `openapi` or `swagger` key at its root.
    case notOpenAPI(file: String)
    /// The document's version is not one the generator reads (Swagger 2.0, OpenAPI 3.0.x, 3.1.x and 3.2.x):
    /// the version as written and where.
    case unsupportedVersion(String, location: SourceLocation)

    /// The file the error is in.
    var file: String {
        switch self {
        case .fileNotFound(let path), .unreadable(let path, _), .notOpenAPI(let path): path
        case .malformed(let error): error.location.file
        case .unsupportedVersion(_, let location): location.file
        }
    }

    /// Where in the file, when the error is at a place of it.
    var location: SourceLocation? {
        switch self {
        case .malformed(let error): error.location
        case .unsupportedVersion(_, let location): location
        default: nil
        }
    }

    /// What is wrong, in a sentence.
    var message: String {
        switch self {
        case .fileNotFound: "no such file"
        case .unreadable(_, let reason): "cannot read the file: \(reason)"
        case .malformed(let error): error.message
        case .notOpenAPI:
            "not an OpenAPI document: its root has neither an `openapi` nor a `swagger` key"
        case .unsupportedVersion(let version, _):
            "OpenAPI version \(version) is not supported (Swagger 2.0, OpenAPI 3.0.x, 3.1.x and 3.2.x are)"
        }
    }

    /// `file:line:column: error: message`, as compilers print errors.
    var description: String { "\(location?.description ?? file): error: \(message)" }
}
