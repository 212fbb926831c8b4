import Foundation
import LoopbackServer

/// Case 5: a large upload from a file and a large download to a file by each ``BenchClient``, each in a
/// child process of its own so that its peak resident memory can be read.
enum TransferCase {
    /// One client's transfers in one direction, gathered over the rounds.
    private struct Samples {
        var seconds: [Double] = []
        var peakKiB = 0
        var startPeakKiB = 0
        var failure: String?
    }

    /// The comparisons with targets: Courier's side, its baseline, the throughput target, the row letters
    /// (upload, download).
    private static let pairs: [(BenchClient, BenchClient, Double, String, String)] = [
        (.courierCurl, .libcurl, 0.8, "5a", "5b"), (.courierURLSession, .urlSession, 0.9, "5c", "5d"),
    ]

    static func run(server: LoopbackServer, budget: Budget) async throws -> CaseOutcome {
        let size = budget.transferSizeText
        var outcome = CaseOutcome(
            definition: "5. Transfers of \(size) over loopback, each in a fresh child process (the bench re-runs "
                + "itself with a hidden `--child` argument), four clients in rotating order per round. Upload: "
                + "`HTTPTask.uploadFile` through `Provider` (over `CurlTransport()`, or `URLSessionTransport()`) "
                + "against `URLSession.uploadTask(with:fromFile:)` and libcurl's C loop (read callback on the "
                + "file's descriptor, `POSTFIELDSIZE_LARGE`), POST /upload (the server counts and checksums the "
                + "body). Download: `HTTPTask.downloadDestination` against `URLSession.downloadTask(with:)` "
                + "moving the file into place and libcurl's C loop (write callback on the file's descriptor), "
                + "GET /bytes/<n>. Rate = bytes / (request start → answer or file in place); memory = the "
                + "child's VmHWM from /proc/self/status after the transfer. 5a/5b: Courier on curl against "
                + "libcurl's loop; 5c/5d: Courier on URLSession against URLSession.")
        let directory = FileManager.default.temporaryDirectory
        let pid = ProcessInfo.processInfo.processIdentifier
        let source = directory.appendingPathComponent("courier-bench-upload-\(pid).bin")
        let destination = directory.appendingPathComponent("courier-bench-download-\(pid).bin")
        try writePatternFile(at: source, bytes: budget.transferBytes)
        defer {
            try? FileManager.default.removeItem(at: source)
            try? FileManager.default.removeItem(at: destination)
        }

        var rows: [String: [ResultRow]] = [:]
        var table = BenchClient.allCases.map { [$0.title] }
        for isUpload in [true, false] {
            let direction = isUpload ? "Upload" : "Download"
            var samples: [BenchClient: Samples] = [:]
            var rounds: [[BenchClient: Double]] = []
            for round in 0..<budget.transferRounds {
                var seconds: [BenchClient: Double] = [:]
                for step in BenchClient.allCases.indices {
                    let client = BenchClient.allCases[(round + step) % BenchClient.allCases.count]
                    let request = ChildRequest(
                        role: TransferRole(isUpload: isUpload, client: client), server: server.baseURL,
                        bytes: budget.transferBytes, file: isUpload ? source : destination)
                    var own = samples[client] ?? Samples()
                    switch await ChildProcessRunner.run(request) {
                    case .success(let report):
                        seconds[client] = report.seconds
                        own.seconds.append(report.seconds)
                        own.peakKiB = max(own.peakKiB, report.peakKiB)
                        own.startPeakKiB = max(own.startPeakKiB, report.startPeakKiB)
                    case .failure(let failure):
                        own.failure = failure.description
                    }
                    samples[client] = own
                }
                rounds.append(seconds)
            }
            for (courier, baseline, target, uploadLetters, downloadLetters) in pairs {
                let name = "\(isUpload ? uploadLetters : downloadLetters) \(direction) \(size), \(courier.title)"
                rows[String(name.prefix(2))] = pairRows(
                    name: name, baseline: baseline, target: target, courier: samples[courier] ?? Samples(),
                    baselineSamples: samples[baseline] ?? Samples(),
                    ratios: rounds.compactMap { round in
                        round[courier].flatMap { own in round[baseline].map { $0 / own } }
                    }, bytes: Double(budget.transferBytes))
            }
            for (index, client) in BenchClient.allCases.enumerated() {
                let own = samples[client] ?? Samples()
                table[index] += [
                    own.seconds.isEmpty
                        ? "failed: \(own.failure ?? "no round")"
                        : Format.megabytesPerSecond(
                            bytes: Double(budget.transferBytes), seconds: median(own.seconds)),
                    Format.mebibytes(Double(own.peakKiB) / 1_024),
                ]
            }
            let floor = samples.values.map(\.startPeakKiB).max() ?? 0
            if floor > 0 {
                outcome.notes.append(
                    "Case 5 \(direction.lowercased()): a child's VmHWM before its transfer began was at most "
                        + "\(Format.number(Double(floor) / 1_024, decimals: 1)) MiB (runtime, Foundation, libcurl).")
            }
        }
        outcome.rows = ["5a", "5b", "5c", "5d"].flatMap { rows[$0] ?? [] }
        outcome.details =
            ["Case 5, every client (median throughput and highest peak RSS over \(budget.transferRounds) rounds):"]
            + Report.markdown(
                ["Client", "Upload \(size)", "Upload peak RSS", "Download \(size)", "Download peak RSS"], table)
        return outcome
    }

    /// The throughput and memory rows of Courier's side `name` against `baseline`.
    private static func pairRows(
        name: String, baseline: BenchClient, target: Double, courier: Samples, baselineSamples: Samples,
        ratios: [Double], bytes: Double
    ) -> [ResultRow] {
        let rateName = "\(name) / \(baseline.title), throughput"
        let memoryName = "\(name), peak RSS"
        guard !ratios.isEmpty else {
            let reason = courier.failure ?? baselineSamples.failure ?? "no round completed"
            return [
                .failed(rateName, goal: .rateAtLeast(target), reason: reason),
                .failed(memoryName, goal: .memoryBelow(mebibytes: 64), reason: reason),
            ]
        }
        var rows: [ResultRow] = [
            .rate(
                rateName,
                courier: Format.megabytesPerSecond(bytes: bytes, seconds: median(courier.seconds)),
                baseline: Format.megabytesPerSecond(bytes: bytes, seconds: median(baselineSamples.seconds)),
                ratio: median(ratios), goal: .rateAtLeast(target)),
            .memory(
                memoryName, courierMiB: Double(courier.peakKiB) / 1_024,
                baselineMiB: Double(baselineSamples.peakKiB) / 1_024, limitMiB: 64),
        ]
        if let failure = courier.failure ?? baselineSamples.failure {
            rows[0] = .failed(rateName, goal: .rateAtLeast(target), reason: "some rounds failed: \(failure)")
        }
        return rows
    }

    /// Writes `bytes` of the loopback server's byte pattern to `url`, 8 MiB at a time.
    private static func writePatternFile(at url: URL, bytes: Int64) throws {
        if let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            (attributes[.size] as? NSNumber)?.int64Value == bytes
        {
            return
        }
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var offset: Int64 = 0
        while offset < bytes {
            let count = Int(min(bytes - offset, 8 << 20))
            try handle.write(contentsOf: StandardRoutes.patternData(offset: offset, count: count))
            offset += Int64(count)
        }
    }
}
