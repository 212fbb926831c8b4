import Foundation

/// RFC 6901 JSON pointers into a ``DocumentNode``: `#/components/schemas/Pet`, `~1` for `/`, `~0` for `~`.
enum JSONPointer {
    /// The tokens of a pointer (`/a/b~1c` is `["a", "b/c"]`), with or without its leading `#`, and with
    /// percent-escapes of a URI fragment decoded.
    static func tokens(_ pointer: String) -> [String] {
        var text = Substring(pointer)
        if text.hasPrefix("#") { text = text.dropFirst() }
        let decoded =
            text.utf8.contains(UInt8(ascii: "%"))
            ? (String(text).removingPercentEncoding ?? String(text)) : String(text)
        guard !decoded.isEmpty else { return [] }
        return decoded.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            $0.utf8.contains(UInt8(ascii: "~"))
                ? $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~") : String($0)
        }
    }

    /// The pointer (with its leading `#`) made of `tokens`.
    static func make(_ tokens: [String]) -> String {
        var pointer = "#"
        for token in tokens {
            pointer += "/"
            if token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
                pointer += token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            } else {
                pointer += token
            }
        }
        return pointer
    }
}

extension DocumentNode {
    /// The node `pointer` names below this one (`#` or an empty pointer is this node itself).
    func resolve(pointer: String) -> DocumentNode? {
        var node = self
        for token in JSONPointer.tokens(pointer) {
            switch node.value {
            case .object(let object):
                guard let next = object[token] else { return nil }
                node = next
            case .array(let array):
                guard let index = Int(token), array.indices.contains(index) else { return nil }
                node = array[index]
            default:
                return nil
            }
        }
        return node
    }
}
