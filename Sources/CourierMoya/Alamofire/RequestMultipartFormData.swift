import Courier

/// Alamofire's multipart form builder, as Moya names it: `RequestMultipartFormData`.
///
/// Parts are appended in order; ``MultipartFormBuilder/encode()`` writes the whole body (RFC 7578) in memory and
/// ``MultipartFormBuilder/writeEncodedData(to:)`` to a file, a chunk at a time.
public typealias RequestMultipartFormData = MultipartFormBuilder

/// Builds a `multipart/form-data` body part by part: Alamofire's `MultipartFormData` class.
open class MultipartFormBuilder {
    /// The boundary between parts.
    public let boundary: String
    /// The file manager files are read with.
    public let fileManager: FileManager
    private var parts: [MultipartFormBodyPart] = []

    /// Creates an empty form.
    ///
    /// - Parameters:
    ///   - fileManager: The file manager files are read with. Default: `.default`.
    ///   - boundary: The boundary between parts. Default: a random one.
    public init(fileManager: FileManager = .default, boundary: String? = nil) {
        self.fileManager = fileManager
        self.boundary = boundary ?? "alamofire.boundary.\(UUID().uuidString.lowercased())"
    }

    /// The `Content-Type` of the body: `multipart/form-data; boundary=…`.
    open lazy var contentType: String = Courier.MultipartFormData(boundary: boundary, parts: []).contentType

    /// The size of the body, in bytes, when it is known without reading streams.
    public var contentLength: UInt64 {
        (try? encode()).map { UInt64($0.count) } ?? 0
    }

    /// Appends a data part.
    public func append(_ data: Data, withName name: String, fileName: String? = nil, mimeType: String? = nil) {
        parts.append(MultipartFormBodyPart(provider: .data(data), name: name, fileName: fileName, mimeType: mimeType))
    }

    /// Appends a file part, named after the file, its type from the file's extension.
    public func append(_ fileURL: URL, withName name: String) {
        parts.append(MultipartFormBodyPart(provider: .file(fileURL), name: name, fileName: fileURL.lastPathComponent))
    }

    /// Appends a file part.
    public func append(_ fileURL: URL, withName name: String, fileName: String, mimeType: String) {
        parts.append(
            MultipartFormBodyPart(provider: .file(fileURL), name: name, fileName: fileName, mimeType: mimeType))
    }

    /// Appends the first `length` bytes of `stream` as a part.
    public func append(
        _ stream: InputStream, withLength length: UInt64, name: String, fileName: String, mimeType: String
    ) {
        parts.append(
            MultipartFormBodyPart(provider: .stream(stream, length), name: name, fileName: fileName, mimeType: mimeType)
        )
    }

    /// The whole body.
    ///
    /// - Throws: ``AFError/multipartEncodingFailed(reason:)`` when a part's file or stream cannot be read.
    public func encode() throws -> Data {
        do {
            return try Courier.MultipartFormData(boundary: boundary, parts: parts).encodedBody()
        } catch {
            throw AFError.multipartEncodingFailed(reason: .inputStreamReadFailed(error: error))
        }
    }

    /// Writes the whole body to `fileURL`, which must not exist.
    ///
    /// - Throws: ``AFError/multipartEncodingFailed(reason:)`` when the file exists or cannot be written, or
    ///   a part cannot be read.
    public func writeEncodedData(to fileURL: URL) throws {
        guard !fileManager.fileExists(atPath: fileURL.path) else {
            throw AFError.multipartEncodingFailed(reason: .outputStreamFileAlreadyExists(at: fileURL))
        }
        guard fileURL.isFileURL else {
            throw AFError.multipartEncodingFailed(reason: .outputStreamURLInvalid(url: fileURL))
        }
        do {
            try Courier.MultipartFormData(boundary: boundary, parts: parts).writeBody(to: fileURL)
        } catch {
            throw AFError.multipartEncodingFailed(reason: .outputStreamWriteFailed(error: error))
        }
    }
}
