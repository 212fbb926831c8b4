/// Which models are too large to hold inline: a struct holds the structs of its properties inline, so
/// nesting multiplies a model's size, and with it the code the compiler writes to copy and destroy it.
///
/// A model's size is its number of stored fields with the structs it holds inline counted whole.
/// A struct larger than ``limit`` is held through `OpenAPIIndirect` by the structs that have it as a
/// property; a union (an enum, whose payloads are inline) larger than the limit is written `indirect`.
struct ModelLayout {
    /// The size above which a model is held by reference.
    static let limit = 32

    /// The structs that other structs hold through `OpenAPIIndirect`.
    private var boxedObjects: Set<String> = []
    /// The unions written `indirect` for their size (those in cycles are already).
    private(set) var indirectUnions: Set<String> = []

    private var declarations: [String: ModelDeclaration] = [:]
    private let cycles: Set<String>
    private var sizes: [String: Int] = [:]
    private var visiting: Set<String> = []

    /// The layout of `models`, given the models in cycles (written as classes or indirect enums).
    init(_ models: [ModelDeclaration], inCycles cycles: Set<String>) {
        self.cycles = cycles
        for model in models { declarations[model.name] = model }
        for model in models { _ = size(ofModel: model.name) }
    }

    /// Whether a struct's property of type `type` is held through `OpenAPIIndirect`.
    func isBoxed(_ type: SwiftType) -> Bool {
        guard let name = objectName(type) else { return false }
        return boxedObjects.contains(name)
    }

    /// Whether `type` is an object model (a struct, or a class in a cycle), through optionals and aliases.
    func isObject(_ type: SwiftType) -> Bool { objectName(type) != nil }

    /// The object model that `type` is, through optionals and aliases; `nil` for anything else. Only a
    /// struct is ever boxed: a class in a cycle counts as one field.
    private func objectName(_ type: SwiftType) -> String? {
        var type = type
        for _ in 0..<16 {
            switch type {
            case .optional(let wrapped): type = wrapped
            case .model(let name):
                switch declarations[name] {
                case .alias(_, _, let aliased): type = aliased
                case .object: return name
                default: return nil
                }
            default: return nil
            }
        }
        return nil
    }

    /// What a value of `type` adds to the size of a struct (`inUnion`: of an enum's payload) holding it.
    private mutating func size(of type: SwiftType, inUnion: Bool = false) -> Int {
        switch type {
        case .builtin, .array, .dictionary: return 1
        case .optional(let wrapped): return size(of: wrapped, inUnion: inUnion)
        case .model(let name):
            if cycles.contains(name) { return 1 }
            guard let object = objectName(type) else { return size(ofModel: name) }
            let own = size(ofModel: object)
            return !inUnion && own > Self.limit ? 1 : own
        }
    }

    /// The size of the model `name`, counted once.
    private mutating func size(ofModel name: String) -> Int {
        if let known = sizes[name] { return known }
        guard visiting.insert(name).inserted else { return 1 }
        defer { visiting.remove(name) }
        var result = 1
        switch declarations[name] {
        case .object(let object):
            for property in object.properties { result += size(of: property.type) }
            if object.isClass || cycles.contains(name) { result = 1 }
            if result > Self.limit { boxedObjects.insert(name) }
        case .union(let union):
            for choice in union.choices { result += size(of: choice.type, inUnion: true) }
            if result > Self.limit, !cycles.contains(name) {
                indirectUnions.insert(name)
                result = 1
            }
        case .alias(_, _, let type): result = size(of: type)
        case .enumeration, nil: break
        }
        sizes[name] = result
        return result
    }
}
