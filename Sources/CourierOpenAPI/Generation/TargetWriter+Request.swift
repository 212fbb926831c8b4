import Foundation

extension TargetWriter {
    func writeRequestParts(into code: inout CodeWriter) {
        code.doc("The path, query and header parameters, written as the document's styles say.")
        code.block("private var requestParts: Courier.OpenAPIRequestParts {") { code in
            code.block("switch self {") { code in
                for operation in operations {
                    let used = operation.parameters.map(\.label) + (operation.body.map { [$0.label] } ?? [])
                    code.line("case \(binding(operation, using: Set(used))):")
                    code.block("do {", closing: "}") { code in
                        let start = "Courier.OpenAPIRequestParts(path: \(SwiftNames.literal(operation.path)))"
                        let needsContentType =
                            operation.body.map { body in
                                (body.kind != .json || body.contentType != "application/json")
                                    && body.kind != .multipart
                            } ?? false
                        let parameters = operation.parameters.filter { $0.location != "part" }
                        guard !parameters.isEmpty || needsContentType || acceptHeader(operation) != nil else {
                            code.line("return \(start)")
                            return
                        }
                        code.line("var parts = \(start)")
                        let labels = Set(used)
                        for parameter in parameters {
                            code.line(parameterStatement(parameter, value: Self.local(parameter.label, among: labels)))
                        }
                        if let body = operation.body, body.kind != .json || body.contentType != "application/json",
                            body.kind != .multipart
                        {
                            code.line(
                                (body.isRequired ? "" : "if \(body.label) != nil { ")
                                    + "parts.header(\"Content-Type\", \(SwiftNames.literal(body.contentType)))"
                                    + (body.isRequired ? "" : " }"))
                        }
                        if let accept = acceptHeader(operation) {
                            code.line("parts.header(\"Accept\", \(SwiftNames.literal(accept)))")
                        }
                        code.line("return parts")
                    }
                }
            }
        }
    }

    private func binding(_ operation: Operation, using used: Set<String>) -> String {
        let arguments = Self.arguments(of: operation, namespace: namespace)
        guard !arguments.isEmpty else { return ".\(operation.caseName)" }
        let names = arguments.map {
            used.contains($0.label) && isUsedInParts($0.label, operation)
                ? "let \(Self.local($0.label, among: used))" : "_"
        }
        if names.allSatisfy({ $0 == "_" }) { return ".\(operation.caseName)" }
        return ".\(operation.caseName)(\(names.joined(separator: ", ")))"
    }

    private func isUsedInParts(_ label: String, _ operation: Operation) -> Bool {
        if operation.parameters.contains(where: { $0.label == label && $0.location != "part" }) { return true }
        if let body = operation.body, body.label == label {
            return !body.isRequired && (body.kind != .json || body.contentType != "application/json")
                && body.kind != .multipart
        }
        return false
    }

    /// The name of the local that holds the argument labelled `label`: the label itself, but for the
    /// names of the generated code's own locals (`parts`, `samples`, `form`), which the argument's local
    /// leaves to them (the label stays as the document says).
    static func local(_ label: String, among labels: Set<String>) -> String {
        let bare = SwiftNames.bare(label)
        guard bare == "parts" || bare == "samples" || bare == "form" else { return label }
        var local = bare + "Value"
        while labels.contains(local) { local += "2" }
        return local
    }

    private func parameterStatement(_ parameter: Operation.Parameter, value: String) -> String {
        let name = SwiftNames.literal(parameter.name)
        if parameter.isJSON {
            // Its JSON text, as a text value is written (a `content` parameter has no style).
            let text = "Courier.OpenAPICoding.jsonText(\(value))"
            switch parameter.location {
            case "path": return "parts.path(\(name), \(text) ?? \"\")"
            case "query": return "parts.query(\(name), \(text))"
            case "header": return "parts.header(\(name), \(text))"
            default: return "parts.cookie(\(name), \(text))"
            }
        }
        switch parameter.location {
        case "path":
            let style = parameter.style == "simple" ? "" : ", style: .\(parameter.style)"
            return "parts.path(\(name), \(value)\(style)\(parameter.explode ? ", explode: true" : ""))"
        case "query":
            let style = parameter.style == "form" ? "" : ", style: .\(parameter.style)"
            let explode = parameter.explode ? "" : ", explode: false"
            let reserved = parameter.allowReserved ? ", allowReserved: true" : ""
            return "parts.query(\(name), \(value)\(style)\(explode)\(reserved))"
        case "header":
            return "parts.header(\(name), \(value)\(parameter.explode ? ", explode: true" : ""))"
        default:
            return "parts.cookie(\(name), \(value))"
        }
    }

