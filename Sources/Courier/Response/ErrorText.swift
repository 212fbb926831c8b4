import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The pieces of ``CourierError``'s sentences: how a request, a response, a decoding error and a
/// transport failure are named. Nothing here is redacted; ``CourierError`` redacts the whole sentence.
enum ErrorText {
    // MARK: Requests and responses

    /// `GET http://host/path` for the request `response` answered, or `the request` when it is unknown.
    static func request(of response: Response?) -> String {
        request(method: response?.request?.httpMethod, url: response?.request?.url ?? response?.response?.url)
    }

    /// `GET http://host/path`, `http://host/path` without a method, or `the request` without a URL.
    static func request(method: String?, url: URL?) -> String {
        guard let url else { return "the request" }
        guard let method, !method.isEmpty else { return url.absoluteString }
        return "\(method) \(url.absoluteString)"
    }

    /// `response to GET http://host/path (status 200, 12 bytes)`.
    static func answer(_ response: Response) -> String {
        let size = "status \(response.statusCode), \(response.data.count) byte\(response.data.count == 1 ? "" : "s")"
        guard response.request?.url != nil || response.response?.url != nil else { return "response (\(size))" }
        return "response to \(request(of: response)) (\(size))"
    }

    /// `404 (not found)`: the code and its reason phrase.
    static func status(_ code: Int) -> String {
        let phrase = HTTPURLResponse.localizedString(forStatusCode: code)
        return phrase.isEmpty ? "\(code)" : "\(code) (\(phrase.lowercased()))"
    }

    /// Why the body of `response` did not give the JSON asked for.
    static func jsonProblem(of response: Response) -> String {
        if response.data.isEmpty { return "is empty where JSON was expected" }
        let parses = (try? JSONSerialization.jsonObject(with: response.data, options: [.fragmentsAllowed])) != nil
        return parses ? "has no value at the requested key path" : "is not valid JSON"
    }

    /// `seconds` as a short number: `0.5`, `2`, `0.25`.
    static func seconds(_ seconds: TimeInterval) -> String {
        let rounded = (seconds * 1000).rounded() / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e9 { return String(Int(rounded)) }
        return String(rounded)
    }

    // MARK: Wrapped errors

    /// What `error` says about itself: its `errorDescription` when it is a `LocalizedError` that has one,
    /// the `NSLocalizedDescriptionKey` of its user info, else its type and code, never an `NSError` dump.
    static func describe(_ error: any Error) -> String {
        if let localized = error as? any LocalizedError, let description = localized.errorDescription {
            return description
        }
        if let decoding = error as? DecodingError {
            return decodingReason(decoding)
        }
        let nsError = error as NSError
        if let message = nsError.userInfo[NSLocalizedDescriptionKey] as? String, !message.isEmpty {
            return message
        }
        if error is URLError || nsError.domain == NSURLErrorDomain || nsError.domain == NSCocoaErrorDomain {
            return "\(nsError.domain) error \(nsError.code)."
        }
        return String(describing: error)
    }

    /// The reason a wrapped error gives, for ``CourierError/failureReason``.
    static func reason(of error: any Error) -> String {
        if let urlError = error as? URLError {
            let message = (urlError.userInfo[NSLocalizedDescriptionKey] as? String).map { ": \($0)" } ?? ""
            return "URLError \(urlError.code.rawValue)\(message)"
        }
        return describe(error)
    }

    /// `text` ending with a full stop.
    static func ending(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let last = trimmed.last else { return "" }
        return ".!?".contains(last) ? trimmed : trimmed + "."
    }

    // MARK: Decoding

    /// The sentence of ``CourierError/objectMapping(_:_:)``: what could not be decoded where, and why.
    static func decodingFailure(_ error: any Error, of response: Response) -> String {
        let answer = answer(response)
        guard let decoding = error as? DecodingError else {
            return "Could not decode the \(answer): \(ending(describe(error)))"
        }
        switch decoding {
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "Could not decode \(type) at \(place(context.codingPath)) of the \(answer): "
                + ending(context.debugDescription)
        case .keyNotFound, .dataCorrupted:
            return "Could not decode the \(answer): \(decodingReason(decoding))"
        @unknown default:
            return "Could not decode the \(answer): \(ending(String(describing: decoding)))"
        }
    }

