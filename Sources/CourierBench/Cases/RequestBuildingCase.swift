import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Case 1: target → `URLRequest`, Courier against the same request written by hand.
enum RequestBuildingCase {
    /// What a provider does before sending: the default endpoint mapping, then `Endpoint.urlRequest()`.
    static func courierRequest(for target: CatalogAPI) throws -> URLRequest {
        try Provider<CatalogAPI>.defaultEndpointMapping(for: target).urlRequest()
    }

    static func run(_ bench: PairedBenchmark) async throws -> CaseOutcome {
        let query = SearchQuery()
        let order = OrderDraft()
        var outcome = CaseOutcome(
            definition: "1. Request building: `Provider.defaultEndpointMapping(for:)` + `Endpoint.urlRequest()` "
                + "(what the provider does before plugins and sending) against the same URLRequest built by "
                + "hand with URLComponents.queryItems / JSONSerialization.data(withJSONObject:); the bench checks "
                + "that both requests are the same (URL, method, headers, and body bytes or, for JSON, the same "
                + "JSON value). Time per request. Row 1c (info): an `Encodable` body, "
                + "`.requestJSONEncodable` against `JSONEncoder().encode` by hand.")
        for (name, courier, baseline) in [
            ("GET, 10 query params", try courierRequest(for: .search(query)), try HandBuiltRequests.search(query)),
            (
                "POST, 20-field JSON", try courierRequest(for: .createOrder(order)),
                try HandBuiltRequests.createOrder(order)
            ),
            (
                "POST, Encodable", try courierRequest(for: .createOrderEncodable(order)),
                try HandBuiltRequests.createOrderEncodable(order)
            ),
        ] {
            for difference in RequestEquivalence.differences(courier, baseline) {
                outcome.notes.append("Case 1 \(name): the two requests differ, \(difference)")
            }
        }

        let get = try await bench.compare(
            courier: { count in try repeated(count) { blackHole(try courierRequest(for: .search(query))) } },
            baseline: { count in try repeated(count) { blackHole(try HandBuiltRequests.search(query)) } })
        outcome.rows.append(.time("1a Build GET (10 query params, 3 headers)", get, goal: .timeAtMost(1.3)))

        let post = try await bench.compare(
            courier: { count in try repeated(count) { blackHole(try courierRequest(for: .createOrder(order))) } },
            baseline: { count in try repeated(count) { blackHole(try HandBuiltRequests.createOrder(order)) } })
        outcome.rows.append(.time("1b Build POST (20-field JSON body)", post, goal: .timeAtMost(1.3)))

        let encodable = try await bench.compare(
            courier: { count in
                try repeated(count) { blackHole(try courierRequest(for: .createOrderEncodable(order))) }
            },
            baseline: { count in try repeated(count) { blackHole(try HandBuiltRequests.createOrderEncodable(order)) } })
        outcome.rows.append(.time("1c Build POST (Encodable body)", encodable, goal: .timeInfo))
        return outcome
    }
}
