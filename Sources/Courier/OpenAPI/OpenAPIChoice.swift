/// The choice a generated `oneOf`/`anyOf` reads a value as when no discriminator names it: of the
/// choices that read the value, the one that keeps the most of its members, the first of those that
/// keep as many.
///
/// Taking the first choice that reads the value loses members: a choice whose properties are all
/// optional reads any object, and would drop what a later choice declares (`{"place": "pond", "legs":
/// 6}` read as a bird sighting, its `legs` gone). A choice keeps a member when its own encoding writes
/// that key again. A value that is not an object is the first choice that reads it.
///
/// Generated code writes one line for each choice, in the document's order:
///
/// ```swift
/// var choice = OpenAPIChoice<Self>(decoder)
/// if choice.isOpen, let value = try? BirdSighting(from: decoder) { choice.take(value, as: .birdSighting(value)) }
/// if choice.isOpen, let value = try? InsectSighting(from: decoder) { choice.take(value, as: .insectSighting(value)) }
/// self = try choice.value ?? .unknown(OpenAPIValue(from: decoder))
/// ```
public struct OpenAPIChoice<Union> {
    /// The members of the value being read; `nil` when it is not an object.
    private let members: Set<String>?
    /// The choice taken so far.
    public private(set) var value: Union?
    /// How many of `members` it keeps.
    private var kept = -1
    /// Whether a choice kept every member (or the value is not an object): later ones are not tried.
    private var isSettled = false

    /// Starts choosing for the value `decoder` reads.
    public init(_ decoder: any Decoder) {
        members = (try? decoder.container(keyedBy: OpenAPICodingKey.self)).map { container in
            Set(container.allKeys.map(\.stringValue))
        }
    }

    /// Whether a later choice may still be taken: no choice kept every member yet, and the value is an
    /// object or nothing read it yet.
    public var isOpen: Bool { !isSettled }

    /// Takes `union`, the union's value for `choice`, a choice that read the value, if it keeps more of
    /// the value's members than the one taken so far.
    public mutating func take<Choice: Encodable>(_ choice: Choice, as union: Union) {
        guard !isSettled else { return }
        guard let members, !members.isEmpty else {
            value = union
            isSettled = true
            return
        }
        let count = MemberKeyRecorder.keys(writtenBy: choice).intersection(members).count
        if count > kept {
            value = union
            kept = count
        }
        isSettled = count == members.count
    }
}
