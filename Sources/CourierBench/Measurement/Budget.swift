/// How much measuring a run does: the quick run stays under a minute, the full one under ten.
struct Budget {
    /// Paired rounds of each in-process comparison (cases 1, 2, 3, 6).
    let rounds: Int
    /// About how long one sample of an in-process comparison lasts, in seconds.
    let sampleSeconds: Double
    /// Paired rounds of each loopback comparison (case 4).
    let loopbackRounds: Int
    /// About how long one batch of loopback requests lasts, in seconds.
    let loopbackBatchSeconds: Double
    /// The size of each transfer (case 5), in bytes.
    let transferBytes: Int64
    /// Paired rounds of each transfer comparison (case 5), one child process per transfer.
    let transferRounds: Int

    /// Under a minute: few rounds, 64 MiB transfers.
    static let quick = Budget(
        rounds: 15, sampleSeconds: 0.008, loopbackRounds: 5, loopbackBatchSeconds: 0.15, transferBytes: 64 << 20,
        transferRounds: 2)

    /// About five to ten minutes: many rounds, 1 GiB transfers.
    static let full = Budget(
        rounds: 41, sampleSeconds: 0.02, loopbackRounds: 15, loopbackBatchSeconds: 0.5, transferBytes: 1 << 30,
        transferRounds: 3)

    /// `transferBytes` as people say it: `1 GiB`, `64 MiB`.
    var transferSizeText: String {
        transferBytes >= 1 << 30 && transferBytes % (1 << 30) == 0
            ? "\(transferBytes >> 30) GiB" : "\(transferBytes >> 20) MiB"
    }
}
