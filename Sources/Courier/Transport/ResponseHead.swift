import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A response's head as a transport read it (URL, status line, header lines), turned into an
/// `HTTPURLResponse` the first time something asks for one.
///
/// On Linux, `HTTPURLResponse`'s initializer compares and capitalises every header name through
/// Foundation strings: for a small JSON answer that costs more than the whole rest of the request, and
/// most callers read only the status code and the body. Whoever asks first builds it, once; every later
/// reader gets the same object.
final class ResponseHead: Sendable {
    let url: URL
    let statusCode: Int
    let httpVersion: String
    /// The head's field lines as they came, each ended by LF (line ends and status line left out).
    let lines: [UInt8]
    private let built = Locked<HTTPURLResponse??>(nil)

    init(url: URL, statusCode: Int, httpVersion: String, lines: [UInt8]) {
        self.url = url
        self.statusCode = statusCode
        self.httpVersion = httpVersion
        self.lines = lines
    }

    /// The `HTTPURLResponse`, built on first use.
    var response: HTTPURLResponse? {
        built.withLock { built in
            if let response = built { return response }
            let response = HTTPURLResponse(
                url: url, statusCode: statusCode, httpVersion: httpVersion, headerFields: headerFields)
            built = .some(response)
            return response
        }
    }

    /// The fields, in order: names and values without surrounding spaces and tabs; a line that starts
    /// with a space or tab continues the field before it (joined by one space); a line without a colon
    /// is skipped.
    var fields: [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = []
        lines.withUnsafeBytes { bytes in
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                defer { start = end + 1 }
                guard start < end else { continue }
                if HeaderBytes.isBlank(bytes[start]) {
                    if !fields.isEmpty {
                        fields[fields.count - 1].value += " " + HeaderBytes.trimmed(bytes, start, end)
                    }
                    continue
                }
                var colon = start
                while colon < end, bytes[colon] != 0x3A { colon += 1 }
                guard colon < end else { continue }
                fields.append((HeaderBytes.trimmed(bytes, start, colon), HeaderBytes.trimmed(bytes, colon + 1, end)))
            }
        }
        return fields
    }

    /// The fields as one dictionary: fields whose names differ only in case are joined with `", "`
    /// under the first spelling, as URLSession does.
    var headerFields: [String: String] {
        var dictionary: [String: String] = [:]
        var spellings: [String: String] = [:]  // lowercased name -> the first spelling seen
        for (name, value) in fields {
            let key = name.lowercased()
            if let spelling = spellings[key] {
                dictionary[spelling] = (dictionary[spelling].map { $0 + ", " } ?? "") + value
            } else {
                spellings[key] = name
                dictionary[name] = value
            }
        }
        return dictionary
    }
}

/// An `HTTPURLResponse` that is either at hand or still a ``ResponseHead`` to build it from.
enum HTTPResponseSource: Sendable {
    case built(HTTPURLResponse?)
    case head(ResponseHead)

    /// The response, building it from the head on first use.
    var response: HTTPURLResponse? {
        switch self {
        case .built(let response): response
        case .head(let head): head.response
        }
    }
}
