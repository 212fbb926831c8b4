import Foundation

/// A `JSONEncoder` that writes a list as a sequence of JSON texts, one per element: JSON Lines (each
/// text on a line of its own) or a JSON text sequence (RFC 7464: each text after an RS and before an LF).
/// Any other value it writes as `JSONEncoder` does. Made by ``OpenAPICoding/jsonLinesEncoder()`` and
/// ``OpenAPICoding/jsonSequenceEncoder()``, for the request bodies of sequential media types.
final class OpenAPISequenceEncoder: JSONEncoder, @unchecked Sendable {
    /// The bytes written before each element's JSON text: none for JSON Lines, RS for a text sequence.
    private let prefix: Data

    /// An encoder writing each element after `prefix` and before an LF.
    init(prefix: Data) {
        self.prefix = prefix
        super.init()
    }

    override func encode<T: Encodable>(_ value: T) throws -> Data {
        guard let list = value as? any JSONSequenceElements else { return try super.encode(value) }
        var body = Data()
        try list.forEachElement { element in
            body.append(prefix)
            // `JSONEncoder` writes no line ends unless asked to pretty-print; a JSON Lines line must have
            // none inside.
            body.append(try super.encode(element))
            body.append(LineSplitter.lineFeed)
        }
        return body
    }
}

/// A list whose elements a sequential body writes one by one.
private protocol JSONSequenceElements {
    /// Calls `body` with each element, in order.
    func forEachElement(_ body: (any Encodable) throws -> Void) rethrows
}

extension Array: JSONSequenceElements where Element: Encodable {
    fileprivate func forEachElement(_ body: (any Encodable) throws -> Void) rethrows {
        for element in self { try body(element) }
    }
}
