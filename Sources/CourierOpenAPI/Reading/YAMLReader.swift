/// Reads a YAML 1.2 document of the kind OpenAPI documents are written in into a ``DocumentNode``
/// that knows where each value was written.
///
/// Block and flow collections, every scalar style, anchors and aliases (an alias is a copy of its
/// node), tags of the core schema, comments, `%` directives (skipped) and the `---`/`...` markers of
/// one document are read; scalars resolve by the YAML 1.2 core schema (`yes` and `no` are strings),
/// and keys are strings (`200:` is the key "200"). `<<` merge keys, a YAML 1.1 feature most tools
/// keep, are applied. A second document, a key written twice and tabs in indentation are errors.
enum YAMLReader {
    /// The document `bytes`, read from `file` (the name given in locations and errors).
    static func read(_ bytes: [UInt8], file: String) throws(DocumentReadError) -> DocumentNode {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(DocumentReadError) -> DocumentNode in
                var parser = YAMLParser(bytes: buffer, file: file)
                return try parser.parseStream()
            }
        }
        return try result.get()
    }
}

/// A node as parsed, and the text of its scalar (the string it is as a key), `nil` for a collection.
struct YAMLParsed {
    /// The node.
    var node: DocumentNode
    /// The scalar's text, as a key uses it.
    var text: String?
    /// Whether this is the plain, untagged scalar `<<`: as a key, a merge key.
    var isMergeKey = false
}

/// The state of reading one YAML document: the bytes, how far the reading is, the anchors so far.
struct YAMLParser {
    /// The document.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next byte to read.
    var position = 0
    /// The offset where the line `position` is on starts.
    var lineStart = 0
    /// How many collections the reading is inside.
    var depth = 0
    /// The nodes anchored so far, by anchor name.
    var anchors: [String: YAMLParsed] = [:]
    /// Names the line and column of offsets.
    var locator: TextLocator

    /// A parser at the start of `bytes`.
    init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.locator = TextLocator(bytes: bytes, file: file)
    }

    /// The byte at `offset`, or 0 past the end.
    @inline(__always) func byte(at offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }

    /// The byte at `position`, or 0 at the end.
    @inline(__always) var current: UInt8 { byte(at: position) }

    /// Whether `position` is past the last byte.
    @inline(__always) var atEnd: Bool { position >= bytes.count }

    /// Where `offset` is.
    mutating func location(at offset: Int) -> SourceLocation { locator.location(at: offset) }

    /// An error saying `message` at `offset`.
    mutating func error(_ message: String, at offset: Int) -> DocumentReadError {
        locator.error(message, at: offset)
    }

    /// An error for the character at `offset`, which is not what `expected` names.
    mutating func unexpected(_ expected: String, at offset: Int) -> DocumentReadError {
        error("expected \(expected), found \(DocumentText.describe(bytes, at: offset))", at: offset)
    }

    /// Enters a node that may nest, at `offset`, refusing to go past ``DocumentText/maximumDepth``.
    mutating func enter(at offset: Int) throws(DocumentReadError) {
        depth += 1
        if depth > DocumentText.maximumDepth {
            throw error("collections nest more than \(DocumentText.maximumDepth) deep", at: offset)
        }
    }

    /// The document: directives and comments before it, one node, and only comments or `...` after it.
    mutating func parseStream() throws(DocumentReadError) -> DocumentNode {
        if let bad = DocumentText.firstInvalidByte(in: bytes, controls: true) {
            throw error(DocumentText.invalidByteMessage(bytes, at: bad), at: bad)
        }
        if byte(at: 0) == 0xEF && byte(at: 1) == 0xBB && byte(at: 2) == 0xBF {
            position = 3
            lineStart = 3
        }
        var directive: Int?
        var parsed: YAMLParsed?
        while parsed == nil {
            guard try moveToNextContent() != nil || isDocumentMarker(UInt8(ascii: "-")) else {
                if let directive { throw error("a directive must be followed by '---'", at: directive) }
                let empty = DocumentNode(value: .null, location: location(at: position))
                try finishDocument()
                return empty
            }
            if current == UInt8(ascii: "%") && position == lineStart {
                directive = directive ?? position
                while !atEnd && !isBreak(current) { position += 1 }
            } else if isDocumentMarker(UInt8(ascii: "-")) {
                position += 3
                guard isWhitespaceOrEnd(at: position) else { throw unexpected("a space after '---'", at: position) }
                parsed = try parseBlockNode(parentIndent: -1, compact: true, isMappingValue: false)
            } else if let directive {
                throw error("a directive must be followed by '---'", at: directive)
            } else {
                parsed = try parseBlockNode(parentIndent: -1, compact: true, isMappingValue: false)
            }
        }
        try finishDocument()
        return parsed?.node ?? DocumentNode(value: .null, location: location(at: 0))
    }

    /// Checks that nothing but comments and an optional `...` follows the document's node.
    mutating func finishDocument() throws(DocumentReadError) {
        if try moveToNextContent() != nil {
            throw unexpected("the end of the document (is this line indented too far or too little?)", at: position)
        }
        if isDocumentMarker(UInt8(ascii: ".")) {
            position += 3
            if try moveToNextContent() != nil || isDocumentMarker(UInt8(ascii: ".")) {
                throw error("this reader reads one document, and its '...' is followed by more", at: position)
            }
        }
        if isDocumentMarker(UInt8(ascii: "-")) {
            throw error("this reader reads one document, and a second one starts here with '---'", at: position)
        }
    }
}
