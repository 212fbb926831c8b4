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

// The one Swift file that touches libcurl's pointers: the multi and easy handles, header lists, the
// error buffer and the C callbacks. Every pointer made here is freed here: easy handles by `CurlEasy`,
// the multi handle by `CurlMulti`, header lists and file descriptors by `CurlTransfer.release()`.
// Everything else in Courier sees only these classes' safe methods.

/// libcurl, loaded once per process from the shared library (see the `CCurl` target).
enum CurlLibrary {
    /// libcurl's version string once loaded, or why it could not be loaded.
    static let loaded: Result<String, CurlUnavailableError> = {
        var buffer = [CChar](repeating: 0, count: 512)
        guard ccurl_load(&buffer, buffer.count) == 0 else {
            let reason = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(CurlUnavailableError(reason: reason))
        }
        return .success(ccurl_version().map { String(cString: $0) } ?? "libcurl")
    }()

    /// The description libcurl gives of a result code.
    static func describe(_ code: Int32) -> String {
        ccurl_strerror(code).map { String(cString: $0) } ?? "libcurl error \(code)"
    }
}

/// A multi handle: the transfers of one ``CurlEngine``, driven from its thread only (``wakeUp()`` is
/// the one method other threads may call).
final class CurlMulti: @unchecked Sendable {
    private let handle: UnsafeMutableRawPointer

    init?(maximumConnectionsPerHost: Int) {
        guard let handle = ccurl_multi_init() else { return nil }
        self.handle = handle
        ccurl_multi_setopt_long(handle, CCURLMOPT_PIPELINING, Int(CCURLPIPE_MULTIPLEX))
        if maximumConnectionsPerHost > 0 {
            ccurl_multi_setopt_long(handle, CCURLMOPT_MAX_HOST_CONNECTIONS, maximumConnectionsPerHost)
        }
    }

    deinit {
        ccurl_multi_cleanup(handle)
    }

    func add(_ easy: CurlEasy) -> Bool {
        ccurl_multi_add_handle(handle, easy.handle) == 0
    }

    func remove(_ easy: CurlEasy) {
        ccurl_multi_remove_handle(handle, easy.handle)
    }

    /// Moves every transfer as far as it can go without waiting.
    func perform() {
        var running: Int32 = 0
        ccurl_multi_perform(handle, &running)
    }

    /// Waits for network activity, a wake-up, or `milliseconds`, whichever comes first (libcurl's own
    /// timers shorten the wait when they need to).
    func poll(milliseconds: Int32) {
        var ready: Int32 = 0
        ccurl_multi_poll(handle, milliseconds, &ready)
    }

    /// Ends a ``poll(milliseconds:)`` under way, or the next one; safe from any thread.
    func wakeUp() {
        ccurl_multi_wakeup(handle)
    }

    /// The next finished transfer: its easy handle's key (``CurlEasy/key``) and libcurl's result code.
    func nextFinished() -> (key: UInt, code: Int32)? {
        var easy: UnsafeMutableRawPointer?
        var code: Int32 = 0
        guard ccurl_multi_next_done(handle, &easy, &code) == 1, let easy else { return nil }
        return (UInt(bitPattern: easy), code)
    }
}

/// An easy handle and its error buffer, reused from transfer to transfer (``CurlEngine`` pools them).
final class CurlEasy: @unchecked Sendable {
    fileprivate let handle: UnsafeMutableRawPointer
    fileprivate let errorBuffer: UnsafeMutablePointer<CChar>

    init?() {
        guard let handle = ccurl_easy_init() else { return nil }
        self.handle = handle
        errorBuffer = .allocate(capacity: Int(CCURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CCURL_ERROR_SIZE))
    }

