import Courier

/// An ordered list of HTTP header fields whose names compare case-insensitively: Alamofire's
/// `HTTPHeaders`.
///
/// ```swift
/// var headers: HTTPHeaders = ["Accept": "application/json"]
/// headers.add(.authorization(bearerToken: token))
/// request.headers = headers
/// ```
public struct HTTPHeaders: Equatable, Hashable, Sendable {
    private var headers: [HTTPHeader] = []

    /// An empty list.
    public init() {}

    /// The fields of `headers`; of two with the same name (case-insensitively), the last one's value.
    public init(_ headers: [HTTPHeader]) {
        for header in headers {
            update(header)
        }
    }

    /// The fields of `dictionary`; of two with the same name (case-insensitively), one of the values.
    public init(_ dictionary: [String: String]) {
        for (name, value) in dictionary {
            update(HTTPHeader(name: name, value: value))
        }
    }

    /// Adds a field, or replaces the value of the one with the same name (case-insensitively).
    public mutating func add(name: String, value: String) {
        update(HTTPHeader(name: name, value: value))
    }

    /// Adds `header`, or replaces the value of the field with the same name (case-insensitively).
    public mutating func add(_ header: HTTPHeader) {
        update(header)
    }

    /// Replaces the value of the field named `name` (case-insensitively), or adds the field.
    public mutating func update(name: String, value: String) {
        update(HTTPHeader(name: name, value: value))
    }

    /// Replaces the field with the same name as `header` (case-insensitively), or adds it.
    public mutating func update(_ header: HTTPHeader) {
        if let index = index(of: header.name) {
            headers[index] = header
        } else {
            headers.append(header)
        }
    }

