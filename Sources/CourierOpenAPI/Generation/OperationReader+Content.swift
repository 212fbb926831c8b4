import Foundation

extension OperationReader {
    /// The request body, its media type chosen JSON first, then form, multipart, binary and text.
    func readBody(_ node: DocumentNode?, pointer: String, typePrefix: String) -> Operation.Body? {
        guard let (body, bodyPointer) = dereferenced(node, pointer: pointer),
            let content = body["content"]?.object, content.count > 0
        else { return nil }
        let ranked = content.entries.map { entry in
            // Bytes under a JSON media type (`*/*`, or Swagger 2.0's `consumes`) are bytes.
            let kind = Self.bodyKind(entry.key)
            return (
                type: entry.key, media: entry.value,
                kind: kind == .json && isBinary(entry.value["schema"]) ? Operation.Body.Kind.binary : kind
            )
        }
        guard let chosen = ranked.min(by: { Self.rank($0.kind) < Self.rank($1.kind) }) else { return nil }
        let mediaPointer = bodyPointer + "/content/" + JSONPointer.make([chosen.type]).dropFirst(2)
        var schema = chosen.media["schema"] ?? DocumentNode(value: .object(DocumentObject()), location: body.location)
        var type: SwiftType
        switch chosen.kind {
        case .binary: type = .data
        case .text: type = .string
        case .jsonLines:
            // A list, its elements written one per line (or record).
            let item = sequenceItem(of: chosen.media, pointer: mediaPointer, isRequest: true)
            type = .array(
                item.map {
                    models.type(of: $0.schema, suggestedName: typePrefix + "RequestLine", pointer: $0.pointer).0
                } ?? .freeForm)
            var list = DocumentObject()
            list.set(DocumentNode(value: .string("array"), location: body.location), for: "type")
            if let item { list.set(item.schema, for: "items") }
            schema = DocumentNode(value: .object(list), location: body.location)
        default:
            type =
                models.type(
                    of: schema, suggestedName: Self.componentName(bodyPointer) ?? typePrefix + "Request",
                    pointer: mediaPointer + "/schema"
                ).0
        }
        var example = chosen.media["example"] ?? firstExample(chosen.media["examples"])
        // A sequence's example is the list of its values (OpenAPI 3.2); not a line's.
        if chosen.kind == .jsonLines, example?.array == nil { example = nil }
        var fields: [Operation.Field] = []
        if chosen.kind == .form || chosen.kind == .multipart {
            if case .dictionary(let value) = type,
                chosen.kind == .form ? value.isScalarLike : isText(value)
            {
                // An object without properties (`{"properties": {}, "additionalProperties": false}` on a
                // body that carries nothing, or an open map of scalars): its entries are the fields.
                var entries = Operation.Body(
                    kind: chosen.kind, contentType: chosen.type, type: type, isRequired: body["required"]?.bool == true,
                    label: "body", fields: [], schema: schema, example: example)
                entries.writesEntries = true
                return entries
            }
            guard let object = formObject(of: type) else {
                models.warnings.append(
                    GenerationWarning(
                        pointer: mediaPointer, message: "\(chosen.type) body that is not an object; sent as JSON"))
                return Operation.Body(
                    kind: .json, contentType: "application/json", type: type,
                    isRequired: body["required"]?.bool == true,
                    label: "body", fields: [], schema: schema, example: chosen.media["example"])
            }
            let encoding = chosen.media["encoding"]?.object
            fields = object.properties.map { property in
                // A multipart part of an object or a union is JSON (the default of its Encoding Object);
                // a form writes it as fields, a map's entries too.
                let isScalar = chosen.kind == .multipart ? isText(property.type) : isParameterValue(property.type)
                if chosen.kind == .form, !isScalar {
                    models.warnings.append(
                        GenerationWarning(
                            pointer: mediaPointer + "/schema/properties/"
                                + JSONPointer.make([property.key]).dropFirst(2),
                            message:
                                "a form field of this type (bytes, or a list of optional values) cannot be written; not sent"
                        ))
                }
                var field = Operation.Field(
                    key: property.key, name: property.name, isFile: property.type == .data, isScalar: isScalar)
                // A list of files (`type: array, items: {format: binary}`) or of objects in a multipart body
                // is a part per element, as a list of texts is: a file part each, a JSON part each.
                if chosen.kind == .multipart, !isScalar, case .array(let element) = property.type {
                    field.isList = true
                    field.isFile = element == .data
                }
                if let node = encoding?[property.key] {
                    let pointer = mediaPointer + "/encoding/" + JSONPointer.make([property.key]).dropFirst(2)
                    apply(
                        node, to: &field, type: property.type, multipart: chosen.kind == .multipart, pointer: pointer)
                }
                return field
            }
        }
        return Operation.Body(
            kind: chosen.kind, contentType: Self.sentMediaType(chosen.type, kind: chosen.kind), type: type,
            isRequired: body["required"]?.bool == true, label: "body", fields: fields, schema: schema,
            example: example)
    }