    deinit {
        ccurl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    /// The key ``CurlMulti/nextFinished()`` reports this handle by.
    var key: UInt { UInt(bitPattern: handle) }

    /// Forgets every option of the last transfer (connections stay in the multi handle's cache).
    func reset() {
        ccurl_easy_reset(handle)
        errorBuffer[0] = 0
    }

    /// What libcurl wrote in the error buffer about the last failure, if anything.
    var errorMessage: String? {
        errorBuffer[0] == 0 ? nil : String(cString: errorBuffer)
    }

    fileprivate func set(_ option: Int32, _ value: Int) {
        ccurl_easy_setopt_long(handle, option, value)
    }

    fileprivate func set(_ option: Int32, offset value: Int64) {
        ccurl_easy_setopt_off_t(handle, option, value)
    }

    /// Sets a string option; libcurl copies the string.
    fileprivate func set(_ option: Int32, string value: String) {
        value.withCString { _ = ccurl_easy_setopt_pointer(handle, option, $0) }
    }

    fileprivate func set(_ option: Int32, pointer value: UnsafeRawPointer?) {
        ccurl_easy_setopt_pointer(handle, option, value)
    }

    fileprivate func long(_ info: Int32) -> Int {
        var value = 0
        return ccurl_easy_getinfo_long(handle, info, &value) == 0 ? value : 0
    }

    fileprivate func offset(_ info: Int32) -> Int64 {
        var value: Int64 = 0
        return ccurl_easy_getinfo_off_t(handle, info, &value) == 0 ? value : 0
    }

    fileprivate func string(_ info: Int32) -> String? {
        var value: UnsafePointer<CChar>?
        guard ccurl_easy_getinfo_string(handle, info, &value) == 0, let value else { return nil }
        return String(cString: value)
    }
}

/// Where one hop's response body goes.
enum CurlSink {
    case memory
    case file(URL)
}

/// What one hop needs besides its request.
struct CurlHopOptions {
    var headers: [(name: String, value: String)]
    /// Headers libcurl adds on its own that are to be left out.
    var removedHeaders: [String]
    var body: TransportRequest.Body
    var sink: CurlSink
    /// The most body bytes the sink may take.
    var limit: Int64?
    var progress: (@Sendable (TransferProgress) -> Void)?
    /// Each wait for data, and the wait for the response head once the body is sent.
    var requestTimeout: TimeInterval
    /// What is left of the whole transfer's time, or `nil` for no bound.
    var remainingResourceTime: TimeInterval?
    var trust: ServerTrustPolicy
    /// The proxy, as `CURLOPT_PROXY` takes it; empty for none.
    var proxy: String
    /// The hosts that bypass the proxy, as `CURLOPT_NOPROXY` takes them; empty for none.
    var proxyExceptions: String
    /// Where the body goes as it arrives, for a streamed response: the hop's caller is resumed once the
    /// head has arrived, and the transfer pauses while the buffer is full.
    var stream: StreamBuffer?
}

/// What one hop came back with.
struct CurlHopResult {
    var statusCode: Int
    var httpVersion: String
    /// The head's field lines as they came (see ``ResponseHead``).
    var headerLines: [UInt8]
    var setCookieLines: [String]
    var location: String?
    var body: Data
    var fileURL: URL?
    var metrics: TransferMetrics
}

/// One request and its response on one easy handle: one hop of a ``CurlTransport`` request.
///
/// Made and configured on the caller's thread; once handed to the ``CurlEngine`` every field below
/// `state` is read and written on the engine's thread only (libcurl calls the callbacks there).
final class CurlTransfer: @unchecked Sendable {
    let easy: CurlEasy
    let url: URL
    private let limit: Int64?
    private let isDownload: Bool
    private let progress: (@Sendable (TransferProgress) -> Void)?
    private let requestTimeout: UInt64
    private let bodySize: Int64
    /// Whether the caller cancelled, and whether the transfer was handed to the engine.
    let state = Locked((isCancelled: false, isSubmitted: false))
    /// How many redirects came before this hop (for the metrics); set before submission.
    var redirectCount = 0
    /// The caller awaiting the outcome; set before submission, resumed once by the engine (for a
    /// streamed response, once the head has arrived).
    var continuation: CheckedContinuation<CurlHopResult, any Error>?
    /// Where the body of a streamed response goes; `nil` for other transfers.
    let stream: StreamBuffer?

