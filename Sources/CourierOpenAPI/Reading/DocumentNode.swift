/// Where a value was written in a document: the file, and the line and column (both counted from 1).
struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file's path as it was given (or resolved from a `$ref`).
    var file: String
    /// The line, from 1.
    var line: Int
    /// The column, from 1, in Unicode scalars.
    var column: Int

    var description: String { "\(file):\(line):\(column)" }
}

/// A value of a JSON or YAML document, with where it was written: what both readers produce and what the
/// rest of the generator reads. Objects keep the order of their keys as written.
struct DocumentNode: Sendable {
    /// The value itself.
    enum Value: Sendable {
        /// `null`, `~` or an empty YAML value.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// An integer, as written (without a leading `+`; YAML's `0x`/`0o` forms turned into decimal).
        case integer(String)
        /// Any other number, as written (`1.5`, `1e3`; YAML's `.inf`/`.nan` as `inf`, `-inf`, `nan`).
        case number(String)
        /// A string.
        case string(String)
        /// A sequence.
        case array([DocumentNode])
        /// A mapping, its keys in the order written.
        case object(DocumentObject)
    }

    /// The value.
    var value: Value
    /// Where it starts.
    var location: SourceLocation

    /// The mapping, if this is one.
    var object: DocumentObject? { if case .object(let object) = value { object } else { nil } }
    /// The sequence, if this is one.
    var array: [DocumentNode]? { if case .array(let array) = value { array } else { nil } }
    /// The string, if this is one.
    var string: String? { if case .string(let string) = value { string } else { nil } }
    /// The boolean, if this is one.
    var bool: Bool? { if case .bool(let bool) = value { bool } else { nil } }
    /// The number as written, integer or not.
    var numberText: String? {
        switch value {
        case .integer(let text), .number(let text): text
        default: nil
        }
    }
    /// The value of `key`, if this is a mapping that has it.
    subscript(key: String) -> DocumentNode? { object?[key] }
}

/// A mapping of a document: its entries in the order written, and a look-up by key.
struct DocumentObject: Sendable {
    /// The entries as written. A key written twice keeps its last value, at the place of its first.
    private(set) var entries: [(key: String, value: DocumentNode)] = []
    private var index: [String: Int] = [:]

    init() {}

    /// Adds `value` under `key`, or replaces the value a key already has.
    mutating func set(_ value: DocumentNode, for key: String) {
        if let position = index[key] {
            entries[position].value = value
        } else {
            index[key] = entries.count
            entries.append((key, value))
        }
    }

    /// The value of `key`.
    subscript(key: String) -> DocumentNode? { index[key].map { entries[$0].value } }
    /// The keys in the order written.
    var keys: [String] { entries.map(\.key) }
    /// How many entries there are.
    var count: Int { entries.count }
}

/// A document that could not be read: the reason and where.
struct DocumentReadError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, in a sentence.
    var message: String
    /// Where.
    var location: SourceLocation

    var description: String { "\(location): error: \(message)" }
}
