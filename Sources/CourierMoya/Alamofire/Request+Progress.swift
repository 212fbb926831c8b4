import Courier

extension Request {
    /// Called with the request's ``uploadProgress`` or ``downloadProgress`` as the transfer advances.
    public typealias ProgressHandler = (Progress) -> Void

    /// Calls `closure` on `queue` with ``uploadProgress`` each time bytes of the body are sent. A
    /// second call replaces the first closure.
    ///
    /// - Parameters:
    ///   - queue: Where `closure` runs. Default: the main queue.
    ///   - closure: Called with the progress.
    /// - Returns: The request.
    @discardableResult
    public func uploadProgress(queue: DispatchQueue = .main, closure: @escaping ProgressHandler) -> Self {
        storage.withLock { $0.uploadProgressHandler = (closure, queue) }
        return self
    }

    /// Calls `closure` on `queue` with ``downloadProgress`` each time bytes of the response body
    /// arrive. A second call replaces the first closure.
    ///
    /// - Parameters:
    ///   - queue: Where `closure` runs. Default: the main queue.
    ///   - closure: Called with the progress.
    /// - Returns: The request.
    @discardableResult
    public func downloadProgress(queue: DispatchQueue = .main, closure: @escaping ProgressHandler) -> Self {
        storage.withLock { $0.downloadProgressHandler = (closure, queue) }
        return self
    }

    /// The transport's report of bytes moved, as ``uploadProgress`` and ``downloadProgress`` and their
    /// handlers see it.
    func updateProgress(_ transfer: TransferProgress) {
        let (upload, download) = storage.withLock { ($0.uploadProgressHandler, $0.downloadProgressHandler) }
        let sent = Self.update(uploadProgress, done: transfer.bytesSent, of: transfer.bytesExpectedToSend)
        let received = Self.update(downloadProgress, done: transfer.bytesReceived, of: transfer.bytesExpectedToReceive)
        if sent, let upload {
            let call = Unchecked((upload.handler, uploadProgress))
            upload.queue.async { call.value.0(call.value.1) }
        }
        if received, let download {
            let call = Unchecked((download.handler, downloadProgress))
            download.queue.async { call.value.0(call.value.1) }
        }
    }

    /// Sets `progress` to `done` of `total` (`-1`: unknown); whether it changed.
    ///
    /// A total of 0 is never set once another was: `Progress` of swift-corelibs-foundation (Linux)
    /// traps when its total goes back to 0, so an attempt with an empty body keeps the last total.
    private static func update(_ progress: Progress, done: Int64, of total: Int64) -> Bool {
        let newTotal = total != 0 && progress.totalUnitCount != total
        guard newTotal || progress.completedUnitCount != done else { return false }
        if newTotal { progress.totalUnitCount = total }
        progress.completedUnitCount = done
        return true
    }

    /// Sets both progresses' completed counts back to zero, for a new attempt (their totals come with
    /// the attempt's first report).
    func resetProgress() {
        uploadProgress.completedUnitCount = 0
        downloadProgress.completedUnitCount = 0
    }
}
