/// Swift names from the names a document uses: `pet_id` → `petId`, `list-pets` → `listPets`, `Pet.Owner`
/// → `PetOwner`, with Swift's keywords escaped and names that start with a digit prefixed.
enum SwiftNames {
    /// A type name: `UpperCamelCase`.
    static func typeName(_ text: String) -> String {
        let name = words(text).map(capitalized).joined()
        return safe(name.isEmpty ? "Value" : name, prefix: "_")
    }

    /// A case, property or parameter name: `lowerCamelCase`, a keyword in backticks.
    static func memberName(_ text: String) -> String {
        // A name in capitals throughout (`TYPING_START`) is a constant's spelling, not acronyms: its words
        // are read as lowercase ones (`typingStart`).
        let shouting = text.contains(where: \.isUppercase) && !text.contains(where: \.isLowercase)
        let parts = words(shouting ? text.lowercased() : text)
        guard let first = parts.first else { return "value" }
        let name = lowercasedStart(first) + parts.dropFirst().map(capitalized).joined()
        let safeName = safe(name, prefix: "_")
        // Names that mean something even in backticks, in an initializer or a member access.
        if ["self", "super", "init", "deinit", "subscript", "Type", "Protocol", "Self"].contains(safeName) {
            return safeName + "Value"
        }
        return keywords.contains(safeName) ? "`\(safeName)`" : safeName
    }

    /// The name without backticks, for building other names from it.
    static func bare(_ name: String) -> String { name.replacingOccurrences(of: "`", with: "") }

    /// `name` as the label of an argument in a call: without backticks, which the compiler warns are not
    /// needed there, but for `inout`, the one keyword a call cannot take as a label.
    static func argumentLabel(_ name: String) -> String {
        let label = bare(name)
        return label == "inout" ? name : label
    }

    /// The words of `text`: split at anything not a letter or digit, and where lowercase meets uppercase.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in text {
            if character.isLetter || character.isNumber {
                if let previous, previous.isLowercase || previous.isNumber, character.isUppercase, !current.isEmpty {
                    words.append(current)
                    current = ""
                }
                if character.isASCII { current.append(character) } else { current += asciiFallback(character) }
                previous = character
            } else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previous = nil
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    private static func asciiFallback(_ character: Character) -> String {
        character.unicodeScalars.map { "u\(String($0.value, radix: 16))" }.joined()
    }

    private static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        // Words in capitals (`ID`, `URL`) keep them; `HTTPServer` stays readable either way.
        return String(first).uppercased() + word.dropFirst()
    }

    private static func lowercasedStart(_ word: String) -> String {
        // `URLPath` → `urlPath`, `ID` → `id`, `Name` → `name`.
        let characters = Array(word)
        var count = 0
        while count < characters.count, characters[count].isUppercase { count += 1 }
        if count == 0 { return word }
        if count == 1 || count == characters.count {
            return String(characters[..<count]).lowercased() + String(characters[count...])
        }
        return String(characters[..<(count - 1)]).lowercased() + String(characters[(count - 1)...])
    }

    private static func safe(_ name: String, prefix: String) -> String {
        guard let first = name.first else { return prefix }
        return first.isNumber ? prefix + name : name
    }

    /// A Swift string literal of `text`.
    static func literal(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Swift's keywords and the names that cannot be members without backticks.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "as", "false", "is", "nil", "self", "super", "throws", "true", "try", "await", "async",
        "any", "some", "Self", "Type", "Protocol", "package", "consume", "borrowing", "consuming",
    ]

    /// Type names the generated code must not declare, because it refers to them unqualified.
    static let reservedTypeNames: Set<String> = [
        "Target", "Provider", "Response", "Sample", "Self", "Type", "Protocol", "Any",
        // The namespace's own: the types naming its enumerations.
        "Enumerations",
        // Courier's names that generated code writes unqualified: a schema of the same name in the
        // namespace would hide them.
        "OpenAPICoding", "OpenAPICodingKey", "OpenAPIDate", "OpenAPIDecoding", "OpenAPIFormBody",
        "OpenAPIMultipartBody", "OpenAPIRequestParts", "OpenAPISample", "OpenAPITarget", "OpenAPIValue",
        "APIKeyPlugin", "ServerSentEventSequence",
        // The modules it qualifies names with (`Swift.String`, `Foundation.Data`, `Courier.OpenAPITarget`):
        // a type of the same name (Ory Kratos's `courier` tag, a bank's `Swift` code) would hide them.
        "Swift", "Foundation", "FoundationNetworking", "FoundationEssentials", "Courier", "_Concurrency",
    ]
}

/// Hands out names that are unique in one scope: a second `pet` becomes `pet2`.
struct NameScope {
    private var used: Set<String>

    /// A scope in which `reserved` are taken already.
    init(reserved: Set<String> = []) { used = reserved }

    /// Whether `name` is taken.
    func isTaken(_ name: String) -> Bool { used.contains(SwiftNames.bare(name)) }

    /// `name`, or `name2`, `name3`… the first not yet taken; taken from now on.
    mutating func unique(_ name: String) -> String {
        let bare = SwiftNames.bare(name)
        var candidate = bare
        var number = 2
        while used.contains(candidate) {
            candidate = "\(bare)\(number)"
            number += 1
        }
        used.insert(candidate)
        return SwiftNames.keywords.contains(candidate) ? "`\(candidate)`" : candidate
    }
}
