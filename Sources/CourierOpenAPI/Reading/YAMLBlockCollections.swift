/// A scalar, alias or flow collection that fits on a line, read before it is known whether it is a
/// mapping's key.
enum YAMLCandidate {
    /// A scalar not yet resolved: its text (of its first line, if plain), whether it is plain, where it
    /// starts.
    case scalar(text: String, plain: Bool, offset: Int)
    /// An alias or a flow collection.
    case node(YAMLParsed)
}

/// Block collections: mappings and sequences by indentation, and the nodes in them.
extension YAMLParser {
    /// Whether `position` is at a block sequence's `-` (followed by whitespace).
    var atSequenceEntry: Bool { current == UInt8(ascii: "-") && isWhitespaceOrEnd(at: position + 1) }

    /// A node in block context, at `position`: just after the `-`, `?` or `:` it belongs to (or `---`),
    /// or at the first character of its line. Block collections nest deeper than `parentIndent`;
    /// `compact` says one may start on this line (not after an implicit key's `:`); `isMappingValue`
    /// lets a sequence at the mapping's own indentation be the value. `outer` holds properties written
    /// on the lines before.
    mutating func parseBlockNode(
        parentIndent: Int, compact: Bool, isMappingValue: Bool, outer: YAMLProperties = YAMLProperties()
    ) throws(DocumentReadError) -> YAMLParsed {
        try enter(at: position)
        defer { depth -= 1 }
        skipBlanks()
        let nodeStart = position
        let inner = try parseProperties(flow: false)
        if atLineEnd {
            let properties = try merge(outer, inner)
            let emptyLocation = location(at: position)
            if let indent = try moveToNextContent() {
                if indent > parentIndent {
                    // The same node, on its next line: not one level deeper.
                    depth -= 1
                    defer { depth += 1 }
                    return try parseBlockNode(
                        parentIndent: parentIndent, compact: true, isMappingValue: false, outer: properties)
                }
                if indent == parentIndent && isMappingValue && atSequenceEntry {
                    return try finish(parseBlockSequence(indent: indent), properties)
                }
            }
            return try finish(resolve("", plain: true, properties, at: emptyLocation), properties)
        }
        let column = nodeStart - lineStart
        if atSequenceEntry || (current == UInt8(ascii: "?") && isWhitespaceOrEnd(at: position + 1)) {
            let what = atSequenceEntry ? "a block sequence" : "an explicit key ('? ')"
            guard compact else { throw error("\(what) cannot start on the line of its key", at: position) }
            guard inner.isEmpty else {
                throw error("\(what) cannot start on the line of an anchor or tag", at: position)
            }
            let collection =
                atSequenceEntry ? try parseBlockSequence(indent: column) : try parseBlockMapping(indent: column)
            return try finish(collection, outer)
        }
        if current == UInt8(ascii: "|") || current == UInt8(ascii: ">") {
            let properties = try merge(outer, inner)
            return try finish(parseBlockScalar(parentIndent: parentIndent, properties), properties)
        }
        let startLine = lineStart
        let candidate = try parseCandidate(inner)
        let afterCandidate = position
        skipBlanks()
        if current == UInt8(ascii: ":") && isWhitespaceOrEnd(at: position + 1) {
            guard compact else {
                throw error(
                    "a mapping value is not allowed here (a mapping cannot start on the line of its key, and a "
                        + "plain value cannot contain ': ', quote it)", at: position)
            }
            guard lineStart == startLine else { throw error("a mapping key must be on one line", at: nodeStart) }
            let key = try finishCandidate(candidate, inner, parentIndent: nil)
            return try finish(parseBlockMapping(indent: column, firstKey: (key, nodeStart)), outer)
        }
        position = afterCandidate
        let properties = try merge(outer, inner)
        return try finishCandidate(candidate, properties, parentIndent: parentIndent)
    }

    /// A scalar, alias or flow collection at `position` (after its properties `properties`); of a plain
    /// scalar, its first line only.
    mutating func parseCandidate(_ properties: YAMLProperties) throws(DocumentReadError) -> YAMLCandidate {
        let start = position
        switch current {
        case UInt8(ascii: "*"):
            guard properties.isEmpty else { throw error("an alias cannot have an anchor or a tag", at: start) }
            return .node(try parseAlias())
        case UInt8(ascii: "\""): return .scalar(text: try parseDoubleQuoted(), plain: false, offset: start)
        case UInt8(ascii: "'"): return .scalar(text: try parseSingleQuoted(), plain: false, offset: start)
        case UInt8(ascii: "["), UInt8(ascii: "{"): return .node(try parseFlowCollection())
        default:
            guard canStartPlain(flow: false) else { throw unexpected("a value", at: start) }
            let end = scanPlainLine(flow: false)
            return .scalar(text: DocumentText.string(bytes, start..<end), plain: true, offset: start)
        }
    }

