import Foundation

/// How ``RequestMatcher/body`` compares a live body with a recorded one: JSON as JSON, forms as their
/// fields, multipart forms part by part, anything else byte for byte; a recorded placeholder matches any
/// value in JSON, forms and multipart parts.
struct BodyComparison {
    let live: Data
    let liveType: String?
    let recorded: Data
    let recordedType: String?
    let placeholder: String

    /// Why the bodies differ, or `nil` when they match.
    var mismatch: String? {
        if live == recorded { return nil }
        let types = [liveType, recordedType].compactMap { $0?.lowercased() }
        if types.contains(where: { $0.contains("json") }) || (Self.json(live) != nil && Self.json(recorded) != nil) {
            return jsonMismatch()
        }
        if types.contains(where: { $0.hasPrefix("application/x-www-form-urlencoded") }) {
            return formMismatch()
        }
        if let liveBoundary = Self.boundary(liveType), let recordedBoundary = Self.boundary(recordedType) {
            return multipartMismatch(liveBoundary: liveBoundary, recordedBoundary: recordedBoundary)
        }
        return "body of \(live.count) bytes differs from the recorded \(recorded.count) bytes"
    }

    // MARK: JSON

    private static func json(_ data: Data) -> Any? {
        try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }

    private func jsonMismatch() -> String? {
        guard let liveValue = Self.json(live) else { return "body is not JSON, the recorded one is" }
        guard let recordedValue = Self.json(recorded) else { return "body is JSON, the recorded one is not" }
        return difference(liveValue, recordedValue, at: "")
    }

    /// Where two JSON values differ, as `JSON at key path user.name …`, or `nil` when they do not.
    private func difference(_ live: Any, _ recorded: Any, at path: String) -> String? {
        let place = path.isEmpty ? "the top level" : "key path \(path)"
        if let recorded = recorded as? String, recorded == placeholder, !(live is [String: Any]), !(live is [Any]) {
            return nil
        }
        switch (live, recorded) {
        case (let live as [String: Any], let recorded as [String: Any]):
            for key in Set(live.keys).union(recorded.keys).sorted() {
                let child = path.isEmpty ? key : "\(path).\(key)"
                guard let liveMember = live[key] else { return "JSON has no key path \(child), recorded" }
                guard let recordedMember = recorded[key] else { return "JSON key path \(child) was not recorded" }
                if let found = difference(liveMember, recordedMember, at: child) { return found }
            }
            return nil
        case (let live as [Any], let recorded as [Any]):
            guard live.count == recorded.count else {
                return "JSON array at \(place) has \(live.count) elements, recorded \(recorded.count)"
            }
            for (index, pair) in zip(live, recorded).enumerated() {
                if let found = difference(pair.0, pair.1, at: path.isEmpty ? "\(index)" : "\(path).\(index)") {
                    return found
                }
            }
            return nil
        default:
            return Self.scalar(live) == Self.scalar(recorded)
                ? nil : "JSON at \(place) is \(Self.scalar(live)), recorded \(Self.scalar(recorded))"
        }
    }

    /// A JSON scalar as JSON writes it, so that `1`, `true` and `"1"` compare as they read.
    private static func scalar(_ value: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]) else {
            return String(describing: value)
        }
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: Forms

    private func formMismatch() -> String? {
        var unmatched = URLParts("?" + String(decoding: live, as: UTF8.self)).query
        for field in URLParts("?" + String(decoding: recorded, as: UTF8.self)).query {
            if let index = unmatched.firstIndex(where: {
                $0.name == field.name && ($0.value == field.value || field.value == placeholder)
            }) {
                unmatched.remove(at: index)
            } else if let other = unmatched.first(where: { $0.name == field.name }) {
                return "form field \(field.name) is \"\(other.value)\", recorded \"\(field.value)\""
            } else {
                return "form field \(field.name) is absent, recorded \"\(field.value)\""
            }
        }
        return unmatched.first.map { "form field \($0.name) was not recorded" }
    }

    // MARK: Multipart

    /// The `boundary` parameter of a `multipart/…` content type.
    private static func boundary(_ contentType: String?) -> String? {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/") else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            if pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: " \""))
            }
        }
        return nil
    }

    /// The parts of a multipart body: the bytes between one delimiter line and the next.
    private static func parts(of body: Data, boundary: String) -> [Data] {
        let delimiter = Data("--\(boundary)".utf8)
        var parts: [Data] = []
        var start = body.range(of: delimiter)?.upperBound
        while let from = start {
            let next = body.range(of: delimiter, in: from..<body.endIndex)
            parts.append(body[from..<(next?.lowerBound ?? body.endIndex)])
            start = next?.upperBound
        }
        return parts
    }

    private func multipartMismatch(liveBoundary: String, recordedBoundary: String) -> String? {
        let liveParts = Self.parts(of: live, boundary: liveBoundary)
        let recordedParts = Self.parts(of: recorded, boundary: recordedBoundary)
        guard liveParts.count == recordedParts.count else {
            return "multipart body has \(liveParts.count) parts, recorded \(recordedParts.count)"
        }
        let blank = Data("\r\n\r\n".utf8)
        for (index, (livePart, recordedPart)) in zip(liveParts, recordedParts).enumerated()
        where livePart != recordedPart {
            // A part whose content the recorder hid: its head must match, its content may be anything.
            if let liveHead = livePart.range(of: blank), let recordedHead = recordedPart.range(of: blank),
                livePart[..<liveHead.upperBound] == recordedPart[..<recordedHead.upperBound],
                recordedPart[recordedHead.upperBound...].starts(with: Data(placeholder.utf8))
            {
                continue
            }
            return "multipart part \(index + 1) differs from the recorded one"
        }
        return nil
    }
}