    private func acceptHeader(_ operation: Operation) -> String? {
        let read: String?
        switch operation.success?.kind {
        // An answer that may also be events (as the request asks) accepts both.
        case .json where operation.success?.offersEvents == true:
            read = Self.accepted(operation.success?.mediaType) + ", text/event-stream"
        case .json: read = Self.accepted(operation.success?.mediaType)
        case .jsonLines(_, let mediaType): read = mediaType
        case .events: read = "text/event-stream"
        default: read = nil
        }
        guard let declared = operation.declaredAccept else { return read }
        guard let read else { return declared.value }
        let allowed = declared.allowed.map { $0.lowercased() }
        guard !allowed.isEmpty, !allowed.contains(read.lowercased()) else { return read }
        // The parameter lists other types than the answer's: the one nearest what is read (a JSON kind
        // for JSON), else its default, else its first.
        let kind = read.lowercased().contains("json") ? "json" : read.lowercased()
        return declared.allowed.first { $0.lowercased().contains(kind) } ?? declared.value ?? declared.allowed.first
    }

    /// What a request accepts for an answer read as JSON documented under `mediaType`: the media type the
    /// model was made from (a server that tells versions apart by it, as NHS MESH's `application/json` and
    /// `application/vnd.mesh.v2+json`, answers with that one's schema), without a `charset`;
    /// `application/json` for a range (`*/*`) or none.
    private static func accepted(_ mediaType: String?) -> String {
        guard let mediaType else { return "application/json" }
        let sent = OperationReader.withoutParameter(
            "charset", of: OperationReader.sentMediaType(mediaType, kind: .json))
        return sent.isEmpty ? "application/json" : sent
    }

    func writeTask(into code: inout CodeWriter) {
        code.doc("The body, as its media type says.")
        code.block("public var task: Courier.HTTPTask {") { code in
            let withBody = operations.filter { $0.body != nil }
            guard !withBody.isEmpty else {
                code.line(".requestPlain")
                return
            }
            code.block("switch self {") { code in
                for operation in withBody {
                    guard let body = operation.body else { continue }
                    let arguments = Self.arguments(of: operation, namespace: namespace)
                    let partHeaders = operation.parameters.filter { $0.location == "part" }
                    let labels = Set(arguments.map(\.label))
                    let names = arguments.map { argument in
                        argument.label == body.label
                            ? "let \(body.label)"
                            : partHeaders.contains { $0.label == argument.label }
                                ? "let \(Self.local(argument.label, among: labels))" : "_"
                    }
                    code.line("case .\(operation.caseName)(\(names.joined(separator: ", "))):")
                    code.block("do {") { code in
                        if !body.isRequired {
                            code.line("guard let \(body.label) else { return .requestPlain }")
                        }
                        bodyStatements(body, partHeaders: partHeaders, labels: labels, into: &code)
                    }
                }
                if withBody.count < operations.count { code.line("default: return .requestPlain") }
            }
        }
    }

