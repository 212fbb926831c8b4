/// Writes one target enum: its cases, and the `TargetType`/`OpenAPITarget` members, each a `switch` of
/// small statements (quick for the type checker).
struct TargetWriter {
    /// The namespace.
    let namespace: String
    /// The enum's name.
    let name: String
    /// The tag as the document names it.
    let tag: String
    /// The tag's description.
    let doc: String?
    /// The operations, in document order.
    let operations: [Operation]
    /// The security schemes by name.
    let schemes: [String: SecurityScheme]
    /// Sample arguments.
    let samples: SampleValues

    private var qualified: String { "\(namespace).\(name)" }

    /// Writes the enum and its members.
    func write(into code: inout CodeWriter) {
        code.block("extension \(namespace) {") { code in
            code.doc(doc ?? "The operations tagged `\(tag)`.")
            code.block("public enum \(name): Courier.OpenAPITarget, Courier.AccessTokenAuthorizable {") { code in
                for (index, operation) in operations.enumerated() {
                    if index > 0 { code.line() }
                    code.doc(operationDoc(operation))
                    let arguments = Self.arguments(of: operation, namespace: namespace)
                    let list = arguments.map { "\($0.label): \($0.type)\($0.isRequired ? "" : " = nil")" }
                    code.line("case \(operation.caseName)" + (list.isEmpty ? "" : "(\(list.joined(separator: ", ")))"))
                }
            }
        }
        code.line()
        code.block("extension \(qualified) {") { code in
            writeSimpleMembers(into: &code)
            code.line()
            writeRequestParts(into: &code)
            code.line()
            writeTask(into: &code)
            code.line()
            writeSamples(into: &code)
            code.line()
            writeDecode(into: &code)
        }
    }

    /// An associated value (and typed-call parameter).
    struct Argument {
        /// The label.
        var label: String
        /// The type as written, optional when not required.
        var type: String
        /// Whether the caller must give it.
        var isRequired: Bool
    }

    /// The associated values of an operation's case: required ones first, the body among them.
    static func arguments(of operation: Operation, namespace: String) -> [Argument] {
        var arguments = operation.parameters.map { parameter in
            Argument(
                label: parameter.label, type: parameter.type.code(in: namespace) + (parameter.isRequired ? "" : "?"),
                isRequired: parameter.isRequired)
        }
        if let body = operation.body {
            arguments.append(
                Argument(
                    label: body.label, type: body.type.code(in: namespace) + (body.isRequired ? "" : "?"),
                    isRequired: body.isRequired))
        }
        return arguments.filter(\.isRequired) + arguments.filter { !$0.isRequired }
    }

    private func operationDoc(_ operation: Operation) -> String {
        var text = operation.doc ?? "`\(operation.method.uppercased()) \(operation.path)`"
        if operation.isDeprecated { text += "\n\nDeprecated by the document." }
        return text
    }

    private func writeSwitch(
        _ declaration: String, into code: inout CodeWriter, _ value: (Operation) -> String
    ) {
        code.block(declaration) { code in
            code.block("switch self {") { code in
                for operation in operations { code.line("case .\(operation.caseName): \(value(operation))") }
            }
        }
    }

    private func writeSimpleMembers(into code: inout CodeWriter) {
        code.doc("The document's server.")
        if operations.contains(where: { $0.serverURL != nil }) {
            writeSwitch("public var baseURL: Foundation.URL {", into: &code) { operation in
                operation.serverURL.map { "Courier.OpenAPIBaseURL.make(\(SwiftNames.literal($0)))" }
                    ?? "\(namespace).baseURL"
            }
        } else {
            code.line("public var baseURL: Foundation.URL { \(namespace).baseURL }")
        }
        code.doc("The operation's `operationId`.")
        writeSwitch("public var operationID: Swift.String {", into: &code) { SwiftNames.literal($0.id) }
        code.doc("The operation's method.")
        writeSwitch("public var method: Courier.HTTPMethod {", into: &code) { operation in
            ["get", "put", "post", "delete", "options", "head", "patch", "trace"].contains(operation.method)
                ? ".\(operation.method)"
                // `query`, or a method of `additionalOperations`, sent as the document writes it.
                : "Courier.HTTPMethod(rawValue: \(SwiftNames.literal(operation.method == "query" ? "QUERY" : operation.method)))"
        }
        code.doc("The path with its parameters, and the query.")
        code.line("public var path: Swift.String { requestParts.pathAndQuery }")
        code.doc("The header and cookie parameters, and the media types.")
        code.line("public var headers: [Swift.String: Swift.String]? { requestParts.headerFields }")
        code.doc("The documented success statuses.")
        writeSwitch("public var validationType: Courier.ValidationType {", into: &code) { operation in
            if operation.answersWithRedirect { return ".successAndRedirectCodes" }
            let codes = operation.successCodes
            return codes == Array(200..<300) ? ".successCodes" : ".customCodes(\(codes))"
        }
        code.doc("The token the operation's security scheme asks for, if any.")
        writeSwitch("public var authorizationType: Courier.AuthorizationType? {", into: &code) { operation in
            switch authorization(of: operation) {
            case "bearer": ".bearer"
            case "basic": ".basic"
            default: "nil"
            }
        }
        code.doc("The security schemes the operation names.")
        writeSwitch("public var securitySchemeNames: [Swift.String] {", into: &code) { operation in
            "[" + Set(operation.security.flatMap { $0 }).sorted().map(SwiftNames.literal).joined(separator: ", ") + "]"
        }
        code.doc("The documented success body: its example, or a value made to fit its schema.")
        writeSwitch("public var sampleData: Foundation.Data {", into: &code) { operation in
            guard let reply = operation.success else { return "Foundation.Data()" }
            switch reply.kind {
            case .none: return "Foundation.Data()"
            case .jsonLines(_, let mediaType):
                // A line (or record) made to fit the item's schema, unless the document gives the lines.
                let separator = OperationReader.isRecordSequence(mediaType) ? "\u{1E}" : ""
                let lines =
                    reply.example?.string ?? separator + samples.json(for: reply.schema, example: reply.example) + "\n"
                return "Foundation.Data(\(SwiftNames.literal(lines)).utf8)"
            case .events(let data):
                // An event whose data is made to fit its schema (of the type named, for events read by
                // their type), unless the document gives the stream.
                let event = reply.sampleEvent.map { "event: \($0)\n" } ?? ""
                let isText = reply.sampleEvent != nil && reply.schema == nil
                let sampled = isText ? "text" : samples.json(for: reply.schema, example: reply.example)
                let stream = reply.example?.string ?? (data == nil ? "" : event + "data: " + sampled + "\n\n")
                return "Foundation.Data(\(SwiftNames.literal(stream)).utf8)"
            case .json, .text, .binary:
                if case .json = reply.kind {
                    let json = samples.json(for: reply.schema, example: reply.example)
                    return "Foundation.Data(\(SwiftNames.literal(json)).utf8)"
                }
                return "Foundation.Data(\(SwiftNames.literal(reply.example?.string ?? "")).utf8)"
            }
        }
    }

    private func authorization(of operation: Operation) -> String? {
        for alternative in operation.security {
            for scheme in alternative {
                switch schemes[scheme] {
                case .bearer?: return "bearer"
                case .basic?: return "basic"
                default: continue
                }
            }
        }
        return nil
    }
}
