import Courier

/// Logs each request and its response: Moya's `NetworkLoggerPlugin`, with Moya's entries and options.
///
/// ```swift
/// let logger = NetworkLoggerPlugin(configuration: .init(logOptions: .verbose))
/// let provider = MoyaProvider<GitHub>(plugins: [logger])
/// ```
///
/// Unlike Moya's, it hides secrets: every URL, header, body and `curl` command passes through Courier's
/// default `Redaction` (credentials, cookies, API keys, fields named like `password` or `token`) before
/// it reaches the formatter.
public final class NetworkLoggerPlugin {
    /// What is logged, how, and where it goes.
    public var configuration: Configuration

    /// Creates a logger.
    ///
    /// - Parameter configuration: What is logged, how, and where. Default: ``Configuration/init(formatter:output:logOptions:)``.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// The default logger: method and headers of each request, and each response.
    public class var `default`: NetworkLoggerPlugin {
        NetworkLoggerPlugin(configuration: Configuration(logOptions: .default))
    }

    /// The verbose logger: method, headers and body of each request, and each response with its body.
    public class var verbose: NetworkLoggerPlugin {
        NetworkLoggerPlugin(configuration: Configuration(logOptions: .verbose))
    }
}

extension NetworkLoggerPlugin: PluginType {
    /// Logs the request.
    public func willSend(_ request: RequestType, target: TargetType) {
        let configuration = configuration
        logRequest(request, target: target, configuration: configuration) { entries in
            configuration.output(target, entries)
        }
    }

    /// Logs the response, or the error.
    public func didReceive(_ result: Result<Response, MoyaError>, target: TargetType) {
        switch result {
        case .success(let response):
            configuration.output(target, entries(for: response, target: target, isFromError: false))
        case .failure(let error):
            configuration.output(target, entries(for: error, target: target))
        }
    }
}

extension NetworkLoggerPlugin {
    /// What hides secrets in every entry.
    private var redaction: Redaction { .default }

    private func logRequest(
        _ request: RequestType, target: TargetType, configuration: Configuration,
        completion: @escaping ([String]) -> Void
    ) {
        let formatter = configuration.formatter
        if configuration.logOptions.contains(.formatRequestAscURL) {
            _ = request.cURLDescription { [redaction] command in
                completion([formatter.entry("Request", redaction.redactedText(command), target)])
            }
            return
        }
        guard let httpRequest = request.request else {
            completion([formatter.entry("Request", "(invalid request)", target)])
            return
        }
        var output = [formatter.entry("Request", httpRequest.url.map(redaction.redactedURL) ?? "url: nil", target)]
        if configuration.logOptions.contains(.requestHeaders) {
            var headers = request.sessionHeaders
            headers.merge(httpRequest.allHTTPHeaderFields ?? [:]) { $1 }
            output.append(formatter.entry("Request Headers", redaction.redactedHeaders(headers).description, target))
        }
        if configuration.logOptions.contains(.requestBody) {
            if let stream = httpRequest.httpBodyStream {
                output.append(formatter.entry("Request Body Stream", stream.description, target))
            }
            if let body = httpRequest.httpBody {
                let shown = redaction.redactedBody(
                    body, contentType: httpRequest.value(forHTTPHeaderField: "Content-Type"))
                output.append(formatter.entry("Request Body", formatter.requestData(shown), target))
            }
        }
        if configuration.logOptions.contains(.requestMethod), let method = httpRequest.httpMethod {
            output.append(formatter.entry("HTTP Request Method", method, target))
        }
        completion(output)
    }

    private func entries(for response: Response, target: TargetType, isFromError: Bool) -> [String] {
        let formatter = configuration.formatter
        var output: [String] = []
        if let httpResponse = response.response {
            output.append(formatter.entry("Response", describe(httpResponse), target))
        } else {
            output.append(formatter.entry("Response", "Received empty network response for \(target).", target))
        }
        if (isFromError && configuration.logOptions.contains(.errorResponseBody))
            || configuration.logOptions.contains(.successResponseBody)
        {
            let contentType = response.response?.value(forHTTPHeaderField: "Content-Type")
            let shown = redaction.redactedBody(response.data, contentType: contentType)
            output.append(formatter.entry("Response Body", formatter.responseData(shown), target))
        }
        return output
    }

    private func entries(for error: MoyaError, target: TargetType) -> [String] {
        // Some errors carry a response, such as a status the target's validation rejected.
        if let response = error.response {
            return entries(for: response, target: target, isFromError: true)
        }
        let text = redaction.redactedText("Error calling \(target) : \(error)")
        return [configuration.formatter.entry("Error", text, target)]
    }

    /// The status, URL and (redacted) headers of a response, on one line.
    private func describe(_ response: HTTPURLResponse) -> String {
        let url = response.url.map(redaction.redactedURL) ?? "nil"
        let headers = redaction.redactedHeaders(response.allHeaderFields as? [String: String] ?? [:])
        return "{ URL: \(url) } { Status Code: \(response.statusCode), Headers \(headers.description) }"
    }
}
