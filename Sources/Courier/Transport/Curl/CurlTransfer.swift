import CCurl
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One request and its response on one easy handle: one hop of a ``CurlTransport`` request, and the
/// C callbacks through which libcurl hands it the head, the body, and asks it for the upload.
///
/// Made and configured on the caller's thread (see `CurlTransfer+Configuration.swift`); once handed to
/// the ``CurlEngine`` every field below `state` is read and written on the engine's thread only
/// (libcurl calls the callbacks there, inside `CurlMulti.perform()`).
final class CurlTransfer: @unchecked Sendable {
    let easy: CurlEasy
    let url: URL
    let limit: Int64?
    let progress: (@Sendable (TransferProgress) -> Void)?
    /// Each wait for data, in nanoseconds.
    let requestTimeout: UInt64
    /// The size of the body to send, or 0.
    let bodySize: Int64
    /// Where the body of a streamed response goes; `nil` for other transfers.
    let stream: StreamBuffer?
    /// The file a download goes to; `nil` when the body stays in memory.
    let sinkURL: URL?
    /// Whether the caller cancelled, and whether the transfer was handed to the engine.
    let state = Locked((isCancelled: false, isSubmitted: false))
    /// How many redirects came before this hop (for the metrics); set before submission.
    var redirectCount = 0
    /// The caller awaiting the outcome; set before submission, resumed once by the engine (for a
    /// streamed response, once the head has arrived).
    var continuation: CheckedContinuation<CurlHopResult, any Error>?

    // The engine's thread only, from here on.
    /// The body's file, or -1.
    private var bodyFile: Int32 = -1
    /// A large in-memory body, handed to libcurl piece by piece from the read callback (so that its
    /// sending counts as activity for the timeouts), and how much of it has been handed over.
    private var bodyData = Data()
    private var bodyOffset = 0
    private var sinkFile: Int32 = -1
    private var head = HeadLines()
    /// The body length the head announced (when the body is not content-encoded), or -1.
    private var expectedLength: Int64 = -1
    private var body = Data()
    private var received: Int64 = 0
    private var lastProgress = TransferProgress(
        bytesSent: 0, bytesExpectedToSend: -1, bytesReceived: 0, bytesExpectedToReceive: -1)
    /// Set by a callback that stopped the transfer: a size limit, a file that could not be written.
    private(set) var failure: (any Error)?
    /// The last moment bytes moved either way (uptime nanoseconds).
    private var lastActivity: UInt64 = 0
    /// The last moment a body byte was handed to libcurl: the head is due a request timeout later.
    private var bodyProgressAt: UInt64 = 0
    /// Whether the write callback paused the transfer because the stream's buffer is full.
    private var isPaused = false

    /// In-memory bodies up to this size are copied to libcurl at once; larger ones are read from the
    /// read callback.
    static let copiedBodyLimit = 64 << 10