    // Engine thread only, from here on.
    private var headerList: UnsafeMutableRawPointer?
    private var bodyFile: Int32 = -1
    /// A large in-memory body, handed to libcurl piece by piece from the read callback (so that its
    /// sending counts as activity for the timeouts), and how much of it has been handed over.
    private var bodyData = Data()
    private var bodyOffset = 0
    private var sinkFile: Int32 = -1
    let sinkURL: URL?
    private var statusCode = 0
    private var httpVersion = "HTTP/1.1"
    /// The field lines of the head, each ended by LF: parsed only if someone reads the headers.
    private var headerLines: [UInt8] = []
    private var setCookieLines: [String] = []
    private var isHeadComplete = false
    /// The body length the head announced (when the body is not content-encoded), or -1.
    private var expectedLength: Int64 = -1
    /// The head's `Location`, `Content-Length` and whether it has a `Content-Encoding`.
    private var location: String?
    private var contentLength: Int64?
    private var isEncoded = false
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

    /// Configures `easy` for `request`.
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
        if case .file(let file) = options.sink {
            isDownload = true
            sinkURL = file
        } else {
            isDownload = false
            sinkURL = nil
        }
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

    /// In-memory bodies up to this size are copied to libcurl at once; larger ones are read from the
    /// read callback.
    private static let copiedBodyLimit = 64 << 10

    private func configure(request: URLRequest, options: CurlHopOptions) {
        let me = Unmanaged.passUnretained(self).toOpaque()
        easy.set(CCURLOPT_NOSIGNAL, 1)
        easy.set(CCURLOPT_ERRORBUFFER, pointer: easy.errorBuffer)
        easy.set(CCURLOPT_URL, string: url.absoluteString)
        easy.set(CCURLOPT_PROTOCOLS_STR, string: "http,https")
        // HTTP/2 when a TLS server offers it (ALPN); HTTP/1.1 in the clear.
        easy.set(CCURLOPT_HTTP_VERSION, Int(CCURL_HTTP_VERSION_2TLS))
        // Set even when empty: an empty string is no proxy, and libcurl then reads no environment variable.
        easy.set(CCURLOPT_PROXY, string: options.proxy)
        easy.set(CCURLOPT_NOPROXY, string: options.proxyExceptions)
        easy.set(CCURLOPT_ACCEPT_ENCODING, string: "")
        easy.set(CCURLOPT_TCP_KEEPALIVE, 1)
        ccurl_easy_setopt_data_callback(easy.handle, CCURLOPT_WRITEFUNCTION, curlWrite)
        easy.set(CCURLOPT_WRITEDATA, pointer: me)
        ccurl_easy_setopt_data_callback(easy.handle, CCURLOPT_HEADERFUNCTION, curlHeader)
        easy.set(CCURLOPT_HEADERDATA, pointer: me)
        easy.set(CCURLOPT_CONNECTTIMEOUT_MS, Int(max(1, options.requestTimeout * 1000)))
        if let remaining = options.remainingResourceTime {
            easy.set(CCURLOPT_TIMEOUT_MS, Int(max(1, min(remaining, TransportRequest.longestTimeout) * 1000)))
        }
        if let caFile = options.trust.certificateAuthorityFile {
            easy.set(CCURLOPT_CAINFO, string: caFile.path)
        }
        if !options.trust.trustedCertificates.isEmpty {
            let pem = options.trust.trustedCertificatesPEM
            let status = pem.withUnsafeBytes {
                ccurl_easy_setopt_blob(easy.handle, CCURLOPT_CAINFO_BLOB, $0.baseAddress, $0.count)
            }
            // A libcurl older than 7.77 has no CA blob: trust no authority at all rather than the system's.
            if status != 0 { easy.set(CCURLOPT_CAINFO, string: "/dev/null") }
        }
        if !options.trust.validatesCertificateChain {
            easy.set(CCURLOPT_SSL_VERIFYPEER, 0)
        }
        if !options.trust.validatesHost {
            easy.set(CCURLOPT_SSL_VERIFYHOST, 0)
        }
        if !options.trust.pinnedPublicKeyHashes.isEmpty {
            let pins = options.trust.pinnedPublicKeyHashes.map { "sha256//\($0)" }.joined(separator: ";")
            easy.set(CCURLOPT_PINNEDPUBLICKEY, string: pins)
        }
        if progress != nil {
            easy.set(CCURLOPT_NOPROGRESS, 0)
            ccurl_easy_setopt_progress_callback(easy.handle, CCURLOPT_XFERINFOFUNCTION, curlProgress)
            easy.set(CCURLOPT_XFERINFODATA, pointer: me)
        }
        if case .file = options.sink {
            easy.set(CCURLOPT_BUFFERSIZE, 512 << 10)
        }
        if stream != nil {
            // Only the server's own head ends the wait for the head; a proxy's answer to CONNECT is not it.
            easy.set(CCURLOPT_SUPPRESS_CONNECT_HEADERS, 1)
        }

        let method = request.httpMethod ?? "GET"
        var hasBody = true
        switch options.body {
        case .data(let data) where method != "HEAD" && data.count <= Self.copiedBodyLimit:
            easy.set(CCURLOPT_POSTFIELDSIZE_LARGE, offset: Int64(data.count))
            data.withUnsafeBytes {
                easy.set(CCURLOPT_COPYPOSTFIELDS, pointer: $0.baseAddress ?? UnsafeRawPointer(emptyBody))
            }
        case .data where method != "HEAD", .file where method != "HEAD":
            easy.set(CCURLOPT_POST, 1)
            easy.set(CCURLOPT_POSTFIELDSIZE_LARGE, offset: bodySize)
            ccurl_easy_setopt_data_callback(easy.handle, CCURLOPT_READFUNCTION, curlRead)
            easy.set(CCURLOPT_READDATA, pointer: me)
            ccurl_easy_setopt_seek_callback(easy.handle, CCURLOPT_SEEKFUNCTION, curlSeek)
            easy.set(CCURLOPT_SEEKDATA, pointer: me)
            easy.set(CCURLOPT_UPLOAD_BUFFERSIZE, 1 << 20)
        default:
            hasBody = false
        }
        switch method {
        case "GET" where !hasBody:
            easy.set(CCURLOPT_HTTPGET, 1)
        case "HEAD":
            easy.set(CCURLOPT_NOBODY, 1)
        case "POST" where !hasBody, "PUT" where !hasBody, "PATCH" where !hasBody:
            // An empty body with `Content-Length: 0`, as servers expect of these methods.
            easy.set(CCURLOPT_POSTFIELDSIZE_LARGE, offset: 0)
            easy.set(CCURLOPT_POSTFIELDS, pointer: UnsafeRawPointer(emptyBody))
            if method != "POST" { easy.set(CCURLOPT_CUSTOMREQUEST, string: method) }
        case "POST":
            break
        default:
            easy.set(CCURLOPT_CUSTOMREQUEST, string: method)
        }

        var list: UnsafeMutableRawPointer?
        for (name, value) in options.headers {
            // `Name;` is how libcurl sends a header with an empty value (`Name:` would remove it).
            list = ccurl_slist_append(list, value.isEmpty ? "\(name);" : "\(name): \(value)") ?? list
        }
        for name in options.removedHeaders {
            list = ccurl_slist_append(list, "\(name):") ?? list
        }
        headerList = list
        easy.set(CCURLOPT_HTTPHEADER, pointer: list)
    }

