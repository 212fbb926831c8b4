import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fuzzes `TargetURL` (base URL + path) and `Endpoint.urlRequest()` with arbitrary paths.
///
/// Invariants, for every base of the list and every path:
/// - the URL string parses with `URL(string:)` and the endpoint builds a request with that very URL;
/// - it holds only printable ASCII, and every `%` starts a two-digit escape;
/// - it starts with the base (without its query and fragment, nor its trailing `/` before a path);
/// - the path part, percent-decoded, is the path (before its first `?`, leading `/`s removed),
///   percent-decoded: nothing is lost, added or double-encoded;
/// - the query keeps the base's query and then the path's, decoded alike.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzURLBuilding(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let bases = [
        "https://api.example.com", "https://api.example.com/", "https://api.example.com/v1",
        "https://api.example.com/v1/", "http://127.0.0.1:8080/a%20b/", "https://h/p?x=1", "https://h/p?x=1#frag",
        "https://user:pw@h:8443/base/path/", "https://h?only=query",
    ]
    let baseString = bases[input.int(below: bases.count)]
    guard let baseURL = URL(string: baseString) else { return 0 }
    let path = input.string(maxCount: 512)

    let built = TargetURL.string(baseURL: baseURL, path: path)
    let output = Array(built.utf8)
    check(URL(string: built) != nil, "URL(string:) rejects \(built.debugDescription)")
    check(output.allSatisfy { $0 > 0x20 && $0 < 0x7F }, "not printable ASCII: \(built.debugDescription)")
    check(escapesAreWellFormed(output, uppercaseOnly: false), "bad escape in \(built.debugDescription)")

    let endpoint = Endpoint(
        url: built, sampleResponseClosure: { .networkResponse(200, Data()) }, method: .get, task: .requestPlain,
        httpHeaderFields: nil)
    do {
        let request = try endpoint.urlRequest()
        check(request.url?.absoluteString == built, "request URL \(String(describing: request.url)) != \(built)")
    } catch {
        check(false, "urlRequest() threw \(error) for \(built.debugDescription)")
    }
    guard !path.isEmpty else {
        check(built == baseString, "an empty path changed the base: \(built)")
        return 0
    }

    // The base without query and fragment (and without its trailing slash when a path part follows),
    // then the path.
    let pathBytes = Array(path.utf8)
    let mark = pathBytes.firstIndex(of: UInt8(ascii: "?"))
    let pathPart = pathBytes[..<(mark ?? pathBytes.count)]
    var head = Substring(baseString)
    if let end = head.firstIndex(where: { $0 == "?" || $0 == "#" }) { head = head[..<end] }
    if !pathPart.isEmpty, head.hasSuffix("/") { head = head.dropLast() }
    check(built.hasPrefix(head), "\(built) does not start with \(head)")

    var rest = output[head.utf8.count...]
    if !pathPart.isEmpty {
        check(rest.first == UInt8(ascii: "/"), "no slash between base and path in \(built)")
        rest = rest.dropFirst()
        let end = rest.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? rest.endIndex
        let relative = pathPart.drop { $0 == UInt8(ascii: "/") }
        check(
            percentDecoded(rest[..<end]) == percentDecoded(relative),
            "path \(path.debugDescription) became \(built.debugDescription)")
        rest = rest[end...]
    }
    if let mark {
        let pathQuery = pathBytes[(mark + 1)...]
        var queries: [ArraySlice<UInt8>] = []
        if let baseQuery = URLComponents(string: baseString)?.percentEncodedQuery, !baseQuery.isEmpty {
            queries.append(ArraySlice(baseQuery.utf8))
        }
        if !pathQuery.isEmpty { queries.append(pathQuery) }
        if !queries.isEmpty {
            check(rest.first == UInt8(ascii: "?"), "no query in \(built)")
            let end = rest.firstIndex(of: UInt8(ascii: "#")) ?? rest.endIndex
            let expected = queries.map { percentDecoded($0) }.joined(separator: [UInt8(ascii: "&")])
            check(
                percentDecoded(rest.dropFirst()[..<end]) == Array(expected),
                "query of \(path.debugDescription) became \(built.debugDescription)")
        }
    }
    return 0
}
