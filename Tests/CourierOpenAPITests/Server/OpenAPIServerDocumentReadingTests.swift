import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the validating server reads as the OpenAPI standard says where its validators read otherwise:
/// paths a client percent-encodes, RFC 3339 times, and what Swagger 2.0 documents hold beside what
/// bravado-core expects.
extension OpenAPIServerTests {
    /// A path of characters a client percent-encodes (`/non-ascii-æøå字符串`) is matched as sent; the
    /// `time` format is RFC 3339's `full-time`, with its offset; a 3.1 parameter of `[string, "null"]`
    /// whose default is `null` may be left out; a `jsonSchemaDialect` openapi-core does not know (pb33f's)
    /// is OpenAPI's own.
    @Test("a non-ASCII path matches as sent; a time has its offset; a null default is no value to check")
    func nonASCIIPathsAndTimes() async throws {
        let document = ##"""
            {"openapi": "3.1.0", "info": {"title": "Shifts", "version": "1"},
             "jsonSchemaDialect": "https://example.com/schema", "paths": {
              "/non-ascii-æøå字符串/{id}": {"get": {"operationId": "getShift", "parameters": [
                {"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}},
                {"name": "at", "in": "query", "required": true, "schema": {"type": "string", "format": "time"}},
                {"name": "mode", "in": "query", "schema": {"type": ["string", "null"], "default": null}}],
                "responses": {"204": {"description": "found"}}}}}}
            """##
        let folder = try Self.folder(holding: document, as: "openapi.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try await OpenAPIServer.start(document: folder.appendingPathComponent("openapi.json").path)
        defer { server.stop() }

        let path = "/non-ascii-%C3%A6%C3%B8%C3%A5%E5%AD%97%E7%AC%A6%E4%B8%B2/5"
        for time in ["08:30:00Z", "08:30:00.5%2B02:00"] {
            let found = try await Self.send("GET", "\(path)?at=\(time)", to: server)
            #expect(found.status == 204, "\(time): \(String(decoding: found.body, as: UTF8.self))\nlog:\n\(server.log)")
            #expect(found.validation == "passed")
            #expect(found.operation == "getShift")
        }
        let lowercase = try await Self.send(
            "GET", "/non-ascii-%c3%a6%c3%b8%c3%a5%e5%ad%97%e7%ac%a6%e4%b8%b2/5", to: server)
        #expect(lowercase.operation == "getShift")
        let noOffset = try await Self.send("GET", "\(path)?at=08:30:00", to: server)
        Self.expectFailed(noOffset, operation: "getShift", mentioning: "at")
        let noHour = try await Self.send("GET", "\(path)?at=25:00:00Z", to: server)
        Self.expectFailed(noHour, operation: "getShift", mentioning: "at")
        let elsewhere = try await Self.send("GET", "/non-ascii-%C3%A6/5?at=08:30:00Z", to: server)
        #expect(elsewhere.validation == "no-operation")
    }

    /// A Swagger 2.0 document with what its standard does not allow and the generator leaves out: a
    /// `tags` list on a path item, a parameter whose `$ref` names a model, two operations of one
    /// `operationId`, a security requirement of a scheme it does not define, a path item that refers to a
    /// list; and an extension of its paths, which it allows. bravado-core refused to start on all but the
    /// third, and mixed up the operations of that; each operation is now checked as its own.
    @Test("Swagger 2.0: stray path item fields, a model for a parameter and a repeated operationId")
    func swaggerDocumentFaults() async throws {
        let document = ##"""
            {"swagger": "2.0", "info": {"title": "Notes", "version": "1"}, "security": [{"undefined": []}],
             "x-lists": {"notes": [{"summary": "not a path item"}]}, "paths": {
              "x-minty": "fresh", "/lists": {"$ref": "#/x-lists/notes"},
              "/notes": {"tags": [],
                "get": {"operationId": "notes", "produces": ["application/json"], "parameters": [
                  {"name": "limit", "in": "query", "required": true, "type": "integer"},
                  {"name": "filter", "in": "query", "$ref": "#/definitions/Filter"}],
                  "responses": {"200": {"description": "found", "schema": {"type": "array", "items": {"type": "string"}}}}},
                "post": {"operationId": "notes", "consumes": ["application/json"], "parameters": [
                  {"name": "note", "in": "body", "required": true, "schema": {"type": "string"}}],
                  "responses": {"204": {"description": "made"}}}}},
             "definitions": {"Filter": {"type": "object", "properties": {"text": {"type": "string"}}}}}
            """##
        let folder = try Self.folder(holding: document, as: "openapi.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try await OpenAPIServer.start(document: folder.appendingPathComponent("openapi.json").path)
        defer { server.stop() }

        let listed = try await Self.send("GET", "/notes?limit=5", to: server)
        Self.expectPassed(listed, status: 200, operation: "notes", log: server.log)
        let unlimited = try await Self.send("GET", "/notes", to: server)
        Self.expectFailed(unlimited, operation: "notes", mentioning: "limit")
        let json = ["Content-Type": "application/json"]
        let made = try await Self.send("POST", "/notes", to: server, headers: json, body: #""call back""#)
        #expect(made.status == 204, "\(String(decoding: made.body, as: UTF8.self))\nlog:\n\(server.log)")
        #expect(made.validation == "passed")
        #expect(made.operation == "notes")
        let wrong = try await Self.send("POST", "/notes", to: server, headers: json, body: "5")
        #expect(wrong.validation == "failed", "\(String(decoding: wrong.body, as: UTF8.self))")
    }

    /// OpenAPI 3.0 applies an Encoding Object's `style` to form bodies only; openapi-core applied it to a
    /// multipart field too and read the field as bytes, which no string schema accepts.
    @Test("3.0: a multipart field whose encoding names a style is read as the text it is")
    func multipartStylesAreIgnoredIn30() async throws {
        let document = ##"""
            {"openapi": "3.0.3", "info": {"title": "Documents", "version": "1"}, "paths": {
              "/documents": {"post": {"operationId": "upload", "requestBody": {"required": true, "content": {
                "multipart/form-data": {"schema": {"type": "object", "required": ["name"], "properties": {
                  "name": {"type": "string", "maxLength": 5}, "file": {"type": "string", "format": "binary"}}},
                  "encoding": {"name": {"style": "form"}, "file": {"style": "form"}}}}},
                "responses": {"204": {"description": "stored"}}}}}}
            """##
        let folder = try Self.folder(holding: document, as: "openapi.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try await OpenAPIServer.start(document: folder.appendingPathComponent("openapi.json").path)
        defer { server.stop() }

        let form = ["Content-Type": "multipart/form-data; boundary=b0"]
        func body(_ name: String) -> String {
            "--b0\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\n\(name)\r\n"
                + "--b0\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\nbytes\r\n--b0--\r\n"
        }
        let stored = try await Self.send("POST", "/documents", to: server, headers: form, body: body("notes"))
        #expect(stored.status == 204, "\(String(decoding: stored.body, as: UTF8.self))\nlog:\n\(server.log)")
        #expect(stored.validation == "passed")
        let tooLong = try await Self.send("POST", "/documents", to: server, headers: form, body: body("minutes"))
        Self.expectFailed(tooLong, operation: "upload", mentioning: "minutes")
    }

    /// Operations whose paths differ by a `#fragment` alone are one path to a client: a request is checked
    /// against each, and is the first's that accepts it (Speakeasy's `/auth#basicAuth` beside
    /// `/auth#apiKeyAuth`, told apart by their security only); one that none accepts fails with the
    /// first's problems.
    @Test("of operations a fragment tells apart, a request is the first's that accepts it")
    func operationsToldApartByAFragment() async throws {
        let document = ##"""
            {"openapi": "3.0.3", "info": {"title": "Auth", "version": "1"}, "paths": {
              "/auth#basic": {"post": {"operationId": "basicAuth", "security": [{"basic": []}],
                "responses": {"204": {"description": "in"}}}},
              "/auth#key": {"post": {"operationId": "keyAuth", "security": [{"key": []}],
                "responses": {"204": {"description": "in"}}}}},
             "components": {"securitySchemes": {"basic": {"type": "http", "scheme": "basic"},
               "key": {"type": "apiKey", "in": "header", "name": "X-Key"}}}}
            """##
        let folder = try Self.folder(holding: document, as: "openapi.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try await OpenAPIServer.start(document: folder.appendingPathComponent("openapi.json").path)
        defer { server.stop() }

        for (headers, operation) in [(["X-Key": "k"], "keyAuth"), (["Authorization": "Basic dTpw"], "basicAuth")] {
            let answer = try await Self.send("POST", "/auth", to: server, headers: headers)
            #expect(answer.status == 204, "\(String(decoding: answer.body, as: UTF8.self))\nlog:\n\(server.log)")
            #expect(answer.validation == "passed")
            #expect(answer.operation == operation)
        }
        let neither = try await Self.send("POST", "/auth", to: server)
        #expect(neither.validation == "failed")
        #expect(neither.operation == "basicAuth")
    }
}
