import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Chooses where a finished download goes, given its temporary file and the HTTP response.
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
