import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The validating server the generated clients are tested against (``OpenAPIServer``): on a 3.0 YAML,
/// a 3.1 JSON and a Swagger 2.0 JSON document, a valid request passes and is answered with JSON, and an
/// invalid one (a required query parameter missing, a wrong type in the body) fails.
@Suite("The OpenAPI validating server", .computeHeavy)
struct OpenAPIServerTests {
    /// An answer: its status, the server's two headers, and its body.
    struct Answer {
        /// The HTTP status.
        var status: Int
        /// `X-OpenAPI-Validation`: passed, failed or no-operation.
        var validation: String?
        /// `X-OpenAPI-Operation`: the operationId, or `METHOD /path`.
        var operation: String?
        /// The Content-Type.
        var contentType: String?
        /// The body.
        var body: Data

        /// The body parsed as JSON (any top-level value), or `nil` when it is not JSON.
        var json: Any? { try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) }

        /// The `errors` of a failed answer's JSON body.
        var errors: [String] { ((json as? [String: Any])?["errors"] as? [String]) ?? [] }
    }

    /// The fixture document `name/file` under Tests/OpenAPIFixtures.
    static func document(_ name: String, _ file: String) -> String {
        OpenAPITools.root.appendingPathComponent("Tests/OpenAPIFixtures/\(name)/\(file)").path
    }

    /// Sends `method path` (path and query) to `server` with `headers` and `body`, and returns the answer.
    static func send(
        _ method: String, _ path: String, to server: OpenAPIServer, headers: [String: String] = [:],
        body: String? = nil
    ) async throws -> Answer {
        let url = try #require(URL(string: server.baseURL.absoluteString + path))
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body.map { Data($0.utf8) }
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return Answer(
            status: http.statusCode, validation: http.value(forHTTPHeaderField: "X-OpenAPI-Validation"),
            operation: http.value(forHTTPHeaderField: "X-OpenAPI-Operation"),
            contentType: http.value(forHTTPHeaderField: "Content-Type"), body: data)
    }

    /// A new temporary folder holding `document` as the file `name`.
    static func folder(holding document: String, as name: String) throws -> URL {
        let folder = try TestFiles.path("courier-server")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(document.utf8).write(to: folder.appendingPathComponent(name))
        return folder
    }

    /// Checks that `answer` passed validation with `status` and a JSON body.
    static func expectPassed(_ answer: Answer, status: Int, operation: String, log: String) {
        #expect(answer.status == status, "\(String(decoding: answer.body, as: UTF8.self))\nlog:\n\(log)")
        #expect(answer.validation == "passed")
        #expect(answer.operation == operation)
        #expect(answer.contentType == "application/json")
        #expect(answer.json != nil, "not JSON: \(String(decoding: answer.body, as: UTF8.self))")
    }

    /// Checks that `answer` failed validation (400, a JSON body listing the errors) and that one of the
    /// errors mentions `mentioning`.
    static func expectFailed(_ answer: Answer, operation: String, mentioning: String) {
        #expect(answer.status == 400)
        #expect(answer.validation == "failed")
        #expect(answer.operation == operation)
        let errors = answer.errors
        #expect(!errors.isEmpty, "no errors in \(String(decoding: answer.body, as: UTF8.self))")
        #expect(
            errors.contains { $0.localizedCaseInsensitiveContains(mentioning) },
            "no error mentions \(mentioning): \(errors)")
        let body = answer.json as? [String: Any]
        #expect(body?["operation"] as? String == operation)
        #expect(body?["method"] is String)
        #expect(body?["url"] is String)
    }

    @Test("OpenAPI 3.0, YAML (Petstore): valid requests pass, invalid ones fail, unknown paths are no operation")
    func openAPI30YAML() async throws {
        let server = try await OpenAPIServer.start(document: Self.document("Petstore", "openapi.yaml"))
        defer { server.stop() }
        #expect(server.port > 0)
        #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")

        let list = try await Self.send("GET", "/v1/pets?limit=10", to: server)
        Self.expectPassed(list, status: 200, operation: "listPets", log: server.log)
        #expect(list.json is [Any])

        let created = try await Self.send(
            "POST", "/v1/pets", to: server, headers: ["Content-Type": "application/json"],
            body: #"{"id": 7, "name": "Rex"}"#)
        #expect(created.status == 201)
        #expect(created.validation == "passed")

        let wrongQuery = try await Self.send("GET", "/v1/pets?limit=ten", to: server)
        Self.expectFailed(wrongQuery, operation: "listPets", mentioning: "limit")

        let wrongBody = try await Self.send(
            "POST", "/v1/pets", to: server, headers: ["Content-Type": "application/json"],
            body: #"{"id": "seven", "name": "Rex"}"#)
        Self.expectFailed(wrongBody, operation: "createPets", mentioning: "integer")

        let noBody = try await Self.send("POST", "/v1/pets", to: server)
        Self.expectFailed(noBody, operation: "createPets", mentioning: "body")

        let unknown = try await Self.send("GET", "/pets", to: server)
        #expect(unknown.status == 404)
        #expect(unknown.validation == "no-operation")
        #expect(!unknown.errors.isEmpty)
    }

    @Test("OpenAPI 3.2 sequences (Version32): a JSON Lines body is checked value by value; records and events answer")
    func sequences() async throws {
        let server = try await OpenAPIServer.start(document: Self.document("Version32", "openapi.yaml"))
        defer { server.stop() }
        let lines = ["Content-Type": "application/jsonl"]

        let imported = try await Self.send(
            "POST", "/books/import", to: server, headers: lines,
            body: #"{"isbn": "1", "title": "A"}"# + "\n\n" + #"{"isbn": "2", "title": "B"}"# + "\n")
        Self.expectPassed(imported, status: 200, operation: "importBooks", log: server.log)

        // The second line lacks a title: the error points at it.
        let wrongLine = try await Self.send(
            "POST", "/books/import", to: server, headers: lines,
            body: #"{"isbn": "1", "title": "A"}"# + "\n" + #"{"isbn": "2"}"# + "\n")
        Self.expectFailed(wrongLine, operation: "importBooks", mentioning: "at /1: 'title'")

        // A JSON text sequence: each record after an RS, the item schema's values.
        let exported = try await Self.send("GET", "/books/export", to: server)
        #expect(exported.validation == "passed")
        #expect(exported.contentType == "application/json-seq")
        let records = exported.body.split(separator: 0x1E)
        #expect(records.count == 1)
        let book = try records.first.map { try JSONSerialization.jsonObject(with: Data($0)) } as? [String: Any]
        #expect(book?["isbn"] is String && book?["title"] is String)

        // An event whose data is the `contentSchema`'s JSON.
        let changes = try await Self.send("GET", "/books/changes", to: server)
        #expect(changes.validation == "passed")
        let text = String(decoding: changes.body, as: UTF8.self)
        #expect(
            text.components(separatedBy: "\n").contains { $0.hasPrefix("data: {") } && text.hasSuffix("}\n\n"),
            "\(text)")
        #expect(text.contains(#""title""#))

        // Events of several types (a `oneOf` of events): one of the type whose data is JSON, with that JSON.
        let activity = try await Self.send("GET", "/books/activity", to: server)
        #expect(activity.validation == "passed")
        let event = String(decoding: activity.body, as: UTF8.self)
        #expect(event.hasPrefix("event: review\n"), "\(event)")
        #expect(event.contains(#"data: {"isbn": "#) && event.contains(#""stars": "#), "\(event)")
    }

    @Test("OpenAPI 3.1, JSON (Discord): valid requests pass, invalid ones fail")
    func openAPI31JSON() async throws {
        let server = try await OpenAPIServer.start(document: Self.document("Discord", "openapi.json"))
        defer { server.stop() }
        let token = ["Authorization": "Bot sample-token"]

        let me = try await Self.send("GET", "/api/v10/users/@me", to: server, headers: token)
        Self.expectPassed(me, status: 200, operation: "get_my_user", log: server.log)
        #expect(me.json is [String: Any])

        let search = try await Self.send(
            "GET", "/api/v10/guilds/1/members/search?query=ab&limit=5", to: server, headers: token)
        Self.expectPassed(search, status: 200, operation: "search_guild_members", log: server.log)

        let missingQuery = try await Self.send("GET", "/api/v10/guilds/1/members/search", to: server, headers: token)
        Self.expectFailed(missingQuery, operation: "search_guild_members", mentioning: "query")

        let wrongBody = try await Self.send(
            "POST", "/api/v10/channels/1/messages", to: server,
            headers: token.merging(["Content-Type": "application/json"]) { $1 }, body: #"{"content": 5}"#)
        Self.expectFailed(wrongBody, operation: "create_message", mentioning: "content")

        let noToken = try await Self.send("GET", "/api/v10/users/@me", to: server)
        Self.expectFailed(noToken, operation: "get_my_user", mentioning: "security")
    }

    @Test("Swagger 2.0, JSON (Slack): valid requests pass, invalid ones fail")
    func swagger20JSON() async throws {
        let server = try await OpenAPIServer.start(document: Self.document("Slack", "openapi.json"))
        defer { server.stop() }
        let form = [
            "Authorization": "Bearer xoxb-sample", "token": "xoxb-sample",
            "Content-Type": "application/x-www-form-urlencoded",
        ]

        let post = try await Self.send(
            "POST", "/api/chat.postMessage", to: server, headers: form, body: "channel=C1234&text=hello")
        Self.expectPassed(post, status: 200, operation: "chat_postMessage", log: server.log)
        #expect(post.json is [String: Any])

        let search = try await Self.send(
            "GET", "/api/search.messages?token=xoxb-sample&query=hello", to: server,
            headers: ["Authorization": "Bearer xoxb-sample"])
        Self.expectPassed(search, status: 200, operation: "search_messages", log: server.log)

        let missingQuery = try await Self.send(
            "GET", "/api/search.messages?token=xoxb-sample", to: server,
            headers: ["Authorization": "Bearer xoxb-sample"])
        Self.expectFailed(missingQuery, operation: "search_messages", mentioning: "query")

        let wrongBody = try await Self.send(
            "POST", "/api/chat.postMessage", to: server, headers: form, body: "channel=C1234&link_names=perhaps")
        Self.expectFailed(wrongBody, operation: "chat_postMessage", mentioning: "link_names")

        let unknown = try await Self.send("GET", "/api/no.such.method", to: server)
        #expect(unknown.status == 404)
        #expect(unknown.validation == "no-operation")
    }

    /// A Swagger 2.0 document whose API key has the name of an operation's path parameter (Gitea's
    /// `token`), which bravado-core refuses as it is: the server starts, and the operation's request
    /// passes with the other scheme. A body parameter of type string sent as `text/plain` is that text.
    @Test("Swagger 2.0: an API key named like a path parameter, a text body")
    func swagger20KeyNamedLikeAParameterAndATextBody() async throws {
        let document = ##"""
            {"swagger": "2.0", "info": {"title": "Keys", "version": "1"}, "basePath": "/api",
             "consumes": ["application/json"], "produces": ["application/json"],
             "securityDefinitions": {"Token": {"type": "apiKey", "name": "token", "in": "query"},
                                     "Basic": {"type": "basic"}},
             "security": [{"Basic": []}, {"Token": []}],
             "paths": {
               "/tokens/{token}": {"delete": {"operationId": "deleteToken",
                 "parameters": [{"name": "token", "in": "path", "required": true, "type": "string"}],
                 "responses": {"204": {"description": "gone"}}}},
               "/render": {"post": {"operationId": "render", "consumes": ["text/plain"], "produces": ["text/html"],
                 "parameters": [{"name": "body", "in": "body", "required": true, "schema": {"type": "string"}}],
                 "responses": {"200": {"description": "html", "schema": {"type": "string"}}}}}}}
            """##
        let folder = try Self.folder(holding: document, as: "swagger.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try await OpenAPIServer.start(document: folder.appendingPathComponent("swagger.json").path)
        defer { server.stop() }
        let basic = ["Authorization": "Basic dXNlcjpwYXNz"]

        let delete = try await Self.send("DELETE", "/api/tokens/abc", to: server, headers: basic)
        #expect(delete.status == 204, "\(String(decoding: delete.body, as: UTF8.self))\nlog:\n\(server.log)")
        #expect(delete.validation == "passed")
        #expect(delete.operation == "deleteToken")

        let render = try await Self.send(
            "POST", "/api/render", to: server, headers: basic.merging(["Content-Type": "text/plain"]) { $1 },
            body: "# Title")
        #expect(render.status == 200, "\(String(decoding: render.body, as: UTF8.self))\nlog:\n\(server.log)")
        #expect(render.validation == "passed")
        #expect(render.operation == "render")
    }

    @Test("a body under a media range (*/*) is read as JSON when it is JSON, and checked against its schema")
    func aBodyUnderAMediaRangeIsReadAsJSON() async throws {
        let document = ##"""
            {"openapi": "3.0.1", "info": {"title": "Ranges", "version": "1"}, "paths": {
              "/approvals": {"post": {"operationId": "startApproval",
                "requestBody": {"required": true, "content": {"*/*": {"schema": {"type": "object",
                  "required": ["objectId"], "properties": {"objectId": {"type": "integer"}}}}}},
                "responses": {"204": {"description": "started"}}}}}}
            """##
        let folder = try Self.folder(holding: document, as: "openapi.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try await OpenAPIServer.start(document: folder.appendingPathComponent("openapi.json").path)
        defer { server.stop() }
        let json = ["Content-Type": "application/json"]

        let started = try await Self.send("POST", "/approvals", to: server, headers: json, body: #"{"objectId": 1}"#)
        #expect(started.status == 204, "\(String(decoding: started.body, as: UTF8.self))\nlog:\n\(server.log)")
        #expect(started.validation == "passed")
        let wrong = try await Self.send("POST", "/approvals", to: server, headers: json, body: #"{"objectId": "a"}"#)
        Self.expectFailed(wrong, operation: "startApproval", mentioning: "objectId")
    }

    @Test("header parameters named Content-Type, Accept or Authorization are ignored, as OpenAPI says")
    func headerParametersTheSpecificationIgnoresAreIgnored() async throws {
        let document = ##"""
            {"openapi": "3.0.1", "info": {"title": "Restore", "version": "1"}, "paths": {
              "/restore/kv": {"post": {"operationId": "restoreKV", "parameters": [
                {"in": "header", "name": "Content-Type", "schema": {"type": "string",
                  "enum": ["application/octet-stream"]}},
                {"in": "header", "name": "Accept", "required": true, "schema": {"type": "string",
                  "enum": ["application/xml"]}},
                {"in": "header", "name": "Zap-Trace-Span", "schema": {"type": "string", "enum": ["span"]}}],
                "requestBody": {"required": true, "content": {"text/plain": {"schema": {"type": "string"}}}},
                "responses": {"204": {"description": "restored"}}}}}}
            """##
        let folder = try Self.folder(holding: document, as: "openapi.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try await OpenAPIServer.start(document: folder.appendingPathComponent("openapi.json").path)
        defer { server.stop() }
        let text = ["Content-Type": "text/plain", "Accept": "*/*"]

        let restored = try await Self.send("POST", "/restore/kv", to: server, headers: text, body: "snapshot")
        #expect(restored.status == 204, "\(String(decoding: restored.body, as: UTF8.self))\nlog:\n\(server.log)")
        #expect(restored.validation == "passed")
        // Another header parameter is still checked.
        let traced = text.merging(["Zap-Trace-Span": "other"]) { $1 }
        let wrong = try await Self.send("POST", "/restore/kv", to: server, headers: traced, body: "snapshot")
        Self.expectFailed(wrong, operation: "restoreKV", mentioning: "Zap-Trace-Span")
    }

    @Test("a text body of a boolean or a number is read as its text")
    func aTextBodyOfAScalarIsReadAsItsText() async throws {
        let document = ##"""
            {"openapi": "3.0.1", "info": {"title": "Settings", "version": "1"}, "paths": {
              "/facet-search": {"put": {"operationId": "setFacetSearch",
                "requestBody": {"required": true, "content": {"text/plain": {"schema": {"type": "boolean"}}}},
                "responses": {"204": {"description": "set"}}}},
              "/cutoff": {"put": {"operationId": "setCutoff",
                "requestBody": {"required": true, "content": {"text/plain": {"schema": {"type": "integer"}}}},
                "responses": {"204": {"description": "set"}}}}}}
            """##
        let folder = try Self.folder(holding: document, as: "openapi.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try await OpenAPIServer.start(document: folder.appendingPathComponent("openapi.json").path)
        defer { server.stop() }
        let text = ["Content-Type": "text/plain"]

        for (path, body) in [("/facet-search", "true"), ("/cutoff", "-150")] {
            let set = try await Self.send("PUT", path, to: server, headers: text, body: body)
            #expect(set.status == 204, "\(path): \(String(decoding: set.body, as: UTF8.self))\nlog:\n\(server.log)")
            #expect(set.validation == "passed")
        }
        let notBoolean = try await Self.send("PUT", "/facet-search", to: server, headers: text, body: "yes")
        Self.expectFailed(notBoolean, operation: "setFacetSearch", mentioning: "yes")
        let notInteger = try await Self.send("PUT", "/cutoff", to: server, headers: text, body: "1.5")
        Self.expectFailed(notInteger, operation: "setCutoff", mentioning: "1.5")
    }

    @Test("operations told apart by a #fragment in their paths are found by the path that is sent")
    func operationsToldApartByAFragmentAreFound() async throws {
        let document = ##"""
            {"openapi": "3.1.0", "info": {"title": "Connectors", "version": "1"}, "paths": {
              "/v1/connectors/{connector_id_or_name}#idOrName": {"get": {"operationId": "getConnector",
                "parameters": [{"name": "connector_id_or_name", "in": "path", "required": true,
                  "schema": {"type": "string"}}],
                "responses": {"204": {"description": "found"}}}},
              "/v1/connectors/{connector_id}#id": {"delete": {"operationId": "deleteConnector",
                "parameters": [{"name": "connector_id", "in": "path", "required": true,
                  "schema": {"type": "string", "format": "uuid"}}],
                "responses": {"204": {"description": "deleted"}}}}}}
            """##
        let folder = try Self.folder(holding: document, as: "openapi.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try await OpenAPIServer.start(document: folder.appendingPathComponent("openapi.json").path)
        defer { server.stop() }

        let found = try await Self.send("GET", "/v1/connectors/search", to: server)
        #expect(found.status == 204, "\(String(decoding: found.body, as: UTF8.self))\nlog:\n\(server.log)")
        #expect(found.operation == "getConnector")
        let id = "3fa85f64-5717-4562-b3fc-2c963f66afa6"
        let deleted = try await Self.send("DELETE", "/v1/connectors/\(id)", to: server)
        #expect(deleted.status == 204, "\(String(decoding: deleted.body, as: UTF8.self))\nlog:\n\(server.log)")
        #expect(deleted.operation == "deleteConnector")
        let notUUID = try await Self.send("DELETE", "/v1/connectors/search", to: server)
        Self.expectFailed(notUUID, operation: "deleteConnector", mentioning: "connector_id")
    }

    /// A multipart field of an integer (or a number, or a boolean) arrives as its text, which the server
    /// checks as such, and the fields an `allOf` part requires are required (Lob's campaigns).
    @Test("a multipart integer field is checked as the text of one, and allOf parts' fields are required")
    func multipartScalarFieldsAreText() async throws {
        let document = ##"""
            {"openapi": "3.0.1", "info": {"title": "Campaigns", "version": "1"}, "paths": {
              "/campaigns": {"post": {"operationId": "createCampaign", "requestBody": {"required": true,
                "content": {"multipart/form-data": {"schema": {"$ref": "#/components/schemas/Create"}}}},
                "responses": {"200": {"description": "created", "content": {"application/json": {
                  "schema": {"type": "object"}}}}}}}},
             "components": {"schemas": {
               "Base": {"type": "object", "required": ["quantity"], "properties": {
                 "quantity": {"type": "integer"}, "proof": {"type": "boolean"}}},
               "Create": {"allOf": [{"$ref": "#/components/schemas/Base"}, {"type": "object",
                 "required": ["name"], "properties": {"name": {"type": "string"}}}]}}}}
            """##
        let folder = try Self.folder(holding: document, as: "openapi.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try await OpenAPIServer.start(document: folder.appendingPathComponent("openapi.json").path)
        defer { server.stop() }

        func form(_ fields: [(String, String)]) -> String {
            fields.map { "--b\r\nContent-Disposition: form-data; name=\"\($0.0)\"\r\n\r\n\($0.1)\r\n" }.joined()
                + "--b--\r\n"
        }
        let headers = ["Content-Type": "multipart/form-data; boundary=b"]
        let valid = try await Self.send(
            "POST", "/campaigns", to: server, headers: headers,
            body: form([("quantity", "2"), ("proof", "true"), ("name", "Spring")]))
        Self.expectPassed(valid, status: 200, operation: "createCampaign", log: server.log)
        let notANumber = try await Self.send(
            "POST", "/campaigns", to: server, headers: headers, body: form([("quantity", "two"), ("name", "Spring")]))
        Self.expectFailed(notANumber, operation: "createCampaign", mentioning: "quantity")
        let missing = try await Self.send(
            "POST", "/campaigns", to: server, headers: headers, body: form([("name", "Spring")]))
        Self.expectFailed(missing, operation: "createCampaign", mentioning: "'quantity' is a required property")
    }

    /// A document whose `$ref`s name components it does not have (Miro's error responses) is served:
    /// such a response or parameter is left out and such a schema takes any value, each said in the log.
    @Test("local $refs that point to nothing are left out, or any value, and the document is served")
    func danglingReferencesAreLeftOut() async throws {
        let document = ##"""
            {"openapi": "3.0.1", "info": {"title": "Boards", "version": "1"}, "paths": {
              "/boards/{id}": {"get": {"operationId": "getBoard",
                "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}},
                  {"$ref": "#/components/parameters/limit"}],
                "responses": {"200": {"description": "found", "content": {"application/json": {"schema": {
                    "type": "object", "required": ["name"], "properties": {"name": {"type": "string"},
                    "owner": {"$ref": "#/components/schemas/Owner"}}}}}},
                  "429": {"$ref": "#/components/responses/429"}}}}}}
            """##
        let folder = try Self.folder(holding: document, as: "openapi.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try await OpenAPIServer.start(document: folder.appendingPathComponent("openapi.json").path)
        defer { server.stop() }

        let found = try await Self.send("GET", "/boards/7", to: server)
        Self.expectPassed(found, status: 200, operation: "getBoard", log: server.log)
        #expect(server.log.contains("#/paths/~1boards~1{id}/get/responses/429: $ref #/components/responses/429"))
        #expect(server.log.contains("$ref #/components/parameters/limit points to nothing; left out"))
        #expect(server.log.contains("$ref #/components/schemas/Owner points to nothing; any value"))
    }

    /// Operations of one path and method told apart by a fragment or a path parameter's name, and by
    /// their bodies' media types (PingOne's flows: clone, deploy, validate; Miro's uploads from a file
    /// beside those from a URL) are found by the request's Content-Type, which is read whatever its
    /// case, as media types are (PingOne writes them in mixed case).
    @Test("operations of one path told apart by their bodies' media types are found by the Content-Type")
    func operationsToldApartByMediaTypeAreFound() async throws {
        let document = ##"""
            {"openapi": "3.1.0", "info": {"title": "Flows", "version": "1"}, "paths": {
              "/flows/{id}#clone": {"post": {"operationId": "cloneFlow",
                "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
                "requestBody": {"content": {"application/vnd.flow.clone+json": {"schema": {"type": "object",
                  "required": ["name"], "properties": {"name": {"type": "string"}}}}}},
                "responses": {"204": {"description": "cloned"}}}},
              "/flows/{flowID}": {"post": {"operationId": "deployFlow",
                "parameters": [{"name": "flowID", "in": "path", "required": true, "schema": {"type": "string"}}],
                "requestBody": {"content": {"application/vnd.flow.deployNow+json": {"schema": {"type": "object",
                  "required": ["target"], "properties": {"target": {"type": "string"}}}}}},
                "responses": {"204": {"description": "deployed"}}}}}}
            """##
        let folder = try Self.folder(holding: document, as: "openapi.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try await OpenAPIServer.start(document: folder.appendingPathComponent("openapi.json").path)
        defer { server.stop() }

        let deployed = try await Self.send(
            "POST", "/flows/7", to: server, headers: ["Content-Type": "application/vnd.flow.deploynow+json"],
            body: #"{"target": "production"}"#)
        #expect(deployed.status == 204, "\(String(decoding: deployed.body, as: UTF8.self))\nlog:\n\(server.log)")
        #expect(deployed.operation == "deployFlow")
        let cloned = try await Self.send(
            "POST", "/flows/7", to: server, headers: ["Content-Type": "application/vnd.flow.clone+json"],
            body: #"{"name": "copy"}"#)
        #expect(cloned.status == 204, "\(String(decoding: cloned.body, as: UTF8.self))\nlog:\n\(server.log)")
        #expect(cloned.operation == "cloneFlow")
        // The deploy body under the clone media type is the clone operation's, and not valid for it.
        let wrong = try await Self.send(
            "POST", "/flows/7", to: server, headers: ["Content-Type": "application/vnd.flow.clone+json"],
            body: #"{"target": "production"}"#)
        Self.expectFailed(wrong, operation: "cloneFlow", mentioning: "name")
    }

    /// And a union whose choices take the union in (`allOf` of it and members of their own, as Okta's
    /// signing keys are) is not followed round for ever: the value around it is made.
    @Test("an answer made from the schema has the members of a mixin that every level of it takes in")
    func aMixinAtEveryLevelIsNoCycle() async throws {
        let document = ##"""
            {"openapi": "3.0.1", "info": {"title": "Apps", "version": "1"}, "paths": {
              "/application": {"get": {"operationId": "getApplication", "responses": {"200": {
                "description": "the application",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Application"}}}}}}},
              "/wallet": {"get": {"operationId": "getWallet", "responses": {"200": {
                "description": "a wallet",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Wallet"}}}}}}}},
             "components": {"schemas": {
              "Base": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}},
              "Application": {"allOf": [{"$ref": "#/components/schemas/Base"}, {"type": "object",
                "required": ["autoscaling"],
                "properties": {"autoscaling": {"$ref": "#/components/schemas/Policy"}}}]},
              "Policy": {"allOf": [{"$ref": "#/components/schemas/Base"}, {"type": "object",
                "required": ["scalers"], "properties": {"scalers": {"type": "array", "minItems": 1,
                  "items": {"$ref": "#/components/schemas/Scaler"}}}}]},
              "Scaler": {"allOf": [{"$ref": "#/components/schemas/Base"}, {"type": "object",
                "required": ["scaler_type"], "properties": {"scaler_type": {"type": "string"}}}]},
              "Wallet": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"},
                "credential": {"$ref": "#/components/schemas/Credential"}}},
              "Credential": {"type": "object", "properties": {"use": {"type": "string"}},
                "oneOf": [{"$ref": "#/components/schemas/Key"}, {"$ref": "#/components/schemas/Secret"}]},
              "Key": {"allOf": [{"$ref": "#/components/schemas/Credential"}], "type": "object",
                "properties": {"key": {"type": "string"}}},
              "Secret": {"allOf": [{"$ref": "#/components/schemas/Credential"}], "type": "object",
                "properties": {"secret": {"type": "string"}}}}}}
            """##
        let folder = try Self.folder(holding: document, as: "openapi.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try await OpenAPIServer.start(document: folder.appendingPathComponent("openapi.json").path)
        defer { server.stop() }

        let answer = try await Self.send("GET", "/application", to: server)
        Self.expectPassed(answer, status: 200, operation: "getApplication", log: server.log)
        let autoscaling = (answer.json as? [String: Any])?["autoscaling"] as? [String: Any]
        let scaler = (autoscaling?["scalers"] as? [Any])?.first as? [String: Any]
        #expect(scaler?["scaler_type"] is String, "\(String(decoding: answer.body, as: UTF8.self))")
        #expect(scaler?["id"] is String)

        let wallet = try await Self.send("GET", "/wallet", to: server)
        Self.expectPassed(wallet, status: 200, operation: "getWallet", log: server.log)
        #expect((wallet.json as? [String: Any])?["name"] is String, "\(server.log)")
    }

    /// 3GPP's shared data: an answer whose model holds a list that must have an item of the model itself.
    @Test("an item a list must hold, cut off by its cycle, has the members its schema requires")
    func aRequiredItemCutByItsCycleHasItsRequiredMembers() async throws {
        let document = ##"""
            {"openapi": "3.0.0", "info": {"title": "Shared", "version": "1"}, "paths": {
              "/shared": {"get": {"operationId": "getShared", "responses": {"200": {"description": "shared data",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Shared"}}}}}}}},
             "components": {"schemas": {"Shared": {"type": "object", "required": ["id"], "properties": {
               "id": {"type": "string"}, "data": {"$ref": "#/components/schemas/Data"}}},
               "Data": {"type": "object", "properties": {"list": {"type": "array", "minItems": 1,
                 "items": {"$ref": "#/components/schemas/Shared"}}}}}}}
            """##
        let folder = try Self.folder(holding: document, as: "openapi.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try await OpenAPIServer.start(document: folder.appendingPathComponent("openapi.json").path)
        defer { server.stop() }

        let answer = try await Self.send("GET", "/shared", to: server)
        Self.expectPassed(answer, status: 200, operation: "getShared", log: server.log)
        // Every list holds an item, and every item (the one the cycle cut off too) has its `id`.
        var level = answer.json as? [String: Any]
        var levels = 0
        while let shared = level {
            #expect(shared["id"] is String, "\(String(decoding: answer.body, as: UTF8.self))")
            guard let data = shared["data"] as? [String: Any] else { break }
            let list = data["list"] as? [Any]
            #expect(list?.isEmpty == false)
            level = list?.first as? [String: Any]
            levels += 1
        }
        #expect(levels >= 1)
    }

    /// Alchemy's documents keep parameters among their schemas and refer to them as properties' schemas.
    @Test("an answer is made from a schema whose `required` is a boolean, as a parameter's is")
    func aBooleanRequiredIsNoList() async throws {
        let document = ##"""
            {"openapi": "3.1.0", "info": {"title": "NFTs", "version": "1"}, "paths": {
              "/nfts": {"get": {"operationId": "listNFTs", "responses": {"200": {"description": "the NFTs",
                "content": {"application/json": {"schema": {"type": "array",
                  "items": {"$ref": "#/components/schemas/NFT"}}}}}}}}},
             "components": {"schemas": {"NFT": {"type": "object", "required": ["name"], "properties": {
               "name": {"type": "string"}, "taker": {"$ref": "#/components/schemas/taker"}}},
               "taker": {"name": "taker", "in": "query", "required": true, "schema": {"type": "string"}}}}}
            """##
        let folder = try Self.folder(holding: document, as: "openapi.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try await OpenAPIServer.start(document: folder.appendingPathComponent("openapi.json").path)
        defer { server.stop() }

        let answer = try await Self.send("GET", "/nfts", to: server)
        Self.expectPassed(answer, status: 200, operation: "listNFTs", log: server.log)
        let first = (answer.json as? [Any])?.first as? [String: Any]
        #expect(first?["name"] is String, "\(String(decoding: answer.body, as: UTF8.self))\nlog:\n\(server.log)")
    }

    /// An exploded `form` object (the default for one in the query) is a query parameter per member, as
    /// OpenAPI writes it; openapi-core looks for one parameter under the object's name (Plex's `prefs`,
    /// Webex's `payloadDTO`), and refused every such request as missing it.
    @Test("an exploded form object in the query is read from a parameter per member")
    func anExplodedFormObjectIsAParameterPerMember() async throws {
        let document = ##"""
            {"openapi": "3.0.3", "info": {"title": "Skills", "version": "1"}, "paths": {
              "/skills": {"post": {"operationId": "createSkill", "parameters": [
                {"name": "skill", "in": "query", "required": true, "schema": {"type": "object",
                  "required": ["name"], "properties": {"name": {"type": "string"}, "level": {"type": "integer"},
                    "active": {"type": "boolean"}}}},
                {"name": "dryRun", "in": "query", "schema": {"type": "boolean"}}],
                "responses": {"204": {"description": "created"}}}},
              "/prefs": {"put": {"operationId": "setPrefs", "parameters": [
                {"name": "prefs", "in": "query", "required": true, "schema": {"type": "object"}}],
                "responses": {"204": {"description": "set"}}}}}}
            """##
        let folder = try Self.folder(holding: document, as: "openapi.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try await OpenAPIServer.start(document: folder.appendingPathComponent("openapi.json").path)
        defer { server.stop() }

        for path in ["/skills?name=German&level=3&active=true&dryRun=false", "/skills?name=German"] {
            let created = try await Self.send("POST", path, to: server)
            #expect(created.status == 204, "\(path): \(String(decoding: created.body, as: UTF8.self))")
            #expect(created.validation == "passed")
        }
        let set = try await Self.send("PUT", "/prefs?FriendlyName=Server&sendCrashReports=1", to: server)
        #expect(set.status == 204, "\(String(decoding: set.body, as: UTF8.self))\nlog:\n\(server.log)")
        let wrongType = try await Self.send("POST", "/skills?name=German&level=high", to: server)
        Self.expectFailed(wrongType, operation: "createSkill", mentioning: "skill")
        let missing = try await Self.send("POST", "/skills?dryRun=true", to: server)
        Self.expectFailed(missing, operation: "createSkill", mentioning: "skill")
        let noName = try await Self.send("POST", "/skills?level=3", to: server)
        Self.expectFailed(noName, operation: "createSkill", mentioning: "name")
    }

    /// JSON Schema's patterns are ECMA-262's; openapi-core checks them with Python's `re`, which reads
    /// some of them otherwise or not at all: such a pattern failed the whole request (Webex's
    /// `[\w\d-_]`, a range in Python).
    @Test("patterns Python reads otherwise are checked as ECMA-262 reads them, or not at all")
    func ecmaPatternsAreReadAsECMAReadsThem() async throws {
        let document = ##"""
            {"openapi": "3.0.3", "info": {"title": "Sites", "version": "1"}, "paths": {
              "/sites": {"post": {"operationId": "createSite", "requestBody": {"required": true, "content": {
                "application/json": {"schema": {"type": "object", "properties": {
                  "name": {"type": "string", "pattern": "^[\\w\\d-_]+$"},
                  "year": {"type": "string", "pattern": "^(?<year>\\d{4})$"},
                  "label": {"type": "string", "pattern": "^\\p{L}+$"}}}}}},
                "responses": {"204": {"description": "created"}}}}}}
            """##
        let folder = try Self.folder(holding: document, as: "openapi.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try await OpenAPIServer.start(document: folder.appendingPathComponent("openapi.json").path)
        defer { server.stop() }
        let json = ["Content-Type": "application/json"]

        let site = #"{"name": "main-site_1", "year": "2024", "label": "Zürich"}"#
        let created = try await Self.send("POST", "/sites", to: server, headers: json, body: site)
        #expect(created.status == 204, "\(String(decoding: created.body, as: UTF8.self))\nlog:\n\(server.log)")
        #expect(created.validation == "passed")
        let badName = try await Self.send("POST", "/sites", to: server, headers: json, body: #"{"name": "main site"}"#)
        Self.expectFailed(badName, operation: "createSite", mentioning: "main site")
        let badYear = try await Self.send("POST", "/sites", to: server, headers: json, body: #"{"year": "24"}"#)
        Self.expectFailed(badYear, operation: "createSite", mentioning: "24")
    }

    /// OpenAPI 3.0 requires a required `readOnly` property in answers only, and the mark of the schema a
    /// property refers to is the property's; openapi-core reads it beside the reference only, and
    /// required Okta's and Apideck's read-only ids in requests.
    @Test("a required property read-only through its $ref is not required in requests (3.0); a parameter is sent")
    func aRequiredPropertyReadOnlyThroughItsReferenceIsNotRequiredInRequests() async throws {
        let document = ##"""
            {"openapi": "3.0.3", "info": {"title": "Users", "version": "1"}, "paths": {
              "/users": {"post": {"operationId": "createUser", "requestBody": {"required": true, "content": {
                "application/json": {"schema": {"$ref": "#/components/schemas/User"}}}},
                "responses": {"204": {"description": "created"}}}},
              "/users/{id}": {"delete": {"operationId": "deleteUser", "parameters": [{"name": "id", "in": "path",
                "required": true, "schema": {"$ref": "#/components/schemas/Id"}}],
                "responses": {"204": {"description": "deleted"}}}}},
             "components": {"schemas": {
              "User": {"type": "object", "required": ["id", "name"], "properties": {
                "id": {"$ref": "#/components/schemas/Id"}, "name": {"type": "string"}}},
              "Id": {"type": "string", "readOnly": true}}}}
            """##
        let folder = try Self.folder(holding: document, as: "openapi.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try await OpenAPIServer.start(document: folder.appendingPathComponent("openapi.json").path)
        defer { server.stop() }
        let json = ["Content-Type": "application/json"]

        let created = try await Self.send("POST", "/users", to: server, headers: json, body: #"{"name": "Ada"}"#)
        #expect(created.status == 204, "\(String(decoding: created.body, as: UTF8.self))\nlog:\n\(server.log)")
        #expect(created.validation == "passed")
        let ada = #"{"id": "u1", "name": "Ada"}"#
        let withID = try await Self.send("POST", "/users", to: server, headers: json, body: ada)
        Self.expectFailed(withID, operation: "createUser", mentioning: "read-only")
        let noName = try await Self.send("POST", "/users", to: server, headers: json, body: #"{}"#)
        Self.expectFailed(noName, operation: "createUser", mentioning: "name")
        // A parameter is no property: its read-only schema (an id) is sent all the same (Okta's).
        let deleted = try await Self.send("DELETE", "/users/u1", to: server)
        #expect(deleted.status == 204, "\(String(decoding: deleted.body, as: UTF8.self))\nlog:\n\(server.log)")
        #expect(deleted.validation == "passed")
    }

    /// A `$ref` to a file that is no JSON or YAML (a description in Markdown, as Rebilly's and Dropbox
    /// Sign's documents keep them) is that file's text, as Redocly reads it; a `$ref` to a file the
    /// document does not ship (Dropbox Sign's example values) is left as written, and the server serves
    /// the rest. Both stopped the server before it listened.
    @Test("a $ref to a Markdown file is its text; one to a missing file does not stop the server")
    func referencesToTextAndMissingFilesDoNotStopTheServer() async throws {
        let document = ##"""
            {"openapi": "3.0.3", "info": {"title": "Accounts", "version": "1", "description": {"$ref": "intro.md"}},
             "paths": {"/accounts": {"post": {"operationId": "createAccount", "requestBody": {"required": true,
               "content": {"application/json": {"schema": {"type": "object", "required": ["email"],
                 "properties": {"email": {"type": "string"}}},
                 "examples": {"default": {"value": {"$ref": "examples/AccountCreateRequest.json"}}}}}},
               "responses": {"204": {"description": {"$ref": "created.md"}}}}}}}
            """##
        let folder = try Self.folder(holding: document, as: "openapi.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["intro.md", "created.md"] {
            try Data("Made *here*.\n".utf8).write(to: folder.appendingPathComponent(name))
        }
        let server = try await OpenAPIServer.start(document: folder.appendingPathComponent("openapi.json").path)
        defer { server.stop() }
        let json = ["Content-Type": "application/json"]

        let created = try await Self.send("POST", "/accounts", to: server, headers: json, body: #"{"email": "a@b.c"}"#)
        #expect(created.status == 204, "\(String(decoding: created.body, as: UTF8.self))\nlog:\n\(server.log)")
        #expect(created.validation == "passed")
        let noEmail = try await Self.send("POST", "/accounts", to: server, headers: json, body: #"{}"#)
        Self.expectFailed(noEmail, operation: "createAccount", mentioning: "email")
    }

    /// A server variable whose default is its own placeholder (Rebilly's `{organizationId}`) leaves the
    /// base path templated: any one segment stands for it, as a client sends it (the placeholder itself,
    /// percent-encoded, or a value). Every request was no operation before.
    @Test("a base path with a placeholder left in it matches any one segment there")
    func aBasePathWithAPlaceholderMatchesAnySegment() async throws {
        let document = ##"""
            {"openapi": "3.1.1", "info": {"title": "Items", "version": "1"},
             "servers": [{"url": "https://api.example.com/organizations/{organizationId}",
               "variables": {"organizationId": {"default": "{organizationId}"}}}],
             "paths": {"/items/{id}": {"get": {"operationId": "getItem", "parameters": [{"name": "id", "in": "path",
               "required": true, "schema": {"type": "integer"}}], "responses": {"204": {"description": "found"}}}}}}
            """##
        let folder = try Self.folder(holding: document, as: "openapi.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try await OpenAPIServer.start(document: folder.appendingPathComponent("openapi.json").path)
        defer { server.stop() }

        for path in ["/organizations/%7BorganizationId%7D/items/5", "/organizations/acme/items/5"] {
            let found = try await Self.send("GET", path, to: server)
            #expect(found.status == 204, "\(path): \(String(decoding: found.body, as: UTF8.self))")
            #expect(found.operation == "getItem")
        }
        let elsewhere = try await Self.send("GET", "/items/5", to: server)
        #expect(elsewhere.validation == "no-operation")
    }

    /// 3GPP's ProSe key document serves its paths under `/npanf-prosekey/<apiVersion>`, which a client
    /// sends percent-encoded.
    @Test("a base path with characters a path cannot hold matches them as a client encodes them")
    func aBasePathIsMatchedAsSent() async throws {
        let document = ##"""
            {"openapi": "3.0.0", "info": {"title": "Keys", "version": "1"},
             "servers": [{"url": "{apiRoot}/npanf-prosekey/<apiVersion>",
               "variables": {"apiRoot": {"default": "https://example.com"}}}],
             "paths": {"/keys": {"get": {"operationId": "listKeys", "responses": {"204": {"description": "none"}}}}}}
            """##
        let folder = try Self.folder(holding: document, as: "openapi.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try await OpenAPIServer.start(document: folder.appendingPathComponent("openapi.json").path)
        defer { server.stop() }

        let found = try await Self.send("GET", "/npanf-prosekey/%3CapiVersion%3E/keys", to: server)
        #expect(found.status == 204, "\(String(decoding: found.body, as: UTF8.self))")
        #expect(found.operation == "listKeys")
    }

    /// OpenAPI 3.1 leaves 3.0's reading of `required` beside `readOnly` and `writeOnly` to the tools; the
    /// generated code follows it (Rebilly's KYC request update leaves out its read-only customer), so the
    /// server does too: a required read-only property is required in answers only, a write-only one in
    /// requests only, also through an `allOf` part that marks it.
    @Test("3.1: a required read-only property is required in answers only, a write-only one in requests only")
    func requiredMarkedPropertiesIn31() async throws {
        let document = ##"""
            {"openapi": "3.1.1", "info": {"title": "KYC", "version": "1"}, "paths": {
              "/requests": {"post": {"operationId": "createRequest", "requestBody": {"required": true, "content": {
                "application/json": {"schema": {"$ref": "#/components/schemas/Request"}}}},
                "responses": {"201": {"description": "created", "content": {
                  "application/json": {"schema": {"$ref": "#/components/schemas/Request"}}}}}},
               "patch": {"operationId": "patchRequest", "requestBody": {"required": true, "content": {
                "application/json": {"schema": {"allOf": [{"properties": {"customerId": {"readOnly": true}}},
                  {"$ref": "#/components/schemas/Request"}]}}}},
                "responses": {"204": {"description": "updated"}}}}},
             "components": {"schemas": {"Request": {"type": "object", "required": ["id", "customerId", "secret"],
               "properties": {"id": {"type": "string", "readOnly": true}, "customerId": {"type": "string"},
                 "secret": {"type": "string", "writeOnly": true}}}}}}
            """##
        let folder = try Self.folder(holding: document, as: "openapi.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try await OpenAPIServer.start(document: folder.appendingPathComponent("openapi.json").path)
        defer { server.stop() }
        let json = ["Content-Type": "application/json"]

        let created = try await Self.send(
            "POST", "/requests", to: server, headers: json, body: #"{"customerId": "c1", "secret": "s"}"#)
        #expect(created.status == 201, "\(String(decoding: created.body, as: UTF8.self))\nlog:\n\(server.log)")
        #expect(created.validation == "passed")
        #expect(!server.log.contains("INVALID"), "\(server.log)")
        let noSecret = #"{"customerId": "c1"}"#
        let refused = try await Self.send("POST", "/requests", to: server, headers: json, body: noSecret)
        Self.expectFailed(refused, operation: "createRequest", mentioning: "secret")
        let updated = try await Self.send("PATCH", "/requests", to: server, headers: json, body: #"{"secret": "s"}"#)
        #expect(updated.status == 204, "\(String(decoding: updated.body, as: UTF8.self))\nlog:\n\(server.log)")
    }
}
