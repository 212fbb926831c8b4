import Foundation

/// A request as a cassette recorded it: what a ``RequestMatcher`` compares a live request with.
///
/// Values the recorder hid are the cassette's placeholder (`<redacted>` by default) here.
public struct RecordedRequest: Sendable, Equatable {
    /// The method, such as `GET`.
    public let method: String
    /// The URL as the cassette writes it (a HAR from elsewhere may hold a URL `URL` cannot parse).
    public let url: String
    /// The header fields; fields whose names differ only in case are joined with `", "`.
    public let headers: [String: String]
    /// The body; empty when there was none.
    public let body: Data

    /// Creates a recorded request.
    public init(method: String, url: String, headers: [String: String] = [:], body: Data = Data()) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// The value of the header `name`, in any case.
    public func value(forHTTPHeaderField name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// `GET http://host/path`.
    var summary: String { "\(method) \(url)" }
}

extension RecordedRequest {
    /// The request of a HAR entry, its body's text turned into bytes as `dialect` says.
    init(_ request: HAR.Request, dialect: HAR.Dialect) {
        var headers: [String: String] = [:]
        var spellings: [String: String] = [:]
        for field in request.headers ?? [] {
            let key = field.name.lowercased()
            if let spelling = spellings[key] {
                headers[spelling] = (headers[spelling].map { $0 + ", " } ?? "") + field.value
            } else {
                spellings[key] = field.name
                headers[field.name] = field.value
            }
        }
        let body =
            request.postData.map {
                HAR.bytes(
                    text: $0.text, encoding: $0.encoding,
                    mimeType: $0.mimeType.flatMap { $0.isEmpty ? nil : $0 }
                        ?? HAR.value(of: "Content-Type", in: request.headers),
                    dialect: dialect)
            } ?? Data()
        if headers.keys.allSatisfy({ $0.lowercased() != "content-type" }),
            let mimeType = request.postData?.mimeType, !mimeType.isEmpty
        {
            headers["Content-Type"] = mimeType
        }
        self.init(method: request.method.uppercased(), url: request.url, headers: headers, body: body)
    }
}
