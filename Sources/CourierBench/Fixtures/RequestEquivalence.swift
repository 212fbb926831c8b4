import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Checks that Courier and a baseline built the same request, so that a comparison is fair.
enum RequestEquivalence {
    /// The ways `courier` and `baseline` differ, as sentences; empty when they are the same request.
    static func differences(_ courier: URLRequest, _ baseline: URLRequest) -> [String] {
        var differences: [String] = []
        if courier.url?.absoluteString != baseline.url?.absoluteString {
            differences.append(
                "URL: Courier \(courier.url?.absoluteString ?? "nil"), baseline \(baseline.url?.absoluteString ?? "nil")"
            )
        }
        if courier.httpMethod != baseline.httpMethod {
            differences.append(
                "method: Courier \(courier.httpMethod ?? "nil"), baseline \(baseline.httpMethod ?? "nil")")
        }
        if courier.allHTTPHeaderFields ?? [:] != baseline.allHTTPHeaderFields ?? [:] {
            differences.append(
                "headers: Courier \(courier.allHTTPHeaderFields ?? [:]), baseline \(baseline.allHTTPHeaderFields ?? [:])"
            )
        }
        if courier.httpBody != baseline.httpBody, !sameJSON(courier.httpBody, baseline.httpBody) {
            let courierText = courier.httpBody.map { String(decoding: $0, as: UTF8.self) } ?? "nil"
            let baselineText = baseline.httpBody.map { String(decoding: $0, as: UTF8.self) } ?? "nil"
            differences.append("body: Courier \(courierText), baseline \(baselineText)")
        }
        return differences
    }

    /// Whether both bodies parse as JSON and hold the same value (key order and number spelling aside).
    private static func sameJSON(_ first: Data?, _ second: Data?) -> Bool {
        guard let first, let second,
            let firstValue = try? JSONSerialization.jsonObject(with: first) as? NSDictionary,
            let secondValue = try? JSONSerialization.jsonObject(with: second) as? NSDictionary
        else { return false }
        return firstValue.isEqual(secondValue)
    }
}
