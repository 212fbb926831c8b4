import Foundation

/// Redaction of `multipart/form-data` bodies (RFC 7578), part by part.
extension Redaction {
    /// The longest boundary RFC 2046 allows.
    private static let longestBoundary = 70

    /// The boundary named by a `multipart/…; boundary=…` content type, or `nil` for any other type.
    static func multipartBoundary(of contentType: String?) -> String? {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/") else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else {
                continue
            }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// The boundary of a body that starts as a multipart body does (`--boundary` CRLF), or `nil`.
    static func inferredMultipartBoundary(of body: some Collection<UInt8>) -> String? {
        guard body.starts(with: [0x2D, 0x2D]) else { return nil }
        let line = body.dropFirst(2).prefix(longestBoundary + 2)
        guard let end = line.firstIndex(of: 0x0D), line[line.index(after: end)...].first == 0x0A else { return nil }
        let boundary = line[..<end]
        guard !boundary.isEmpty, boundary.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        return String(decoding: boundary, as: UTF8.self)
    }

    /// `body` laid out as a multipart body with `boundary`, with the content of each part whose field
    /// name is hidden replaced by ``replacement``, and every other part's content redacted as a body of
    /// its own `Content-Type`; `nil` when `body` holds no part.
    func redactedMultipart(_ body: Data, boundary: String) -> Data? {
        let bytes = [UInt8](body)
        let delimiter = Array("--\(boundary)".utf8)
        let starts = Self.delimiterStarts(of: delimiter, in: bytes)
        guard starts.count >= 2 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var copied = 0
        var sawPart = false
        for (start, next) in zip(starts, starts.dropFirst()) {
            // A part: the delimiter, CRLF, header lines, a blank line, the content, CRLF, the next delimiter.
            let partStart = start + delimiter.count + 2
            let contentEnd = next - 2
            guard partStart <= contentEnd, bytes[start + delimiter.count] == 0x0D,
                let blank = Self.firstIndex(
                    of: [0x0D, 0x0A, 0x0D, 0x0A], in: bytes, from: partStart - 2, to: contentEnd)
            else { continue }
            sawPart = true
            let head = blank > partStart ? String(decoding: bytes[partStart..<blank], as: UTF8.self) : ""
            let contentStart = blank + 4
            let content = Data(bytes[contentStart..<contentEnd])
            let redacted: Data
            if let name = Self.fieldName(inPartHead: head), hidesField(name) {
                redacted = Data(replacement.utf8)
            } else {
                redacted = redactedBody(content, contentType: Self.contentType(inPartHead: head))
            }
            guard redacted != content else { continue }
            output.append(contentsOf: bytes[copied..<contentStart])
            output.append(contentsOf: redacted)
            copied = contentEnd
        }
        guard sawPart else { return nil }
        output.append(contentsOf: bytes[copied...])
        return Data(output)
    }

    /// Where each line that starts with `delimiter` starts (the first line, or after CRLF).
    private static func delimiterStarts(of delimiter: [UInt8], in bytes: [UInt8]) -> [Int] {
        var starts: [Int] = []
        var index = 0
        while index + delimiter.count <= bytes.count {
            let atLineStart = index == 0 || (index >= 2 && bytes[index - 2] == 0x0D && bytes[index - 1] == 0x0A)
            if atLineStart, bytes[index] == delimiter[0],
                bytes[index..<index + delimiter.count].elementsEqual(delimiter)
            {
                starts.append(index)
                index += delimiter.count
            } else {
                index += 1
            }
        }
        return starts
    }

    /// The first index of `pattern` in `bytes[from..<to]`.
    private static func firstIndex(of pattern: [UInt8], in bytes: [UInt8], from: Int, to: Int) -> Int? {
        guard from >= 0, to - from >= pattern.count else { return nil }
        for index in from...(to - pattern.count) where bytes[index..<index + pattern.count].elementsEqual(pattern) {
            return index
        }
        return nil
    }

    /// The `name` parameter of a part's `Content-Disposition` header.
    private static func fieldName(inPartHead head: String) -> String? {
        guard let disposition = headerValue("content-disposition", inPartHead: head) else { return nil }
        for parameter in disposition.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "name" else {
                continue
            }
            let value = pair[1].trimmingCharacters(in: .whitespaces)
            let unquoted =
                value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"")
                ? String(value.dropFirst().dropLast()) : value
            return unquoted.removingPercentEncoding ?? unquoted
        }
        return nil
    }

    /// The `Content-Type` of a part, from its head.
    private static func contentType(inPartHead head: String) -> String? {
        headerValue("content-type", inPartHead: head)
    }

    /// The value of the header line `name` (lowercased) in a part's head.
    private static func headerValue(_ name: String, inPartHead head: String) -> String? {
        for line in head.split(separator: "\r\n") {
            let pair = line.split(separator: ":", maxSplits: 1)
            if pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == name {
                return pair[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }
}
