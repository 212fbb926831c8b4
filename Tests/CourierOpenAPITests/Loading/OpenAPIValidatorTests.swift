import Foundation
import TestSupport
import Testing

@testable import CourierOpenAPI

/// Converted Swagger 2.0 documents checked by an established validator: `openapi-spec-validator`, from
/// the pinned tools `scripts/openapi-tools.sh` installs into `.build/openapi-tools/venv`.
@Suite(.computeHeavy) struct OpenAPIValidatorTests {
    /// The repository's root folder.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// The tools' Python, once `scripts/openapi-tools.sh` has made sure they are installed: at once when
    /// they are, after waiting when another process is installing them.
    static func python() async throws -> String {
        let script = "\(repository)/scripts/openapi-tools.sh"
        let result = try await offThePool { try ChildProcess.run("/bin/bash", [script]) }
        #expect(result.code == 0, "scripts/openapi-tools.sh failed")
        return "\(repository)/.build/openapi-tools/venv/bin/python"
    }

    /// Slack's document, converted, is valid OpenAPI 3.0.
    @Test func convertedSlackIsValid() async throws {
        let document = try DocumentLoader.load(path: FixtureLoadingTests.fixture("Slack"))
        let root = document.root
        let (code, output) = try await offThePoolValidate(root)
        #expect(code == 0, "\(output.prefix(2000))")
        #expect(output.contains("OK"))
    }

    /// A document with every rule of the conversion in it, converted, is valid OpenAPI 3.0.
    @Test func convertedRulesAreValid() async throws {
        let (root, _) = try LoadingTestSupport.convert(Self.everyRule)
        let (code, output) = try await offThePoolValidate(root)
        #expect(code == 0, "\(output.prefix(2000))")
    }

    /// What `openapi-spec-validator` says of `root`, written as JSON to a file: its exit code and output.
    /// Run on a thread of its own: it waits for a child process.
    private func offThePoolValidate(_ root: DocumentNode) async throws -> (code: Int32, output: String) {
        let python = try await Self.python()
        return try await offThePool {
            try LoadingTestSupport.withFolder { folder in
                let file = "\(folder)/openapi.json"
                try Data(root.jsonText().utf8).write(to: URL(fileURLWithPath: file))
                let result = try ChildProcess.run(python, ["-m", "openapi_spec_validator", file])
                return (result.code, String(decoding: result.output, as: UTF8.self))
            }
        }
    }

    /// A Swagger 2.0 document (without `swagger` and `info`) that uses every rule of the conversion.
    static let everyRule = ##"""
        {"host": "api.example.com", "basePath": "/v2", "schemes": ["https", "http"],
         "consumes": ["application/json"], "produces": ["application/json", "application/xml"],
         "x-top": {"any": "thing"},
         "security": [{"oauth": ["read"]}, {"key": []}],
         "tags": [{"name": "pets", "description": "Pets"}],
         "paths": {
           "/pets/{id}": {
             "parameters": [{"$ref": "#/parameters/Id"}, {"$ref": "#/parameters/PetBody"}],
             "get": {"operationId": "getPet", "tags": ["pets"], "schemes": ["http"], "parameters": [
                 {"name": "fields", "in": "query", "type": "array", "items": {"type": "string", "enum": ["a", "b"]}},
                 {"name": "multi", "in": "query", "type": "array", "items": {"type": "integer"}, "collectionFormat": "multi"},
                 {"name": "ssv", "in": "query", "type": "array", "items": {"type": "string"}, "collectionFormat": "ssv"},
                 {"name": "pipes", "in": "query", "type": "array", "items": {"type": "string"}, "collectionFormat": "pipes"},
                 {"name": "tsv", "in": "query", "type": "array", "items": {"type": "string"}, "collectionFormat": "tsv"},
                 {"name": "limit", "in": "query", "type": "integer", "format": "int32", "minimum": 1, "maximum": 100,
                  "exclusiveMaximum": true, "default": 10, "multipleOf": 1, "x-nullable": true, "allowEmptyValue": true},
                 {"name": "X-Trace", "in": "header", "type": "string", "pattern": "^[a-f0-9]+$", "minLength": 1}],
               "responses": {
                 "200": {"description": "ok", "schema": {"$ref": "#/definitions/Pet"},
                   "examples": {"application/json": {"name": "Rex"}, "text/csv": "name\nRex"},
                   "headers": {"X-Rate": {"type": "integer", "description": "left"},
                     "X-Tags": {"type": "array", "items": {"type": "string"}}}},
                 "404": {"$ref": "#/responses/NotFound"},
                 "default": {"description": "error", "schema": {"$ref": "#/definitions/Error"}}}},
             "put": {"responses": {"204": {"description": "done"}}},
             "patch": {"consumes": ["application/merge-patch+json"], "responses": {"204": {"description": "done"}}}},
           "/forms": {
             "post": {"consumes": ["application/x-www-form-urlencoded"], "parameters": [
                 {"$ref": "#/parameters/Note"},
                 {"name": "user", "in": "formData", "type": "string", "required": true},
                 {"name": "tags", "in": "formData", "type": "array", "items": {"type": "string"}, "collectionFormat": "multi"}],
               "responses": {"200": {"description": "ok", "schema": {"type": "file"}}}},
             "put": {"parameters": [{"name": "file", "in": "formData", "type": "file", "required": true}],
               "responses": {"204": {"description": "done"}}}}},
         "parameters": {
           "Id": {"name": "id", "in": "path", "required": true, "type": "string", "format": "uuid"},
           "PetBody": {"name": "pet", "in": "body", "required": true, "schema": {"$ref": "#/definitions/Pet"}},
           "Note": {"name": "note", "in": "formData", "type": "string"}},
         "responses": {"NotFound": {"description": "not found", "schema": {"$ref": "#/definitions/Error"}}},
         "definitions": {
           "Pet": {"type": "object", "required": ["name"], "discriminator": "kind", "x-kind": "animal", "properties": {
             "name": {"type": "string", "x-nullable": true},
             "kind": {"type": "string"},
             "tag": {"type": ["string", "null"]},
             "either": {"type": ["string", "integer"]},
             "nothing": {"type": "null"},
             "owner": {"$ref": "#/definitions/Error", "x-nullable": true},
             "tuple": {"type": "array", "items": [{"type": "integer"}, {"type": "null"}]},
             "choice": {"anyOf": [{"$ref": "#/definitions/Error"}, {"type": "null"}]},
             "photo": {"type": "file"},
             "map": {"type": "object", "additionalProperties": {"$ref": "#/definitions/Pet"}}}},
           "Error": {"type": "object", "properties": {"code": {"type": "integer"}}}},
         "securityDefinitions": {
           "basic": {"type": "basic"},
           "key": {"type": "apiKey", "name": "X-Key", "in": "header"},
           "implicit": {"type": "oauth2", "flow": "implicit", "authorizationUrl": "https://a/auth", "scopes": {"read": "Read"}},
           "password": {"type": "oauth2", "flow": "password", "tokenUrl": "https://a/token", "scopes": {}},
           "application": {"type": "oauth2", "flow": "application", "tokenUrl": "https://a/token", "scopes": {}},
           "oauth": {"type": "oauth2", "flow": "accessCode", "authorizationUrl": "https://a/auth",
             "tokenUrl": "https://a/token", "scopes": {"read": "Read"}}}}
        """##
}
