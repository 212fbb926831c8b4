import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fuzzes `MultipartEncoder` (the multipart writer) and the redaction of the bodies it writes.
///
/// Invariants, for forms of data parts with any names, file names, MIME types and contents:
/// - the body starts with `--boundary` CRLF (or is `--boundary--` CRLF for no part) and ends with
///   CRLF `--boundary--` CRLF;
/// - split at its delimiter lines it holds exactly the parts, in order, each with the content given;
/// - each part's head is a `Content-Disposition: form-data; name="…"` line (`; filename="…"` when
///   there is one), at most a `Content-Type` line, and a line for each of the part's own header fields
///   whose name is a token and not one of those two, by name: no name, file name, type or header field
///   can add a line or end the quoted string;
/// - the body written to a file is the body built in memory, byte for byte;
/// - redacting the body never shows the content of a part named `password`, whatever the others hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMultipart(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let boundaryCharacters = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'()+_,-./:=?")
    var boundary = ""
    for _ in 0..<(1 + input.int(below: 70)) where !input.isEmpty {
        boundary.append(boundaryCharacters[input.int(below: boundaryCharacters.count)])
    }
    if boundary.isEmpty { boundary = "b" }
    let secret = "FUZZ-SECRET-\(input.int(below: 1_000_000))"
    var parts: [MultipartFormBodyPart] = []
    for _ in 0..<input.int(below: 5) {
        let name = input.string(maxCount: 16)
        let fileName = input.bool() ? input.string(maxCount: 16) : nil
        let mimeType = input.bool() ? input.string(maxCount: 16) : nil
        let content = Data(input.bytes(maxCount: 64))
        var headers: [String: String] = [:]
        for _ in 0..<input.int(below: 3) {
            // Names from a few tokens, the part's own fields and anything at all.
            let names = [
                "X-Checksum", "X-Part-Index", "content-type", "Content-Disposition", input.string(maxCount: 8),
            ]
            headers[names[input.int(below: names.count)]] = input.string(maxCount: 16)
        }
        parts.append(
            MultipartFormBodyPart(
                provider: .data(content), name: name, fileName: fileName, mimeType: mimeType, headers: headers))
    }
    parts.insert(
        MultipartFormBodyPart(provider: .data(Data(secret.utf8)), name: "password"),
        at: input.int(below: parts.count + 1))
    let form = MultipartFormData(boundary: boundary, parts: parts)
    let encoder = MultipartEncoder(form: form)

    let body: Data
    do {
        body = try encoder.encodedData()
    } catch {
        check(false, "encodedData threw \(error)")
        return 0
    }
    let bytes = [UInt8](body)
    let closing = Array("--\(boundary)--\r\n".utf8)
    check(bytes.starts(with: Array("--\(boundary)\r\n".utf8)), "body does not start with the boundary")
    check(
        bytes.count >= closing.count + 2 && bytes.suffix(closing.count + 2).elementsEqual([13, 10] + closing),
        "body does not end with CRLF --boundary-- CRLF")

    // Split at the delimiter lines, unless a content happens to hold one.
    let delimiter = Array("\r\n--\(boundary)".utf8)
    let contentsHoldDelimiter = parts.contains { part in
        guard case .data(let content) = part.provider else { return false }
        return contains(Array(content) + [13, 10], Array("--\(boundary)".utf8))
            || contains([13, 10] + Array(content), delimiter)
    }
    if !contentsHoldDelimiter {
        let pieces = split([13, 10] + bytes, at: delimiter)
        // Before the first delimiter: nothing; after the last one: "--" CRLF.
        check(pieces.count == parts.count + 2, "\(pieces.count - 2) parts found for \(parts.count)")
        check(pieces.first?.isEmpty == true && pieces.last == Array("--\r\n".utf8), "bad framing")
        for (piece, part) in zip(pieces.dropFirst(), parts) {
            checkPart(piece, part)
        }
    }

    if input.bool() {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-fuzz-\(getpid()).bin")
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            try encoder.write(to: file)
            let written = try Data(contentsOf: file)
            check(written == body, "the file differs from the body in memory")
        } catch {
            check(false, "write(to:) threw \(error)")
        }
    }

    let redacted = Redaction.default.redactedBody(body, contentType: form.contentType)
    check(redacted.range(of: Data(secret.utf8)) == nil || contentsHoldDelimiter, "the password part was logged")
    _ = Redaction.default.redactedText(String(decoding: body, as: UTF8.self))
    return 0
}

/// Checks one part as written: CRLF, its head lines, a blank line, then its content.
private func checkPart(_ piece: [UInt8], _ part: MultipartFormBodyPart) {
    check(piece.starts(with: [13, 10]), "no line break after the delimiter")
    let afterDelimiter = Array(piece.dropFirst(2))
    guard let blank = firstIndex(of: [13, 10, 13, 10], in: afterDelimiter) else {
        check(false, "no blank line after the part head")
        return
    }
    let head = afterDelimiter[..<blank]
    let content = afterDelimiter[(blank + 4)...]
    guard case .data(let expected) = part.provider else { return }
    check(Array(content) == Array(expected), "content changed")
    let lines = split(Array(head), at: [13, 10])
    check(lines.allSatisfy { !$0.contains(13) && !$0.contains(10) }, "a bare CR or LF in the part head")
    let separators = Set("\"(),/:;<=>?@[\\]{}".unicodeScalars)
    let written = part.headers.keys.filter { name in
        !name.isEmpty && !["content-type", "content-disposition"].contains(name.lowercased())
            && name.unicodeScalars.allSatisfy { $0.value > 32 && $0.value < 127 && !separators.contains($0) }
    }.sorted()
    let hasType = part.mimeType != nil || part.fileName != nil
    check(lines.count == 1 + (hasType ? 1 : 0) + written.count, "\(lines.count) header lines")
    for (line, name) in zip(lines.dropFirst(hasType ? 2 : 1), written) {
        check(line.starts(with: Array("\(name): ".utf8)), "a field line is not its name's")
    }
    let disposition = String(decoding: lines[0], as: UTF8.self)
    let escapedName = MultipartEncoder.escaped(part.name)
    check(!escapedName.contains("\""), "an escaped name holds a quote")
    var expectedDisposition = "Content-Disposition: form-data; name=\"\(escapedName)\""
    if let fileName = part.fileName {
        expectedDisposition += "; filename=\"\(MultipartEncoder.escaped(fileName))\""
    }
    check(disposition == expectedDisposition, "disposition \(disposition.debugDescription)")
    if hasType, lines.count >= 2 {
        check(lines[1].starts(with: Array("Content-Type: ".utf8)), "the second line is not Content-Type")
    }
}

private func contains(_ bytes: [UInt8], _ pattern: [UInt8]) -> Bool {
    firstIndex(of: pattern, in: bytes) != nil
}

private func firstIndex(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
    guard !pattern.isEmpty, bytes.count >= pattern.count else { return nil }
    for index in 0...(bytes.count - pattern.count) where bytes[index..<index + pattern.count].elementsEqual(pattern) {
        return index
    }
    return nil
}

/// `bytes` split at every occurrence of `separator`.
private func split(_ bytes: [UInt8], at separator: [UInt8]) -> [[UInt8]] {
    var pieces: [[UInt8]] = []
    var rest = bytes[...]
    while let index = firstIndex(of: separator, in: Array(rest)) {
        pieces.append(Array(rest.prefix(index)))
        rest = rest.dropFirst(index + separator.count)
    }
    pieces.append(Array(rest))
    return pieces
}
