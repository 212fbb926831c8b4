import Foundation

/// A dot-separated path into decoded JSON, such as `data.user.name` or `data.items.0`.
///
/// Walked by hand because `NSDictionary.value(forKeyPath:)` does not exist on Linux. A component that is
/// a whole number indexes an array.
struct JSONKeyPath {
    let components: [Substring]

    init(_ path: String) {
        components = path.split(separator: ".", omittingEmptySubsequences: false)
    }

    /// The value at this path in `json`, or `nil` when a step is missing or `null`.
    func value(in json: Any) -> Any? {
        var current: Any = json
        for component in components {
            if let dictionary = current as? [String: Any], let next = dictionary[String(component)] {
                current = next
            } else if let array = current as? [Any], let index = Int(component), array.indices.contains(index) {
                current = array[index]
            } else {
                return nil
            }
        }
        return current is NSNull ? nil : current
    }
}