    private func bodyStatements(
        _ body: Operation.Body, partHeaders: [Operation.Parameter], labels: Set<String>, into code: inout CodeWriter
    ) {
        let value = body.label
        switch body.kind {
        case .json:
            code.line("return .requestCustomJSONEncodable(\(value), encoder: Courier.OpenAPICoding.encoder())")
        case .jsonLines:
            let encoder =
                OperationReader.isRecordSequence(body.contentType) ? "jsonSequenceEncoder" : "jsonLinesEncoder"
            code.line("return .requestCustomJSONEncodable(\(value), encoder: Courier.OpenAPICoding.\(encoder)())")
        case .binary:
            code.line("return .requestData(\(value))")
        case .text:
            code.line("return .requestData(Foundation.Data(\(value).utf8))")
        case .form where body.writesEntries, .multipart where body.writesEntries:
            let form = body.kind == .form ? "OpenAPIFormBody()" : Self.multipartBody(body.contentType)
            code.line("var form = Courier.\(form)")
            code.line("for (key, value) in \(value).sorted(by: { $0.key < $1.key }) { form.field(key, value) }")
            code.line(body.kind == .form ? "return .requestData(form.data)" : "return .uploadMultipart(form.form)")
        case .form:
            code.line("var form = Courier.OpenAPIFormBody()")
            for field in body.fields where field.isScalar {
                let style = field.style == "form" ? "" : ", style: .\(field.style)"
                let explode = field.explode == (field.style == "form") ? "" : ", explode: \(field.explode)"
                let reserved = field.allowReserved ? ", allowReserved: true" : ""
                code.line(
                    "form.field(\(SwiftNames.literal(field.key)), \(value).\(field.name)\(style)\(explode)\(reserved))")
            }
            code.line("return .requestData(form.data)")
        case .multipart:
            code.line("var form = Courier.\(Self.multipartBody(body.contentType))")
            for field in body.fields {
                if field.isStyled {
                    // Parts are not escaped: `allowReserved` has nothing to keep.
                    code.line(
                        "form.field(\(SwiftNames.literal(field.key)), \(value).\(field.name), style: .\(field.style), explode: \(field.explode))"
                    )
                } else {
                    let method =
                        field.isFile
                        ? (field.isList ? "files" : "file")
                        : field.isScalar ? "field" : field.isList ? "jsonParts" : "json"
                    let mimeType = field.contentType.map { ", mimeType: \(SwiftNames.literal($0))" } ?? ""
                    code.line("form.\(method)(\(SwiftNames.literal(field.key)), \(value).\(field.name)\(mimeType))")
                }
                // On the parts named as the field (a styled field's others, `meta[size]`, are not its own).
                for header in partHeaders where header.part == field.key {
                    let explode = header.explode ? ", explode: true" : ""
                    code.line(
                        "form.header(\(SwiftNames.literal(header.name)), \(Self.local(header.label, among: labels))"
                            + "\(explode), part: \(SwiftNames.literal(field.key)))")
                }
            }
            code.line("return .uploadMultipart(form.form)")
        }
    }

    /// A new multipart body of `mediaType`: a form for `multipart/form-data` or a range (`multipart/*`),
    /// else of the media type as the document writes it (`multipart/related; type=…`), without a
    /// `boundary` of the document's (Courier writes its own).
    static func multipartBody(_ mediaType: String) -> String {
        let bare = OperationReader.bareMediaType(mediaType)
        guard bare != "multipart/form-data", !bare.contains("*") else { return "OpenAPIMultipartBody()" }
        let sent = OperationReader.withoutParameter("boundary", of: mediaType)
        return "OpenAPIMultipartBody(mediaType: \(SwiftNames.literal(sent)))"
    }

    /// The sample maker for `body`: a form's (or a multipart body's with parts in a style) fills the
    /// objects inside it that would be empty, and so be written as nothing.
    private func formSamples(_ body: Operation.Body) -> SampleValues {
        var made = samples
        made.fillsNestedObjects = body.kind == .form || body.fields.contains(where: \.isStyled)
        // A required form or multipart body of no fields is no body at all (Lichess's token request, whose
        // fields are all optional), which the server refuses as missing.
        made.fillsObjects = body.isRequired && (body.kind == .form || body.kind == .multipart)
        return made
    }

    /// A text body's sample, as the JSON string of its text: the document's example, or a value made for
    /// its schema (`format: byte` is base64, Influx's writes), written as text when it is not a string
    /// (Meilisearch sends a setting's `true` as `text/plain`).
    private func textSample(_ body: Operation.Body) -> String {
        let json = samples.json(for: body.schema, example: body.example, forRequest: true)
        switch json.first {
        case "\"": return json
        case "[", "{", "n", nil: return SwiftNames.jsonString("sample")
        default: return SwiftNames.jsonString(json)
        }
    }

    /// The header fields the HTTP client writes when the caller does not, lowercased.
    private static let clientHeaders: Set<String> = ["accept-encoding", "user-agent", "accept-language"]

