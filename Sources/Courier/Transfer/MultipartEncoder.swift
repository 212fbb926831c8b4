import Foundation

/// Writes a ``MultipartFormData`` as bytes, in the RFC 7578 layout.
///
/// Each part is `--boundary` CRLF, its header fields each ending in CRLF, a blank line (CRLF), the
/// content and CRLF; the body ends with `--boundary--` CRLF. The header fields of a part are:
/// - `Content-Disposition: form-data; name="…"` with `; filename="…"` when the part has a file name
///   (a file part always has one: its given name, else the file's own name);
/// - `Content-Type: …` when the part has a MIME type: the given one, else, for a part with a file name,
///   the type of the file name's extension (for a file part the file's own extension is tried next),
///   else `application/octet-stream`. A data part with neither file name nor MIME type has no
///   `Content-Type` line, which RFC 7578 reads as `text/plain`, as browsers send text fields;
/// - the part's own ``MultipartFormBodyPart/headers``, by name.
///
/// In names and file names `"` becomes `%22`, CR `%0D` and LF `%0A`, as browsers do (the WHATWG
/// `multipart/form-data` encoding), and `\` becomes `%5C` so that a server reading the value as an
/// RFC 7230 quoted string cannot take it for an escape. CR and LF are dropped from given MIME types.
struct MultipartEncoder: Sendable {
    /// How much of a file is read into memory at a time.
    static let chunkSize = 1 << 20

    let form: MultipartFormData

    /// Whether any part is read from a file or a stream, so that the body is written to a file.
    var hasFileParts: Bool {
        form.parts.contains { part in
            switch part.provider {
            case .file, .stream: true
            case .data: false
            }
        }
    }

    /// The whole body in memory, reading file parts whole; meant for forms of data parts only.
    ///
    /// - Throws: ``TransferError`` when a file part cannot be read.
    func encodedData() throws(TransferError) -> Data {
        var body = Data()
        for part in form.parts {
            body.append(head(of: part))
            switch part.provider {
            case .data(let data):
                body.append(data)
            case .file(let url):
                try TransferError.checkReadable(url)
                do {
                    body.append(try Data(contentsOf: url))
                } catch {
                    throw .fileNotReadable(url)
                }
            case .stream(let stream, let length):
                try Self.read(stream, length: length) { body.append($0) }
            }
            body.append(Self.crlf)
        }
        body.append(closing)
        return body
    }

