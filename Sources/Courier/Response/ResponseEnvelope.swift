import Foundation

/// How a server wraps its answers, declared once and used to unwrap every response.
///
/// Many APIs answer `{"code": 200, "msg": "ok", "data": {…}}` whatever happened, and put the outcome in
/// `code`. An envelope turns such a body into the decoded payload, or into a ``BusinessError`` carrying
/// the server's code and message. Courier ships ``CodeMessageEnvelope`` for the common shape; conform
/// your own type for others.
public protocol ResponseEnvelope: Sendable {
    /// The payload of `response` decoded as `D`.
    ///
    /// - Throws: ``BusinessError`` when the envelope reports a failure; `DecodingError` when the body is not
    ///   the envelope or the payload is not a `D`; ``CourierError/jsonMapping(_:)`` when the body is not JSON.
    func unwrap<D: Decodable>(_ type: D.Type, from response: Response, using decoder: JSONDecoder) throws -> D
}

/// A failure the server reported inside a successful HTTP answer: its code and its message for the user.
public struct BusinessError: Error, Sendable, Equatable, LocalizedError {
    /// The server's code, such as `401` or `10023`.
    public let code: Int
    /// The server's message, meant to be shown to the user, or `nil` when it sent none.
    public let message: String?

    /// Creates a business error.
    public init(code: Int, message: String?) {
        self.code = code
        self.message = message
    }

    /// The server's message, or a sentence naming the code when it sent none.
    public var errorDescription: String? {
        message ?? "The server reported error \(code)."
    }
}

/// The `{code, msg, data}` envelope: success when `code` is one of `successCodes`, the payload under
/// `data`.
///
/// ```swift
/// let envelope = CodeMessageEnvelope()          // "code", "msg", "data"; success is 200
/// let notice = try await provider.request(.noticeDetail(id: 7), as: Notice.self, envelope: envelope)
/// ```
public struct CodeMessageEnvelope: ResponseEnvelope {
    /// The key of the outcome code.
    public let codeKey: String
    /// The key of the message.
    public let messageKey: String
    /// The key of the payload.
    public let dataKey: String
    /// The codes that mean success.
    public let successCodes: Set<Int>

    /// Creates the envelope.
    ///
    /// - Parameters:
    ///   - codeKey: The key of the outcome code. Default: `"code"`.
    ///   - messageKey: The key of the message. Default: `"msg"`.
    ///   - dataKey: The key of the payload. Default: `"data"`.
    ///   - successCodes: The codes that mean success. Default: `[200]`.
    public init(
        codeKey: String = "code", messageKey: String = "msg", dataKey: String = "data", successCodes: Set<Int> = [200]
    ) {
        self.codeKey = codeKey
        self.messageKey = messageKey
        self.dataKey = dataKey
        self.successCodes = successCodes
    }

    /// The payload under ``dataKey``, or a ``BusinessError`` when ``codeKey`` is not a success code.
    ///
    /// The payload is decoded with `decoder`, all its settings included; a missing or `null` payload
    /// decodes as `D` from `null`, so an `Optional` payload type accepts it. A ``dataKey`` with dots is a
    /// key path, as in ``Response/map(_:atKeyPath:using:failsOnEmptyData:)``.
    public func unwrap<D: Decodable>(_ type: D.Type, from response: Response, using decoder: JSONDecoder) throws -> D {
        let header: EnvelopeHeader
        do {
            header = try EnvelopeHeader.decode(from: response.data, codeKey: codeKey, messageKey: messageKey)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            throw CourierError.jsonMapping(response)
        } catch {
            throw EnvelopeMismatch(underlying: error)
        }
        guard successCodes.contains(header.code) else {
            throw BusinessError(code: header.code, message: header.message)
        }
        do {
            return try response.map(D.self, atKeyPath: dataKey, using: decoder)
        } catch CourierError.jsonMapping {
            // No payload under the key: decode it from `null`, which an Optional payload type accepts.
            return try decoder.decode(D.self, from: Data("null".utf8))
        }
    }
}

/// The body is JSON but not the envelope: its code is missing or not a number.
public struct EnvelopeMismatch: Error, LocalizedError {
    /// The decoding error that showed it.
    public let underlying: any Error

    /// A sentence saying the body is not the expected envelope.
    public var errorDescription: String? {
        "The response is not the expected envelope: \(underlying)"
    }
}

/// The code and message of an envelope; the code may arrive as a number or a numeric string.
struct EnvelopeHeader: Decodable {
    let code: Int
    let message: String?

    /// The key names, handed to ``init(from:)`` through the decoder's `userInfo`.
    private static let keysInfo = CodingUserInfoKey(rawValue: "courier.envelope.keys")

    /// The header of `data`, whose code and message are under `codeKey` and `messageKey`.
    static func decode(from data: Data, codeKey: String, messageKey: String) throws -> EnvelopeHeader {
        let decoder = JSONDecoder()
        if let keysInfo {
            decoder.userInfo[keysInfo] = [codeKey, messageKey]
        }
        return try decoder.decode(EnvelopeHeader.self, from: data)
    }

    init(from decoder: any Decoder) throws {
        let keys = Self.keysInfo.flatMap { decoder.userInfo[$0] } as? [String] ?? ["code", "msg"]
        let container = try decoder.container(keyedBy: NamedKey.self)
        let codeKey = NamedKey(keys.first ?? "code")
        if let number = try? container.decode(Int.self, forKey: codeKey) {
            code = number
        } else if let text = try? container.decode(String.self, forKey: codeKey), let number = Int(text) {
            code = number
        } else {
            code = try container.decode(Int.self, forKey: codeKey)
        }
        message = try? container.decodeIfPresent(String.self, forKey: NamedKey(keys.last ?? "msg"))
    }
}

/// A coding key made from any string.
struct NamedKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) {
        stringValue = name
    }

    init?(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        nil
    }
}
