import Foundation

/// A `multipart/form-data` body (RFC 7578): parts of data or files, separated by a boundary.
public struct MultipartFormData: Sendable {
    /// The boundary between parts.
    public let boundary: String
    /// The parts, in the order they are sent.
    public let parts: [MultipartFormBodyPart]

    /// Creates a form.
    ///
    /// - Parameters:
    ///   - boundary: The boundary between parts. Default: `nil`, a random boundary.
    ///   - parts: The parts, in order.
    public init(boundary: String? = nil, parts: [MultipartFormBodyPart]) {
        self.boundary = boundary ?? "courier.boundary.\(UUID().uuidString.lowercased())"
        self.parts = parts
    }
}

/// One part of a ``MultipartFormData``.
public struct MultipartFormBodyPart: Sendable {
    /// Where the part's bytes come from.
    public enum FormDataProvider: Sendable {
        /// Bytes in memory.
        case data(Data)
        /// The contents of a file, streamed from disk.
        case file(URL)
    }

    /// Where the bytes come from.
    public let provider: FormDataProvider
    /// The form field name.
    public let name: String
    /// The file name sent with the part, or `nil` for none.
    public let fileName: String?
    /// The part's `Content-Type`, or `nil` to derive it.
    public let mimeType: String?

    /// Creates a part.
    ///
    /// - Parameters:
    ///   - provider: Where the bytes come from.
    ///   - name: The form field name.
    ///   - fileName: The file name sent with the part. Default: `nil`.
    ///   - mimeType: The part's `Content-Type`. Default: `nil`.
    public init(provider: FormDataProvider, name: String, fileName: String? = nil, mimeType: String? = nil) {
        self.provider = provider
        self.name = name
        self.fileName = fileName
        self.mimeType = mimeType
    }
}
