import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Case 2: encoding throughput of `URLEncoding` and `JSONEncoding` on 1,000 nested parameters, against
/// `JSONSerialization` on the same data.
enum EncodingCase {
    private static let request: URLRequest = {
        var request = URLRequest(url: URL(string: "https://api.example.com/v1/import")!)
        request.httpMethod = "POST"
        return request
    }()

    /// The baseline: what hand-written code does to put the same data in a body.
    static func serialized(into request: URLRequest) throws -> URLRequest {
        var request = request
        request.httpBody = try JSONSerialization.data(withJSONObject: NestedParameters.value, options: [])
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        return request
    }

    static func run(_ bench: PairedBenchmark) async throws -> CaseOutcome {
        let parameters = NestedParameters.value
        var outcome = CaseOutcome(
            definition: "2. Encoding: `encode(_:with:)` of 1,000 leaf parameters nested two levels "
                + "(`users[userNN][field]`) into a POST request, against "
                + "`JSONSerialization.data(withJSONObject:)` of the same dictionary into the same request "
                + "(no options: `.sortedKeys` would slow it about threefold on Linux; Courier sorts keys in any "
                + "case). The ratio is the time ratio; MB/s is each side's own output size over its time.")
        let baselineBytes = try serialized(into: request).httpBody?.count ?? 0

        let variants: [(String, any ParameterEncoding, Goal)] = [
            ("2a URLEncoding.httpBody, 1,000 nested", URLEncoding.httpBody, .timeAtMost(1.5)),
            ("2b URLEncoding.queryString, 1,000 nested", URLEncoding.queryString, .timeInfo),
            ("2c JSONEncoding.default, 1,000 nested", JSONEncoding.default, .timeInfo),
        ]
        var sizes: [String] = []
        for (name, encoding, goal) in variants {
            let encoded = try encoding.encode(request, with: parameters)
            let courierBytes = encoded.httpBody?.count ?? encoded.url?.query?.utf8.count ?? 0
            sizes.append("\(name.prefix(2)) \(courierBytes) bytes")
            let comparison = try await bench.compare(
                courier: { count in try repeated(count) { blackHole(try encoding.encode(request, with: parameters)) } },
                baseline: { count in try repeated(count) { blackHole(try serialized(into: request)) } })
            var row = ResultRow.time(name, comparison, goal: goal)
            row.courier +=
                ", " + Format.megabytesPerSecond(bytes: Double(courierBytes), seconds: comparison.courierSeconds)
            row.baseline +=
                ", " + Format.megabytesPerSecond(bytes: Double(baselineBytes), seconds: comparison.baselineSeconds)
            outcome.rows.append(row)
        }
        outcome.notes.append(
            "Case 2 output sizes: " + sizes.joined(separator: ", ") + "; JSONSerialization \(baselineBytes) bytes.")
        return outcome
    }
}

/// The data of the encoding case: 1,000 leaf values nested two levels deep.
///
/// `users[userNNN][field]` for 100 users of 10 fields each: strings (with spaces, `@`, `&`, `+` and
/// non-ASCII letters, so that escaping has work to do), integers, decimals and booleans.
enum NestedParameters {
    /// The parameters, built once.
    static let value: Parameters = {
        var users: Parameters = [:]
        for index in 0..<100 {
            let user: Parameters = [
                "name": "User Nº \(index)",
                "email": "user\(index)+news@example.com",
                "age": 20 + index % 50,
                "score": Double(index) * 1.25,
                "active": index.isMultiple(of: 2),
                "city": index.isMultiple(of: 3) ? "Zürich" : "São Paulo",
                "company": "Smith & Sons Ltd",
                "joined": "2023-0\(1 + index % 9)-1\(index % 10)",
                "plan": index.isMultiple(of: 5) ? "premium" : "free",
                "visits": index * 37,
            ]
            users["user" + String(1_000 + index).dropFirst()] = user
        }
        return ["users": users]
    }()
}
