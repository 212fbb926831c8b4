import Courier
import Foundation
import LoopbackServer

/// Case 7: streaming. A body read as it arrives through `Provider.stream(_:)` against a download of the
/// same size to a file, on each transport, in rotating order; and server-sent events parsed per second.
enum StreamCase {
    static func run(server: LoopbackServer, budget: Budget) async throws -> CaseOutcome {
        let size = budget.transferBytes
        var outcome = CaseOutcome(
            definition: "7. Streaming over loopback. 7a/7b: `Provider.stream(_:)` reading every chunk of a "
                + "\(budget.transferSizeText) body (GET /bytes/<n>) against `HTTPTask.downloadDestination` of "
                + "the same body to a file, on the same transport, \(budget.transferRounds + 1) rounds in "
                + "rotating order; ratio = download time / stream time. 7c: `Provider.events(_:)` over one "
                + "connection of 100,000 small events (GET /stream/numbered-events), events per second.")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-bench-stream-\(ProcessInfo.processInfo.processIdentifier).bin")
        defer { try? FileManager.default.removeItem(at: file) }
        let kinds: [(String, String, any Transport)] = [
            ("7a", "CurlTransport", try CurlTransport()), ("7b", "URLSessionTransport", URLSessionTransport()),
        ]
        for (letter, name, transport) in kinds {
            let provider = Provider<LoopbackAPI>(transport: transport)
            var streamSeconds: [Double] = []
            var downloadSeconds: [Double] = []
            var failure: String?
            for round in 0...budget.transferRounds {
                do {
                    for step in 0..<2 {
                        if (round + step) % 2 == 0 {
                            let start = Stopwatch.now()
                            var bytes: Int64 = 0
                            for try await chunk in try await provider.stream(
                                .bytes(server: server.baseURL, count: Int(size)))
                            {
                                bytes += Int64(chunk.count)
                            }
                            guard bytes == size else { throw BenchFailure("streamed \(bytes) of \(size) bytes") }
                            streamSeconds.append(Stopwatch.seconds(since: start))
                        } else {
                            let start = Stopwatch.now()
                            _ = try await provider.request(
                                .download(server: server.baseURL, count: size, destination: file))
                            downloadSeconds.append(Stopwatch.seconds(since: start))
                        }
                    }
                } catch {
                    failure = "\(error)"
                }
            }
            let rowName = "\(letter) Stream \(budget.transferSizeText), \(name) / download to a file"
            if let failure, streamSeconds.isEmpty || downloadSeconds.isEmpty {
                outcome.rows.append(.failed(rowName, goal: .rateAtLeast(0.9), reason: failure))
                continue
            }
            let (stream, download) = (median(streamSeconds), median(downloadSeconds))
            outcome.rows.append(
                .rate(
                    rowName, courier: Format.megabytesPerSecond(bytes: Double(size), seconds: stream),
                    baseline: Format.megabytesPerSecond(bytes: Double(size), seconds: download),
                    ratio: download / stream, goal: .rateAtLeast(0.9)))
        }

        let provider = Provider<LoopbackAPI>(transport: try CurlTransport())
        let count = 100_000
        let start = Stopwatch.now()
        var received = 0
        for try await _ in provider.events(.events(server: server.baseURL, count: count)) { received += 1 }
        let seconds = Stopwatch.seconds(since: start)
        guard received == count else { throw BenchFailure("received \(received) of \(count) events") }
        outcome.rows.append(
            .rate(
                "7c Events per second, CurlTransport",
                courier: Format.number(Double(count) / seconds, decimals: 0) + " events/s",
                baseline: "—", ratio: .nan, goal: .rateInfo))
        return outcome
    }
}