    /// Frees the header list and closes the files; safe to call more than once.
    func release() {
        if let headerList {
            ccurl_slist_free_all(headerList)
            self.headerList = nil
        }
        if bodyFile >= 0 {
            close(bodyFile)
            bodyFile = -1
        }
        if sinkFile >= 0 {
            close(sinkFile)
            sinkFile = -1
        }
    }

    // MARK: On the engine's thread

    /// Unpauses a transfer paused for its stream's reader, which has drained the buffer.
    func unpause() {
        guard isPaused else { return }
        isPaused = false
        lastActivity = DispatchTime.now().uptimeNanoseconds
        ccurl_easy_pause(easy.handle, CCURLPAUSE_CONT)
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
        return isHeadComplete ? idle : min(idle, bodyProgressAt + requestTimeout)
    }

    /// The outcome of a transfer that libcurl finished with `code`.
    func outcome(code: Int32, redirectCount: Int) -> Result<CurlHopResult, any Error> {
        if let failure { return .failure(failure) }
        guard code == CCURLE_OK else {
            return .failure(CurlErrors.urlError(code, message: easy.errorMessage, url: url))
        }
        guard statusCode > 0 else { return .failure(URLError(.badServerResponse)) }
        let data = body
        body = Data()
        return .success(
            CurlHopResult(
                statusCode: statusCode, httpVersion: httpVersion, headerLines: headerLines,
                setCookieLines: setCookieLines, location: location, body: data, fileURL: sinkURL,
                metrics: metrics(redirectCount: redirectCount)))
    }

