extension Swagger2Converter {
    /// The keys of a Swagger 2.0 header that stay as they are.
    private static let headerKeys: Set<String> = ["description"]

    /// An operation's `responses`, each converted with the media types the operation `produces`.
    mutating func convertResponses(_ responses: DocumentNode, produces: [String], at path: [String]) -> DocumentNode {
        guard let object = responses.object else {
            warn("`responses` is not a mapping: left out", at: path)
            return .emptyObject(at: responses.location)
        }
        var result = DocumentObject()
        for (status, response) in object.entries {
            if status.hasPrefix("x-") {
                result.set(response, for: status)
            } else {
                result.set(convertResponse(response, produces: produces, at: path + [status]), for: status)
            }
        }
        return .object(result, at: responses.location)
    }

    /// A response: its schema under each media type of `produces` (and of its `examples`), each example
    /// as the `example` of its media type, its headers with a schema each. A `$ref` to one of the
    /// document's `responses` stays a reference when the operation produces what the document does;
    /// otherwise the response is written in place with the operation's media types (Gitea's shared
    /// string response, which its Markdown operations produce as `text/html`).
    mutating func convertResponse(_ response: DocumentNode, produces: [String], at path: [String]) -> DocumentNode {
        if let reference = response.reference {
            let tokens = ReferencePointer.tokens(reference)
            let location = response.location
            guard reference.hasPrefix("#"), tokens.count == 2, tokens[0] == "responses",
                let shared = source["responses"]?[tokens[1]]
            else {
                warn("`$ref` \(reference) does not name one of the document's `responses`: left out", at: path)
                return .object(DocumentObject([("description", .string("", at: location))]), at: location)
            }
            if produces != self.produces, shared.reference == nil {
                return convertResponse(shared, produces: produces, at: ["responses", tokens[1]])
            }
            let converted = ReferencePointer.make(["components", "responses", tokens[1]])
            return .object(DocumentObject([("$ref", .string(converted, at: location))]), at: location)
        }
        guard let object = response.object else {
            warn("a response is not a mapping: left out", at: path)
            return .object(DocumentObject([("description", .string("", at: response.location))]), at: response.location)
        }
        var result = DocumentObject()
        result.set(object["description"] ?? .string("", at: response.location), for: "description")
        if let headers = object["headers"] {
            result.set(convertHeaders(headers, at: path + ["headers"]), for: "headers")
        }
        let schema = object["schema"].map { convertSchema($0, at: path + ["schema"]) }
        let examples = object["examples"]?.object ?? DocumentObject()
        var mediaTypes = schema == nil ? [] : produces
        for mediaType in examples.keys where !mediaTypes.contains(mediaType) { mediaTypes.append(mediaType) }
        if !mediaTypes.isEmpty {
            var content = DocumentObject()
            for mediaType in mediaTypes {
                var media = DocumentObject()
                media.set(ifPresent: schema, for: "schema")
                media.set(ifPresent: examples[mediaType], for: "example")
                content.set(.object(media, at: response.location), for: mediaType)
            }
            result.set(.object(content, at: response.location), for: "content")
        }
        for (key, value) in object.entries {
            if key.hasPrefix("x-") {
                result.set(value, for: key)
            } else if !["description", "headers", "schema", "examples"].contains(key) {
                warn("`\(key)` is not a field of a response: left out", at: path + [key])
            }
        }
        return .object(result, at: response.location)
    }

    /// A response's `headers`, each a header object with a `schema`.
    private mutating func convertHeaders(_ headers: DocumentNode, at path: [String]) -> DocumentNode {
        guard let object = headers.object else {
            warn("`headers` is not a mapping: left out", at: path)
            return .emptyObject(at: headers.location)
        }
        var result = DocumentObject()
        for (name, header) in object.entries {
            let headerPath = path + [name]
            guard let fields = header.object else {
                warn("a header is not a mapping: left out", at: headerPath)
                continue
            }
            var converted = DocumentObject()
            for (key, value) in fields.entries {
                if Self.headerKeys.contains(key) || (key.hasPrefix("x-") && key != "x-nullable") {
                    converted.set(value, for: key)
                } else if !Self.simpleSchemaKeys.contains(key) && key != "collectionFormat" && key != "x-nullable" {
                    warn("`\(key)` is not a field of a header: left out", at: headerPath + [key])
                }
            }
            converted.set(schema(ofSimple: header, at: headerPath), for: "schema")
            if fields["type"]?.string == "array" {
                _ = style(of: fields["collectionFormat"]?.string, in: "header", at: headerPath + ["collectionFormat"])
            }
            result.set(.object(converted, at: header.location), for: name)
        }
        return .object(result, at: headers.location)
    }
}
