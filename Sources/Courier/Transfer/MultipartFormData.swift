import Foundation

/// A `multipart/form-data` body (RFC 7578): parts of data or files, separated by a boundary; or a body
/// of another multipart media type (``mediaType``: `multipart/related`, `multipart/mixed`) with the same
/// parts.
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
/// sent as `%22`, `%5C`, `%0D` and `%0A`. The parts are written the same way whatever the media type:
/// OpenAPI matches a body's properties to its parts by that `name`, in every multipart type.
///
public struct MultipartFormData: Sendable, Hashable {
    /// The boundary between parts.
    public let boundary: String
    /// The parts, in the order they are sent.
    public let parts: [MultipartFormBodyPart]
    /// The body's media type, `multipart/form-data` unless given: `multipart/related` (RFC 2387; a
    /// 3GPP service's JSON with binary parts, DICOMweb's instances), `multipart/mixed`, and parameters
    /// after it where the server wants them (`multipart/related; type="application/dicom"`). It is
    /// checked when the request is made: one that is no `multipart/…` type, holds a line break, or has a
    /// `boundary` parameter of its own fails the request with ``CourierError/requestMapping(_:)``.
    public let mediaType: String

    /// Creates a form.
    ///
    /// - Parameters:
    ///   - boundary: The boundary between parts. Default: `nil`, a random boundary.
    ///   - parts: The parts, in order.
    public init(boundary: String? = nil, parts: [MultipartFormBodyPart]) {
        self.init(mediaType: MultipartMediaType.form, boundary: boundary, parts: parts)
    }

    /// Creates a multipart body of another media type than a form's.
    ///
    /// - Parameters:
    ///   - mediaType: The media type, such as `multipart/related`, with any parameters but `boundary`.
    ///   - boundary: The boundary between parts. Default: `nil`, a random boundary.
    ///   - parts: The parts, in order.
    public init(mediaType: String, boundary: String? = nil, parts: [MultipartFormBodyPart]) {
        self.boundary = boundary ?? "courier.boundary.\(UUID().uuidString.lowercased())"
        self.parts = parts
        self.mediaType = mediaType
    }

    /// The request's `Content-Type`: the media type (`multipart/form-data`) and `boundary=<boundary>`
    /// (quoted when it holds characters that need it), as Courier sends it. A `multipart/related` body
    /// without a `type` parameter gets one naming its first part's type, as RFC 2387 requires.
    public var contentType: String {
        MultipartMediaType.contentType(
            mediaType, boundary: boundary, rootType: parts.first.flatMap(MultipartEncoder.contentType(of:)))
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
        /// The first `length` bytes of a stream.
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
    /// More header fields of the part, written after its `Content-Disposition` and `Content-Type` in
    /// the order of their names (an OpenAPI Encoding Object's `headers`). A field named
    /// `Content-Disposition` or `Content-Type` is not written (those are the part's own), nor one whose
    /// name is not an HTTP token; CR and LF are dropped from values.
    public let headers: [String: String]

    /// Creates a part.
    ///
    /// - Parameters:
    ///   - provider: Where the bytes come from.
    ///   - name: The form field name.
    ///   - fileName: The file name sent with the part. Default: `nil`.
    ///   - mimeType: The part's `Content-Type`. Default: `nil`.
    public init(provider: FormDataProvider, name: String, fileName: String? = nil, mimeType: String? = nil) {
        self.init(provider: provider, name: name, fileName: fileName, mimeType: mimeType, headers: [:])
    }

    /// Creates a part with header fields of its own.
    ///
    /// - Parameters:
    ///   - provider: Where the bytes come from.
    ///   - name: The form field name.
    ///   - fileName: The file name sent with the part. Default: `nil`.
    ///   - mimeType: The part's `Content-Type`. Default: `nil`.
    ///   - headers: More header fields of the part, written after its `Content-Type`.
    public init(
        provider: FormDataProvider, name: String, fileName: String? = nil, mimeType: String? = nil,
        headers: [String: String]
    ) {
        self.provider = provider
        self.name = name
        self.fileName = fileName
        self.mimeType = mimeType
        self.headers = headers
    }
}

extension MultipartFormData {
    /// The whole body, in memory (for CourierMoya's form builder).
    package func encodedBody() throws(TransferError) -> Data {
        try MultipartEncoder(form: self).encodedData()
    }

    /// Writes the whole body to a new file at `url` (for CourierMoya's form builder).
    package func writeBody(to url: URL) throws {
        try MultipartEncoder(form: self).write(to: url)
    }
}