    /// Opens the files of `options` and configures `easy` for `request`.
    ///
    /// - Throws: `URLError(.fileDoesNotExist)` or `.cannotCreateFile` when the body file cannot be
    ///   opened or the download file cannot be created.
    init(easy: CurlEasy, request: URLRequest, url: URL, options: CurlHopOptions) throws {
        self.easy = easy
        self.url = url
        limit = options.limit
        progress = options.progress
        stream = options.stream
        requestTimeout = UInt64(options.requestTimeout * 1e9)
        if case .file(let file) = options.sink { sinkURL = file } else { sinkURL = nil }
        var bodySize: Int64 = 0
        switch options.body {
        case .none:
            break
        case .data(let data):
            bodySize = Int64(data.count)
            if data.count > Self.copiedBodyLimit { bodyData = data }
        case .file(let file):
            bodyFile = open(file.path, O_RDONLY | O_CLOEXEC)
            guard bodyFile >= 0 else { throw URLError(.fileDoesNotExist) }
            var status = stat()
            if fstat(bodyFile, &status) == 0 { bodySize = Int64(status.st_size) }
        }
        self.bodySize = bodySize
        if let sinkURL {
            sinkFile = open(sinkURL.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            guard sinkFile >= 0 else {
                release()
                throw URLError(.cannotCreateFile)
            }
        }
        configure(request: request, options: options)
    }

    deinit {
        release()
    }

    /// Closes the files; safe to call more than once.
    func release() {
        if bodyFile >= 0 {
            close(bodyFile)
            bodyFile = -1
        }
        if sinkFile >= 0 {
            close(sinkFile)
            sinkFile = -1
        }
    }

    /// Gives libcurl this transfer's callbacks: the body's reader only when a body is read piece by
    /// piece, progress only when someone listens.
    func setCallbacks(readsBody: Bool) {
        easy.setCallbacks(
            userdata: Unmanaged.passUnretained(self).toOpaque(), write: curlWrite, header: curlHeader,
            read: readsBody ? curlRead : nil, seek: readsBody ? curlSeek : nil,
            progress: progress == nil ? nil : curlProgress)
    }

    // MARK: On the engine's thread

    /// Unpauses a transfer paused for its stream's reader, which has drained the buffer.
    func unpause() {
        guard isPaused else { return }
        isPaused = false
        lastActivity = DispatchTime.now().uptimeNanoseconds
        easy.unpause()
    }

    /// Notes the moment the engine handed the transfer to libcurl.
    func started(at now: UInt64) {
        lastActivity = now
        bodyProgressAt = now
    }

    /// When the transfer times out unless bytes move first: a request timeout after the last bytes,
    /// and, until the whole head has arrived, a request timeout after the last body byte was sent
    /// (however slowly a server drips header lines).
    var deadline: UInt64 {
        // A transfer paused for a slow reader is waiting for it, not for the server.
        if isPaused { return .max }
        let idle = lastActivity + requestTimeout
        return head.isComplete ? idle : min(idle, bodyProgressAt + requestTimeout)
    }

    /// The outcome of a transfer that libcurl finished with `code`.
    func outcome(code: Int32) -> Result<CurlHopResult, any Error> {
        if let failure { return .failure(failure) }
        guard code == CCURLE_OK else {
            return .failure(CurlErrors.urlError(code, message: easy.errorMessage, url: url))
        }
        guard head.statusCode > 0 else { return .failure(URLError(.badServerResponse)) }
        defer { body = Data() }
        return .success(result(body: body))
    }

    /// What the hop has come back with so far, its body being `body`.
    private func result(body: Data) -> CurlHopResult {
        CurlHopResult(
            statusCode: head.statusCode, httpVersion: head.httpVersion, headerLines: head.lines,
            setCookieLines: head.setCookies, location: head.location, body: body, fileURL: sinkURL,
            metrics: easy.metrics(redirectCount: redirectCount))
    }

    // MARK: Callbacks

    fileprivate func receiveHeader(_ line: UnsafeRawBufferPointer) -> Int {
        lastActivity = DispatchTime.now().uptimeNanoseconds
        if head.take(line) { headComplete() }
        return line.count
    }

    private func headComplete() {
        if stream != nil, let continuation {
            // A streamed response's caller gets the head now; the body follows through the buffer.
            self.continuation = nil
            continuation.resume(returning: result(body: Data()))
        }
        guard !head.isEncoded, let expected = head.contentLength, expected > 0 else { return }
        expectedLength = expected
        if sinkURL == nil, expected <= 64 << 20, expected <= limit ?? .max { body.reserveCapacity(Int(expected)) }
    }

    fileprivate func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
        lastActivity = DispatchTime.now().uptimeNanoseconds
        if let limit, received + Int64(bytes.count) > limit {
            failure = ResponseSizeLimitExceeded(limit: limit, isDownload: stream != nil || sinkURL != nil)
            return 0
        }
        if let stream {
            // A full buffer keeps the bytes with libcurl, which hands them over again once unpaused.
            guard bytes.isEmpty || stream.offer(bytes) else {
                isPaused = true
                return Int(CCURL_WRITEFUNC_PAUSE)
            }
        } else if sinkFile < 0 {
            body.append(contentsOf: bytes)
        } else if let base = bytes.baseAddress {
            var offset = 0
            while offset < bytes.count {
                let written = write(sinkFile, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = URLError(.cannotWriteToFile)
                    return 0
                }
                offset += written
            }
        }
        received += Int64(bytes.count)
        if progress != nil { reportProgress() }
        return bytes.count
    }

