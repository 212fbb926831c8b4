import Courier

/// The data of the encoding case: 1,000 leaf values nested two levels deep.
///
/// `users[userNNN][field]` for 100 users of 10 fields each: strings (with spaces, `@`, `&`, `+` and
/// non-ASCII letters, so that escaping has work to do), integers, decimals and booleans.
enum NestedParameters {
    /// The parameters, built once.
    static let value: Parameters = {
        var users: Parameters = [:]
        for index in 0..<100 {
            let user: Parameters = [
                "name": "User Nº \(index)",
                "email": "user\(index)+news@example.com",
                "age": 20 + index % 50,
                "score": Double(index) * 1.25,
                "active": index.isMultiple(of: 2),
                "city": index.isMultiple(of: 3) ? "Zürich" : "São Paulo",
                "company": "Smith & Sons Ltd",
                "joined": "2023-0\(1 + index % 9)-1\(index % 10)",
                "plan": index.isMultiple(of: 5) ? "premium" : "free",
                "visits": index * 37,
            ]
            users["user" + String(1_000 + index).dropFirst()] = user
        }
        return ["users": users]
    }()

    /// How many leaf values ``value`` holds.
    static let leafCount = 1_000
}
