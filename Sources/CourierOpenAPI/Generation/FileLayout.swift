/// How the generated declarations are spread over the fixed set of files (`NAME.swift` and
/// `NAME+Part1…7.swift`, so that a build-tool plugin can name them before the generator runs).
///
/// The compiler builds a debug target in batches of consecutive files (as many batches as cores) and
/// each file on its own with many cores, beside one job that writes the module's interface: a build
/// takes as long as its slowest core. The interface job starts with the first batches, and the last
/// batch waits for a core it frees. So the declarations are cut into eight runs, in order (the models of
/// `components` first, then each target enum followed by the models its operations made for
/// themselves), the first half of them a little heavier than the second (``shares``); the last run goes
/// with the namespace into `NAME.swift`, which sorts after the parts.
enum FileLayout {
    /// How many `NAME+PartN.swift` files there are.
    static var partCount: Int { shares.count - 1 }

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

    /// The part of the declarations' weight each file gets, in the order the compiler takes them
    /// (`NAME+Part1…7.swift`, then `NAME.swift`).
    ///
    /// With two cores, the first batch (the first four files) runs beside the interface job and the
    /// second starts when that ends; the interface job costs about a tenth of the rest (OpenAI's
    /// document: 8–11 s beside 72–80 s), so the first half carries 11 parts in 20 and the second 9. With
    /// more cores, the last batches are the lighter ones, and they are the ones that wait.
    static let shares = [11, 11, 11, 11, 9, 9, 9, 9]

    /// `items` in `count` consecutive runs of about the same total weight, in order.
    static func runs<Item>(_ items: [Item], weights: [Int], count: Int) -> [[Item]] {
        runs(items, weights: weights, shares: Array(repeating: 1, count: count))
    }

    /// `items` in consecutive runs, one for each of `shares`, whose total weights are about in the
    /// proportions of `shares`, in order.
    static func runs<Item>(_ items: [Item], weights: [Int], shares: [Int]) -> [[Item]] {
        guard !shares.isEmpty else { return [] }
        let total = max(1, weights.reduce(0, +))
        let shareTotal = max(1, shares.reduce(0, +))
        var bounds: [Int] = []
        var upTo = 0
        for share in shares {
            upTo += share
            bounds.append(upTo)
        }
        var runs = Array(repeating: [Item](), count: shares.count)
        var sum = 0
        for (item, weight) in zip(items, weights) {
            // The run whose share of the total the item's middle falls in.
            let middle = (2 * sum + weight) * shareTotal
            let index = bounds.firstIndex { middle < 2 * total * $0 } ?? shares.count - 1
            runs[index].append(item)
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
