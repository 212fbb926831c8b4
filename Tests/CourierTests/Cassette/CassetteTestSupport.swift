import Courier
import Foundation
import LoopbackServer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A new folder of its own for one test's cassettes, in the system's temporary directory.
func cassetteFolder() throws -> URL {
    let folder = try TestFiles.path("courier-cassettes")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// The HAR file at `url` as JSON objects, read with `JSONSerialization`: what the tests check a recording
/// with, independently of Courier's own HAR model.
struct HARDocument {
    let root: [String: Any]

    init(contentsOf url: URL) throws {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        root = try #require(object as? [String: Any])
    }

    /// `log.entries`.
    var entries: [[String: Any]] {
        (root["log"] as? [String: Any])?["entries"] as? [[String: Any]] ?? []
    }

    /// The value at a dot-separated path (`log.creator.name`, `log.entries.0.request.url`).
    func value(_ path: String) -> Any? {
        HARDocument.value(path, in: root)
    }

    /// The value at a dot-separated path of `object`; numbers index arrays.
    static func value(_ path: String, in object: Any?) -> Any? {
        path.split(separator: ".").reduce(object) { current, key in
            if let index = Int(key), let array = current as? [Any] { return index < array.count ? array[index] : nil }
            return (current as? [String: Any])?[String(key)]
        }
    }

    /// The value of the header `name` in a HAR `headers` array.
    static func header(_ name: String, in headers: Any?) -> String? {
        (headers as? [[String: Any]])?.first { ($0["name"] as? String)?.lowercased() == name.lowercased() }?["value"]
            as? String
    }
}

/// A transport to record through, with cookie storage of its own (`.ephemeral`): no cookie another test
/// stored is sent, to be echoed back and hidden in the recording.
func liveTransport() throws -> any Transport {
    try TransportKind.curl.make()
}

/// A target on the server at `baseURL`.
func target(
    _ baseURL: URL, _ path: String, method: Method = .get, task: HTTPTask = .requestPlain,
    headers: [String: String]? = nil, validationType: ValidationType = .none
) -> TestTarget {
    TestTarget(
        baseURL: baseURL, path: path, method: method, task: task, headers: headers, validationType: validationType)
}

/// The `URLError` a request failed with, if it failed with one.
func urlError(of error: CourierError?) -> URLError? {
    guard case .underlying(let underlying as URLError, _) = error else { return nil }
    return underlying
}

/// The `CassetteError` a request failed with, if it failed with one.
func cassetteError(of error: CourierError?) -> CassetteError? {
    guard case .underlying(let underlying as CassetteError, _) = error else { return nil }
    return underlying
}

/// A loopback server whose `/count` route answers how many requests it has had (JSON `{"count": n}`),
/// and which serves the standard routes otherwise; the counter counts every request.
func numberingServer() throws -> (LoopbackServer, Counter) {
    let counter = Counter()
    let server = try LoopbackServer { request in
        counter.increment()
        if request.path == "/count" { return .json(["count": counter.value]) }
        return StandardRoutes.handle(request)
    }
    return (server, counter)
}

/// Records what `exchanges` sends to a loopback server of its own through `live`, then stops the
/// server: the cassette, and the server's (now dead) base URL.
func recordCassette(
    through live: (any Transport)? = nil,
    handler: (@Sendable (ServerRequest) -> ServerResponse)? = nil,
    _ exchanges: (Provider<TestTarget>, URL) async throws -> Void
) async throws -> (file: URL, server: URL) {
    let file = try cassetteFolder().appendingPathComponent("recorded.har")
    let server = try handler.map { try LoopbackServer(handler: $0) } ?? LoopbackServer()
    defer { server.stop() }
    try await exchanges(
        Provider(transport: Courier.RecordingTransport(recording: try live ?? liveTransport(), to: file)),
        server.baseURL)
    return (file, server.baseURL)
}

/// A provider answering from the cassette `file`.
func replaying(
    _ file: URL, matching matchers: [RequestMatcher] = [.method, .url], allowsRepeats: Bool = false,
    pacing: ReplayPacing = .immediate, policy: TransportPolicy = TransportPolicy(),
    plugins: [any PluginType] = []
) throws -> Provider<TestTarget> {
    Provider(
        transport: try ReplayTransport(
            contentsOf: file, matching: matchers, allowsRepeats: allowsRepeats, pacing: pacing, policy: policy),
        plugins: plugins)
}

/// The error `body` throws, or `nil`.
func catching<T>(_ body: () throws -> T) -> CourierError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error as? CourierError
    }
}
