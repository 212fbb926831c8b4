import Foundation

/// The parts of a HAR 1.2 file (http://www.softwareishard.com/blog/har-12-spec/) that recording and
/// replay read and write.
///
/// Decoding is lenient, as the files of browsers' devtools, mitmproxy, Charles and Proxyman differ: every
/// field a replay can do without is optional, sizes of `-1` are read and ignored, and fields this model
/// does not name (`_`-prefixed extensions, comments) are kept by ``CassetteFile``, which holds the file
/// as a JSON tree and reads entries through this model. Courier's own extension fields are `_error`,
/// `_errorCode`, `_url` and `_chunks`.
enum HAR {
    /// The version written to `log.version`.
    static let version = "1.2"

    /// `{"log": {"entries": [...]}}`, read for its entries.
    struct File: Decodable {
        struct Log: Decodable {
            var entries: [Entry]?
            var placeholder: String?

            enum CodingKeys: String, CodingKey {
                case entries
                case placeholder = "_redactionPlaceholder"
            }
        }

        var log: Log
    }

    /// One exchange: the request, the response, and when and how long.
    struct Entry: Codable, Sendable {
        var startedDateTime: String?
        /// Milliseconds, the sum of the timings.
        var time: Double?
        var request: Request
        var response: Response
        var cache: Cache? = Cache()
        var timings: Timings?
        var serverIPAddress: String?
        var connection: String?
        var comment: String?
    }

    /// A request as it was sent.
    struct Request: Codable, Sendable {
        var method: String
        var url: String
        var httpVersion: String?
        var cookies: [Cookie]?
        var headers: [NameValue]?
        var queryString: [NameValue]?
        var postData: PostData?
        var headersSize: Double? = -1
        var bodySize: Double? = -1
        var comment: String?
    }

    /// A response as it arrived; status 0 when none did (a blocked or failed request).
    struct Response: Codable, Sendable {
        var status: Int
        var statusText: String?
        var httpVersion: String?
        var cookies: [Cookie]?
        var headers: [NameValue]?
        var content: Content?
        var redirectURL: String?
        var headersSize: Double? = -1
        var bodySize: Double? = -1
        var comment: String?
        /// Why no response arrived: mitmproxy's and Chrome's `_error` (`net::ERR_BLOCKED_BY_CLIENT`).
        var error: String?
        /// Courier's: the `URLError` code of the failure.
        var errorCode: Int?
        /// Courier's: the URL the response came from when the recorded transport followed redirects.
        var finalURL: String?

        enum CodingKeys: String, CodingKey {
            case status, statusText, httpVersion, cookies, headers, content, redirectURL, headersSize, bodySize
            case comment
            case error = "_error"
            case errorCode = "_errorCode"
            case finalURL = "_url"
        }
    }

    /// A response body: decoded (HAR stores bodies as a client reads them), as text or base64.
    struct Content: Codable, Sendable {
        var size: Double?
        var compression: Double?
        var mimeType: String?
        var text: String?
        /// `base64` when ``text`` is base64.
        var encoding: String?
        var comment: String?
        /// Courier's: the pieces a streamed body arrived in, with their pauses.
        var chunks: [Chunk]?

        enum CodingKeys: String, CodingKey {
            case size, compression, mimeType, text, encoding, comment
            case chunks = "_chunks"
        }
    }

    /// A piece of a streamed body: its size in bytes and the milliseconds since the piece before it
    /// (or since the response head, for the first).
    struct Chunk: Codable, Sendable, Equatable {
        var size: Int
        var delay: Double
    }

    /// A request body: its MIME type, its text (base64 with `encoding` when binary) and, for a form, its
    /// fields.
    struct PostData: Codable, Sendable {
        var mimeType: String?
        var text: String?
        /// `base64` when ``text`` is base64 (not in HAR 1.2 itself; written by some tools and by Courier).
        var encoding: String?
        var params: [Param]?
        var comment: String?
    }

    /// A form field of a request body.
    struct Param: Codable, Sendable {
        var name: String
        var value: String?
        var fileName: String?
        var contentType: String?
    }

    /// A header or a query item.
    struct NameValue: Codable, Sendable, Equatable {
        var name: String
        var value: String
    }

    /// A cookie a request sent or a response set.
    struct Cookie: Codable, Sendable {
        var name: String
        var value: String
        var path: String?
        var domain: String?
        var httpOnly: Bool?
        var secure: Bool?
    }

