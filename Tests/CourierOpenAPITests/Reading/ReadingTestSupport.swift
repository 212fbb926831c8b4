import Foundation
import Testing

@testable import CourierOpenAPI

/// A document value without its locations, numbers compared by value: what the reader tests compare.
indirect enum PlainValue: Equatable, CustomStringConvertible {
    /// null.
    case null
    /// A boolean.
    case bool(Bool)
    /// An integer, in decimal (`-0` is `0`).
    case integer(String)
    /// Any other number, as Swift prints its `Double` (`inf`, `-inf`, `nan` included).
    case float(String)
    /// A string.
    case string(String)
    /// A sequence.
    case array([PlainValue])
    /// A mapping, its keys in order.
    case object([PlainEntry])

    /// The value of a node; with `markers`, an object `{"\u{0}float": "inf"}` (how
    /// `scripts/yaml-to-json.py` writes a float that is not finite) is that float.
    init(_ node: DocumentNode, markers: Bool = false) {
        switch node.value {
        case .null: self = .null
        case .bool(let bool): self = .bool(bool)
        case .integer(let text): self = .integer(text == "-0" ? "0" : text)
        case .number(let text): self = .float(Double(text).map { "\($0)" } ?? "unreadable \(text)")
        case .string(let string): self = .string(string)
        case .array(let elements): self = .array(elements.map { PlainValue($0, markers: markers) })
        case .object(let object):
            if markers, object.count == 1, let marker = object["\u{0}float"]?.string {
                self = .float(Double(marker).map { "\($0)" } ?? marker)
            } else {
                self = .object(
                    object.entries.map { PlainEntry(key: $0.key, value: PlainValue($0.value, markers: markers)) })
            }
        }
    }

    /// The value written compactly: strings quoted, keys not.
    var description: String {
        switch self {
        case .null: "null"
        case .bool(let bool): "\(bool)"
        case .integer(let text), .float(let text): text
        case .string(let string): "\"\(string)\""
        case .array(let elements): "[" + elements.map(\.description).joined(separator: ", ") + "]"
        case .object(let entries): "{" + entries.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        }
    }

    /// Where `self` and `other` first differ, as a JSON pointer and the two values; `nil` when equal.
    func difference(from other: PlainValue, at path: String = "#") -> String? {
        switch (self, other) {
        case (.array(let mine), .array(let theirs)):
            guard mine.count == theirs.count else { return "\(path): \(mine.count) elements, expected \(theirs.count)" }
            for (index, (element, expected)) in zip(mine, theirs).enumerated() {
                if let found = element.difference(from: expected, at: "\(path)/\(index)") { return found }
            }
            return nil
        case (.object(let mine), .object(let theirs)):
            guard mine.map(\.key) == theirs.map(\.key) else {
                return "\(path): keys \(mine.map(\.key)), expected \(theirs.map(\.key))"
            }
            for (entry, expected) in zip(mine, theirs) {
                if let found = entry.value.difference(from: expected.value, at: "\(path)/\(entry.key)") { return found }
            }
            return nil
        default:
            return self == other
                ? nil : "\(path): \(self.description.prefix(200)), expected \(other.description.prefix(200))"
        }
    }
}

/// A key and its value in a ``PlainValue`` mapping.
struct PlainEntry: Equatable {
    /// The key.
    var key: String
    /// The value.
    var value: PlainValue
}

/// What the reader tests share: reading snippets, the fixtures, and the repository's paths.
enum ReadingTestSupport {
    /// The repository's root folder.
    static let root: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path
    }()

    /// Every file under `Tests/OpenAPIFixtures` whose name ends with one of `extensions`, sorted.
    static func fixtures(_ extensions: [String]) -> [String] {
        let folder = URL(fileURLWithPath: root + "/Tests/OpenAPIFixtures").resolvingSymlinksInPath().path
        let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        return files.filter { file in extensions.contains { file.hasSuffix("." + $0) } }.sorted()
            .map { folder + "/" + $0 }
    }

    /// The bytes of the file at `path`.
    static func contents(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DocumentReadError(
                message: "cannot read \(path)", location: SourceLocation(file: path, line: 0, column: 0))
        }
        return [UInt8](data)
    }

    /// The tree of the YAML `text`.
    static func yaml(_ text: String) throws -> DocumentNode {
        try YAMLReader.read(Array(text.utf8), file: "test.yaml")
    }

    /// The value of the YAML `text`, without locations.
    static func plainYAML(_ text: String) throws -> PlainValue { PlainValue(try yaml(text)) }

    /// The value of the JSON `text`, without locations.
    static func plainJSON(_ text: String) throws -> PlainValue {
        PlainValue(try JSONReader.read(Array(text.utf8), file: "test.json"))
    }

    /// The error reading the YAML `text` gives, or `nil` when it reads.
    static func yamlError(_ text: String) -> DocumentReadError? {
        do {
            _ = try YAMLReader.read(Array(text.utf8), file: "test.yaml")
            return nil
        } catch {
            return error
        }
    }

    /// The error reading the JSON `text` gives, or `nil` when it reads.
    static func jsonError(_ text: String) -> DocumentReadError? {
        do {
            _ = try JSONReader.read(Array(text.utf8), file: "test.json")
            return nil
        } catch {
            return error
        }
    }
}
