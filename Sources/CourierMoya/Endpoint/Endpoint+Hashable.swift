/// Endpoints compare and hash as Moya's do, so that they can be dictionary keys (as in
/// ``MoyaProvider/inflightRequests``).
///
/// Two endpoints are equal when their `URLRequest`s have the same URL, method, header fields and body
/// (a JSON body compared by its value), and, for uploads, their files or form parts are. Endpoints that cannot make a request are equal when
/// their URLs, methods and headers are. The sample response is not compared.
extension Endpoint: Equatable, Hashable {
    /// Whether `lhs` and `rhs` make the same request.
    public static func == (lhs: Endpoint, rhs: Endpoint) -> Bool {
        guard lhs.uploadIdentity == rhs.uploadIdentity else { return false }
        switch (lhs.requestIdentity, rhs.requestIdentity) {
        case (let left?, let right?):
            return left == right
        case (nil, nil):
            return lhs.url == rhs.url && lhs.method == rhs.method && lhs.httpHeaderFields == rhs.httpHeaderFields
        default:
            return false
        }
    }

    /// Hashes the request the endpoint makes, or its URL when it cannot make one.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(uploadIdentity)
        if let request = requestIdentity {
            hasher.combine(request)
        } else {
            hasher.combine(url)
        }
    }

    /// What of an upload task the `URLRequest` does not hold: the file, or the form parts.
    private var uploadIdentity: UploadIdentity? {
        switch task {
        case .uploadFile(let url): .file(url)
        case .uploadMultipart(let parts), .uploadCompositeMultipart(let parts, _): .parts(parts)
        default: nil
        }
    }

    /// What of the endpoint's `URLRequest` is compared, or `nil` when it cannot make one.
    private var requestIdentity: RequestIdentity? {
        guard let request = try? urlRequest() else { return nil }
        return RequestIdentity(
            url: request.url, method: request.httpMethod, headerFields: request.allHTTPHeaderFields ?? [:],
            body: request.httpBody.map(Self.canonical))
    }

    /// A body as it is compared: a JSON body with its keys sorted (Foundation's `JSONEncoder` on Linux
    /// writes the keys of one value in varying orders), any other body as it is.
    private static func canonical(_ body: Data) -> Data {
        guard let first = body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }), first == 0x7B || first == 0x5B,
            let json = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]),
            let sorted = try? JSONSerialization.data(withJSONObject: json, options: [.sortedKeys, .fragmentsAllowed])
        else { return body }
        return sorted
    }

    private struct RequestIdentity: Hashable {
        let url: URL?
        let method: String?
        let headerFields: [String: String]
        let body: Data?
    }

    private enum UploadIdentity: Hashable {
        case file(URL)
        case parts([MultipartFormData])
    }
}
