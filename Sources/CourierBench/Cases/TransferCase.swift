import Foundation
import LoopbackServer

/// Case 5: a large upload from a file and a large download to a file, Courier against raw URLSession,
/// each in a child process of its own so that its peak resident memory can be read.
enum TransferCase {
    /// The transfers' results for one direction, gathered over the rounds.
    private struct Samples {
        var courierSeconds: [Double] = []
        var baselineSeconds: [Double] = []
        var ratios: [Double] = []
        var courierPeakKiB = 0
        var baselinePeakKiB = 0
        var startPeakKiB = 0
        var failure: String?
    }

    static func run(server: LoopbackServer, budget: Budget) async throws -> CaseOutcome {
        let size = budget.transferSizeText
        var outcome = CaseOutcome(
            definition: "5. Transfers of \(size) over loopback, each in a fresh child process (the bench re-runs "
                + "itself with a hidden `--child` argument). Upload: `HTTPTask.uploadFile` through `Provider` "
                + "against `URLSession.uploadTask(with:fromFile:)`, POST /upload (the server counts and checksums "
                + "the body). Download: `HTTPTask.downloadDestination` against `URLSession.downloadTask(with:)` "
                + "moving the file into place, GET /bytes/<n>. Rate = bytes / (request start → answer or file "
                + "in place); memory = the child's VmHWM from /proc/self/status after the transfer.")
        let directory = FileManager.default.temporaryDirectory
        let pid = ProcessInfo.processInfo.processIdentifier
        let source = directory.appendingPathComponent("courier-bench-upload-\(pid).bin")
        let destination = directory.appendingPathComponent("courier-bench-download-\(pid).bin")
        try writePatternFile(at: source, bytes: budget.transferBytes)
        defer {
            try? FileManager.default.removeItem(at: source)
            try? FileManager.default.removeItem(at: destination)
        }

        for (direction, roles, suffix) in [
            ("Upload", (TransferRole.uploadCourier, TransferRole.uploadURLSession), "a"),
            ("Download", (TransferRole.downloadCourier, TransferRole.downloadURLSession), "b"),
        ] {
            let file = roles.0.isUpload ? source : destination
            var samples = Samples()
            for round in 0..<budget.transferRounds {
                let order = round.isMultiple(of: 2) ? [roles.0, roles.1] : [roles.1, roles.0]
                var seconds: [TransferRole: Double] = [:]
                for role in order {
                    let request = ChildRequest(
                        role: role, server: server.baseURL, bytes: budget.transferBytes, file: file)
                    switch await ChildProcessRunner.run(request) {
                    case .success(let report):
                        seconds[role] = report.seconds
                        if role.isCourier {
                            samples.courierPeakKiB = max(samples.courierPeakKiB, report.peakKiB)
                        } else {
                            samples.baselinePeakKiB = max(samples.baselinePeakKiB, report.peakKiB)
                        }
                        samples.startPeakKiB = max(samples.startPeakKiB, report.startPeakKiB)
                    case .failure(let failure):
                        samples.failure = samples.failure ?? failure.reason
                    }
                }
                if let courier = seconds[roles.0], let baseline = seconds[roles.1] {
                    samples.courierSeconds.append(courier)
                    samples.baselineSeconds.append(baseline)
                    samples.ratios.append(baseline / courier)
                }
            }
            outcome.rows += rows(direction: direction, suffix: suffix, samples: samples, budget: budget)
            if samples.startPeakKiB > 0 {
                outcome.notes.append(
                    "Case 5 \(direction.lowercased()): a child's VmHWM before its transfer began was "
                        + "\(Format.number(Double(samples.startPeakKiB) / 1_024, decimals: 1)) MiB (runtime, "
                        + "Foundation, libcurl).")
            }
        }
        return outcome
    }

    private static func rows(direction: String, suffix: String, samples: Samples, budget: Budget) -> [ResultRow] {
        let rateName = "5\(suffix) \(direction) \(budget.transferSizeText), throughput"
        let memoryName = "5\(suffix) \(direction) \(budget.transferSizeText), peak RSS"
        guard !samples.ratios.isEmpty else {
            let reason = samples.failure ?? "no round completed"
            return [
                .failed(rateName, goal: .rateAtLeast(0.9), reason: reason),
                .failed(memoryName, goal: .memoryBelow(mebibytes: 64), reason: reason),
            ]
        }
        let bytes = Double(budget.transferBytes)
        var rows: [ResultRow] = [
            .rate(
                rateName,
                courier: Format.megabytesPerSecond(bytes: bytes, seconds: Statistics.median(samples.courierSeconds)),
                baseline: Format.megabytesPerSecond(bytes: bytes, seconds: Statistics.median(samples.baselineSeconds)),
                ratio: Statistics.median(samples.ratios), goal: .rateAtLeast(0.9)),
            .memory(
                memoryName, courierMiB: Double(samples.courierPeakKiB) / 1_024,
                baselineMiB: Double(samples.baselinePeakKiB) / 1_024, limitMiB: 64),
        ]
        if let failure = samples.failure {
            rows[0] = .failed(rateName, goal: .rateAtLeast(0.9), reason: "some rounds failed: \(failure)")
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
