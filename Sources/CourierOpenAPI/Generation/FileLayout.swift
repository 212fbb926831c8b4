/// How the generated declarations are spread over the fixed set of files (`NAME.swift` and
/// `NAME+Part1…7.swift`, so that a build-tool plugin can name them before the generator runs).
///
/// The compiler builds a debug target in batches of consecutive files (as many batches as cores) and
/// each file on its own with many cores: a build takes as long as its heaviest batch. So every file gets
/// about the same weight of declarations, whatever the document is made of: the models of `components`
/// first, then each target enum followed by the models its operations made for themselves, cut into
/// eight runs of equal weight; the last run goes with the namespace into `NAME.swift`, which sorts after
/// the parts.
enum FileLayout {
    /// How many `NAME+PartN.swift` files there are.
    static let partCount = 7

    /// The names of the files written for the namespace `name`: the namespace's, then the parts.
    static func fileNames(for name: String) -> [String] {
        ["\(name).swift"] + (1...partCount).map { "\(name)+Part\($0).swift" }
    }

    /// A declaration to place.
    enum Piece: Equatable {
        /// A model, by its index in the builder's list.
        case model(Int)
        /// A target enum and its calls, by the index of its tag group.
        case target(Int)
    }

    /// `items` in `count` consecutive runs of about the same total weight, in order.
    static func runs<Item>(_ items: [Item], weights: [Int], count: Int) -> [[Item]] {
        let total = max(1, weights.reduce(0, +))
        var runs = Array(repeating: [Item](), count: count)
        var sum = 0
        for (item, weight) in zip(items, weights) {
            // The run whose share of the total the item's middle falls in.
            runs[min(count - 1, (2 * sum + weight) * count / (2 * total))].append(item)
            sum += weight
        }
        return runs
    }

    /// About what a target enum with `operations` costs to compile, in the units of
    /// ``ModelDeclaration/weight`` (one stored property of a model).
    ///
    /// Calibrated with the compiler's per-file statistics on Discord's document: the switch cases of a
    /// target cost about a third of what this count of them says, next to a model's written-out coding
    /// (with this factor its two batches took 20.6 s and 20.2 s).
    static func weight(of operations: [Operation]) -> Int {
        let cases = operations.reduce(4) { sum, operation in
            sum + 6 + 2 * operation.parameters.count + operation.replies.count + (operation.body == nil ? 0 : 3)
        }
        return max(1, cases / 3)
    }
}
