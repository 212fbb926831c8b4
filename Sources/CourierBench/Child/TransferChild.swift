import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The child side of case 5: one upload or download by one ``BenchClient``, then a ``ChildReport`` on
/// standard output.
enum TransferChild {
    /// Why a transfer did not deliver what was asked.
    struct TransferFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs the transfer and prints its report; returns the exit status.
    static func run(_ request: ChildRequest) async -> Int32 {
        let startPeak = ProcessMemory.peakResidentKiB() ?? 0
        do {
            let start = Stopwatch.now()
            try await transfer(request)
            let seconds = Stopwatch.seconds(since: start)
            try verify(request)
            let report = ChildReport(
                seconds: seconds, peakKiB: ProcessMemory.peakResidentKiB() ?? 0, startPeakKiB: startPeak)
            print(report.line)
            return 0
        } catch {
            let reason = "\(error)".replacingOccurrences(of: "\n", with: " ")
            print("\(ChildReport.errorPrefix) \(request.role.rawValue): \(reason)")
            return 1
        }
    }

    private static func transfer(_ request: ChildRequest) async throws {
        let upload = request.server.appendingPathComponent("upload")
        let download = request.server.appendingPathComponent("bytes/\(request.bytes)")
        switch (request.role.client, request.role.isUpload) {
        case (.libcurl, true):
            try LibcurlLoop.upload(request.file, to: upload)
        case (.libcurl, false):
            try LibcurlLoop.download(download, to: request.file, bytes: request.bytes)
        case (.urlSession, true):
            let (data, status) = try await rawUpload(request)
            try checkUploadAnswer(data, status: status, expected: request.bytes)
        case (.urlSession, false):
            try await rawDownload(request)
        case (.courierCurl, _), (.courierURLSession, _):
            let transport: any Transport =
                request.role.client == .courierCurl ? try CurlTransport() : URLSessionTransport()
            let provider = Provider<LoopbackAPI>(transport: transport)
            if request.role.isUpload {
                let response = try await provider.request(.upload(server: request.server, file: request.file))
                try checkUploadAnswer(response.data, status: response.statusCode, expected: request.bytes)
            } else {
                let response = try await provider.request(
                    .download(server: request.server, count: request.bytes, destination: request.file))
                guard response.statusCode == 200 else {
                    throw TransferFailure(description: "download answered \(response.statusCode)")
                }
            }
        }
    }

    /// `URLSession.uploadTask(with:fromFile:)` with a completion handler.
    private static func rawUpload(_ request: ChildRequest) async throws -> (Data, Int) {
        let session = URLSession(configuration: .default)
        defer { session.finishTasksAndInvalidate() }
        var urlRequest = URLRequest(url: request.server.appendingPathComponent("upload"))
        urlRequest.httpMethod = "POST"
        return try await withCheckedThrowingContinuation { continuation in
            let task = session.uploadTask(with: urlRequest, fromFile: request.file) { data, response, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(
                        returning: (data ?? Data(), (response as? HTTPURLResponse)?.statusCode ?? 0))
                }
            }
            task.resume()
        }
    }

    /// `URLSession.downloadTask(with:)` with a completion handler that moves the file into place.
    private static func rawDownload(_ request: ChildRequest) async throws {
        let session = URLSession(configuration: .default)
        defer { session.finishTasksAndInvalidate() }
        let urlRequest = URLRequest(url: request.server.appendingPathComponent("bytes/\(request.bytes)"))
        let destination = request.file
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let task = session.downloadTask(with: urlRequest) { location, response, error in
                do {
                    if let error { throw error }
                    guard let location, (response as? HTTPURLResponse)?.statusCode == 200 else {
                        throw TransferFailure(description: "download answered \(String(describing: response))")
                    }
                    try? FileManager.default.removeItem(at: destination)
                    try FileManager.default.moveItem(at: location, to: destination)
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            task.resume()
        }
    }

    /// Checks the server's `{"bytes": n, "checksum": …}` answer to an upload.
    private static func checkUploadAnswer(_ data: Data, status: Int, expected: Int64) throws {
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let received = (object?["bytes"] as? NSNumber)?.int64Value
        guard status == 200, received == expected else {
            throw TransferFailure(
                description: "upload answered \(status) \(String(decoding: data.prefix(200), as: UTF8.self))")
        }
    }

    /// Checks that a download left a file of the expected size, then removes it.
    private static func verify(_ request: ChildRequest) throws {
        guard !request.role.isUpload else { return }
        defer { try? FileManager.default.removeItem(at: request.file) }
        let attributes = try FileManager.default.attributesOfItem(atPath: request.file.path)
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
        guard size == request.bytes else {
            throw TransferFailure(description: "downloaded file holds \(size) bytes, expected \(request.bytes)")
        }
    }
}
