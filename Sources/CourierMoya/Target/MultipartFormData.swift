import Courier

/// One part of a `multipart/form-data` upload: Moya's `MultipartFormData`. A task sends an array of them.
///
/// ```swift
/// let avatar = MultipartFormData(provider: .data(png), name: "avatar", fileName: "me.png", mimeType: "image/png")
/// let task: Task = .uploadMultipart([avatar, MultipartFormData(provider: .data(Data("Ann".utf8)), name: "name")])
/// ```
///
/// It is `@unchecked Sendable` (a target holds its parts); a ``FormDataProvider/stream(_:_:)`` is read
/// once, on one thread, and must not be read by the app too.
public struct MultipartFormData: Hashable, @unchecked Sendable {
    /// Where a part's bytes come from.
    public enum FormDataProvider: Hashable {
        /// Bytes in memory.
        case data(Foundation.Data)
        /// The contents of a file, streamed from disk.
        case file(URL)
        /// The first `UInt64` bytes of a stream, read once.
        case stream(InputStream, UInt64)
    }

    /// Creates a part.
    ///
    /// - Parameters:
    ///   - provider: Where the part's bytes come from.
    ///   - name: The form field name.
    ///   - fileName: The file name sent with the part. Default: `nil`.
    ///   - mimeType: The part's `Content-Type`. Default: `nil`, derived from the file name.
    public init(provider: FormDataProvider, name: String, fileName: String? = nil, mimeType: String? = nil) {
        self.provider = provider
        self.name = name
        self.fileName = fileName
        self.mimeType = mimeType
    }

    /// Where the part's bytes come from.
    public let provider: FormDataProvider
    /// The form field name.
    public let name: String
    /// The file name sent with the part.
    public let fileName: String?
    /// The part's `Content-Type`.
    public let mimeType: String?
}

extension MultipartFormData {
    /// The part as one of Courier's.
    var courierPart: MultipartFormBodyPart {
        let source: MultipartFormBodyPart.FormDataProvider =
            switch provider {
            case .data(let data): .data(data)
            case .file(let url): .file(url)
            case .stream(let stream, let length): .stream(stream, length)
            }
        return MultipartFormBodyPart(provider: source, name: name, fileName: fileName, mimeType: mimeType)
    }

    /// Courier's form of `parts`, in order.
    static func form(_ parts: [MultipartFormData]) -> Courier.MultipartFormData {
        Courier.MultipartFormData(parts: parts.map(\.courierPart))
    }
}
