import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Logs every request attempt and every response, with their secrets hidden.
///
/// For each attempt (a retried request logs each one, marked `Request (retry 1)` and so on) it writes
/// the method and URL, then what its ``LogOptions`` ask for: the method, the headers, the body, or the
/// whole request as one `curl` command. For each request it writes once the status, method, URL and
/// time taken, then the body or the error. All entries of one event go to the output in one call.
///
/// Every URL, header, body and `curl` command passes through the configuration's ``Redaction``
/// (``Redaction/default`` unless told otherwise), so credentials, cookies, tokens and passwords are
/// logged as `<redacted>`.
///
/// ```swift
/// let provider = Provider<GitHub>(plugins: [NetworkLoggerPlugin.verbose])
/// ```
public struct NetworkLoggerPlugin: PluginType {
    /// How the plugin logs.
    public var configuration: Configuration

    /// Creates a logger.
    ///
    /// - Parameter configuration: How it logs. Default: the request method and headers, to standard
    ///   error, with ``Redaction/default``.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// A logger of the request method and headers (``LogOptions/default``), to standard error.
    public static var `default`: NetworkLoggerPlugin { NetworkLoggerPlugin() }

    /// A logger of requests and responses with their headers and bodies (``LogOptions/verbose``), to
    /// standard error.
    public static var verbose: NetworkLoggerPlugin {
        NetworkLoggerPlugin(configuration: Configuration(logOptions: .verbose))
    }

    /// Logs the attempt about to be sent.
    public func willSend(_ request: any RequestType, target: any TargetType) {
        configuration.output(target, requestEntries(request, target: target))
    }

    /// Logs the final result of the request.
    public func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
        configuration.output(target, responseEntries(result, target: target))
    }
}

// MARK: - Entries

extension NetworkLoggerPlugin {
    /// The entries of one attempt.
    func requestEntries(_ sent: any RequestType, target: any TargetType) -> [String] {
        let options = configuration.logOptions
        let redaction = configuration.redaction
        let entry = configuration.formatter.entry
        var identifier = "Request"
        if let attempt = RequestContext.current?.attempt, attempt > 0 {
            identifier += " (retry \(attempt))"
        }
        guard let request = sent.request else {
            return [entry(identifier, "the request could not be read", target)]
        }
        if options.contains(.formatRequestAscURL) {
            let command = CURLCommand(
                request: request, redaction: redaction, maximumBodyLength: configuration.maximumBodyLength)
            return [entry(identifier, command.text, target)]
        }

        let method = request.httpMethod ?? "GET"
        var entries = [entry(identifier, "\(method) \(Self.urlText(request.url, redaction: redaction))", target)]
        if options.contains(.requestMethod) {
            entries.append(entry("HTTP Request Method", method, target))
        }
        if options.contains(.requestHeaders), let headers = request.allHTTPHeaderFields, !headers.isEmpty {
            entries.append(entry("Request Headers", Self.headersText(headers, redaction), target))
        }
        if options.contains(.requestBody) {
            if let body = request.httpBody, !body.isEmpty {
                let text = bodyText(
                    body, contentType: request.value(forHTTPHeaderField: "Content-Type"),
                    format: configuration.formatter.requestData)
                entries.append(entry("Request Body", text, target))
            } else if request.httpBodyStream != nil {
                entries.append(entry("Request Body", "<body stream not shown>", target))
            }
        }
        return entries
    }

