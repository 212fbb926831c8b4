import Foundation

/// Why an upload or a download could not be carried out, apart from the network itself.
///
/// A request fails with it as ``CourierError/underlying(_:_:)``: before anything is sent for the upload
/// cases (no plugin hears of such a request), and after the response arrived for the download cases
/// (with that response attached).
public enum TransferError: Error, LocalizedError, Sendable {
    /// The file to upload (``HTTPTask/uploadFile(_:)``, or a file part of a multipart form) does not exist.
    case fileNotFound(URL)
    /// The file to upload exists but cannot be read: a folder, no read permission, or it failed while read.
    case fileNotReadable(URL)
    /// A stream part of a multipart form (``MultipartFormBodyPart/FormDataProvider/stream(_:_:)``)
    /// ended or failed after `read` of its `expected` bytes.
    case streamNotReadable(expected: UInt64, read: UInt64)
    /// The temporary file holding a multipart body could not be written (a full disk, say).
    case cannotWriteBody(any Error)
    /// A download's destination already exists and its ``DownloadOptions`` lack
    /// ``DownloadOptions/removePreviousFile``; the existing file is left as it was.
    case destinationExists(URL)
    /// A finished download could not be moved to its destination (a missing folder without
    /// ``DownloadOptions/createIntermediateDirectories``, no write permission).
    case cannotMoveDownload(to: URL, any Error)

    /// A sentence saying what went wrong, naming the file.
    public var errorDescription: String? {
        switch self {
        case .fileNotFound(let url):
            "The file to upload does not exist: \(Self.name(of: url))."
        case .fileNotReadable(let url):
            "The file to upload cannot be read (not a regular file, or no permission): \(Self.name(of: url))."
        case .streamNotReadable(let expected, let read):
            "The stream of a multipart part ended or failed after \(read) of its \(expected) bytes."
        case .cannotWriteBody(let error):
            "The multipart body could not be written to a temporary file: \(error.localizedDescription)"
        case .destinationExists(let url):
            "The download destination already exists and removePreviousFile was not given: \(Self.name(of: url))."
        case .cannotMoveDownload(let url, let error):
            "The download could not be moved to \(Self.name(of: url)): \(error.localizedDescription)"
        }
    }

    /// The path of a file URL, or the whole URL of any other.
    private static func name(of url: URL) -> String {
        url.isFileURL ? url.path : url.absoluteString
    }
}

extension TransferError {
    /// Throws unless `url` names an existing regular file that this process may read.
    static func checkReadable(_ url: URL) throws(TransferError) {
        guard url.isFileURL else { throw .fileNotFound(url) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw .fileNotFound(url)
        }
        guard !isDirectory.boolValue, FileManager.default.isReadableFile(atPath: url.path) else {
            throw .fileNotReadable(url)
        }
    }
}
