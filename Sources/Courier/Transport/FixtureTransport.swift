import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ``Transport`` that answers from files instead of the network, for tests and previews.
///
/// A request is answered with the file at `<directory>/<METHOD><path>.json`: `GET /users/ann` reads
/// `GET/users/ann.json`, `POST /goods/getgoods` reads `POST/goods/getgoods.json`; a path that already
/// ends in `.json` is used as it is, and `/` reads `GET/index.json`. The query is not part of the name.
/// A request with no fixture fails with ``FixtureError/missingFixture(method:path:expectedFile:)``.
public struct FixtureTransport: Transport {
    /// The folder that holds the fixtures.
    public let directory: URL
    /// The status code of every answer.
    public let statusCode: Int
    /// The header fields of every answer.
    public let headers: [String: String]

    /// Creates a transport that answers from the files in `directory`.
    ///
    /// - Parameters:
    ///   - directory: The folder that holds the fixtures.
    ///   - statusCode: The status code of every answer. Default: 200.
    ///   - headers: The header fields of every answer. Default: `Content-Type: application/json`.
    public init(directory: URL, statusCode: Int = 200, headers: [String: String] = ["Content-Type": "application/json"])
    {
        self.directory = directory
        self.statusCode = statusCode
        self.headers = headers
    }

    /// The file that answers `request`.
    public func fixtureURL(for request: URLRequest) -> URL {
        let method = request.httpMethod ?? "GET"
        var path = request.url?.path ?? "/"
        if path.isEmpty || path == "/" { path = "/index" }
        if !path.hasSuffix(".json") { path += ".json" }
        return directory.appendingPathComponent(method).appendingPathComponent(String(path.dropFirst()))
    }

    /// Answers with the fixture for the request.
    ///
    /// - Throws: ``FixtureError/missingFixture(method:path:expectedFile:)`` when there is none; `CancellationError`
    ///   when the task is cancelled.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        try Task.checkCancellation()
        let file = fixtureURL(for: request.urlRequest)
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw FixtureError.missingFixture(
                method: request.urlRequest.httpMethod ?? "GET", path: request.urlRequest.url?.path ?? "/",
                expectedFile: file.path)
        }
        return TransportResponse(statusCode: statusCode, url: request.urlRequest.url, headers: headers, data: data)
    }
}

/// Why a ``FixtureTransport`` could not answer.
public enum FixtureError: Error, Equatable, LocalizedError {
    /// No fixture file exists for the request.
    case missingFixture(method: String, path: String, expectedFile: String)

    /// A sentence naming the request and the file that is missing.
    public var errorDescription: String? {
        switch self {
        case .missingFixture(let method, let path, let file):
            "No fixture for \(method) \(path): expected the file \(file)."
        }
    }
}
