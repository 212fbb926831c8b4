import Courier

/// Turns the byte counts of one ``MoyaProvider`` transfer into Moya's progress reports: a `Progress` of
/// the bytes sent (an upload) or received (anything else), on the callback queue (the main queue when
/// there is none), then a last report with the response.
///
/// A report is made when bytes have moved, as Alamofire reports each chunk; with a known total, at most
/// one for each thousandth of it, so a large transfer makes about a thousand reports, not one for each
/// network read.
final class ProgressTracker: Sendable {
    private let isUpload: Bool
    private let queue: DispatchQueue
    private let block: Unchecked<ProgressBlock>
    private let last = Locked<(completed: Int64, total: Int64)>((-1, -1))

    init(isUpload: Bool, queue: DispatchQueue?, block: @escaping ProgressBlock) {
        self.isUpload = isUpload
        self.queue = queue ?? .main
        self.block = Unchecked(block)
    }

    /// What the transport calls as bytes move.
    var handler: @Sendable (TransferProgress) -> Void {
        { [self] progress in report(progress) }
    }

    /// The last report, with `response`, on the queue.
    func complete(with response: Response?) {
        let counts = last.withLock { $0 }
        block.value(ProgressResponse(progress: Self.progress(counts), response: response))
    }

    private func report(_ transfer: TransferProgress) {
        let completed = isUpload ? transfer.bytesSent : transfer.bytesReceived
        let total = isUpload ? transfer.bytesExpectedToSend : transfer.bytesExpectedToReceive
        let step = total > 0 ? max(1, total / 1000) : 1
        let moved = last.withLock { last -> Bool in
            let before = max(last.completed, 0)
            guard completed > before, completed - before >= step || completed == total else { return false }
            last = (completed, total)
            return true
        }
        guard moved else { return }
        let block = block
        queue.async { block.value(ProgressResponse(progress: Self.progress((completed, total)))) }
    }

    private static func progress(_ counts: (completed: Int64, total: Int64)) -> Progress {
        let progress = Progress(totalUnitCount: max(counts.total, -1))
        progress.completedUnitCount = max(counts.completed, 0)
        return progress
    }
}
