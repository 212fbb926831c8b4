/// Turns a transport's byte counts into ``ProgressResponse`` fractions that never go down.
///
/// With a body to send, sending counts for the first half and receiving for the second; otherwise
/// receiving is the whole. The last report, with the response, is made by the caller.
///
/// A report is made only when the fraction has grown by at least ``minimumStep`` since the last one, so
/// a transfer of any size makes at most about a thousand reports, not one for each network read.
final class ProgressReporter: Sendable {
    /// The smallest rise of the fraction that is reported.
    static let minimumStep = 0.001

    private let block: ProgressBlock
    private let last = Locked(0.0)

    init(_ block: @escaping ProgressBlock) {
        self.block = block
    }

    var transferHandler: @Sendable (TransferProgress) -> Void {
        { [self] progress in report(progress) }
    }

    private func report(_ progress: TransferProgress) {
        let received =
            progress.bytesExpectedToReceive > 0
            ? min(1, Double(progress.bytesReceived) / Double(progress.bytesExpectedToReceive)) : 0
        let fraction: Double
        if progress.bytesExpectedToSend > 0 {
            let sent = min(1, Double(progress.bytesSent) / Double(progress.bytesExpectedToSend))
            fraction = sent * 0.5 + received * 0.5
        } else {
            fraction = received
        }
        let next = last.withLock { last -> Double? in
            guard fraction - last >= Self.minimumStep else { return nil }
            last = fraction
            return fraction
        }
        if let next, next < 1 {
            block(ProgressResponse(progress: next))
        }
    }
}