    /// The node `candidate` is, with `properties`: a scalar resolved (a plain one first continued on
    /// the lines after it deeper than `parentIndent`, unless `nil`: a key), an anchor recorded.
    mutating func finishCandidate(_ candidate: YAMLCandidate, _ properties: YAMLProperties, parentIndent: Int?)
        throws(DocumentReadError) -> YAMLParsed
    {
        switch candidate {
        case .node(let parsed):
            return try finish(parsed, properties)
        case .scalar(var text, let plain, let offset):
            let scalarLocation = location(at: offset)
            if plain, let parentIndent { text = try continuePlain(text, parentIndent: parentIndent, flow: false) }
            return try finish(resolve(text, plain: plain, properties, at: scalarLocation), properties)
        }
    }

    /// A block mapping whose keys are at column `indent` (from 0), at its first key, or just past it
    /// (at its `:`) when `firstKey` was read already.
    mutating func parseBlockMapping(indent: Int, firstKey: (key: YAMLParsed, offset: Int)? = nil)
        throws(DocumentReadError) -> YAMLParsed
    {
        let mappingLocation = location(at: firstKey?.offset ?? position)
        var builder = YAMLMappingBuilder()
        var pending = firstKey
        while true {
            let key: YAMLParsed
            let keyOffset: Int
            let value: YAMLParsed
            if let first = pending {
                (key, keyOffset) = first
                position += 1
                value = try parseBlockNode(parentIndent: indent, compact: false, isMappingValue: true)
            } else if current == UInt8(ascii: "?") && isWhitespaceOrEnd(at: position + 1) {
                keyOffset = position
                position += 1
                key = try parseBlockNode(parentIndent: indent, compact: true, isMappingValue: false)
                if try moveToNextContent() == indent && current == UInt8(ascii: ":")
                    && isWhitespaceOrEnd(at: position + 1)
                {
                    position += 1
                    value = try parseBlockNode(parentIndent: indent, compact: true, isMappingValue: true)
                } else {
                    value = YAMLParsed(node: DocumentNode(value: .null, location: location(at: position)), text: "")
                }
            } else {
                keyOffset = position
                let properties = try parseProperties(flow: false)
                let startLine = lineStart
                let candidate = try parseCandidate(properties)
                skipBlanks()
                guard current == UInt8(ascii: ":") && isWhitespaceOrEnd(at: position + 1) else {
                    throw unexpected("':' after the mapping key", at: position)
                }
                guard lineStart == startLine else { throw error("a mapping key must be on one line", at: keyOffset) }
                key = try finishCandidate(candidate, properties, parentIndent: nil)
                position += 1
                value = try parseBlockNode(parentIndent: indent, compact: false, isMappingValue: true)
            }
            pending = nil
            let text = try keyText(key, at: keyOffset)
            try builder.add(key: text, isMergeKey: key.isMergeKey, value: value.node) { message in
                self.error(message, at: keyOffset)
            }
            guard let next = try moveToNextContent(), next >= indent else { break }
            if next > indent {
                throw error(
                    "this line is indented more than the keys of its mapping (column \(indent + 1)) but continues no value",
                    at: position)
            }
            if atSequenceEntry { throw error("a sequence entry cannot be among the keys of a mapping", at: position) }
        }
        return YAMLParsed(node: builder.node(at: mappingLocation), text: nil)
    }

    /// A block sequence whose `-` are at column `indent` (from 0), at its first `-`.
    mutating func parseBlockSequence(indent: Int) throws(DocumentReadError) -> YAMLParsed {
        let sequenceLocation = location(at: position)
        var elements: [DocumentNode] = []
        while true {
            position += 1
            elements.append(try parseBlockNode(parentIndent: indent, compact: true, isMappingValue: false).node)
            guard let next = try moveToNextContent(), next >= indent else { break }
            if next > indent {
                throw error(
                    "this line is indented more than the entries of its sequence (column \(indent + 1)) but continues no "
                        + "value", at: position)
            }
            guard atSequenceEntry else { break }
        }
        return YAMLParsed(node: DocumentNode(value: .array(elements), location: sequenceLocation), text: nil)
    }
}
