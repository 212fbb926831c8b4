/// Something of the document that the generator skipped or read in a narrower way than written, and where.
struct GenerationWarning: Sendable, Hashable, CustomStringConvertible {
    /// The JSON pointer of what was skipped (`#/paths/~1pets/get/parameters/2`).
    var pointer: String
    /// What was skipped and why, in a sentence.
    var message: String
    /// The file it is in, when the document is more than one file.
    var file: String?

    var description: String { "warning: \(file.map { "\($0) " } ?? "")\(pointer): \(message)" }
}
