/// The Swift type a schema becomes.
indirect enum SwiftType: Hashable, Sendable {
    /// A generated model, by its name in the namespace.
    case model(String)
    /// A type of the standard library, Foundation or Courier, as written in code (`Swift.String`).
    case builtin(String)
    /// An array.
    case array(SwiftType)
    /// A dictionary with string keys.
    case dictionary(SwiftType)
    /// An element or value that may be `null` (in an array or a dictionary).
    case optional(SwiftType)

    /// The type as written in generated code, models qualified by the namespace.
    func code(in namespace: String) -> String {
        switch self {
        case .model(let name): "\(namespace).\(name)"
        case .builtin(let name): name
        case .array(let element): "[\(element.code(in: namespace))]"
        case .dictionary(let value): "[Swift.String: \(value.code(in: namespace))]"
        case .optional(let wrapped): wrapped.code(in: namespace) + "?"
        }
    }

    /// The type with `null`-able elements made plain: what a parameter of this type is written from.
    var withoutOptionalElements: SwiftType {
        switch self {
        case .optional(let wrapped): wrapped.withoutOptionalElements
        case .array(let element): .array(element.withoutOptionalElements)
        case .dictionary(let value): .dictionary(value.withoutOptionalElements)
        default: self
        }
    }

    /// Whether values of this type can be path, query, header or cookie parameters (`OpenAPIParameterValue`).
    var isScalarLike: Bool {
        switch self {
        case .builtin(let name): name != "Foundation.Data"
        case .model: true
        case .array(let element): element.isScalarLike
        case .dictionary, .optional: false
        }
    }

    static let string = SwiftType.builtin("Swift.String")
    static let freeForm = SwiftType.builtin("OpenAPIValue")
    static let data = SwiftType.builtin("Foundation.Data")
}

/// A model the generator writes.
enum ModelDeclaration {
    /// A struct (or, in a cycle of direct references, a final class) of properties.
    case object(ObjectModel)
    /// An open enumeration of strings or numbers.
    case enumeration(EnumerationModel)
    /// `oneOf`/`anyOf`: one of several types.
    case union(UnionModel)
    /// A schema that is another type under a name of its own (an array, a scalar, a dictionary).
    case alias(name: String, doc: String?, type: SwiftType)

    /// About what the model costs to compile, in units of one stored property.
    var weight: Int {
        switch self {
        case .object(let model): 2 + model.properties.count + (model.additional == nil ? 0 : model.properties.count)
        case .enumeration(let model): 2 + model.cases.count / 2
        case .union(let model): 4 + 2 * model.choices.count
        case .alias: 1
        }
    }

    /// The model's name in the namespace.
    var name: String {
        switch self {
        case .object(let model): model.name
        case .enumeration(let model): model.name
        case .union(let model): model.name
        case .alias(let name, _, _): name
        }
    }
}

/// An object schema: its properties.
struct ObjectModel {
    /// A property.
    struct Property {
        /// The key in JSON.
        var key: String
        /// The Swift name.
        var name: String
        /// The type, before optionality.
        var type: SwiftType
        /// Whether the type is optional (not required, or nullable).
        var isOptional: Bool
        /// Whether `nil` is written as `null` rather than left out: a required property that allows `null`
        /// (and is sent, not `readOnly`), whose member a valid request has either way.
        var writesNull = false
        /// The doc comment.
        var doc: String?
        /// The Swift literal of the schema's `default`, when the type can be written from one.
        var defaultValue: String? = nil
    }

    /// The type name.
    var name: String
    /// The doc comment.
    var doc: String?
    /// The properties in document order.
    var properties: [Property]
    /// The Swift name and value type of the members that `additionalProperties` allows beside the
    /// properties, when the schema gives them one.
    var additional: (name: String, type: SwiftType)? = nil
    /// Written as a final class, because a cycle of direct references makes a struct impossible.
    var isClass = false
}

/// An enumeration of strings or numbers, open to values the document does not list.
struct EnumerationModel {
    /// The type name.
    var name: String
    /// The doc comment.
    var doc: String?
    /// The raw value type: `Swift.String`, `Swift.Int` or `Swift.Double`.
    var rawType: String
    /// A documented value.
    struct Case {
        /// The Swift name of its static constant.
        var name: String
        /// Its Swift literal.
        var literal: String
        /// Its description, when the document gives one.
        var doc: String?
    }

    /// Each documented value.
    var cases: [Case]
}

/// One of several types (`oneOf`/`anyOf`).
struct UnionModel {
    /// A choice.
    struct Choice {
        /// The case name.
        var name: String
        /// The type.
        var type: SwiftType
        /// The discriminator values that choose it.
        var discriminatorValues: [String]
        /// The discriminator's value to write beside the choice's members, when the choice is an object
        /// that does not declare the discriminator's property (only the schema around the `oneOf` does)
        /// and one value names it: without it the server could not tell the choice.
        var addedDiscriminatorValue: String? = nil
        /// For a union of events: whether the event's data is taken as text, not read as JSON.
        var dataIsText = false
    }

    /// The type name.
    var name: String
    /// The doc comment.
    var doc: String?
    /// The choices in document order.
    var choices: [Choice]
    /// The discriminator's property name, if the document gives one.
    var discriminator: String?
    /// Whether it is a union of server-sent events, not of JSON values: each choice is the data of the
    /// events its `discriminatorValues` name, read from a whole event.
    var isEventStream = false
}
