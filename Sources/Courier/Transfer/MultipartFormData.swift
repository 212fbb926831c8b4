import Foundation

/// A `multipart/form-data` body (RFC 7578): parts of data or files, separated by a boundary.
///
/// Sent by ``HTTPTask/uploadMultipart(_:)-enum.case`` and ``HTTPTask/uploadCompositeMultipart(_:urlParameters:)-enum.case``
/// with the request's `Content-Type` set to ``contentType``. A form with a file part is written to a
/// temporary file first, copying each file a chunk at a time, and uploaded from there, so files of any
/// size go out in bounded memory; the temporary file is removed when the request ends. A form of data
/// parts only is built in memory. A missing or unreadable file fails the request with
/// ``TransferError`` before anything is sent.
///
/// Each part gets `Content-Disposition: form-data; name="…"` (with `; filename="…"` when it has a file
/// name; a file part without one sends the file's own name) and a `Content-Type`: the given MIME type,
/// else one from the file name's extension (csv, gif, htm/html, jpg/jpeg, json, mp3, mp4, pdf, png,
/// txt, webp, xml, zip), else `application/octet-stream`; a data part with neither file name nor MIME
/// type has no `Content-Type` line (a text field). In names and file names `"`, `\`, CR and LF are
/// sent as `%22`, `%5C`, `%0D` and `%0A`.
///
/// Moya's shape, where a `MultipartFormData` is one part and a task takes an array of them, works too:
/// ``init(provider:name:fileName:mimeType:)`` makes a form of one part, and `HTTPTask.uploadMultipart`
/// given an array sends the parts of every form in one body.
public struct MultipartFormData: Sendable, Hashable {
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

    /// Moya's name for where a part's bytes come from: ``MultipartFormBodyPart/FormDataProvider``.
    public typealias FormDataProvider = MultipartFormBodyPart.FormDataProvider

    /// Creates a form of one part, with a random boundary: Moya's `MultipartFormData`.
    ///
    /// Send several by giving an array of them to `HTTPTask.uploadMultipart` or
    /// `HTTPTask.uploadCompositeMultipart`.
    ///
    /// - Parameters:
    ///   - provider: Where the part's bytes come from.
    ///   - name: The form field name.
    ///   - fileName: The file name sent with the part. Default: `nil`.
    ///   - mimeType: The part's `Content-Type`. Default: `nil`.
    public init(provider: FormDataProvider, name: String, fileName: String? = nil, mimeType: String? = nil) {
        self.init(parts: [MultipartFormBodyPart(provider: provider, name: name, fileName: fileName, mimeType: mimeType)]
        )
    }

    /// The first part's source (the only part of a form made with Moya's one-part initializer); empty
    /// data for a form without parts. Moya's `MultipartFormData.provider`.
    public var provider: FormDataProvider { parts.first?.provider ?? .data(Data()) }
    /// The first part's field name; empty for a form without parts. Moya's `MultipartFormData.name`.
    public var name: String { parts.first?.name ?? "" }
    /// The first part's file name. Moya's `MultipartFormData.fileName`.
    public var fileName: String? { parts.first?.fileName }
    /// The first part's `Content-Type`. Moya's `MultipartFormData.mimeType`.
    public var mimeType: String? { parts.first?.mimeType }

    /// One form holding the parts of every form in `forms`, in order, with the first form's boundary.
    ///
    /// - Parameter forms: The forms (Moya's one-part `MultipartFormData` values) to join.
    public init(joining forms: [MultipartFormData]) {
        self.init(boundary: forms.first?.boundary, parts: forms.flatMap(\.parts))
    }

    /// The request's `Content-Type`: `multipart/form-data; boundary=<boundary>` (the boundary quoted
    /// when it holds characters that need it), as Courier sends it.
    public var contentType: String {
        MultipartBoundary.contentType(for: boundary)
    }
}

/// One part of a ``MultipartFormData``.
public struct MultipartFormBodyPart: Sendable, Hashable {
    /// Where the part's bytes come from.
    ///
    /// It is `@unchecked Sendable` for the sake of ``stream(_:_:)``: Foundation does not mark
    /// `InputStream` `Sendable`. A stream given to a part belongs to Courier from then on: it is read
    /// once, on one thread, and the caller must not read it too.
    public enum FormDataProvider: @unchecked Sendable, Hashable {
        /// Bytes in memory.
        case data(Data)
        /// The contents of a file, streamed from disk.
        case file(URL)
        /// The first `length` bytes of a stream, as Moya's `.stream(InputStream, UInt64)`.
        ///
        /// Courier opens the stream and reads it once, a chunk at a time, into the temporary file that
        /// holds the body, before anything is sent (so a retry sends the same bytes). A stream that ends
        /// before `length` bytes, or fails, fails the request with ``TransferError/streamNotReadable(expected:read:)``.
        /// Parts are equal when they hold the same stream object.
        case stream(InputStream, UInt64)
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
