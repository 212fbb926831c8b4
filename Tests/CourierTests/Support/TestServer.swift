import Courier
import Foundation
import LoopbackServer
import TestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The loopback server shared by the integration tests: started once, on a free port of 127.0.0.1.
typealias TestServer = SharedServer

/// A target built field by field, for tests that need one request of a given shape.
struct TestTarget: TargetType {
    var baseURL: URL
    var path: String
    var method: Method = .get
    var task: HTTPTask = .requestPlain
    var headers: [String: String]? = nil
    var sampleData = Data()
    var validationType: ValidationType = .none
    var sampleStatusCode = 200
    var timeoutInterval: TimeInterval? = nil

    /// A target on the shared loopback server.
    static func loopback(
        _ path: String, method: Method = .get, task: HTTPTask = .requestPlain, headers: [String: String]? = nil,
        validationType: ValidationType = .none
    ) throws -> TestTarget {
        TestTarget(
            baseURL: try TestServer.baseURL(), path: path, method: method, task: task, headers: headers,
            validationType: validationType)
    }
}

/// A 127.0.0.1 URL on which nothing listens, so that connecting is refused at once.
///
/// The port is bound by a socket that never listens and stays open for the life of the test process:
/// no other test's server can be given that port meanwhile, and a client cannot connect to itself
/// through it (a TCP "self-connect", possible on a free port of the ephemeral range).
func refusedURL() throws -> URL {
    let port = try ClosedPorts.reserve()
    guard let url = URL(string: "http://127.0.0.1:\(port)") else { throw URLError(.badURL) }
    return url
}

/// The time `body` takes, in seconds, measured on threads of the test's own (see `timed`).
func seconds(_ body: () async throws -> Void) async rethrows -> Double {
    try await timed(body).seconds
}

/// What `body` returns or throws, as a `Result`.
func result<T>(_ body: () async throws(CourierError) -> T) async -> Result<T, CourierError> {
    do {
        return .success(try await body())
    } catch {
        return .failure(error)
    }
}

/// A loopback server that counts the requests it receives before answering them with the standard
/// routes, and its counter.
func countingServer() throws -> (LoopbackServer, Counter) {
    let counter = Counter()
    let server = try LoopbackServer { request in
        counter.increment()
        return StandardRoutes.handle(request)
    }
    return (server, counter)
}
