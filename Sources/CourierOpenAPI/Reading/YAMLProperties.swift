/// The anchor and the tag written before a node.
struct YAMLProperties {
    /// The anchor's name, without its `&`.
    var anchor: String?
    /// The tag, resolved: `tag:yaml.org,2002:str` for `!!str`, `!` for the non-specific tag, a local tag
    /// as written.
    var tag: String?
    /// Where the first of them starts.
    var start: Int?

    /// Whether there is neither.
    var isEmpty: Bool { anchor == nil && tag == nil }

    /// The tag as a reader writes it in a message (`!!str` for the core schema's).
    var tagName: String {
        guard let tag else { return "" }
        return tag.hasPrefix(YAMLParser.coreTagPrefix) ? "!!" + tag.dropFirst(YAMLParser.coreTagPrefix.count) : tag
    }
}

/// Anchors, tags and aliases, and what they do to a node.
extension YAMLParser {
    /// What `!!` stands for.
    static let coreTagPrefix = "tag:yaml.org,2002:"

    /// Whether `byte` may be in an anchor's name: anything but whitespace and `,[]{}`.
    func isAnchorByte(_ byte: UInt8) -> Bool {
        !(byte == 0x20 || byte == 0x09 || isBreak(byte) || isFlowIndicator(byte) || byte == 0)
    }

    /// The anchor and tag at `position`, in either order, each followed by whitespace (in a flow
    /// collection, a flow indicator may follow a tag at once). The whitespace after them on the line is
    /// skipped too (across lines in a flow collection).
    mutating func parseProperties(flow: Bool) throws(DocumentReadError) -> YAMLProperties {
        var properties = YAMLProperties()
        while true {
            let start = position
            if current == UInt8(ascii: "&") {
                guard properties.anchor == nil else { throw error("a node has two anchors", at: start) }
                position += 1
                while position < bytes.count && isAnchorByte(bytes[position]) { position += 1 }
                guard position > start + 1 else { throw error("an anchor needs a name after '&'", at: start) }
                properties.anchor = DocumentText.string(bytes, start + 1..<position)
            } else if current == UInt8(ascii: "!") {
                guard properties.tag == nil else { throw error("a node has two tags", at: start) }
                properties.tag = try parseTag()
            } else {
                return properties
            }
            properties.start = properties.start ?? start
            guard isWhitespaceOrEnd(at: position) || (flow && isFlowIndicator(current)) else {
                throw unexpected("a space after the anchor or tag", at: position)
            }
            if flow { try skipFlowWhitespace() } else { skipBlanks() }
        }
    }

    /// A tag at its `!`: `!<verbatim>`, `!!core`, `!local`, `!handle!suffix` or the non-specific `!`.
    mutating func parseTag() throws(DocumentReadError) -> String {
        let start = position
        position += 1
        if current == UInt8(ascii: "<") {
            while !atEnd && current != UInt8(ascii: ">") && !isWhitespaceOrEnd(at: position) { position += 1 }
            guard current == UInt8(ascii: ">"), position > start + 2 else {
                throw error("a verbatim tag '!<...>' is not closed with '>'", at: start)
            }
            position += 1
            return DocumentText.string(bytes, start + 2..<position - 1)
        }
        while position < bytes.count && isAnchorByte(bytes[position]) { position += 1 }
        let text = DocumentText.string(bytes, start..<position)
        if text.hasPrefix("!!") { return Self.coreTagPrefix + text.dropFirst(2) }
        return text
    }

    /// The node an alias at `position` (its `*`) names: a copy of the anchored node, locations included.
    mutating func parseAlias() throws(DocumentReadError) -> YAMLParsed {
        let start = position
        position += 1
        while position < bytes.count && isAnchorByte(bytes[position]) { position += 1 }
        guard position > start + 1 else { throw error("an alias needs a name after '*'", at: start) }
        let name = DocumentText.string(bytes, start + 1..<position)
        guard let parsed = anchors[name] else {
            throw error("the alias *\(name) names no anchor defined before it", at: start)
        }
        return parsed
    }

    /// `parsed` with `properties` applied: a collection's tag checked (a scalar's was applied when it was
    /// resolved) and its anchor recorded.
    mutating func finish(_ parsed: YAMLParsed, _ properties: YAMLProperties) throws(DocumentReadError)
        -> YAMLParsed
    {
        if let tag = properties.tag, parsed.text == nil {
            let expected: String
            switch parsed.node.value {
            case .array: expected = "seq"
            default: expected = "map"
            }
            let core = tag.hasPrefix(Self.coreTagPrefix)
            if core && tag != Self.coreTagPrefix + expected && !(expected == "seq" && tag.hasSuffix(":omap")) {
                let kind = expected == "seq" ? "a sequence" : "a mapping"
                throw error("the tag \(properties.tagName) cannot be on \(kind)", at: properties.start ?? position)
            }
        }
        if let anchor = properties.anchor { anchors[anchor] = parsed }
        return parsed
    }

    /// The key that `parsed` is: the text of a scalar. A collection as a key is an error at `offset`.
    mutating func keyText(_ parsed: YAMLParsed, at offset: Int) throws(DocumentReadError) -> String {
        guard let text = parsed.text else {
            throw error("a mapping key must be a scalar, not a collection", at: offset)
        }
        return text
    }

    /// The properties `outer` (before a node's line) and `inner` (on its line) as one node's; a node with
    /// two anchors or two tags is an error.
    mutating func merge(_ outer: YAMLProperties, _ inner: YAMLProperties) throws(DocumentReadError)
        -> YAMLProperties
    {
        if outer.isEmpty { return inner }
        if inner.isEmpty { return outer }
        if outer.anchor != nil && inner.anchor != nil { throw error("a node has two anchors", at: inner.start ?? 0) }
        if outer.tag != nil && inner.tag != nil { throw error("a node has two tags", at: inner.start ?? 0) }
        return YAMLProperties(anchor: outer.anchor ?? inner.anchor, tag: outer.tag ?? inner.tag, start: outer.start)
    }
}