    /// Writes the body to a new file at `url`, copying file parts a chunk at a time so that no file is
    /// ever held whole in memory. On failure or cancellation the file is removed.
    ///
    /// - Parameter isCancelled: Asked between chunks; `true` stops the writing with `CancellationError`.
    /// - Throws: ``TransferError`` when a file part cannot be read or the body cannot be written;
    ///   `CancellationError` when cancelled.
    func write(to url: URL, isCancelled: () -> Bool = { false }) throws {
        for part in form.parts {
            if case .file(let fileURL) = part.provider {
                try TransferError.checkReadable(fileURL)
            }
        }
        guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600])
        else {
            throw TransferError.cannotWriteBody(CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]))
        }
        do {
            let output: FileHandle
            do {
                output = try FileHandle(forWritingTo: url)
            } catch {
                throw TransferError.cannotWriteBody(error)
            }
            defer { try? output.close() }
            for part in form.parts {
                try Self.write(head(of: part), to: output)
                switch part.provider {
                case .data(let data):
                    try Self.write(data, to: output)
                case .file(let fileURL):
                    try Self.copy(fileURL, to: output, isCancelled: isCancelled)
                case .stream(let stream, let length):
                    try Self.read(stream, length: length, isCancelled: isCancelled) { chunk throws(TransferError) in
                        try Self.write(chunk, to: output)
                    }
                    if isCancelled() { throw CancellationError() }
                }
                try Self.write(Self.crlf, to: output)
            }
            try Self.write(closing, to: output)
        } catch {
            TemporaryFiles.remove(url)
            throw error
        }
    }

    // MARK: Layout

    /// `--boundary` CRLF, the part's header fields, and the blank line before its content.
    func head(of part: MultipartFormBodyPart) -> Data {
        var head = "--\(form.boundary)\r\n"
        head += "Content-Disposition: form-data; name=\"\(Self.escaped(part.name))\""
        if let fileName = Self.fileName(of: part) {
            head += "; filename=\"\(Self.escaped(fileName))\""
        }
        head += "\r\n"
        if let contentType = Self.contentType(of: part) {
            head += "Content-Type: \(contentType)\r\n"
        }
        for (name, value) in part.headers.sorted(by: { $0.key < $1.key }) where Self.isExtraField(name) {
            head += "\(name): \(Self.withoutLineBreaks(value))\r\n"
        }
        head += "\r\n"
        return Data(head.utf8)
    }

    /// Whether a part's extra header field is written: its name is an HTTP token (RFC 9110), and not
    /// `Content-Disposition` or `Content-Type`, which the part writes itself.
    private static func isExtraField(_ name: String) -> Bool {
        let lowercased = name.lowercased()
        guard !name.isEmpty, lowercased != "content-disposition", lowercased != "content-type" else { return false }
        return name.unicodeScalars.allSatisfy { $0.value > 32 && $0.value < 127 && !separators.contains($0) }
    }

    /// The visible ASCII characters that are no token characters.
    private static let separators = Set("\"(),/:;<=>?@[\\]{}".unicodeScalars)

    /// `--boundary--` CRLF.
    var closing: Data {
        Data("--\(form.boundary)--\r\n".utf8)
    }

    private static let crlf = Data("\r\n".utf8)

    /// The file name sent with a part: the given one, else for a file part the file's own name.
    static func fileName(of part: MultipartFormBodyPart) -> String? {
        if let fileName = part.fileName { return fileName }
        if case .file(let url) = part.provider { return url.lastPathComponent }
        return nil
    }

    /// The `Content-Type` a part is sent with: its MIME type, else one from its file name, else none (a
    /// text field).
    static func contentType(of part: MultipartFormBodyPart) -> String? {
        if let mimeType = part.mimeType {
            return Self.withoutLineBreaks(mimeType)
        }
        guard let fileName = Self.fileName(of: part) else { return nil }
        if let type = MIMEType.known(forFileName: fileName) { return type }
        if case .file(let url) = part.provider, let type = MIMEType.known(forFileName: url.lastPathComponent) {
            return type
        }
        return MIMEType.fallback
    }

    /// `value` without its CR and LF characters, so that it cannot end a header field or start another.
    private static func withoutLineBreaks(_ value: String) -> String {
        String(String.UnicodeScalarView(value.unicodeScalars.filter { $0 != "\r" && $0 != "\n" }))
    }

    /// `value` with `"`, `\`, CR and LF percent-encoded, ready to sit between double quotes.
    static func escaped(_ value: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result.append(contentsOf: "%22".unicodeScalars)
            case "\\": result.append(contentsOf: "%5C".unicodeScalars)
            case "\r": result.append(contentsOf: "%0D".unicodeScalars)
            case "\n": result.append(contentsOf: "%0A".unicodeScalars)
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    // MARK: Files

    private static func copy(_ url: URL, to output: FileHandle, isCancelled: () -> Bool) throws {
        let input: FileHandle
        do {
            input = try FileHandle(forReadingFrom: url)
        } catch {
            throw TransferError.fileNotReadable(url)
        }
        defer { try? input.close() }
        while true {
            if isCancelled() { throw CancellationError() }
            let chunk: Data?
            do {
                chunk = try input.read(upToCount: chunkSize)
            } catch {
                throw TransferError.fileNotReadable(url)
            }
            guard let chunk, !chunk.isEmpty else { return }
            try write(chunk, to: output)
        }
    }

    /// Reads exactly `length` bytes of `stream`, a chunk at a time, handing each chunk to `sink`; opens
    /// the stream first and closes it after. Returns early, with fewer bytes, once `isCancelled` is true.
    ///
    /// `streamError` is never read: on Linux reading it when there is no error stops the process, and a
    /// failed read (`-1`) says enough.
    ///
    /// - Throws: ``TransferError/streamNotReadable(expected:read:)`` when the stream ends or fails
    ///   early; what `sink` throws.
    private static func read(
        _ stream: InputStream, length: UInt64, isCancelled: () -> Bool = { false },
        into sink: (Data) throws(TransferError) -> Void
    ) throws(TransferError) {
        stream.open()
        defer { stream.close() }
        var buffer = [UInt8](repeating: 0, count: Int(min(UInt64(chunkSize), max(length, 1))))
        var read: UInt64 = 0
        while read < length, !isCancelled() {
            let count = stream.read(&buffer, maxLength: Int(min(UInt64(buffer.count), length - read)))
            guard count > 0 else { throw .streamNotReadable(expected: length, read: read) }
            try sink(Data(buffer[..<count]))
            read += UInt64(count)
        }
    }

    private static func write(_ data: Data, to output: FileHandle) throws(TransferError) {
        do {
            try output.write(contentsOf: data)
        } catch {
            throw .cannotWriteBody(error)
        }
    }
}
