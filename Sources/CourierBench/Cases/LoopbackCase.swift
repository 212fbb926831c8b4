import Courier
import Foundation
import LoopbackServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Case 4: requests per second over loopback, `Provider.request` against `URLSession.data(for:)`.
enum LoopbackCase {
    /// Why a loopback answer was not the one expected.
    struct UnexpectedAnswer: Error, CustomStringConvertible {
        let description: String
    }

    /// The size of each response body.
    static let bodySize = 1_024

    static func run(server: LoopbackServer, budget: Budget) async throws -> CaseOutcome {
        var outcome = CaseOutcome(
            definition: "4. End to end: GET /bytes/\(bodySize) on the in-process loopback server (127.0.0.1, "
                + "keep-alive). Courier: `Provider.request` over `URLSessionTransport(configuration:)`; baseline: "
                + "`URLSession(configuration:).data(for:)` with the same configuration object "
                + "(`URLSessionConfiguration.default`) and the same request. Batches of the two alternate; the "
                + "ratio is the median of per-round rate ratios. Concurrency 32 = 32 tasks each sending its "
                + "share of the batch in turn. Rates are wall-clock; the other-clock column is the process CPU time per "
                + "request, Courier over baseline (the in-process server's share included on both sides).")
        let configuration = URLSessionConfiguration.default
        let provider = Provider<LoopbackAPI>(transport: URLSessionTransport(configuration: configuration))
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let target = LoopbackAPI.bytes(server: server.baseURL, count: bodySize)
        var request = URLRequest(url: server.baseURL.appendingPathComponent("bytes/\(bodySize)"))
        request.httpMethod = "GET"
        let rawRequest = request

        let courierOne: @Sendable () async throws -> Void = {
            let response = try await provider.request(target)
            guard response.statusCode == 200, response.data.count == bodySize else {
                throw UnexpectedAnswer(description: "Courier got \(response.statusCode), \(response.data.count) bytes")
            }
        }
        let rawOne: @Sendable () async throws -> Void = {
            let (data, response) = try await session.data(for: rawRequest)
            guard (response as? HTTPURLResponse)?.statusCode == 200, data.count == bodySize else {
                throw UnexpectedAnswer(description: "URLSession got \(response), \(data.count) bytes")
            }
        }

        let bench = PairedBenchmark(
            rounds: budget.loopbackRounds, sampleSeconds: budget.loopbackBatchSeconds, clock: .wall)
        for (concurrency, suffix) in [(1, "a"), (32, "b")] {
            // Open the connections of both sessions before anything is timed.
            try await runConcurrently(total: concurrency * 4, concurrency: concurrency, courierOne)
            try await runConcurrently(total: concurrency * 4, concurrency: concurrency, rawOne)
            let comparison = try await bench.compare(
                courier: { count in try await runConcurrently(total: count, concurrency: concurrency, courierOne) },
                baseline: { count in try await runConcurrently(total: count, concurrency: concurrency, rawOne) })
            outcome.rows.append(
                .rate(
                    "4\(suffix) Loopback GET, concurrency \(concurrency)",
                    courier: Format.requestRate(comparison.courierRate),
                    baseline: Format.requestRate(comparison.baselineRate),
                    ratio: 1 / comparison.ratio, goal: .rateAtLeast(0.95), check: comparison.checkText))
        }
        return outcome
    }
}