    /// Why decoding failed, as a sentence naming the key path.
    static func decodingReason(_ error: DecodingError) -> String {
        switch error {
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "\(type) could not be decoded at \(place(context.codingPath)): \(ending(context.debugDescription))"
        case .keyNotFound(let key, let context):
            return "the key \"\(key.stringValue)\" is missing at \(place(context.codingPath))."
        case .dataCorrupted(let context):
            var reason = "the data at \(place(context.codingPath)) is not valid: \(ending(context.debugDescription))"
            if let underlying = context.underlyingError {
                reason += " \(ending(describe(underlying)))"
            }
            return reason
        @unknown default:
            return ending(String(describing: error))
        }
    }

    /// `key path "user.friends.0.name"`, or `the top level` for an empty path.
    private static func place(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "the top level" }
        let keys = path.map { key in key.intValue.map(String.init) ?? key.stringValue }
        return "key path \"\(keys.joined(separator: "."))\""
    }

    // MARK: Transport failures

    /// The sentence of ``CourierError/underlying(_:_:)``.
    static func underlyingFailure(_ error: any Error, response: Response?) -> String {
        if CourierError.isCancellation(error) { return "The request was cancelled." }
        if error is BusinessError { return describe(error) }  // The server's message, meant for the user as it is.
        let sentence: String
        if let urlError = error as? URLError {
            sentence = transportFailure(urlError, response: response)
        } else {
            sentence = ending(describe(error))
        }
        guard let response else { return sentence }
        return "\(sentence.dropLast()) (status \(response.statusCode))\(sentence.suffix(1))"
    }

    /// A sentence for a transport failure: what happened to which request, and what to check.
    static func transportFailure(_ error: URLError, response: Response?) -> String {
        let url = error.userInfo[NSURLErrorFailingURLErrorKey] as? URL ?? response?.request?.url
        let method = error.userInfo[TransportFailure.methodKey] as? String ?? response?.request?.httpMethod
        let request = request(method: method, url: url)
        let server = url.map(hostAndPort) ?? "the server"
        let message = error.userInfo[NSLocalizedDescriptionKey] as? String
        switch error.code {
        case .timedOut:
            if let timeout = error.userInfo[TransportFailure.timeoutKey] as? TimeInterval {
                return "\(capitalized(request)) timed out after \(seconds(timeout)) s."
            }
            return "\(capitalized(request)) timed out."
        case .cannotConnectToHost:
            return "Could not connect to \(server) for \(request): is a server listening there?"
        case .cannotFindHost, .dnsLookupFailed:
            return "Could not find the host \(url?.host.map { "\"\($0)\"" } ?? "") for \(request): "
                + "its name does not resolve."
        case .networkConnectionLost:
            return "The connection to \(server) was lost before \(request) was answered in full."
        case .notConnectedToInternet:
            return "Could not send \(request): this device is not connected to the internet."
        case .secureConnectionFailed:
            return "A secure (TLS) connection to \(server) could not be made for \(request)."
        case .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
            .serverCertificateHasUnknownRoot:
            return "The certificate of \(server) is not trusted, so \(request) was not sent."
        case .clientCertificateRejected, .clientCertificateRequired:
            return "\(server) did not accept a client certificate for \(request)."
        case .badServerResponse:
            return "\(capitalized(server)) answered \(request) with something that is not valid HTTP."
        case .httpTooManyRedirects:
            return "\(capitalized(request)) was redirected too many times: \(ending(message ?? "a redirect loop"))"
        case .cannotDecodeContentData, .cannotDecodeRawData:
            return "The body of the answer to \(request) could not be decoded (its Content-Encoding is corrupt)."
        case .unsupportedURL where error.userInfo[TransportFailure.refusedSchemeKey] is String:
            let scheme = error.userInfo[TransportFailure.refusedSchemeKey] as? String ?? ""
            return "\(capitalized(request)) was redirected to a \(scheme): URL, which was not followed: "
                + "redirects go to http and https only."
        case .badURL, .unsupportedURL:
            return "\(capitalized(request)) cannot be sent: its URL is not an http or https URL Courier can request."
        case .userAuthenticationRequired:
            return "\(capitalized(server)) asked for credentials for \(request), and none were accepted."
        default:
            let detail = message.map { ending($0) } ?? "URLError \(error.code.rawValue)."
            return "\(capitalized(request)) failed: \(detail)"
        }
    }

    /// `host:port` of `url`, with the scheme's default port when it names none.
    private static func hostAndPort(_ url: URL) -> String {
        let host = url.host ?? "the server"
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        return "\(host):\(port)"
    }

    /// `text` with its first letter uppercased (`the request` → `The request`).
    private static func capitalized(_ text: String) -> String {
        guard let first = text.first, first.isLowercase, text.hasPrefix("the ") else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
