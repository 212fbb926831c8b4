import Courier
import CurlBenchLoop
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The clients that cases 4 and 5 compare.
enum BenchClient: String, CaseIterable {
    /// `Provider` over `CurlTransport`, the default transport on Linux.
    case courierCurl = "courier-curl"
    /// `Provider` over `URLSessionTransport`.
    case courierURLSession = "courier-urlsession"
    /// `URLSession` used by hand.
    case urlSession = "urlsession"
    /// libcurl's own C loop (the `CurlBenchLoop` target).
    case libcurl

    /// The client as the tables name it.
    var title: String {
        switch self {
        case .courierCurl: "Courier on curl"
        case .courierURLSession: "Courier on URLSession"
        case .urlSession: "URLSession"
        case .libcurl: "libcurl's loop"
        }
    }
}

/// The Swift clients of case 4, made once with the same configuration, and libcurl's loop.
struct LoopbackClients: Sendable {
    let courierCurl: Provider<LoopbackAPI>
    let courierURLSession: Provider<LoopbackAPI>
    let session: URLSession

    init() throws {
        let configuration = URLSessionConfiguration.default
        configuration.httpMaximumConnectionsPerHost = LoopbackCase.connectionLimit
        courierCurl = Provider(transport: try CurlTransport(configuration: configuration))
        courierURLSession = Provider(transport: URLSessionTransport(configuration: configuration))
        session = URLSession(configuration: configuration)
    }

    func invalidate() {
        session.finishTasksAndInvalidate()
    }

    /// `count` GETs of `/bytes/1024` on `server` by `client`, `concurrency` at a time; each answer must
    /// be a 200 of ``LoopbackCase/bodySize`` bytes.
    func send(_ client: BenchClient, server: URL, count: Int, concurrency: Int) async throws {
        let size = LoopbackCase.bodySize
        let url = server.appendingPathComponent("bytes/\(size)")
        let check: @Sendable (Int, Int) throws -> Void = { status, bytes in
            guard status == 200, bytes == size else {
                throw BenchFailure("\(client.title) got \(status), \(bytes) bytes")
            }
        }
        switch client {
        case .libcurl:
            try await LibcurlLoop.get(url, count: count, concurrency: concurrency, bodySize: size)
        case .urlSession:
            let request = URLRequest(url: url)
            try await runConcurrently(total: count, concurrency: concurrency) {
                let (data, response) = try await session.data(for: request)
                try check((response as? HTTPURLResponse)?.statusCode ?? 0, data.count)
            }
        case .courierCurl, .courierURLSession:
            let provider = client == .courierCurl ? courierCurl : courierURLSession
            let target = LoopbackAPI.bytes(server: server, count: size)
            try await runConcurrently(total: count, concurrency: concurrency) {
                let response = try await provider.request(target)
                try check(response.statusCode, response.data.count)
            }
        }
    }
}

/// libcurl's own C loops (the `CurlBenchLoop` target: the same dlopen-loaded libcurl, no Swift in
/// between), the yardstick of `CurlTransport`.
enum LibcurlLoop {
    /// `count` GETs of `url`, each a 200 of `bodySize` bytes: one easy handle reused when `concurrency`
    /// is 1, else one multi handle keeping `concurrency` transfers in flight over at most
    /// ``LoopbackCase/connectionLimit`` connections. Runs on a thread of its own.
    static func get(_ url: URL, count: Int, concurrency: Int, bodySize: Int) async throws {
        let text = url.absoluteString
        let result = await onOwnThread {
            concurrency == 1
                ? curl_bench_get_sequential(text, Int64(count), Int64(bodySize))
                : curl_bench_get_concurrent(
                    text, Int64(count), Int32(concurrency), LoopbackCase.connectionLimit, Int64(bodySize))
        }
        try check(result)
    }

    /// GET `url` into `file`, a 200 of `bytes` bytes.
    static func download(_ url: URL, to file: URL, bytes: Int64) throws {
        try check(curl_bench_download(url.absoluteString, file.path, bytes))
    }

    /// POST the contents of `file` to `url`.
    static func upload(_ file: URL, to url: URL) throws {
        try check(curl_bench_upload(url.absoluteString, file.path))
    }

    private static func check(_ result: Int64) throws {
        guard result < 0 else { return }
        throw BenchFailure("libcurl's loop: " + String(cString: curl_bench_error(result)))
    }
}

/// The API of the cases that go over the loopback server; each command carries the server's URL.
enum LoopbackAPI: TargetType {
    /// `GET /bytes/<count>`: `count` bytes in memory.
    case bytes(server: URL, count: Int)
    /// `POST /upload` with the contents of `file`, streamed from disk.
    case upload(server: URL, file: URL)
    /// `GET /bytes/<count>` written to `destination`.
    case download(server: URL, count: Int64, destination: URL)
    /// `GET /stream/numbered-events?count=<count>`: `count` small server-sent events on one connection.
    case events(server: URL, count: Int)

    var baseURL: URL {
        switch self {
        case .bytes(let server, _), .upload(let server, _), .download(let server, _, _), .events(let server, _):
            server
        }
    }

    var path: String {
        switch self {
        case .bytes(_, let count): "/bytes/\(count)"
        case .upload: "/upload"
        case .download(_, let count, _): "/bytes/\(count)"
        case .events: "/stream/numbered-events"
        }
    }

    var method: Method {
        switch self {
        case .bytes, .download, .events: .get
        case .upload: .post
        }
    }

    var task: HTTPTask {
        switch self {
        case .bytes:
            .requestPlain
        case .upload(_, let file):
            .uploadFile(file)
        case .download(_, _, let destination):
            .downloadDestination { _, _ in (destination, [.removePreviousFile, .createIntermediateDirectories]) }
        case .events(_, let count):
            .requestParameters(parameters: ["count": count], encoding: URLEncoding.queryString)
        }
    }

    var headers: [String: String]? { nil }
}
