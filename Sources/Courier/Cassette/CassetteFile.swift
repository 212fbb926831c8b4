import Foundation

/// A HAR file as the cassette transports hold it: its JSON tree, so that every field is written back
/// as it was (extension fields, comments, pages), and its entries read through ``HAR``.
struct CassetteFile: Sendable {
    /// Where the file is.
    let url: URL
    /// The `log` object, without its entries.
    var log: [String: OpenAPIValue]
    /// Each entry as its JSON tree.
    var trees: [OpenAPIValue]
    /// Each entry as read.
    var entries: [HAR.Entry]

    /// The log's key for the placeholder of hidden values.
    static let placeholderKey = "_redactionPlaceholder"

    /// What hidden values were replaced with in this file: what its log says, else `<redacted>`.
    var placeholder: String {
        if case .string(let placeholder) = log[Self.placeholderKey] { return placeholder }
        return Redaction.default.replacement
    }

    /// How the file's text bodies turn into bytes: as mitmproxy reads them for files of mitmproxy and of
    /// Courier (which writes for that reading), as browsers' devtools write them for the others.
    var dialect: HAR.Dialect {
        guard case .object(let creator) = log["creator"], case .string(let name) = creator["name"] else {
            return .utf8Text
        }
        return ["mitmproxy", "courier"].contains(name.lowercased()) ? .latin1Fallback : .utf8Text
    }

    /// A new, empty file at `url` whose hidden values are `placeholder`.
    init(new url: URL, placeholder: String) {
        self.url = url
        log = [
            "version": .string(HAR.version),
            "creator": .object(["name": .string("Courier"), "version": .string(courierVersion)]),
            "pages": .array([]),
            Self.placeholderKey: .string(placeholder),
        ]
        trees = []
        entries = []
    }

    /// Reads the file at `url`.
    ///
    /// - Throws: ``CassetteError/missingFile(_:)`` when there is none; ``CassetteError/unreadableFile(_:reason:)``
    ///   when it is not HAR (not JSON, no `log`, an entry without a request or a response).
    init(contentsOf url: URL) throws(CourierError) {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw .underlying(CassetteError.missingFile(url), nil)
        }
        do {
            var data = try Data(contentsOf: url)
            if data.starts(with: [0xEF, 0xBB, 0xBF]) { data.removeFirst(3) }  // a byte order mark (Fiddler)
            let file = try JSONDecoder().decode(HAR.File.self, from: data)
            guard case .object(let root) = try JSONDecoder().decode(OpenAPIValue.self, from: data),
                case .object(var log) = root["log"]
            else { throw Unreadable("it has no log object") }
            var trees: [OpenAPIValue] = []
            if case .array(let entries) = log["entries"] { trees = entries }
            log["entries"] = nil
            self.url = url
            self.log = log
            self.trees = trees
            entries = file.log.entries ?? []
        } catch let error as Unreadable {
            throw .underlying(CassetteError.unreadableFile(url, reason: error.reason), nil)
        } catch let error as DecodingError {
            throw .underlying(
                CassetteError.unreadableFile(url, reason: ErrorText.ending(ErrorText.decodingReason(error))), nil)
        } catch {
            throw .underlying(
                CassetteError.unreadableFile(url, reason: ErrorText.ending(ErrorText.describe(error))), nil)
        }
    }

    /// Adds `entry` at the end.
    mutating func append(_ entry: HAR.Entry) throws {
        trees.append(try Self.tree(of: entry))
        entries.append(entry)
    }

    /// The JSON tree of `entry`.
    static func tree(of entry: HAR.Entry) throws -> OpenAPIValue {
        try JSONDecoder().decode(OpenAPIValue.self, from: JSONEncoder().encode(entry))
    }

    /// Writes the log with `trees` as its entries to ``url`` atomically (into a temporary file, then
    /// renamed over it), making its folder if need be: a reader, or a crash midway, sees the old file or
    /// the new one, never a part.
    ///
    /// - Throws: ``CassetteError/cannotWrite(_:reason:)``.
    func write(entries trees: [OpenAPIValue]) throws(CourierError) {
        var log = log
        log["entries"] = .array(trees)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            let data = Self.compactingEmptyContainers(try encoder.encode(OpenAPIValue.object(["log": .object(log)])))
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw .underlying(CassetteError.cannotWrite(url, reason: ErrorText.ending(ErrorText.describe(error))), nil)
        }
    }

    /// `json` with every empty array and object that the pretty printer spread over lines (`[`, a blank
    /// line, `]`) written `[]` and `{}`. A line break only occurs between tokens (in a string it is
    /// escaped), so only the file's layout changes.
    private static func compactingEmptyContainers(_ json: Data) -> Data {
        var output = Data(capacity: json.count)
        var index = json.startIndex
        while index < json.endIndex {
            let byte = json[index]
            output.append(byte)
            index += 1
            guard byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") else { continue }
            var next = index
            var sawLineBreak = false
            while next < json.endIndex, [0x20, 0x0A, 0x0D, 0x09].contains(json[next]) {
                sawLineBreak = sawLineBreak || json[next] == 0x0A
                next += 1
            }
            let closing = byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
            if sawLineBreak, next < json.endIndex, json[next] == closing {
                output.append(closing)
                index = next + 1
            }
        }
        return output
    }

    private struct Unreadable: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