    /// HAR's `cache` object, written empty.
    struct Cache: Codable, Sendable {}

    /// Where the time of an exchange went, in milliseconds; `-1` for a phase that did not happen.
    struct Timings: Codable, Sendable {
        var blocked: Double? = -1
        var dns: Double? = -1
        var connect: Double? = -1
        var send: Double? = 0
        var wait: Double? = 0
        var receive: Double? = 0
        var ssl: Double? = -1
    }
}

extension HAR {
    /// The encoding written beside a body stored as base64.
    static let base64 = "base64"

    /// How a file's text bodies turn into bytes where HAR does not say (its `text` is characters, and
    /// only a `charset` tells which bytes they were).
    enum Dialect: Sendable {
        /// mitmproxy's reading, which Courier writes for: the `charset` of the MIME type, UTF-8 for JSON,
        /// else ISO 8859-1 (each character one byte), so that any bytes round-trip as text.
        case latin1Fallback
        /// Browsers' devtools: text types are UTF-8 unless their `charset` says otherwise; other types
        /// as ISO 8859-1 when every character fits a byte.
        case utf8Text
    }

    /// A body as HAR stores it, read back the same by Courier, mitmproxy and browsers: ASCII text, or
    /// UTF-8 text under a MIME type that says so (JSON, `charset=utf-8`), as it is; anything else (binary,
    /// or text with control characters a reader would mangle) as base64, or, where HAR has no `encoding`
    /// (a request body: mitmproxy reads `postData.text` as characters), as ISO 8859-1 characters.
    static func stored(_ body: Data, mimeType: String?, base64Allowed: Bool = true) -> (text: String, encoding: String?)
    {
        let type = mimeType?.lowercased() ?? ""
        let says8 = type.contains("json") || charset(of: type).map { $0 == "utf-8" || $0 == "utf8" } == true
        if let text = String(data: body, encoding: .utf8),
            !text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r" }),
            says8 || text.unicodeScalars.allSatisfy(\.isASCII)
        {
            return (text, nil)
        }
        if base64Allowed { return (body.base64EncodedString(), base64) }
        var latin1 = String.UnicodeScalarView()
        latin1.append(contentsOf: body.map { Unicode.Scalar($0) })
        return (String(latin1), nil)
    }

    /// The bytes of a body stored as `text` with `encoding` under `mimeType`: base64 decoded; else the
    /// characters in the MIME type's `charset`, in UTF-8 for JSON, and otherwise as `dialect` reads them.
    static func bytes(text: String?, encoding: String?, mimeType: String?, dialect: Dialect) -> Data {
        guard let text else { return Data() }
        if encoding?.lowercased() == base64,
            let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters)
        {
            return data
        }
        let type = mimeType?.lowercased() ?? ""
        let fitsBytes = text.unicodeScalars.allSatisfy { $0.value <= 0xFF }
        let isText = ["text/", "json", "xml", "javascript", "x-www-form-urlencoded", "event-stream", "html"]
            .contains { type.contains($0) }
        let charset = charset(of: type)
        if charset == "utf-8" || charset == "utf8" { return Data(text.utf8) }
        if let charset, ["iso-8859-1", "latin1", "latin-1", "us-ascii", "ascii"].contains(charset), fitsBytes {
            return latin1(text)
        }
        if type.contains("json") { return Data(text.utf8) }
        switch dialect {
        case .latin1Fallback where fitsBytes: return latin1(text)
        case .utf8Text where fitsBytes && !isText: return latin1(text)
        default: return Data(text.utf8)
        }
    }

    /// Each character of `text` (all at most U+00FF) as one byte.
    private static func latin1(_ text: String) -> Data {
        Data(text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })
    }

    /// The `charset` parameter of a (lowercased) MIME type.
    private static func charset(of type: String) -> String? {
        type.split(separator: ";").dropFirst().lazy.compactMap { parameter -> String? in
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces) == "charset" else { return nil }
            return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: " \""))
        }.first
    }

    /// `startedDateTime` for `date`: ISO 8601 with milliseconds, in UTC.
    static func dateTime(_ date: Date) -> String {
        Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
    }

    /// The value of the first header `name` (any case) in `headers`.
    static func value(of name: String, in headers: [NameValue]?) -> String? {
        headers?.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