    /// The `Content-Type` a body of `kind` documented under `mediaType` is sent with: the media type, or
    /// for a range (`*/*`, `application/*`, `text/*`, `image/*`: HubSpot's `*/*` bodies), which is not a
    /// content type, the one the body is written as.
    static func sentMediaType(_ mediaType: String, kind: Operation.Body.Kind) -> String {
        guard bareMediaType(mediaType).contains("*") else { return mediaType }
        switch kind {
        case .json: return "application/json"
        case .text: return "text/plain"
        case .binary: return "application/octet-stream"
        default: return mediaType
        }
    }

    /// `mediaType` as the document writes it, without its parameter `name` (a `charset`, a `boundary`) and
    /// the spaces around its parts.
    static func withoutParameter(_ name: String, of mediaType: String) -> String {
        mediaType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty && !$0.lowercased().hasPrefix(name + "=")
        }.joined(separator: "; ")
    }

    /// Reads a field's Encoding Object: a multipart part's `contentType` (a file's, or a structured
    /// value's when it is JSON), a form field's `style`, `explode` and `allowReserved`, and from OpenAPI
    /// 3.1 on a multipart part's too, which then overrule its `contentType`. What the body's kind has no
    /// use for, or the generated code cannot write, is said in a warning.
    private func apply(
        _ node: DocumentNode, to field: inout Operation.Field, type: SwiftType, multipart: Bool, pointer: String
    ) {
        var ignored: [String] = []
        let styleKeys = ["style", "explode", "allowReserved"].filter { node[$0] != nil }
        let stylesParts = !(models.root["openapi"]?.string ?? "3.0").hasPrefix("3.0")
        let formStyle = node["style"]?.string.map { Self.formStyles.contains($0) } ?? true
        if multipart, !styleKeys.isEmpty, stylesParts, formStyle, isParameterValue(type) {
            field.isStyled = true
            readStyle(node, into: &field, ignored: &ignored)
        } else if multipart {
            if let types = node["contentType"]?.string {
                // A list or a wildcard allows several types: a part is sent as the first concrete one.
                let concrete = types.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                    .first { !$0.isEmpty && !$0.contains("*") }
                if field.isFile {
                    field.contentType = concrete
                } else if !field.isScalar, let concrete, Self.bodyKind(concrete) != .json {
                    ignored.append("contentType \(concrete) of a structured part (written as JSON)")
                }
            }
            // OpenAPI 3.0 applies them to a form body only.
            ignored += styleKeys.map { stylesParts ? $0 : "\($0) (OpenAPI 3.0 applies it to form bodies only)" }
        } else {
            readStyle(node, into: &field, ignored: &ignored)
        }
        for (name, header) in node["headers"]?.object?.entries ?? [] {
            let headerPointer = pointer + "/headers/" + JSONPointer.make([name]).dropFirst(2)
            // OpenAPI: a part's `Content-Type` is its `contentType`; a header of that name SHALL be ignored.
            if name.lowercased() == "content-type" { continue }
            if multipart {
                field.headers.append((name, header, headerPointer))
            } else {
                ignored.append("headers (a form's fields have none)")
            }
        }
        guard !ignored.isEmpty else { return }
        models.warnings.append(
            GenerationWarning(
                pointer: pointer,
                message:
                    "encoding not applied: \(ignored.joined(separator: ", ")); the field is written as its schema says")
        )
    }

    /// A field's `style`, `explode` and `allowReserved`; a style a form cannot have is in `ignored`.
    private func readStyle(_ node: DocumentNode, into field: inout Operation.Field, ignored: inout [String]) {
        if let style = node["style"]?.string {
            if Self.formStyles.contains(style) {
                field.style = style
            } else {
                ignored.append("style \(style)")
            }
        }
        field.explode = node["explode"]?.bool ?? (field.style == "form")
        field.allowReserved = node["allowReserved"]?.bool ?? false
    }

    /// The styles a form field (and, from OpenAPI 3.1 on, a multipart part) can have.
    private static let formStyles: Set<String> = ["form", "spaceDelimited", "pipeDelimited", "deepObject"]

    /// Whether a value of `type` is an `OpenAPIParameterValue` in the generated code, through aliases:
    /// text, an enumeration, an object or a union (which then conform), a list or a map of them; not bytes,
    /// and not a list of optionals.
    private func isParameterValue(_ type: SwiftType) -> Bool {
        switch type {
        case .builtin: return type.isScalarLike
        case .array(let element), .dictionary(let element): return isParameterValue(element)
        case .model(let name):
            switch models.model(named: name) {
            case .alias(_, _, let type): return isParameterValue(type)
            case nil: return false
            default: return true
            }
        case .optional: return false
        }
    }

    /// Whether a value of `type` is text, or a list of texts: a scalar, an enumeration, or an alias or
    /// array of them (a part of its own for each element), not an object or a union, nor a list of lists
    /// (each inner list is a part of JSON).
    private func isText(_ type: SwiftType) -> Bool {
        switch type {
        case .builtin: return type.isScalarLike
        case .array(.array): return false
        case .array(let element): return isText(element)
        case .model(let name):
            switch models.model(named: name) {
            case .enumeration: return true
            case .alias(_, _, let type): return isText(type)
            default: return false
            }
        case .dictionary, .optional: return false
        }
    }

    private func formObject(of type: SwiftType) -> ObjectModel? {
        guard case .model(let name) = type else { return nil }
        guard case .object(let object) = models.model(named: name) else { return nil }
        return object
    }

    /// The responses, each with the media type it is read as.
    func readReplies(
        _ node: DocumentNode?, pointer: String, typePrefix: String, isHead: Bool
    ) -> [Operation.Reply] {
        var replies: [Operation.Reply] = []
        for (status, response) in node?.object?.entries ?? [] {
            let responsePointer = pointer + "/" + JSONPointer.make([status]).dropFirst(2)
            guard let (response, resolvedPointer) = dereferenced(response, pointer: responsePointer) else {
                continue
            }
            var code: Int?
            var range: ClosedRange<Int>?
            if let number = Int(status) {
                code = number
            } else if status.count == 3, status.uppercased().hasSuffix("XX"), let first = Int(status.prefix(1)) {
                code = first * 100
                range = (first * 100)...(first * 100 + 99)
            } else if status != "default" {
                models.warnings.append(
                    GenerationWarning(pointer: responsePointer, message: "status \(status) is not a status; skipped"))
                continue
            }
            if response["links"]?.object.map({ $0.count > 0 }) == true {
                models.warnings.append(
                    GenerationWarning(
                        pointer: resolvedPointer + "/links", message: "links are not generated; skipped"))
            }
            // A 204, 205 or 304 answer has no body (RFC 9110), nor has any answer to HEAD, whatever
            // content the document gives it (Elasticsearch's `exists` calls document JSON).
            let isBodiless = isHead || [204, 205, 304].contains(code)
            let entries = isBodiless ? [] : response["content"]?.object?.entries ?? []
            let chosen = entries.min { Self.replyRank($0.key) < Self.replyRank($1.key) }
            guard let chosen else {
                replies.append(Operation.Reply(status: code, range: range, kind: .none, schema: nil, example: nil))
                continue
            }
            let mediaPointer = resolvedPointer + "/content/" + JSONPointer.make([chosen.key]).dropFirst(2)
            let schema = chosen.value["schema"]
            let kind: Operation.Reply.Kind
            // What a sample answer is made from: a JSON Lines answer's one line.
            var sampled = schema
            var events: EventReading?
            if Self.isEventStream(chosen.key) {
                let reading = eventReading(of: chosen.value, pointer: mediaPointer, typePrefix: typePrefix)
                sampled = reading.sample
                kind = .events(reading.type)
                events = reading
            } else if Self.isJSONSequence(chosen.key) {
                let item = sequenceItem(of: chosen.value, pointer: mediaPointer, isRequest: false)
                sampled = item?.schema
                kind = .jsonLines(
                    item.map {
                        models.type(of: $0.schema, suggestedName: typePrefix + "Line", pointer: $0.pointer).0
                    } ?? .freeForm, mediaType: chosen.key)
            } else {
                switch Self.bodyKind(chosen.key) {
                case .json where isBinary(schema): kind = .binary
                case .json:
                    let suffix = replies.contains { if case .json = $0.kind { true } else { false } } ? "\(status)" : ""
                    kind = .json(
                        schema.map {
                            models.type(
                                of: $0,
                                suggestedName: Self.componentName(resolvedPointer) ?? typePrefix + "Response" + suffix,
                                pointer: mediaPointer + "/schema"
                            ).0
                        } ?? .freeForm)
                case .text, .form: kind = .text
                case .binary, .multipart, .jsonLines: kind = .binary
                }
            }
            let example = chosen.value["example"] ?? firstExample(chosen.value["examples"])
            var reply = Operation.Reply(status: code, range: range, kind: kind, schema: sampled, example: example)
            reply.mediaType = chosen.key
            // Events offered beside the media type read (a chat completion's stream, when the body asks).
            if !Self.isEventStream(chosen.key), let offered = entries.first(where: { Self.isEventStream($0.key) }) {
                reply.offersEvents = true
                let eventsPointer = resolvedPointer + "/content/" + JSONPointer.make([offered.key]).dropFirst(2)
                events = eventReading(of: offered.value, pointer: eventsPointer, typePrefix: typePrefix)
                reply.eventData = events?.type
            }
            reply.sampleEvent = events?.sampleEvent
            replies.append(reply)
        }
        return replies
    }

    /// Whether `schema` (through `$ref`s) is a string of `format: binary`: raw bytes, whatever the media
    /// type says (Swagger 2.0 documents put file downloads under their `produces: [application/json]`).
    func isBinary(_ schema: DocumentNode?) -> Bool {
        guard let schema, let node = models.dereferenced(schema), node["format"]?.string == "binary" else {
            return false
        }
        let type = node["type"]
        return type?.string == "string" || type?.array?.contains { $0.string == "string" } == true
    }

    /// The security requirement alternatives of a `security` list (an empty alternative: no auth needed).
    func securityRequirements(_ node: DocumentNode?) -> [[String]] {
        node?.array?.compactMap { $0.object?.keys } ?? []
    }

    static func bodyKind(_ mediaType: String) -> Operation.Body.Kind {
        let type = bareMediaType(mediaType)
        if isJSONSequence(type) { return .jsonLines }
        if type == "application/json" || type.hasSuffix("+json") || type == "*/*" || type == "application/*" {
            return .json
        }
        if type == "application/x-www-form-urlencoded" { return .form }
        if type.hasPrefix("multipart/") { return .multipart }
        if type.hasPrefix("text/") { return .text }
        return .binary
    }

    /// How an answer's media type is preferred among those its status offers: JSON (a model), then a
    /// sequence of JSON values (a stream of models), then server-sent events, then the others as a
    /// body's.
    static func replyRank(_ mediaType: String) -> Int {
        if isJSONSequence(mediaType) { return 1 }
        if isEventStream(mediaType) { return 2 }
        let kind = bodyKind(mediaType)
        return kind == .json ? 0 : rank(kind) + 2
    }

    /// Whether `mediaType` is a sequence of JSON values: JSON Lines (newline-delimited JSON, under one
    /// of its names) or a JSON text sequence (RFC 7464: `application/json-seq`, `application/geo+json-seq`).
    static func isJSONSequence(_ mediaType: String) -> Bool {
        let type = bareMediaType(mediaType)
        return isRecordSequence(type)
            || [
                "application/jsonl", "application/x-ndjson", "application/ndjson", "application/x-jsonlines",
                "application/jsonlines", "application/json-lines",
            ].contains(type)
    }

    /// Whether `mediaType` is server-sent events (`text/event-stream`).
    static func isEventStream(_ mediaType: String) -> Bool {
        bareMediaType(mediaType) == "text/event-stream"
    }

    /// Whether `mediaType` is a JSON text sequence (RFC 7464), whose values each follow an RS.
    static func isRecordSequence(_ mediaType: String) -> Bool {
        let type = bareMediaType(mediaType)
        return type == "application/json-seq" || (type.hasPrefix("application/") && type.hasSuffix("+json-seq"))
    }

    /// The schema of each value of a sequence of JSON values, and its pointer: OpenAPI 3.2's
    /// `itemSchema`; else the items of a `schema` that is a list, where it is the whole sequence's (3.2
    /// applies `schema` to the whole sequence, as to a list, and so do earlier documents' request bodies:
    /// Elasticsearch's bulk request); else `schema`, which documents before 3.2 give as one value's (in an
    /// answer even when it is a list: Lichess's game chat is one list, sent on one line).
    func sequenceItem(
        of media: DocumentNode, pointer: String, isRequest: Bool
    ) -> (schema: DocumentNode, pointer: String)? {
        if let item = media["itemSchema"] { return (item, pointer + "/itemSchema") }
        guard let schema = media["schema"] else { return nil }
        let version = models.root["openapi"]?.string ?? "3.0"
        let schemaIsWhole =
            isRequest || !(version.hasPrefix("3.0") || version.hasPrefix("3.1") || version.hasPrefix("2"))
        if schemaIsWhole, let (node, resolved) = dereferenced(schema, pointer: pointer + "/schema"),
            let items = node["items"],
            node.schemaTypes.contains("array")
        {
            return (items, resolved + "/items")
        }
        return (schema, pointer + "/schema")
    }

    /// A media type without its parameters, lowercased: `application/json` for `Application/JSON; charset=utf-8`,
    /// and for `application/json, okta-version=1.0.0`, a parameter written after a comma (Okta's keys).
    static func bareMediaType(_ mediaType: String) -> String {
        mediaType.lowercased().split(whereSeparator: { $0 == ";" || $0 == "," }).first.map {
            $0.trimmingCharacters(in: .whitespaces)
        } ?? ""
    }

    static func rank(_ kind: Operation.Body.Kind) -> Int {
        switch kind {
        case .json: 0
        case .jsonLines: 1
        case .form: 2
        case .multipart: 3
        case .binary: 4
        case .text: 5
        }
    }
}