    /// The entries of a request's final result.
    func responseEntries(_ result: Result<Response, CourierError>, target: any TargetType) -> [String] {
        let entry = configuration.formatter.entry
        let elapsed = RequestContext.current.map { " (\(Int(($0.elapsed / .milliseconds(1)).rounded())) ms)" } ?? ""
        let response: Response?
        let error: CourierError?
        switch result {
        case .success(let success):
            (response, error) = (success, nil)
        case .failure(let failure):
            (response, error) = (failure.response, failure)
        }

        var entries: [String] = []
        if let response {
            let request = response.request
            let method = request?.httpMethod ?? target.method.rawValue
            let url = request?.url.map { Self.urlText($0, redaction: configuration.redaction) } ?? targetURL(target)
            entries.append(entry("Response", "\(response.statusCode) \(method) \(url)\(elapsed)", target))
        } else {
            // The request as it went out (the endpoint and plugins may have changed its URL), else the target's.
            let sent = RequestContext.current?.request
            let method = sent?.httpMethod ?? target.method.rawValue
            let url = sent?.url.map { Self.urlText($0, redaction: configuration.redaction) } ?? targetURL(target)
            entries.append(entry("Response", "failed \(method) \(url)\(elapsed)", target))
        }
        if let error {
            let description = error.errorDescription ?? String(describing: error)
            entries.append(entry("Error", configuration.redaction.redactedText(description), target))
        }
        if let byteCount = response?.streamedByteCount {
            entries.append(entry("Response Body", "<\(byteCount) bytes streamed>", target))
        }
        if configuration.logOptions.contains(.metrics), let metrics = response?.metrics {
            entries.append(entry("Metrics", metrics.summary, target))
        }
        if let response {
            let isError = error != nil || response.statusCode >= 400
            if configuration.logOptions.contains(isError ? .errorResponseBody : .successResponseBody) {
                if !response.data.isEmpty {
                    let text = bodyText(
                        response.data, contentType: response.response?.value(forHTTPHeaderField: "Content-Type"),
                        format: configuration.formatter.responseData)
                    entries.append(entry("Response Body", text, target))
                } else if let fileURL = response.fileURL {
                    entries.append(entry("Response Body", "<written to \(fileURL.path)>", target))
                }
            }
        }
        return entries
    }

    /// `body` redacted, formatted and cut to the maximum length.
    private func bodyText(_ body: Data, contentType: String?, format: (Data) -> String) -> String {
        let redacted = configuration.redaction.redactedBody(body, contentType: contentType)
        return LogText.truncated(
            format(redacted), maximumLength: configuration.maximumBodyLength, bodyLength: body.count)
    }

    /// The redacted URL of a target, for results that carry no request.
    private func targetURL(_ target: any TargetType) -> String {
        configuration.redaction.redactedURLString(TargetURL.string(baseURL: target.baseURL, path: target.path))
    }

    private static func urlText(_ url: URL?, redaction: Redaction) -> String {
        url.map(redaction.redactedURL) ?? "(no URL)"
    }

    /// `["Accept": "*/*", "Authorization": "<redacted>"]`, sorted by name.
    private static func headersText(_ headers: [String: String]?, _ redaction: Redaction) -> String {
        guard let headers, !headers.isEmpty else { return "[:]" }
        var text = "["
        for (index, field) in LogText.sortedByName(headers).enumerated() {
            if index > 0 { text += ", " }
            let value = redaction.redactedHeaderValue(field.value, forHeader: field.key)
            text += Self.quoted(field.key) + ": " + Self.quoted(value)
        }
        return text + "]"
    }

    /// `text` in double quotes, escaped as a Swift string literal when it needs to be.
    private static func quoted(_ text: String) -> String {
        let plain = text.utf8.allSatisfy {
            $0 >= 0x20 && $0 != 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
        }
        return plain ? "\"" + text + "\"" : String(reflecting: text)
    }
}

/// Text helpers shared by the logger and ``CURLCommand``.
enum LogText {
    /// `headers` sorted by name, ignoring case.
    static func sortedByName(_ headers: [String: String]) -> [(key: String, value: String)] {
        headers.map { ($0.key.lowercased(), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// `<N bytes of binary data>`.
    static func binary(byteCount: Int) -> String {
        "<\(byteCount) bytes of binary data>"
    }

    /// `text`, or its first `maximumLength` bytes (never splitting a character's UTF-8 bytes) and a
    /// mark giving the whole body's length.
    static func truncated(_ text: String, maximumLength: Int, bodyLength: Int) -> String {
        guard text.utf8.count > max(0, maximumLength) else { return text }
        let kept = text.prefix(utf8Bytes: maximumLength)
        return String(kept) + "… [cut at \(kept.utf8.count) bytes; \(bodyLength) bytes in all]"
    }
}
