/// Writes the namespace enum: the document's server, its target types, and a plugin for each API-key
/// security scheme.
struct NamespaceWriter {
    /// The namespace's name.
    let namespace: String
    /// The document.
    let root: DocumentNode
    /// The target enums' names.
    let targets: [String]
    /// The security schemes.
    let schemes: [String: SecurityScheme]
    /// Whether the document has enumerations, whose naming types the namespace holds.
    var hasEnumerations = false

    /// The source.
    var text: String {
        var code = CodeWriter()
        let info = root["info"]
        code.doc(DocText.join(info?["title"]?.string, info?["description"]?.string) ?? namespace)
        code.block("public enum \(namespace) {") { code in
            let chosen = ServerURL.chosen(root["servers"]?.array ?? [])
            let server = chosen.server ?? "/"
            let which = chosen.index == 0 ? "first server" : "first server whose URL defines its variables"
            code.doc("The document's \(which): `\(server)`.")
            code.line("public static let baseURL = Courier.OpenAPIBaseURL.make(\(SwiftNames.literal(server)))")
            code.line()
            code.doc("Every target enum of the API.")
            let list = targets.map { "\(namespace).\($0).self" }.joined(separator: ", ")
            code.line("public static let allTargets: [any Courier.OpenAPITarget.Type] = [\(list)]")
            if hasEnumerations {
                code.line()
                code.doc("The types that name the document's enumerations (see `Courier.OpenAPIEnumeration`).")
                code.line("public enum \(ModelWriter.enumerations) {}")
            }
            var names = NameScope(reserved: ["baseURL", "allTargets"])
            for (scheme, kind) in schemes.sorted(by: { $0.key < $1.key }) {
                guard case .apiKey(let name, let location) = kind,
                    ["header", "query", "cookie"].contains(location)
                else { continue }
                code.line()
                let function = names.unique(SwiftNames.memberName(scheme + " plugin"))
                code.doc(
                    "Sends the `\(scheme)` API key as the \(location) `\(name)` of the operations that name the scheme."
                )
                code.block(
                    "public static func \(function)(key: @escaping @Sendable () -> Swift.String) -> Courier.APIKeyPlugin {"
                ) { code in
                    code.block(
                        "Courier.APIKeyPlugin(name: \(SwiftNames.literal(name)), in: .\(location), appliesTo: { target in",
                        closing: "}) { _ in key() }"
                    ) { code in
                        code.line(
                            "(target as? any Courier.OpenAPITarget)?.securitySchemeNames.contains(\(SwiftNames.literal(scheme))) == true"
                        )
                    }
                }
            }
        }
        return code.text
    }
}
