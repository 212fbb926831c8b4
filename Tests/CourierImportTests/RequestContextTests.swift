import Courier
import Testing

/// A user's plugin, outside the module: it reads only the public ``RequestContext``, as the built-in
/// logger and activity plugins do, and writes the logger's response line with its timing.
private final class TimingPlugin: PluginType, @unchecked Sendable {
    private let lock = NSLock()
    private var written: [String] = []
    private var attempts: [Int] = []

    var lines: [String] { lock.withLock { written } }
    var attemptsSent: [Int] { lock.withLock { attempts } }

    func willSend(_ request: any RequestType, target: any TargetType) {
        guard let context = RequestContext.current else { return }
        lock.withLock { attempts.append(context.attempt) }
    }

    func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
        guard let context = RequestContext.current, case .success(let response) = result else { return }
        let milliseconds = Int((context.elapsed / .milliseconds(1)).rounded())
        let url = response.request?.url?.absoluteString ?? ""
        lock.withLock { written.append("\(response.statusCode) \(target.method.rawValue) \(url) (\(milliseconds) ms)") }
    }
}

/// Answers 503 to the first attempt and 200 to the next, each after 20 ms.
private final class FlakyTransport: Transport, @unchecked Sendable {
    private let lock = NSLock()
    private var sent = 0

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let first = lock.withLock {
            sent += 1
            return sent == 1
        }
        try await Task.sleep(for: .milliseconds(20))
        return TransportResponse(statusCode: first ? 503 : 200, url: request.urlRequest.url)
    }
}

/// Retries the first failure.
private struct RetryOnce: RequestInterceptor {
    func retry(
        _ request: URLRequest, for target: any TargetType, result: Result<Response, CourierError>, attempt: Int
    ) async -> RetryDecision {
        attempt == 0 ? .retry : .doNotRetry
    }
}

private enum Clock: TargetType {
    case time

    var baseURL: URL { URL(string: "https://clock.example")! }
    var path: String { "/time" }
    var method: Method { .get }
    var task: HTTPTask { .requestPlain }
    var headers: [String: String]? { nil }
}

/// Lines written from any thread.
private final class LockedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    var all: [String] { lock.withLock { lines } }
    func append(_ items: [String]) { lock.withLock { lines += items } }
}

@Suite struct RequestContextTests {
    @Test func aPluginOfItsOwnWritesTheLoggersTimingLine() async throws {
        let logged = LockedLines()
        let logger = NetworkLoggerPlugin(
            configuration: .init(output: { _, items in logged.append(items) }, logOptions: []))
        let timing = TimingPlugin()
        let provider = Provider<Clock>(
            transport: FlakyTransport(), plugins: [logger, timing], interceptors: [RetryOnce()])
        #expect(try await provider.request(.time).statusCode == 200)

        #expect(timing.attemptsSent == [0, 1], "the retry is attempt 1")
        let ours = try #require(timing.lines.first)
        let theirs = try #require(logged.all.first { $0.contains("Response: 200") })
        // The same line, timed a moment apart: the logger's ends with what ours ends with, up to the
        // milliseconds, and both count the two attempts of 20 ms or more.
        let pattern = /(\d+) GET https:\/\/clock\.example\/time \((\d+) ms\)$/
        let ourMatch = try #require(ours.firstMatch(of: pattern))
        let theirMatch = try #require(theirs.firstMatch(of: pattern))
        #expect(ourMatch.1 == "200" && theirMatch.1 == "200")
        let (ourMilliseconds, theirMilliseconds) = (Int(ourMatch.2) ?? 0, Int(theirMatch.2) ?? 0)
        #expect(theirMilliseconds >= 40)
        #expect(ourMilliseconds >= theirMilliseconds && ourMilliseconds - theirMilliseconds < 1_000)
        #expect(RequestContext.current == nil, "outside a request there is no context")
    }
}