    fileprivate func readBody(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let now = DispatchTime.now().uptimeNanoseconds
        lastActivity = now
        bodyProgressAt = now
        guard let base = buffer.baseAddress else { return 0 }
        if bodyFile < 0 {
            let count = min(buffer.count, bodyData.count - bodyOffset)
            guard count > 0 else { return 0 }
            bodyData.withUnsafeBytes { bytes in
                if let source = bytes.baseAddress { base.copyMemory(from: source + bodyOffset, byteCount: count) }
            }
            bodyOffset += count
            return count
        }
        while true {
            let count = read(bodyFile, base, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { return Int(CCURL_READFUNC_ABORT) }
        }
    }

    fileprivate func seekBody(to offset: Int64, origin: Int32) -> Int32 {
        guard bodyFile < 0 else {
            return lseek(bodyFile, off_t(offset), origin) < 0 ? CCURL_SEEKFUNC_FAIL : CCURL_SEEKFUNC_OK
        }
        let base = origin == SEEK_CUR ? bodyOffset : origin == SEEK_END ? bodyData.count : 0
        let target = base + Int(offset)
        guard target >= 0, target <= bodyData.count else { return CCURL_SEEKFUNC_FAIL }
        bodyOffset = target
        return CCURL_SEEKFUNC_OK
    }

    /// Reports progress when it moved: bytes sent as libcurl counts them (`uploadNow`, from the progress
    /// callback), bytes received as they reached the body (never ahead of it).
    fileprivate func reportProgress(uploadNow: Int64? = nil) {
        guard let progress else { return }
        var next = lastProgress
        if let uploadNow, uploadNow > next.bytesSent {
            bodyProgressAt = DispatchTime.now().uptimeNanoseconds
            next.bytesSent = uploadNow
        }
        next.bytesExpectedToSend = bodySize > 0 ? bodySize : -1
        next.bytesReceived = max(next.bytesReceived, received)
        next.bytesExpectedToReceive = expectedLength
        guard next != lastProgress else { return }
        lastProgress = next
        progress(next)
    }
}

// The C callbacks: each finds its transfer in `userdata` (unretained; the engine keeps the transfer
// alive while libcurl may call them).

private func transfer(_ userdata: UnsafeMutableRawPointer?) -> CurlTransfer? {
    userdata.map { Unmanaged<CurlTransfer>.fromOpaque($0).takeUnretainedValue() }
}

private let curlWrite: ccurl_data_callback = { buffer, size, count, userdata in
    guard let transfer = transfer(userdata) else { return 0 }
    return transfer.receiveBody(UnsafeRawBufferPointer(start: buffer, count: size * count))
}

private let curlHeader: ccurl_data_callback = { buffer, size, count, userdata in
    guard let transfer = transfer(userdata) else { return 0 }
    return transfer.receiveHeader(UnsafeRawBufferPointer(start: buffer, count: size * count))
}

private let curlRead: ccurl_data_callback = { buffer, size, count, userdata in
    guard let transfer = transfer(userdata) else { return Int(CCURL_READFUNC_ABORT) }
    return transfer.readBody(into: UnsafeMutableRawBufferPointer(start: buffer, count: size * count))
}

private let curlSeek: ccurl_seek_callback = { userdata, offset, origin in
    guard let transfer = transfer(userdata) else { return CCURL_SEEKFUNC_FAIL }
    return transfer.seekBody(to: offset, origin: origin)
}

private let curlProgress: ccurl_progress_callback = { userdata, _, _, _, uploadNow in
    transfer(userdata)?.reportProgress(uploadNow: uploadNow)
    return 0
}
