/// A string that matches a `pattern` of the kind documents give identifiers (`^AC[0-9a-fA-F]{32}$`,
/// `^[a-z]+(-[a-z]+)*$`): literals, escapes, character classes, groups with alternatives and
/// quantifiers, each written the fewest times it allows. `nil` for what it does not read; the caller
/// checks the result against the pattern.
struct PatternSample {
    /// The longest sample made.
    static let longest = 4_096

    private let characters: [Character]
    private var index = 0

    /// A string for `pattern`, or `nil`.
    static func text(matching pattern: String) -> String? {
        var reader = PatternSample(characters: Array(pattern))
        guard let text = reader.sequence(), reader.index == reader.characters.count else { return nil }
        return text
    }

    private init(characters: [Character]) { self.characters = characters }

    private var current: Character? { index < characters.count ? characters[index] : nil }

    /// Atoms with their quantifiers, up to the end, a `)`, or a `|` (whose other alternatives are skipped).
    private mutating func sequence() -> String? {
        var text = ""
        while let character = current, character != ")" {
            if character == "|" {
                skipAlternatives()
                break
            }
            // Nested quantifiers multiply: a sample longer than a document would ask for is not made.
            guard let atom = atom(), let count = quantifier(), count <= Self.longest,
                text.count + atom.count * count <= Self.longest
            else { return nil }
            text += String(repeating: atom, count: count)
        }
        return text
    }

    /// One atom's text.
    private mutating func atom() -> String? {
        guard let character = current else { return nil }
        index += 1
        switch character {
        case "^", "$": return ""
        case ".": return "a"
        case "*", "+", "?": return nil
        case "\\": return escape(inClass: false)
        case "[": return characterClass()
        case "(":
            if current == "?" {
                // (?:…) and (?<name>…) are groups; lookarounds are not read.
                index += 1
                if current == ":" {
                    index += 1
                } else if current == "<", index + 1 < characters.count, characters[index + 1] != "=",
                    characters[index + 1] != "!"
                {
                    while let next = current, next != ">" { index += 1 }
                    index += 1
                } else {
                    return nil
                }
            }
            guard let inner = sequence(), current == ")" else { return nil }
            index += 1
            return inner
        default: return String(character)
        }
    }

    /// The text of an escape, after its backslash.
    private mutating func escape(inClass: Bool) -> String? {
        guard let character = current else { return nil }
        index += 1
        switch character {
        case "d": return "0"
        case "w", "S", "D": return "a"
        case "s": return " "
        case "W": return "-"
        case "b", "B", "A", "z", "Z": return inClass ? nil : ""
        case "n": return "\n"
        case "t": return "\t"
        default: return character.isLetter || character.isNumber ? nil : String(character)
        }
    }

    /// A character of a `[…]` class: its first member, or for `[^…]` a common one it leaves out.
    private mutating func characterClass() -> String? {
        let negated = current == "^"
        if negated { index += 1 }
        var members: [(low: Character, high: Character)] = []
        var first = true
        while let character = current, character != "]" || first {
            first = false
            index += 1
            var low = character
            if character == "\\" {
                guard let escaped = escape(inClass: true), let single = escaped.first else { return nil }
                low = single
            }
            if current == "-", index + 1 < characters.count, characters[index + 1] != "]" {
                index += 1
                guard let high = current else { return nil }
                index += 1
                members.append((low, high))
            } else {
                members.append((low, low))
            }
        }
        guard current == "]" else { return nil }
        index += 1
        if !negated { return members.first.map { String($0.low) } }
        let choice = "a0A_-x.".first { candidate in !members.contains { $0.low <= candidate && candidate <= $0.high } }
        return choice.map { String($0) }
    }

    /// How many times the atom before is written: the fewest its quantifier allows (1 without one).
    private mutating func quantifier() -> Int? {
        guard let character = current else { return 1 }
        var count = 1
        switch character {
        case "*", "?":
            index += 1
            count = 0
        case "+":
            index += 1
        case "{":
            var end = index + 1
            var digits = ""
            while end < characters.count, characters[end].isNumber {
                digits.append(characters[end])
                end += 1
            }
            guard let least = Int(digits) else { return 1 }  // a literal `{`
            while end < characters.count, characters[end] != "}" { end += 1 }
            guard end < characters.count else { return nil }
            index = end + 1
            count = least
        default: return 1
        }
        if current == "?" || current == "+" { index += 1 }  // lazy or possessive
        return count
    }

    /// Skips from a `|` to the `)` that ends the group (or to the end), the first alternative kept.
    private mutating func skipAlternatives() {
        var depth = 0
        var inClass = false
        while let character = current {
            if character == "\\" {
                index += 2
                continue
            }
            if inClass {
                if character == "]" { inClass = false }
            } else if character == "[" {
                inClass = true
            } else if character == "(" {
                depth += 1
            } else if character == ")" {
                if depth == 0 { return }
                depth -= 1
            }
            index += 1
        }
    }
}
