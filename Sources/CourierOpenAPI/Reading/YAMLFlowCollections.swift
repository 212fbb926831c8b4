/// Flow collections: `[...]` and `{...}`, nested and over lines.
extension YAMLParser {
    /// A flow sequence or mapping, at its `[` or `{`.
    mutating func parseFlowCollection() throws(DocumentReadError) -> YAMLParsed {
        let start = position
        try enter(at: start)
        defer { depth -= 1 }
        let collectionLocation = location(at: start)
        let isSequence = current == UInt8(ascii: "[")
        let closing = isSequence ? UInt8(ascii: "]") : UInt8(ascii: "}")
        position += 1
        var elements: [DocumentNode] = []
        var builder = YAMLMappingBuilder()
        while true {
            try skipFlowWhitespace()
            if current == closing {
                position += 1
                break
            }
            guard !atEnd else {
                let what = isSequence ? "sequence" : "mapping"
                throw error(
                    "the flow \(what) that starts here is not closed with '\(Character(Unicode.Scalar(closing)))'",
                    at: start)
            }
            let entryStart = position
            if isSequence {
                elements.append(try parseFlowSequenceEntry())
            } else {
                let (key, value) = try parseFlowPair()
                let text = try keyText(key, at: entryStart)
                try builder.add(key: text, isMergeKey: key.isMergeKey, value: value.node) { message in
                    self.error(message, at: entryStart)
                }
            }
            try skipFlowWhitespace()
            if current == UInt8(ascii: ",") {
                position += 1
            } else if current != closing {
                let expected = isSequence ? "',' or ']'" : "',' or '}'"
                throw unexpected(
                    "\(expected) in the flow collection that starts at \(collectionLocation.line):\(collectionLocation.column)",
                    at: position)
            }
        }
        if isSequence {
            return YAMLParsed(node: DocumentNode(value: .array(elements), location: collectionLocation), text: nil)
        }
        return YAMLParsed(node: builder.node(at: collectionLocation), text: nil)
    }

    /// An entry of a flow sequence: a node, or a mapping of one pair (`a: b` or `? a : b`).
    mutating func parseFlowSequenceEntry() throws(DocumentReadError) -> DocumentNode {
        let entryStart = position
        let entryLocation = location(at: entryStart)
        let startLine = lineStart
        if atExplicitFlowKey {
            let (key, value) = try parseFlowPair()
            return try singlePair(key, value, at: entryLocation, entryStart)
        }
        let (node, jsonLike) = try parseFlowNode()
        let afterNode = position
        skipBlanks()
        guard atFlowValueIndicator(afterJSONLike: jsonLike) else {
            position = afterNode
            return node.node
        }
        guard lineStart == startLine else {
            throw error("the key of a pair in a flow sequence must be on one line", at: entryStart)
        }
        position += 1
        let value = try parseFlowValue()
        return try singlePair(node, value, at: entryLocation, entryStart)
    }

    /// The mapping of the one pair `key`: `value`, an entry of a flow sequence.
    mutating func singlePair(_ key: YAMLParsed, _ value: YAMLParsed, at location: SourceLocation, _ offset: Int)
        throws(DocumentReadError) -> DocumentNode
    {
        var builder = YAMLMappingBuilder()
        try builder.add(key: keyText(key, at: offset), isMergeKey: key.isMergeKey, value: value.node) { message in
            self.error(message, at: offset)
        }
        return builder.node(at: location)
    }

    /// Whether `position` is at a `?` that starts an explicit key in a flow collection.
    var atExplicitFlowKey: Bool {
        current == UInt8(ascii: "?") && (isWhitespaceOrEnd(at: position + 1) || isFlowIndicator(byte(at: position + 1)))
    }

    /// Whether `position` is at the `:` before a value: followed by whitespace or a flow indicator, or
    /// straight after a quoted scalar or a flow collection (`afterJSONLike`).
    func atFlowValueIndicator(afterJSONLike: Bool) -> Bool {
        current == UInt8(ascii: ":")
            && (afterJSONLike || isWhitespaceOrEnd(at: position + 1) || isFlowIndicator(byte(at: position + 1)))
    }

    /// A key and its value in a flow mapping (or after `?` in a flow sequence): `? key : value`,
    /// `key: value`, or a key alone (its value null).
    mutating func parseFlowPair() throws(DocumentReadError) -> (YAMLParsed, YAMLParsed) {
        var key: YAMLParsed
        var jsonLike = false
        if atExplicitFlowKey {
            position += 1
            try skipFlowWhitespace()
            if current == UInt8(ascii: ":") || current == UInt8(ascii: ",") || isFlowIndicator(current) {
                key = try resolve("", plain: true, YAMLProperties(), at: location(at: position))
            } else {
                (key, jsonLike) = try parseFlowNode()
            }
        } else if current == UInt8(ascii: ":")
            && (isWhitespaceOrEnd(at: position + 1) || isFlowIndicator(byte(at: position + 1)))
        {
            throw error("a mapping key is missing before ':'", at: position)
        } else {
            (key, jsonLike) = try parseFlowNode()
        }
        try skipFlowWhitespace()
        guard atFlowValueIndicator(afterJSONLike: jsonLike) else {
            return (key, YAMLParsed(node: DocumentNode(value: .null, location: location(at: position)), text: ""))
        }
        position += 1
        return (key, try parseFlowValue())
    }

    /// The value after a `:` in a flow collection; null when none is written.
    mutating func parseFlowValue() throws(DocumentReadError) -> YAMLParsed {
        try skipFlowWhitespace()
        if current == UInt8(ascii: ",") || current == UInt8(ascii: "]") || current == UInt8(ascii: "}") {
            return try resolve("", plain: true, YAMLProperties(), at: location(at: position))
        }
        return try parseFlowNode().node
    }

    /// A node inside a flow collection, and whether it is a quoted scalar or a flow collection (after
    /// which a `:` needs no space).
    mutating func parseFlowNode() throws(DocumentReadError) -> (node: YAMLParsed, jsonLike: Bool) {
        let properties = try parseProperties(flow: true)
        let start = position
        switch current {
        case UInt8(ascii: "*"):
            guard properties.isEmpty else { throw error("an alias cannot have an anchor or a tag", at: start) }
            return (try parseAlias(), false)
        case UInt8(ascii: "\""):
            let text = try parseDoubleQuoted()
            return (try finish(resolve(text, plain: false, properties, at: location(at: start)), properties), true)
        case UInt8(ascii: "'"):
            let text = try parseSingleQuoted()
            return (try finish(resolve(text, plain: false, properties, at: location(at: start)), properties), true)
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            return (try finish(parseFlowCollection(), properties), true)
        default:
            if canStartPlain(flow: true) {
                let scalarLocation = location(at: start)
                let end = scanPlainLine(flow: true)
                let text = try continuePlain(DocumentText.string(bytes, start..<end), parentIndent: -1, flow: true)
                return (try finish(resolve(text, plain: true, properties, at: scalarLocation), properties), false)
            }
            guard !properties.isEmpty && (isFlowIndicator(current) || current == UInt8(ascii: ":")) else {
                throw unexpected("a value", at: start)
            }
            return (try finish(resolve("", plain: true, properties, at: location(at: start)), properties), false)
        }
    }
}