    private func metrics(redirectCount: Int) -> TransferMetrics {
        func phase(_ info: Int32) -> Duration? {
            let microseconds = easy.offset(info)
            return microseconds > 0 ? .microseconds(microseconds) : nil
        }
        let reused = easy.long(CCURLINFO_NUM_CONNECTS) == 0
        let version: String? =
            switch easy.long(CCURLINFO_HTTP_VERSION) {
            case 1: "HTTP/1.0"
            case 2: "HTTP/1.1"
            case 3: "HTTP/2"
            case 30: "HTTP/3"
            default: nil
            }
        let port = easy.long(CCURLINFO_PRIMARY_PORT)
        return TransferMetrics(
            domainLookup: reused ? nil : phase(CCURLINFO_NAMELOOKUP_TIME_T),
            connect: reused ? nil : phase(CCURLINFO_CONNECT_TIME_T),
            secureConnection: reused ? nil : phase(CCURLINFO_APPCONNECT_TIME_T),
            firstByte: phase(CCURLINFO_STARTTRANSFER_TIME_T),
            total: .microseconds(easy.offset(CCURLINFO_TOTAL_TIME_T)),
            bytesSent: Int64(easy.long(CCURLINFO_REQUEST_SIZE)) + easy.offset(CCURLINFO_SIZE_UPLOAD_T),
            bytesReceived: Int64(easy.long(CCURLINFO_HEADER_SIZE)) + easy.offset(CCURLINFO_SIZE_DOWNLOAD_T),
            redirectCount: redirectCount, isReusedConnection: reused, httpVersion: version,
            remoteAddress: easy.string(CCURLINFO_PRIMARY_IP), remotePort: port > 0 ? port : nil)
    }

    // MARK: Callbacks (libcurl calls them on the engine's thread, inside `CurlMulti.perform()`)

    /// Takes one header line as bytes (Foundation's string handling costs more than the whole rest of a
    /// small request): keeps it for ``ResponseHead`` and notes on the way the fields the transfer itself
    /// needs.
    fileprivate func receiveHeader(_ line: UnsafeRawBufferPointer) -> Int {
        lastActivity = DispatchTime.now().uptimeNanoseconds
        var end = line.count
        while end > 0, line[end - 1] == 0x0A || line[end - 1] == 0x0D { end -= 1 }
        if end == 0 {
            if statusCode >= 200 { headComplete() }
        } else if end >= 5, line[0] == 0x48, line[1] == 0x54, line[2] == 0x54, line[3] == 0x50, line[4] == 0x2F {
            // A new status line ("HTTP/1.1 200 OK"): an interim (1xx) answer's head is forgotten.
            var space = 0
            while space < end, line[space] != 0x20 { space += 1 }
            httpVersion = Self.version(UnsafeRawBufferPointer(rebasing: line[0..<space]))
            var code = 0
            var index = space + 1
            while index < end, (0x30...0x39).contains(line[index]), code < 1000 {
                code = code * 10 + Int(line[index] - 0x30)
                index += 1
            }
            statusCode = code
            headerLines.removeAll(keepingCapacity: true)
            setCookieLines.removeAll()
            location = nil
            contentLength = nil
            isEncoded = false
            isHeadComplete = false
        } else {
            if headerLines.isEmpty { headerLines.reserveCapacity(512) }
            headerLines.append(contentsOf: UnsafeRawBufferPointer(rebasing: line[0..<end]))
            headerLines.append(0x0A)
            guard line[0] != 0x20, line[0] != 0x09 else { return line.count }
            var colon = 0
            while colon < end, line[colon] != 0x3A { colon += 1 }
            guard colon < end else { return line.count }
            switch colon {
            case 8 where Self.isNamed(line, "location"): location = Self.trimmed(line, colon + 1, end)
            case 10 where Self.isNamed(line, "set-cookie"): setCookieLines.append(Self.trimmed(line, colon + 1, end))
            case 14 where Self.isNamed(line, "content-length"): contentLength = Self.number(line, colon + 1, end)
            case 16 where Self.isNamed(line, "content-encoding"): isEncoded = true
            default: break
            }
        }
        return line.count
    }

