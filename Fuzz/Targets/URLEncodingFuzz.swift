import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fuzzes `URLEncoding` with nested parameters built from the input: dictionaries, arrays, strings of
/// any characters, integers, doubles (NaN and infinities included), bools, `nil` and `NSNull`.
///
/// Invariants, for every array and bool encoding:
/// - the query holds only `A-Z a-z 0-9 - . _ ~ / ?`, `%XX` escapes in uppercase hex, `=` and `&`;
/// - decoded pair by pair it is exactly the list of leaves of a reference model: keys sorted at every
///   depth, array order kept, nested keys written `a[b]`, `a[]`, `a[0]` or `a`;
/// - in a GET it follows the URL's own query after `&`, and the URL parses; in a POST it is the body,
///   with the form `Content-Type`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzURLEncoding(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let arrayEncoding = [URLEncoding.ArrayEncoding.brackets, .noBrackets, .indexInBrackets][input.int(below: 3)]
    let boolEncoding = [URLEncoding.BoolEncoding.numeric, .literal][input.int(below: 2)]
    var parameters: Parameters = [:]
    var expected: [(key: String, value: String)] = []
    let count = input.int(below: 6)
    for _ in 0..<count {
        let key = input.string(maxCount: 24)
        let value = parameter(from: &input, depth: 0)
        parameters[key] = value.value
    }
    for key in parameters.keys.sorted() {
        if let value = parameters[key] {
            expected += leaves(of: value, key: key, arrayEncoding: arrayEncoding, boolEncoding: boolEncoding)
        }
    }

    let encoding = URLEncoding(destination: .queryString, arrayEncoding: arrayEncoding, boolEncoding: boolEncoding)
    let query = encoding.query(parameters)
    let bytes = Array(query.utf8)
    let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/?%=&".utf8)
    check(bytes.allSatisfy(allowed.contains), "byte outside the allowed set in \(query.debugDescription)")
    check(escapesAreWellFormed(bytes, uppercaseOnly: true), "bad escape in \(query.debugDescription)")

    let pairs = query.isEmpty ? [] : query.split(separator: "&", omittingEmptySubsequences: false)
    check(pairs.count == expected.count, "\(pairs.count) pairs for \(expected.count) leaves: \(query)")
    for (pair, leaf) in zip(pairs, expected) {
        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        check(parts.count == 2 && !parts[1].contains("="), "pair without exactly one '=': \(pair)")
        check(
            percentDecoded(parts[0].utf8) == Array(leaf.key.utf8), "key \(parts[0]) is not \(leaf.key.debugDescription)"
        )
        check(
            percentDecoded(parts[1].utf8) == Array(leaf.value.utf8),
            "value \(parts[1]) is not \(leaf.value.debugDescription)")
    }

    guard let url = URL(string: "https://h/p?fixed=1") else { return 0 }
    var get = URLRequest(url: url)
    get.httpMethod = "GET"
    do {
        let encoded = try URLEncoding.default.encode(get, with: parameters)
        let defaultQuery = URLEncoding.default.query(parameters)
        let expectedURL = "https://h/p?fixed=1" + (defaultQuery.isEmpty ? "" : "&" + defaultQuery)
        check(encoded.url?.absoluteString == expectedURL, "GET URL \(String(describing: encoded.url))")
        var post = get
        post.httpMethod = "POST"
        let body = try URLEncoding.default.encode(post, with: parameters)
        check(body.httpBody == Data(URLEncoding.default.query(parameters).utf8), "POST body")
        check(
            body.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded; charset=utf-8",
            "POST content type")
    } catch {
        check(false, "encode threw \(error)")
    }
    return 0
}

/// A parameter value read from the input, as a Sendable value.
private struct Value {
    let value: any Sendable
}

private func parameter(from input: inout FuzzInput, depth: Int) -> Value {
    let kind = input.int(below: depth < 3 ? 11 : 9)
    switch kind {
    case 0: return Value(value: input.string(maxCount: 32))
    case 1: return Value(value: Int(Int16(truncatingIfNeeded: input.int(below: 65_536))) * (input.bool() ? 1 : 40_000))
    case 2:
        let doubles: [Double] = [0, -0.0, 1.5, -2.25e-7, 1e300, .nan, .infinity, -.infinity, 0.1]
        return Value(value: doubles[input.int(below: doubles.count)])
    case 3: return Value(value: input.bool())
    case 4: return Value(value: NSNull())
    case 5: return Value(value: Int?.none)
    case 6: return Value(value: Optional(input.string(maxCount: 8)))
    case 7: return Value(value: UInt64.max - UInt64(input.int(below: 10)))
    case 8: return Value(value: Int8(truncatingIfNeeded: input.int(below: 256)))
    case 9:
        var array: [any Sendable] = []
        for _ in 0..<input.int(below: 4) {
            array.append(parameter(from: &input, depth: depth + 1).value)
        }
        return Value(value: array)
    default:
        var dictionary: [String: any Sendable] = [:]
        for _ in 0..<input.int(below: 4) {
            dictionary[input.string(maxCount: 12)] = parameter(from: &input, depth: depth + 1).value
        }
        return Value(value: dictionary)
    }
}

/// The reference model: the `(key, value)` pairs, unescaped, that `value` under `key` must become.
private func leaves(
    of value: Any, key: String, arrayEncoding: URLEncoding.ArrayEncoding, boolEncoding: URLEncoding.BoolEncoding
) -> [(key: String, value: String)] {
    switch value {
    case let dictionary as [String: any Sendable]:
        return dictionary.keys.sorted().flatMap { nested in
            leaves(
                of: dictionary[nested] as Any, key: "\(key)[\(nested)]", arrayEncoding: arrayEncoding,
                boolEncoding: boolEncoding)
        }
    case let array as [any Sendable]:
        return array.enumerated().flatMap { index, element in
            let childKey =
                switch arrayEncoding {
                case .brackets: "\(key)[]"
                case .noBrackets: key
                case .indexInBrackets: "\(key)[\(index)]"
                }
            return leaves(of: element, key: childKey, arrayEncoding: arrayEncoding, boolEncoding: boolEncoding)
        }
    case let string as String: return [(key, string)]
    case let optional as String?: return [(key, optional ?? "")]
    case let optional as Int?: return [(key, optional.map(String.init) ?? "")]
    case let bool as Bool:
        return [(key, boolEncoding == .numeric ? (bool ? "1" : "0") : (bool ? "true" : "false"))]
    case let int as Int: return [(key, String(int))]
    case let int as Int8: return [(key, String(int))]
    case let int as UInt64: return [(key, String(int))]
    case let double as Double: return [(key, double.description)]
    case is NSNull: return [(key, "")]
    default: return [(key, "<unexpected \(type(of: value))>")]
    }
}
