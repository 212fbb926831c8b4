extension Swagger2Converter {
    /// The OAuth 2 flows of Swagger 2.0 by the name of the OpenAPI 3 flow object that stands for them, and
    /// the URLs each has.
    private static let flows: [String: (name: String, urls: [String])] = [
        "implicit": ("implicit", ["authorizationUrl"]),
        "password": ("password", ["tokenUrl"]),
        "application": ("clientCredentials", ["tokenUrl"]),
        "accessCode": ("authorizationCode", ["authorizationUrl", "tokenUrl"]),
    ]

    /// A security definition as a security scheme: `basic` as HTTP basic, `apiKey` as it is, `oauth2`
    /// with its flow as a flows object; `nil`, with a warning, for a type Swagger 2.0 does not have.
    mutating func convertSecurityScheme(_ scheme: DocumentNode, at path: [String]) -> DocumentNode? {
        guard let object = scheme.object, let type = object["type"]?.string else {
            warn("a security definition without a `type`: left out", at: path)
            return nil
        }
        let location = scheme.location
        var result = DocumentObject()
        switch type {
        case "basic":
            result.set(.string("http", at: location), for: "type")
            result.set(.string("basic", at: location), for: "scheme")
        case "apiKey":
            result.set(.string("apiKey", at: location), for: "type")
            result.set(ifPresent: object["name"], for: "name")
            result.set(ifPresent: object["in"], for: "in")
        case "oauth2":
            guard let flowName = object["flow"]?.string, let flow = Self.flows[flowName] else {
                warn("an OAuth 2 security definition without a known `flow`: left out", at: path + ["flow"])
                return nil
            }
            var converted = DocumentObject()
            for url in flow.urls {
                if let value = object[url] {
                    converted.set(value, for: url)
                } else {
                    warn("an OAuth 2 `\(flowName)` flow without `\(url)`", at: path)
                    converted.set(.string("", at: location), for: url)
                }
            }
            converted.set(object["scopes"] ?? .emptyObject(at: location), for: "scopes")
            result.set(.string("oauth2", at: location), for: "type")
            let flows = DocumentObject([(flow.name, .object(converted, at: location))])
            result.set(.object(flows, at: location), for: "flows")
        default:
            warn("security definition type `\(type)` is not a Swagger 2.0 type: left out", at: path + ["type"])
            return nil
        }
        result.set(ifPresent: object["description"], for: "description")
        for (key, value) in object.entries where key.hasPrefix("x-") { result.set(value, for: key) }
        return .object(result, at: location)
    }
}
