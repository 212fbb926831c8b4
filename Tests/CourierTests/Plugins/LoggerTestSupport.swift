import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the logger's tests share: a target with secrets, and a way to log it.
struct LoggerFixture {
    typealias LogOptions = NetworkLoggerPlugin.LogOptions

    let url = "https://api.example.com/v1/items"
    let target = TestTarget(
        baseURL: URL(string: "https://api.example.com/v1")!, path: "items", method: .post,
        task: .requestParameters(parameters: ["name": "ann", "password": "hunter2"], encoding: JSONEncoding.default),
        headers: ["Accept": "application/json", "Authorization": "Bearer abc"])

    /// Sends `target` through a transport answering `statusCode` and `body`, logged with `options`.
    func log(
        _ options: LogOptions, statusCode: Int = 200, body: String = #"{"id":7}"#, target: TestTarget? = nil
    ) async throws -> LogSink {
        let sink = LogSink()
        let transport = ScriptedTransport { request, _ in
            TransportResponse(
                statusCode: statusCode, url: request.url, headers: ["Content-Type": "application/json"],
                data: Data(body.utf8))
        }
        let provider = Provider<TestTarget>(transport: transport, plugins: [sink.logger(options)])
        _ = try? await provider.request(target ?? self.target)
        return sink
    }
}

/// The distinctive secret of the logger's secret tests.
let secret = "s3cr3t-VALUE-123"

/// A request to the loopback `/echo` carrying ``secret`` in every place a secret may travel.
enum SecretRequest: CaseIterable, Sendable {
    /// A form body.
    case form
    /// A JSON body.
    case json

    func target() throws -> TestTarget {
        let headers = [
            "Authorization": "Bearer \(secret)", "Cookie": "session=\(secret)", "X-API-Key": secret,
            "X-Device": "courier-test",
        ]
        let query: Parameters = ["token": secret, "page": 1]
        switch self {
        case .form:
            let body: Parameters = [
                "username": "ann", "password": secret, "user": ["password": secret], "smscode": secret,
            ]
            return try TestTarget.loopback(
                "/echo", method: .post,
                task: .requestCompositeParameters(
                    bodyParameters: body, bodyEncoding: URLEncoding.httpBody, urlParameters: query),
                headers: headers)
        case .json:
            let body: Parameters = [
                "username": "ann", "items": [["id": 1, "client_secret": secret] as Parameters], "smscode": secret,
                "password": secret,
            ]
            return try TestTarget.loopback(
                "/echo", method: .post,
                task: .requestCompositeParameters(
                    bodyParameters: body, bodyEncoding: JSONEncoding.default, urlParameters: query),
                headers: headers)
        }
    }

    /// A non-secret field as the request body shows it.
    var visibleInRequest: String {
        switch self {
        case .form: "username=ann"
        case .json: #""username":"ann""#
        }
    }

    /// The same field inside the echo's JSON string of the body.
    var visibleInEcho: String {
        switch self {
        case .form: "username=ann"
        case .json: #"\"username\":\"ann\""#
        }
    }
}

/// Every output call of a logger, in order.
final class LogSink: Sendable {
    private let recorded = Locked<[[String]]>([])

    /// The items of each output call.
    var events: [[String]] { recorded.withLock { $0 } }

    /// ``events`` with every `(12 ms)` written `(N ms)`.
    var normalizedEvents: [[String]] {
        events.map { $0.map { $0.replacing(/\(\d+ ms\)/, with: "(N ms)") } }
    }

    /// The identifier (the text before the first `: `) of each entry of ``events``.
    var identifiers: [[String]] {
        events.map { $0.map { String($0.prefix { $0 != ":" }) } }
    }

    /// Everything logged.
    var text: String { events.joined().joined(separator: "\n") }

    func record(target: any TargetType, items: [String]) {
        record(items: items)
    }

    func record(items: [String]) {
        recorded.withLock { $0.append(items) }
    }

    /// A logger with `options` whose entries are `identifier: message`, recorded here.
    func logger(
        _ options: NetworkLoggerPlugin.LogOptions, redaction: Redaction = .default, maximumBodyLength: Int = 4096
    ) -> NetworkLoggerPlugin {
        NetworkLoggerPlugin(
            configuration: .init(
                formatter: .init(entry: { identifier, message, _ in "\(identifier): \(message)" }),
                output: record, logOptions: options, redaction: redaction, maximumBodyLength: maximumBodyLength))
    }
}

/// Records the `cURLDescription()` of every attempt.
final class CURLCapture: PluginType, Sendable {
    private let recorded = Locked<[String]>([])

    var text: String { recorded.withLock { $0.joined(separator: "\n") } }

    func willSend(_ request: any RequestType, target: any TargetType) {
        let command = request.cURLDescription()
        recorded.withLock { $0.append(command) }
    }
}

/// Retries the first failed attempt once.
struct RetryFirstFailure: RequestInterceptor {
    func retry(
        _ request: URLRequest, for target: any TargetType, result: Result<Response, CourierError>, attempt: Int
    ) async -> RetryDecision {
        attempt == 0 ? .retry : .doNotRetry
    }
}
