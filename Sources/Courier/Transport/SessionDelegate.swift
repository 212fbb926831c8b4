import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session delegate of a ``URLSessionTransport``: routes each task's callbacks to its ``Transfer``.
///
/// Holds the transport's task table, the one piece of shared state of the transport.
final class SessionDelegate: NSObject, URLSessionDataDelegate, URLSessionDownloadDelegate, @unchecked Sendable {
    private let transfers = Locked([Int: Transfer]())

    /// The transfers registered and not yet completed: 0 once every request has ended.
    var activeTransferCount: Int {
        transfers.withLock { $0.count }
    }

    func register(_ transfer: Transfer, for task: URLSessionTask) {
        transfers.withLock { $0[task.taskIdentifier] = transfer }
    }

    private func transfer(for task: URLSessionTask) -> Transfer? {
        transfers.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let expected = dataTask.response?.expectedContentLength ?? -1
        transfer(for: dataTask)?.didReceive(data, expected: expected)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        transfer(for: task)?.didSend(bytesSent, totalBytesExpected: totalBytesExpectedToSend)
    }

    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
        totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64
    ) {
        transfer(for: downloadTask)?.didWrite(bytesWritten, totalBytesExpected: totalBytesExpectedToWrite)
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        transfer(for: downloadTask)?.didFinishDownloading(to: location)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let transfer = transfers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        transfer?.didComplete(task: task, error: error)
    }
}
