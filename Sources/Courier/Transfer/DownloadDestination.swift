import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Chooses where a finished download goes, given its temporary file and the HTTP response.
///
/// Used by ``HTTPTask/downloadDestination(_:)`` and ``HTTPTask/downloadParameters(parameters:encoding:destination:)``.
/// The body streams to a temporary file (`courier-download-…` in the temporary directory); only once
/// the whole body has arrived and its status passed the target's ``ValidationType`` is the closure
/// called and the file moved to the URL it returns, with the ``DownloadOptions`` it returns. The
/// request's ``Response`` then has that URL as ``Response/fileURL`` and an empty `data`.
///
/// A failed, rejected or cancelled download writes nothing at the destination and its temporary file is
/// removed; a rejected one keeps a body of up to 1 MiB as its error response's `data`. A destination
/// that exists without ``DownloadOptions/removePreviousFile``, or a move that fails, fails the request
/// with ``TransferError/destinationExists(_:)`` or ``TransferError/cannotMoveDownload(to:_:)``. A
/// stubbed download writes no file: its response carries the sample data.
public typealias DownloadDestination =
    @Sendable (_ temporaryURL: URL, _ response: HTTPURLResponse) -> (destinationURL: URL, options: DownloadOptions)

/// How a finished download is moved to its destination.
public struct DownloadOptions: OptionSet, Sendable {
    /// The raw bits of the options.
    public let rawValue: UInt

    /// Creates options from raw bits.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Create the folders leading to the destination when they are missing.
    public static let createIntermediateDirectories = DownloadOptions(rawValue: 1 << 0)
    /// Replace a file already at the destination.
    public static let removePreviousFile = DownloadOptions(rawValue: 1 << 1)
}