    /// The protocol of a status line, without making a string for the usual ones.
    private static func version(_ bytes: UnsafeRawBufferPointer) -> String {
        if bytes.elementsEqual("HTTP/1.1".utf8) { return "HTTP/1.1" }
        if bytes.elementsEqual("HTTP/2".utf8) { return "HTTP/2" }
        if bytes.elementsEqual("HTTP/1.0".utf8) { return "HTTP/1.0" }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The bytes `start..<end` of `line` without surrounding spaces and tabs, as a string.
    private static func trimmed(_ line: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> String {
        var start = start
        var end = end
        while start < end, line[start] == 0x20 || line[start] == 0x09 { start += 1 }
        while end > start, line[end - 1] == 0x20 || line[end - 1] == 0x09 { end -= 1 }
        return String(decoding: UnsafeRawBufferPointer(rebasing: line[start..<end]), as: UTF8.self)
    }

    /// The decimal number that the bytes `start..<end` of `line` hold between spaces, or `nil`.
    private static func number(_ line: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Int64? {
        var start = start
        var end = end
        while start < end, line[start] == 0x20 || line[start] == 0x09 { start += 1 }
        while end > start, line[end - 1] == 0x20 || line[end - 1] == 0x09 { end -= 1 }
        guard start < end, end - start <= 18 else { return nil }
        var value: Int64 = 0
        for index in start..<end {
            guard (0x30...0x39).contains(line[index]) else { return nil }
            value = value * 10 + Int64(line[index] - 0x30)
        }
        return value
    }

    /// Whether `line` starts with `name` (lowercase ASCII), ignoring case.
    private static func isNamed(_ line: UnsafeRawBufferPointer, _ name: StaticString) -> Bool {
        guard line.count >= name.utf8CodeUnitCount else { return false }
        let expected = UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        for index in 0..<expected.count {
            let byte = line[index]
            let lower = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
            if lower != expected[index] { return false }
        }
        return true
    }

    private func headComplete() {
        isHeadComplete = true
        if stream != nil, let continuation {
            // A streamed response's caller gets the head now; the body follows through the buffer.
            self.continuation = nil
            continuation.resume(
                returning: CurlHopResult(
                    statusCode: statusCode, httpVersion: httpVersion, headerLines: headerLines,
                    setCookieLines: setCookieLines, location: location, body: Data(), fileURL: nil,
                    metrics: metrics(redirectCount: redirectCount)))
        }
        guard !isEncoded, let expected = contentLength, expected > 0 else { return }
        expectedLength = expected
        if sinkURL == nil, expected <= 64 << 20, expected <= limit ?? .max { body.reserveCapacity(Int(expected)) }
    }

    fileprivate func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
        lastActivity = DispatchTime.now().uptimeNanoseconds
        if let stream, !bytes.isEmpty {
            if let limit, received + Int64(bytes.count) > limit {
                failure = ResponseSizeLimitExceeded(limit: limit, isDownload: true)
                return 0
            }
            // A full buffer keeps the bytes with libcurl, which hands them over again once unpaused.
            guard stream.offer(bytes) else {
                isPaused = true
                return Int(CCURL_WRITEFUNC_PAUSE)
            }
            received += Int64(bytes.count)
            if progress != nil { reportProgress() }
            return bytes.count
        }
        received += Int64(bytes.count)
        if let limit, received > limit {
            failure = ResponseSizeLimitExceeded(limit: limit, isDownload: isDownload)
            return 0
        }
        if sinkFile < 0 {
            body.append(contentsOf: bytes)
            if progress != nil { reportProgress() }
            return bytes.count
        }
        var offset = 0
        while offset < bytes.count {
            guard let base = bytes.baseAddress else { break }
            let written = write(sinkFile, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                failure = URLError(.cannotWriteToFile)
                return 0
            }
            offset += written
        }
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

/// An empty request body that lives as long as the process.
nonisolated(unsafe) private let emptyBody: UnsafeMutablePointer<CChar> = {
    let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: 1)
    pointer.initialize(to: 0)
    return pointer
}()

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