    /// Removes the field named `name` (case-insensitively), if there is one.
    public mutating func remove(name: String) {
        headers.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// Sorts the fields by their lowercased names.
    public mutating func sort() {
        headers.sort { $0.name.lowercased() < $1.name.lowercased() }
    }

    /// The fields sorted by their lowercased names.
    public func sorted() -> HTTPHeaders {
        var headers = self
        headers.sort()
        return headers
    }

    /// The value of the field named `name` (case-insensitively), or `nil`.
    public func value(for name: String) -> String? {
        index(of: name).map { headers[$0].value }
    }

    /// The value of the field named `name` (case-insensitively); setting `nil` removes the field.
    public subscript(_ name: String) -> String? {
        get { value(for: name) }
        set {
            if let newValue {
                update(name: name, value: newValue)
            } else {
                remove(name: name)
            }
        }
    }

    /// The fields as a dictionary of names and values.
    public var dictionary: [String: String] {
        Dictionary(headers.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    private func index(of name: String) -> Int? {
        headers.firstIndex { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }
}

extension HTTPHeaders: ExpressibleByDictionaryLiteral {
    /// The fields of the literal, in order.
    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements {
            update(name: name, value: value)
        }
    }
}

extension HTTPHeaders: ExpressibleByArrayLiteral {
    /// The fields of the literal, in order.
    public init(arrayLiteral elements: HTTPHeader...) {
        self.init(elements)
    }
}

extension HTTPHeaders: Sequence {
    /// Iterates over the fields in order.
    public func makeIterator() -> IndexingIterator<[HTTPHeader]> {
        headers.makeIterator()
    }
}

extension HTTPHeaders: Collection {
    /// The position of the first field.
    public var startIndex: Int { headers.startIndex }
    /// The position after the last field.
    public var endIndex: Int { headers.endIndex }

    /// The field at `position`.
    public subscript(position: Int) -> HTTPHeader {
        headers[position]
    }

    /// The position after `i`.
    public func index(after i: Int) -> Int {
        headers.index(after: i)
    }
}

extension HTTPHeaders: CustomStringConvertible {
    /// One `Name: value` line for each field.
    public var description: String {
        headers.map(\.description).joined(separator: "\n")
    }
}

/// One HTTP header field: Alamofire's `HTTPHeader`.
public struct HTTPHeader: Equatable, Hashable, Sendable {
    /// The field's name.
    public let name: String
    /// The field's value.
    public let value: String

    /// Creates a field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

extension HTTPHeader: CustomStringConvertible {
    /// `Name: value`.
    public var description: String {
        "\(name): \(value)"
    }
}

extension HTTPHeader {
    /// `Accept: <value>`.
    public static func accept(_ value: String) -> HTTPHeader {
        HTTPHeader(name: "Accept", value: value)
    }

    /// `Accept-Charset: <value>`.
    public static func acceptCharset(_ value: String) -> HTTPHeader {
        HTTPHeader(name: "Accept-Charset", value: value)
    }

    /// `Accept-Language: <value>`.
    public static func acceptLanguage(_ value: String) -> HTTPHeader {
        HTTPHeader(name: "Accept-Language", value: value)
    }

    /// `Accept-Encoding: <value>`.
    public static func acceptEncoding(_ value: String) -> HTTPHeader {
        HTTPHeader(name: "Accept-Encoding", value: value)
    }

    /// `Authorization: Basic <base64 of username:password>`.
    public static func authorization(username: String, password: String) -> HTTPHeader {
        authorization("Basic \(Data("\(username):\(password)".utf8).base64EncodedString())")
    }

    /// `Authorization: Bearer <token>`.
    public static func authorization(bearerToken: String) -> HTTPHeader {
        authorization("Bearer \(bearerToken)")
    }

    /// `Authorization: <value>`.
    public static func authorization(_ value: String) -> HTTPHeader {
        HTTPHeader(name: "Authorization", value: value)
    }

    /// `Content-Disposition: <value>`.
    public static func contentDisposition(_ value: String) -> HTTPHeader {
        HTTPHeader(name: "Content-Disposition", value: value)
    }

    /// `Content-Encoding: <value>`.
    public static func contentEncoding(_ value: String) -> HTTPHeader {
        HTTPHeader(name: "Content-Encoding", value: value)
    }

    /// `Content-Type: <value>`.
    public static func contentType(_ value: String) -> HTTPHeader {
        HTTPHeader(name: "Content-Type", value: value)
    }

    /// `User-Agent: <value>`.
    public static func userAgent(_ value: String) -> HTTPHeader {
        HTTPHeader(name: "User-Agent", value: value)
    }

    /// `Sec-WebSocket-Protocol: <value>`.
    public static func websocketProtocol(_ value: String) -> HTTPHeader {
        HTTPHeader(name: "Sec-WebSocket-Protocol", value: value)
    }
}

extension HTTPHeaders {
    /// Alamofire's default fields: ``HTTPHeader/defaultAcceptEncoding``,
    /// ``HTTPHeader/defaultAcceptLanguage`` and ``HTTPHeader/defaultUserAgent``.
    public static let `default`: HTTPHeaders = [.defaultAcceptEncoding, .defaultAcceptLanguage, .defaultUserAgent]
}

extension HTTPHeader {
    /// `Accept-Encoding: br;q=1.0, gzip;q=0.9, deflate;q=0.8`: what the transport decodes.
    public static let defaultAcceptEncoding = acceptEncoding("br;q=1.0, gzip;q=0.9, deflate;q=0.8")

    /// `Accept-Language` with the process's preferred languages, up to six, weighted from 1.0 down.
    public static let defaultAcceptLanguage = acceptLanguage(
        Locale.preferredLanguages.prefix(6).enumerated().map { index, language in
            "\(language);q=\(String(format: "%.1f", 1.0 - Double(index) * 0.1))"
        }.joined(separator: ", "))

    /// `User-Agent: <program>/<version> (<bundle>; build:<build>; <system>) CourierMoya/<Courier's version>`.
    public static let defaultUserAgent: HTTPHeader = {
        let info = Bundle.main.infoDictionary
        let program = info?["CFBundleExecutable"] as? String ?? ProcessInfo.processInfo.processName
        let bundle = info?["CFBundleIdentifier"] as? String ?? "Unknown"
        let version = info?["CFBundleShortVersionString"] as? String ?? "Unknown"
        let build = info?["CFBundleVersion"] as? String ?? "Unknown"
        let system = ProcessInfo.processInfo.operatingSystemVersionString
        return userAgent("\(program)/\(version) (\(bundle); build:\(build); \(system)) CourierMoya/\(courierVersion)")
    }()
}

extension URLRequest {
    /// The request's header fields as ``HTTPHeaders``; setting them replaces every field.
    public var headers: HTTPHeaders {
        get { allHTTPHeaderFields.map(HTTPHeaders.init) ?? HTTPHeaders() }
        set { allHTTPHeaderFields = newValue.dictionary }
    }
}

extension HTTPURLResponse {
    /// The response's header fields as ``HTTPHeaders``.
    public var headers: HTTPHeaders {
        (allHeaderFields as? [String: String]).map(HTTPHeaders.init) ?? HTTPHeaders()
    }
}

extension URLSessionConfiguration {
    /// The configuration's `httpAdditionalHeaders` as ``HTTPHeaders``; setting them replaces them.
    public var headers: HTTPHeaders {
        get { (httpAdditionalHeaders as? [String: String]).map(HTTPHeaders.init) ?? HTTPHeaders() }
        set { httpAdditionalHeaders = newValue.dictionary }
    }
}
