import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a ``CourierError`` says about itself: one sentence that names the request and what to look at,
/// such as `GET http://127.0.0.1:8080/slow timed out after 0.5 s.` or
/// `The server answered 404 (not found) for GET https://api.example.com/users/7, …`.
///
/// Every text here passes through ``Redaction/default``, read as a message (every `name=value` pair
/// and `scheme://user:password@` found anywhere in it), so a token, password or key in a URL's query,
/// its user info, or the message of a wrapped error never shows.
extension CourierError: CustomStringConvertible, CustomDebugStringConvertible {
    /// One sentence saying what went wrong, naming the request where it is known; secrets hidden.
    public var errorDescription: String? {
        Self.redacted(sentence)
    }

    /// What the wrapped error itself says (a decoding error's context, a transport's own message), for
    /// the cases that wrap one; `nil` for the others. Secrets are hidden.
    public var failureReason: String? {
        underlyingError.map { Self.redacted(ErrorText.reason(of: $0)) }
    }

    /// The same sentence as ``errorDescription``.
    public var description: String {
        errorDescription ?? ""
    }

    /// The case, the type and code of the wrapped error, then the sentence; secrets hidden.
    public var debugDescription: String {
        var text = "CourierError.\(caseName)"
        if let error = underlyingError {
            text += "(\(String(reflecting: type(of: error))) \((error as NSError).domain) \((error as NSError).code))"
        }
        return Self.redacted("\(text): \(sentence)")
    }

    /// `text` with the secrets ``Redaction/default`` hides replaced wherever they appear in it.
    private static func redacted(_ text: String) -> String {
        Redaction.default.redactedEmbeddedSecrets(text)
    }

    /// The name of the case, as written in a `switch`.
    private var caseName: String {
        switch self {
        case .jsonMapping: "jsonMapping"
        case .stringMapping: "stringMapping"
        case .objectMapping: "objectMapping"
        case .encodableMapping: "encodableMapping"
        case .statusCode: "statusCode"
        case .underlying: "underlying"
        case .requestMapping: "requestMapping"
        case .parameterEncoding: "parameterEncoding"
        }
    }

    /// The sentence, before redaction.
    private var sentence: String {
        switch self {
        case .jsonMapping(let response):
            "The \(ErrorText.answer(response)) \(ErrorText.jsonProblem(of: response))."
        case .stringMapping(let response):
            "The \(ErrorText.answer(response)) could not be read as a string: it is not UTF-8 text, "
                + "or the value at the key path is not a string."
        case .objectMapping(let error, let response):
            ErrorText.decodingFailure(error, of: response)
        case .encodableMapping(let error):
            "The request body could not be encoded: \(ErrorText.ending(ErrorText.describe(error)))"
        case .statusCode(let response):
            "The server answered \(ErrorText.status(response.statusCode)) for \(ErrorText.request(of: response)), "
                + "a status code the validation of the request does not accept."
        case .underlying(let error, let response):
            ErrorText.underlyingFailure(error, response: response)
        case .requestMapping(let detail):
            detail.hasPrefix("The ") && detail.hasSuffix(".")
                ? detail : "A request could not be made for the URL \"\(detail)\"."
        case .parameterEncoding(let error):
            "The parameters could not be encoded: \(ErrorText.ending(ErrorText.describe(error)))"
        }
    }
}
