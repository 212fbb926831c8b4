/// ``JSONPointer``'s tokens and pointers, without Foundation's string searches for the common pointer
/// that has no escapes (`~0`, `~1`, `%…`): the bundler splits and joins one or two per `$ref`, and a
/// document of thousands of `$ref`s spent most of its bundling time in them.
enum ReferencePointer {
    /// The tokens of `pointer` (with or without its `#`), as ``JSONPointer/tokens(_:)`` gives them.
    static func tokens(_ pointer: String) -> [String] {
        let utf8 = pointer.utf8
        guard !utf8.contains(UInt8(ascii: "~")), !utf8.contains(UInt8(ascii: "%")) else {
            return JSONPointer.tokens(pointer)
        }
        var text = Substring(pointer)
        if text.hasPrefix("#") { text = text.dropFirst() }
        guard !text.isEmpty else { return [] }
        return text.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
    }

    /// The pointer (with its `#`) made of `tokens`, as ``JSONPointer/make(_:)`` makes it.
    static func make(_ tokens: some Collection<String>) -> String {
        let plain = tokens.allSatisfy { !$0.utf8.contains(UInt8(ascii: "~")) && !$0.utf8.contains(UInt8(ascii: "/")) }
        guard plain else { return JSONPointer.make(Array(tokens)) }
        var pointer = "#"
        for token in tokens {
            pointer += "/"
            pointer += token
        }
        return pointer
    }

    /// Whether a `$ref`'s fragment (after the `#`, still escaped) is a JSON pointer: empty, or starting
    /// with `/` once its percent-escapes are decoded (else it names an anchor).
    static func isPointer(_ fragment: String) -> Bool {
        if fragment.isEmpty || fragment.hasPrefix("/") { return true }
        return fragment.hasPrefix("%2F") || fragment.hasPrefix("%2f")
    }
}
