/// Turns a transport's byte counts into ``ProgressResponse`` fractions that never go down.
///
/// With a body to send, sending counts for the first half and receiving for the second; otherwise
/// receiving is the whole. The last report, with the response, is made by the caller.
final class ProgressReporter: Sendable {
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
            guard fraction > last else { return nil }
            last = fraction
            return fraction
        }
        if let next, next < 1 {
            block(ProgressResponse(progress: next))
        }
    }
}
