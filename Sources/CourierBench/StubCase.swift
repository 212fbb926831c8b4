import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Case 6: immediate stubs per second, the cost of the pipeline alone.
enum StubCase {
    /// The baseline: a hand-written stub, an async function that builds the request by hand and
    /// answers with canned data and a response.
    static func handStub(_ query: SearchQuery) async throws -> (Data, HTTPURLResponse) {
        let request = try HandBuiltRequests.search(query)
        guard
            let url = request.url,
            let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: nil)
        else { throw BenchFailure("the hand-written stub could not build its response") }
        return (CatalogAPI.sample, response)
    }

    static func run(_ bench: PairedBenchmark) async throws -> CaseOutcome {
        var outcome = CaseOutcome(
            definition: "6. Stubbed requests: `Provider.request` of the case-1 GET with `immediatelyStub` and no "
                + "plugins (endpoint, URLRequest, transfer plan, task-local context, stub response, validation), "
                + "one after another. Baseline (info): a hand-written async stub that builds the same request "
                + "with URLComponents and returns canned data with an HTTPURLResponse.")
        let query = SearchQuery()
        let provider = Provider<CatalogAPI>(stubClosure: Provider.immediatelyStub)
        let comparison = try await bench.compare(
            courier: { count in
                for _ in 0..<count { blackHole(try await provider.request(.search(query))) }
            },
            baseline: { count in
                for _ in 0..<count { blackHole(try await handStub(query)) }
            })
        outcome.rows.append(
            ResultRow(
                name: "6  Immediate stubs, GET",
                courier: Format.requestRate(comparison.courierRate)
                    + " (\(Format.duration(comparison.courierSeconds)))",
                baseline: Format.requestRate(comparison.baselineRate)
                    + " (\(Format.duration(comparison.baselineSeconds)))",
                ratio: 1 / comparison.ratio, goal: .rateInfo, verdict: .info, check: comparison.checkText))
        return outcome
    }
}
