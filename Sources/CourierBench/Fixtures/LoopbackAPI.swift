import Courier
import Foundation

/// The API of the cases that go over the loopback server; each command carries the server's URL.
enum LoopbackAPI: TargetType {
    /// `GET /bytes/<count>`: `count` bytes in memory.
    case bytes(server: URL, count: Int)
    /// `POST /upload` with the contents of `file`, streamed from disk.
    case upload(server: URL, file: URL)
    /// `GET /bytes/<count>` written to `destination`.
    case download(server: URL, count: Int64, destination: URL)

    var baseURL: URL {
        switch self {
        case .bytes(let server, _), .upload(let server, _), .download(let server, _, _): server
        }
    }

    var path: String {
        switch self {
        case .bytes(_, let count): "/bytes/\(count)"
        case .upload: "/upload"
        case .download(_, let count, _): "/bytes/\(count)"
        }
    }

    var method: Method {
        switch self {
        case .bytes, .download: .get
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
        }
    }

    var headers: [String: String]? { nil }
}
