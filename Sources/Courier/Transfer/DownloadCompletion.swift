import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension TransferPlan {
    /// The largest body of a rejected download that is kept as the error response's `data`.
    static let keptErrorBodyLimit = 1 << 20

    /// One attempt's outcome, with its downloaded file dealt with.
    ///
    /// A download that succeeded and passed validation is moved from the transport's temporary file to
    /// the destination its closure picks, and its response gets that destination as `fileURL` (and an
    /// empty `data`). Any other outcome (an error, a rejected status, a cancelled task) removes the
    /// temporary file, keeping a body of up to 1 MiB as the error response's `data` so that what the
    /// server said can be read; nothing is written at the destination. Requests that are not downloads
    /// pass through unchanged.
    func completingDownload(_ outcome: Result<Response, CourierError>) -> Result<Response, CourierError> {
        guard let destination else { return outcome }
        switch outcome {
        case .success(let response):
            guard let temporaryURL = response.fileURL else { return outcome }
            guard !Task.isCancelled else {
                TemporaryFiles.remove(temporaryURL)
                return .failure(.cancelled)
            }
            return Self.move(response, from: temporaryURL, to: destination)
        case .failure(.statusCode(let response)):
            return .failure(.statusCode(Self.discardingFile(of: response, keepingBody: true)))
        case .failure(.underlying(let error, let response?)):
            return .failure(.underlying(error, Self.discardingFile(of: response, keepingBody: true)))
        case .failure(let error):
            if let fileURL = error.response?.fileURL {
                TemporaryFiles.remove(fileURL)
            }
            return outcome
        }
    }

    private static func move(
        _ response: Response, from temporaryURL: URL, to destination: DownloadDestination
    ) -> Result<Response, CourierError> {
        guard
            let httpResponse = response.response
                ?? HTTPURLResponse(
                    url: response.request?.url ?? temporaryURL, statusCode: response.statusCode,
                    httpVersion: "HTTP/1.1", headerFields: nil)
        else {
            return .failure(.underlying(URLError(.badServerResponse), discardingFile(of: response, keepingBody: false)))
        }
        let (destinationURL, options) = destination(temporaryURL, httpResponse)
        let fileManager = FileManager.default
        do {
            if options.contains(.createIntermediateDirectories) {
                try fileManager.createDirectory(
                    at: destinationURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            }
            if fileManager.fileExists(atPath: destinationURL.path) {
                guard options.contains(.removePreviousFile) else {
                    return .failure(
                        .underlying(
                            TransferError.destinationExists(destinationURL),
                            discardingFile(of: response, keepingBody: false)))
                }
                try fileManager.removeItem(at: destinationURL)
            }
            try fileManager.moveItem(at: temporaryURL, to: destinationURL)
        } catch {
            return .failure(
                .underlying(
                    TransferError.cannotMoveDownload(to: destinationURL, error),
                    discardingFile(of: response, keepingBody: false)))
        }
        return .success(
            Response(
                statusCode: response.statusCode, data: Data(), request: response.request, response: httpResponse,
                fileURL: destinationURL, metrics: response.metrics))
    }

    /// `response` without its temporary file, which is removed; with `keepingBody`, a body of up to
    /// ``keptErrorBodyLimit`` bytes becomes its `data`.
    private static func discardingFile(of response: Response, keepingBody: Bool) -> Response {
        guard let fileURL = response.fileURL else { return response }
        let body = keepingBody ? smallBody(at: fileURL) : Data()
        TemporaryFiles.remove(fileURL)
        return Response(
            statusCode: response.statusCode, data: body, request: response.request, response: response.response,
            fileURL: nil, metrics: response.metrics)
    }

    /// The contents of `url` when it holds at most ``keptErrorBodyLimit`` bytes, else nothing.
    private static func smallBody(at url: URL) -> Data {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return Data() }
        defer { try? handle.close() }
        guard let body = try? handle.read(upToCount: keptErrorBodyLimit + 1), body.count <= keptErrorBodyLimit else {
            return Data()
        }
        return body
    }
}