    func writeSamples(into code: inout CodeWriter) {
        code.doc("One value for each operation, its arguments from the document's examples or made to fit.")
        code.block("public static var samples: [Self] {") { code in
            code.line("var samples: [Self] = []")
            for operation in operations {
                var values: [(label: String, type: String, json: String)] = []
                var parameterSamples = samples
                parameterSamples.fillsObjects = true
                parameterSamples.fillsNestedObjects = true
                // Also an optional header the HTTP client writes its own when the caller does not, which a
                // document may refuse: `Accept-Encoding` (`deflate, gzip, br, zstd` against Influx's `gzip`
                // and `identity`), `User-Agent` (OpenAlex's pattern asks for a `mailto:`), `Accept-Language`.
                for parameter in operation.parameters
                where parameter.isRequired || parameter.example != nil
                    || (parameter.location == "header" && Self.clientHeaders.contains(parameter.name.lowercased()))
                {
                    values.append(
                        (
                            parameter.label, parameter.type.code(in: namespace),
                            parameterSamples.json(for: parameter.schema, example: parameter.example, forRequest: true)
                        ))
                }
                if let body = operation.body {
                    // The bytes of a binary body: the document's example where it is text (ESET's rules, XML),
                    // else `sample`, or where the schema says they are base64 (`format: byte`, Xero's
                    // attachments), `c2FtcGxl`, which is.
                    let bytes =
                        body.example?.string.map { Data($0.utf8).base64EncodedString() }
                        ?? (body.schema["format"]?.string == "byte" ? "YzJGdGNHeGw=" : "c2FtcGxl")
                    let json =
                        switch body.kind {
                        case .binary: SwiftNames.jsonString(bytes)
                        case .text: textSample(body)
                        default: formSamples(body).json(for: body.schema, example: body.example, forRequest: true)
                        }
                    values.append((body.label, body.type.code(in: namespace), json))
                }
                guard !values.isEmpty else {
                    let call = Self.arguments(of: operation, namespace: namespace).isEmpty ? "" : "()"
                    code.line("samples.append(.\(operation.caseName)\(call))")
                    continue
                }
                let order = Self.arguments(of: operation, namespace: namespace).map(\.label)
                values.sort { (order.firstIndex(of: $0.label) ?? 0) < (order.firstIndex(of: $1.label) ?? 0) }
                let labels = Set(order)
                let conditions = values.map {
                    "let \(Self.local($0.label, among: labels)) = Courier.OpenAPISample.value(\($0.type).self, "
                        + "\(SwiftNames.literal($0.json)))"
                }
                let arguments = values.map {
                    "\(SwiftNames.argumentLabel($0.label)): \(Self.local($0.label, among: labels))"
                }
                code.block("if \(conditions.joined(separator: ", ")) {") { code in
                    code.line("samples.append(.\(operation.caseName)(\(arguments.joined(separator: ", "))))")
                }
            }
            code.line("return samples")
        }
    }

    func writeDecode(into code: inout CodeWriter) {
        code.doc("The response body as the type the document gives for its status.")
        code.block(
            "public func decode(_ response: Courier.Response) throws(Courier.CourierError) -> any Swift.Sendable {"
        ) {
            code in
            code.block("switch self {") { code in
                for operation in operations {
                    code.line("case .\(operation.caseName):")
                    code.block("switch response.statusCode {") { code in
                        for reply in operation.replies where reply.status != nil {
                            let pattern =
                                reply.range.map { "\($0.lowerBound)...\($0.upperBound)" } ?? "\(reply.status ?? 0)"
                            code.line("case \(pattern): \(decodeExpression(reply))")
                        }
                        // An operation that documents no success (only errors, or no responses, which
                        // OpenAPI 3.1 allows) succeeds as its typed call does: with nothing to read.
                        let documentsSuccess = operation.replies.contains { reply in
                            guard let status = reply.status else { return true }
                            return (200...299).contains(status) || reply.range?.contains(200) == true
                        }
                        if !documentsSuccess {
                            code.line("case 200...299: return ()")
                        }
                        if let fallback = operation.replies.first(where: { $0.status == nil }) {
                            code.line("default: \(decodeExpression(fallback))")
                        } else {
                            code.line("default: throw Courier.OpenAPIDecoding.undocumented(response)")
                        }
                    }
                }
            }
        }
    }

    private func decodeExpression(_ reply: Operation.Reply) -> String {
        switch reply.kind {
        case .json(let type):
            "return try Courier.OpenAPIDecoding.json(\(type.code(in: namespace)).self, from: response)"
        case .jsonLines(let type, let mediaType):
            "return try Courier.OpenAPIDecoding.\(OperationReader.isRecordSequence(mediaType) ? "jsonSequence" : "jsonLines")("
                + "\(type.code(in: namespace)).self, from: response)"
        case .events(let data?):
            "return try Courier.OpenAPIDecoding.events(\(data.code(in: namespace)).self, from: response)"
        case .text, .events: "return try Courier.OpenAPIDecoding.text(from: response)"
        case .binary: "return response.data"
        case .none: "return ()"
        }
    }
}

/// A security scheme, as far as targets care.
enum SecurityScheme {
    /// A bearer token (`http` bearer, OAuth 2, OpenID Connect).
    case bearer
    /// HTTP basic.
    case basic
    /// An API key in a header, the query or a cookie.
    case apiKey(name: String, location: String)
    /// Anything else.
    case other
}
