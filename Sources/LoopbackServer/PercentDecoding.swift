/// Percent-decoding of request-target components.
enum PercentDecoding {
    /// Decodes `%XX` escapes in `text` as UTF-8 (invalid sequences become U+FFFD); `+` is left alone.
    ///
    /// A `%` not followed by two hex digits is kept literally.
    static func decode(_ text: Substring) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
        let input = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            if input[index] == UInt8(ascii: "%"), index + 2 < input.count,
                let high = hexValue(input[index + 1]), let low = hexValue(input[index + 2])
            {
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(input[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Splits a raw query on `&`, then each item on its first `=`, decoding names and values.
    ///
    /// Empty items are skipped, an item without `=` has the value `""`, and the last duplicate wins.
    static func queryItems(of query: String) -> [String: String] {
        var items: [String: String] = [:]
        for item in query.split(separator: "&", omittingEmptySubsequences: true) {
            if let equals = item.firstIndex(of: "=") {
                items[decode(item[..<equals])] = decode(item[item.index(after: equals)...])
            } else {
                items[decode(item)] = ""
            }
        }
        return items
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
