import Courier

/// A request whose response body is written to a file: Alamofire's `DownloadRequest`.
public class DownloadRequest: Request, @unchecked Sendable {
    /// What to do with an existing file at the destination, and with missing folders.
    public typealias Options = Courier.DownloadOptions

    /// Chooses where a finished download goes, from its temporary file and its response.
    public typealias Destination = (_ temporaryURL: URL, _ response: HTTPURLResponse) -> (
        destinationURL: URL, options: Options
    )

    /// A destination in the user's `directory` (the documents folder by default), under the name the
    /// server suggests (else the URL's last path component).
    ///
    /// - Parameters:
    ///   - directory: The folder. Default: `.documentDirectory`.
    ///   - domain: Where to look for it. Default: `.userDomainMask`.
    ///   - options: What to do with an existing file and missing folders. Default: none.
    public class func suggestedDownloadDestination(
        for directory: FileManager.SearchPathDirectory = .documentDirectory,
        in domain: FileManager.SearchPathDomainMask = .userDomainMask, options: Options = []
    ) -> Destination {
        { temporaryURL, response in
            let folder =
                FileManager.default.urls(for: directory, in: domain).first ?? temporaryURL.deletingLastPathComponent()
            let name = response.suggestedFilename ?? response.url?.lastPathComponent ?? temporaryURL.lastPathComponent
            return (
                folder.appendingPathComponent(DownloadDestinations.safeFileName(name, fallback: "download")), options
            )
        }
    }
}

/// A Moya download destination.
public typealias DownloadDestination = DownloadRequest.Destination