/// The URL of a server object, its variables replaced by their defaults.
enum ServerURL {
    /// `https://{region}.example.com/v1` with `region: {default: eu}` → `https://eu.example.com/v1`.
    static func text(_ server: DocumentNode) -> String? {
        guard var url = server["url"]?.string else { return nil }
        for (name, variable) in server["variables"]?.object?.entries ?? [] {
            let value = variable["default"]?.string ?? variable["enum"]?.array?.first?.string ?? ""
            url = url.replacingOccurrences(of: "{\(name)}", with: value)
        }
        return url
    }

    /// The variables that `server`'s URL names in braces and its `variables` does not define (Adyen's
    /// terminal API: `…/merchants/{merchantAccount}/devices/{deviceId}/sync`, no `variables`).
    static func undefinedVariables(_ server: DocumentNode) -> [String] {
        text(server).map(OperationReader.placeholders(in:)) ?? []
    }

    /// Whether `server`'s URL, its variables replaced, is a URL: each variable it names defined, and only
    /// characters a URL holds (Adyen's local server is `<local-terminal-IP-address>`).
    static func isWhole(_ server: DocumentNode) -> Bool {
        guard let url = text(server), undefinedVariables(server).isEmpty else { return false }
        return url.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "-._~:/?#[]@!$&'()*+,;=%".unicodeScalars.contains(scalar))
        }
    }

    /// The server of `servers` (at `pointer`: the document's, a path item's or an operation's) that
    /// requests go to: the first whose URL is whole (each variable it names defined), else the first; and
    /// a warning when that is not the first or is not whole.
    static func chosen(
        _ servers: [DocumentNode], at pointer: String = "#/servers"
    ) -> (server: String?, index: Int, warning: GenerationWarning?) {
        guard let first = servers.first else { return (nil, 0, nil) }
        guard !isWhole(first) else { return (text(first), 0, nil) }
        let missing = undefinedVariables(first).map { "{\($0)}" }.joined(separator: ", ")
        let fault =
            missing.isEmpty
            ? "the server's URL is not a URL" : "the server's URL names variables it does not define (\(missing))"
        if let index = servers.firstIndex(where: isWhole) {
            let message = "\(fault); the base URL is server \(index) instead"
            return (text(servers[index]), index, GenerationWarning(pointer: pointer + "/0/url", message: message))
        }
        let message =
            "\(fault), and no other server's URL is whole; the base URL is the first as written: "
            + "send requests to the real server with `endpoint(on:)` in an endpoint closure"
        return (text(first), 0, GenerationWarning(pointer: pointer + "/0/url", message: message))
    }
}
