import CCurl
import Foundation

// libcurl's handles and the C calls on them. With `CurlTransfer.swift` (one transfer and its
// callbacks), the only Swift that holds libcurl's pointers: every pointer made here is freed here
// (easy handles, their error buffers and header lists by `CurlEasy`, the multi handle by `CurlMulti`).
// Everything else sees these classes' safe methods.

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

/// An easy handle, its error buffer and its header list, reused from transfer to transfer
/// (``CurlEngine`` pools them): each option a transfer needs as a safe method.
final class CurlEasy: @unchecked Sendable {
    fileprivate let handle: UnsafeMutableRawPointer
    private let errorBuffer: UnsafeMutablePointer<CChar>
    /// The header list of the current transfer, freed when the handle is reset or goes.
    private var headerList: UnsafeMutableRawPointer?

    init?() {
        guard let handle = ccurl_easy_init() else { return nil }
        self.handle = handle
        errorBuffer = .allocate(capacity: Int(CCURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CCURL_ERROR_SIZE))
    }

    deinit {
        ccurl_easy_cleanup(handle)
        freeHeaderList()
        errorBuffer.deallocate()
    }

    /// The key ``CurlMulti/nextFinished()`` reports this handle by.
    var key: UInt { UInt(bitPattern: handle) }

    /// Forgets every option of the last transfer (connections stay in the multi handle's cache).
    func reset() {
        ccurl_easy_reset(handle)
        freeHeaderList()
        errorBuffer[0] = 0
    }

    /// What libcurl wrote in the error buffer about the last failure, if anything.
    var errorMessage: String? {
        errorBuffer[0] == 0 ? nil : String(cString: errorBuffer)
    }

    // MARK: Options

    /// Options every transfer starts with: no signals, the error buffer.
    func setDefaults() {
        set(CCURLOPT_NOSIGNAL, 1)
        ccurl_easy_setopt_pointer(handle, CCURLOPT_ERRORBUFFER, errorBuffer)
    }

    func set(_ option: Int32, _ value: Int) {
        ccurl_easy_setopt_long(handle, option, value)
    }

    func set(_ option: Int32, offset value: Int64) {
        ccurl_easy_setopt_off_t(handle, option, value)
    }

    /// Sets a string option; libcurl copies the string.
    func set(_ option: Int32, string value: String) {
        value.withCString { _ = ccurl_easy_setopt_pointer(handle, option, $0) }
    }

    /// Sends `data` as the request body, copied into libcurl.
    func copyBody(_ data: Data) {
        set(CCURLOPT_POSTFIELDSIZE_LARGE, offset: Int64(data.count))
        data.withUnsafeBytes {
            _ = ccurl_easy_setopt_pointer(
                handle, CCURLOPT_COPYPOSTFIELDS, $0.baseAddress ?? UnsafeRawPointer(emptyBody))
        }
    }

    /// Sends an empty request body with `Content-Length: 0`.
    func setEmptyBody() {
        set(CCURLOPT_POSTFIELDSIZE_LARGE, offset: 0)
        ccurl_easy_setopt_pointer(handle, CCURLOPT_POSTFIELDS, emptyBody)
    }

    /// Trusts the certificate authorities of `pem` (libcurl copies it); `false` when libcurl is older
    /// than 7.77, which has no such option.
    func setCertificateAuthorities(pem: Data) -> Bool {
        pem.withUnsafeBytes { ccurl_easy_setopt_blob(handle, CCURLOPT_CAINFO_BLOB, $0.baseAddress, $0.count) } == 0
    }

    /// Sends `lines` (`Name: value`, `Name;` for an empty value, `Name:` to leave out a header libcurl
    /// would add) as the request's header fields.
    func setHeaders(_ lines: [String]) {
        freeHeaderList()
        var list: UnsafeMutableRawPointer?
        for line in lines {
            list = ccurl_slist_append(list, line) ?? list
        }
        headerList = list
        ccurl_easy_setopt_pointer(handle, CCURLOPT_HTTPHEADER, list)
    }

    /// Hands `userdata` to the callbacks given (those left `nil` are not set).
    func setCallbacks(
        userdata: UnsafeMutableRawPointer, write: ccurl_data_callback, header: ccurl_data_callback,
        read: ccurl_data_callback?, seek: ccurl_seek_callback?, progress: ccurl_progress_callback?
    ) {
        ccurl_easy_setopt_data_callback(handle, CCURLOPT_WRITEFUNCTION, write)
        ccurl_easy_setopt_pointer(handle, CCURLOPT_WRITEDATA, userdata)
        ccurl_easy_setopt_data_callback(handle, CCURLOPT_HEADERFUNCTION, header)
        ccurl_easy_setopt_pointer(handle, CCURLOPT_HEADERDATA, userdata)
        if let read {
            ccurl_easy_setopt_data_callback(handle, CCURLOPT_READFUNCTION, read)
            ccurl_easy_setopt_pointer(handle, CCURLOPT_READDATA, userdata)
        }
        if let seek {
            ccurl_easy_setopt_seek_callback(handle, CCURLOPT_SEEKFUNCTION, seek)
            ccurl_easy_setopt_pointer(handle, CCURLOPT_SEEKDATA, userdata)
        }
        if let progress {
            set(CCURLOPT_NOPROGRESS, 0)
            ccurl_easy_setopt_progress_callback(handle, CCURLOPT_XFERINFOFUNCTION, progress)
            ccurl_easy_setopt_pointer(handle, CCURLOPT_XFERINFODATA, userdata)
        }
    }

    /// Lets a transfer paused from its write callback go on.
    func unpause() {
        ccurl_easy_pause(handle, CCURLPAUSE_CONT)
    }

    // MARK: Information

    func long(_ info: Int32) -> Int {
        var value = 0
        return ccurl_easy_getinfo_long(handle, info, &value) == 0 ? value : 0
    }

    func offset(_ info: Int32) -> Int64 {
        var value: Int64 = 0
        return ccurl_easy_getinfo_off_t(handle, info, &value) == 0 ? value : 0
    }

    func string(_ info: Int32) -> String? {
        var value: UnsafePointer<CChar>?
        guard ccurl_easy_getinfo_string(handle, info, &value) == 0, let value else { return nil }
        return String(cString: value)
    }

    private func freeHeaderList() {
        if let headerList {
            ccurl_slist_free_all(headerList)
            self.headerList = nil
        }
    }
}

/// An empty request body that lives as long as the process.
nonisolated(unsafe) private let emptyBody: UnsafeMutablePointer<CChar> = {
    let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: 1)
    pointer.initialize(to: 0)
    return pointer
}()
