import Dispatch
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the task of a request asks of its transfer beyond the `URLRequest`: where the body comes from
/// and where the response body goes.
///
/// Made once for each request, before its first attempt and before any plugin hears of it, and shared
/// by every retry, so a multipart form with file parts is written once, to a file in the system's
/// temporary directory (as Alamofire writes its forms). ``cleanUp()`` removes that file when the
/// request ends, however it ends.
struct TransferPlan: Sendable {
    /// The `Content-Type` the body needs (a multipart form's), or `nil` to leave the header alone.
    private(set) var contentType: String?
    /// A body built in memory (a multipart form of data parts only).
    private(set) var bodyData: Data?
    /// The file whose contents are the body.
    private(set) var bodyFileURL: URL?
    /// Whether ``bodyFileURL`` is Courier's own temporary file, removed by ``cleanUp()``.
    private(set) var ownsBodyFile = false
    /// Where a download goes, or `nil` when the response body stays in memory.
    private(set) var destination: DownloadDestination?

    /// The plan for `task`.
    ///
    /// A stubbed request gets the headers and in-memory body it would have, but no file is checked,
    /// written or read for it.
    ///
    /// - Throws: ``CourierError/requestMapping(_:)`` when a multipart form's boundary breaks the rules
    ///   of RFC 2046 (see `MultipartBoundary`); ``CourierError/underlying(_:_:)`` with a ``TransferError`` when a file to upload is
    ///   missing or unreadable, or the multipart body cannot be written; a cancelled error when the
    ///   task is cancelled while the body is written.
    static func prepare(
        for task: HTTPTask, stub: StubBehavior, in directory: URL = FileManager.default.temporaryDirectory
    ) async throws(CourierError) -> TransferPlan {
        var plan = TransferPlan()
        let sendsRequest = if case .never = stub { true } else { false }
        switch task {
        case .uploadFile(let url):
            guard sendsRequest else { break }
            do {
                try TransferError.checkReadable(url)
            } catch {
                throw CourierError(error)
            }
            plan.bodyFileURL = url
        case .uploadMultipart(let form), .uploadCompositeMultipart(let form, _):
            try MultipartBoundary.check(form.boundary)
            try MultipartMediaType.check(form.mediaType)
            plan.contentType = form.contentType
            let encoder = MultipartEncoder(form: form)
            if !encoder.hasFileParts {
                plan.bodyData = try encodedData(encoder)
            } else if sendsRequest {
                plan.bodyFileURL = try await writeToTemporaryFile(encoder, in: directory)
                plan.ownsBodyFile = true
            }
        case .downloadDestination(let destination), .downloadParameters(_, _, let destination):
            plan.destination = destination
        default:
            break
        }
        return plan
    }

    /// `request` with the body's `Content-Type` and in-memory body.
    func applied(to request: URLRequest) -> URLRequest {
        var request = request
        if let contentType {
            // Checked with the other headers before the request is sent, as a target's own would be.
            HeaderValidation.set(contentType, for: "Content-Type", in: &request)
        }
        if let bodyData {
            request.httpBody = bodyData
        } else if bodyFileURL != nil {
            request.httpBody = nil
        }
        return request
    }

    /// What the transport is asked to do for one attempt that sends `request` (made by ``applied(to:)``)
    /// and waits up to `timeout` for data (`nil`: what the request or the transport says).
    func transportRequest(for request: URLRequest, timeout: TimeInterval?, delivery: Delivery) -> TransportRequest {
        let body: TransportRequest.Body? = bodyFileURL.map { .file($0) }
        switch delivery {
        case .whole(let progress):
            return TransportRequest(
                urlRequest: request, body: body, timeout: timeout,
                destination: destination == nil ? .memory : .temporaryFile, progress: progress)
        case .streamed:
            return TransportRequest(urlRequest: request, body: body, timeout: timeout)
        }
    }

    /// Removes the temporary body file, if the plan made one.
    func cleanUp() {
        if ownsBodyFile, let bodyFileURL {
            TemporaryFiles.remove(bodyFileURL)
        }
    }

    private static func encodedData(_ encoder: MultipartEncoder) throws(CourierError) -> Data {
        do {
            return try encoder.encodedData()
        } catch {
            throw CourierError(error)
        }
    }

    /// Writes the form to a new file in `directory` on a thread of its own, off Swift's cooperative
    /// pool, stopping early when the task is cancelled.
    private static func writeToTemporaryFile(
        _ encoder: MultipartEncoder, in directory: URL
    ) async throws(CourierError) -> URL {
        let url = TemporaryFiles.newURL(for: "multipart", in: directory)
        let cancelled = Locked(false)
        do {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    DispatchQueue.global(qos: .userInitiated).async {
                        continuation.resume(
                            with: Result { try encoder.write(to: url, isCancelled: { cancelled.withLock { $0 } }) })
                    }
                }
            } onCancel: {
                cancelled.withLock { $0 = true }
            }
        } catch {
            TemporaryFiles.remove(url)
            throw CourierError(error)
        }
        return url
    }
}

extension HTTPTask {
    /// Whether the response body goes to a file.
    var isDownload: Bool {
        switch self {
        case .downloadDestination, .downloadParameters: true
        default: false
        }
    }
}
