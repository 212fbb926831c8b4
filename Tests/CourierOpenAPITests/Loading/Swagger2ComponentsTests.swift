import Foundation
import TestSupport
import Testing

@testable import CourierOpenAPI

/// Swagger 2.0 documents converted to OpenAPI 3.0: responses, components, security, what warns.
@Suite(.offThePool) struct Swagger2ComponentsTests {
    /// A plain value of a JSON text, to compare trees with.
    private func plain(_ json: String) throws -> AnyHashable { try LoadingTestSupport.tree(json).plain }

    /// Responses get `content` for each media type produced (the operation's own over the document's),
    /// examples per media type as `example`, headers with a schema; `$ref`s to `responses` follow.
    @Test func responsesGetContentExamplesAndHeaders() throws {
        let converted = try LoadingTestSupport.convert(
            ##"""
            {"produces": ["application/json", "application/xml"], "paths": {"/pets": {
              "get": {"responses": {
                "200": {"description": "ok", "schema": {"type": "array", "items": {"$ref": "#/definitions/Pet"}},
                  "examples": {"application/json": [{"name": "Rex"}], "text/csv": "name\nRex"},
                  "headers": {"X-Rate": {"type": "integer", "description": "left"},
                              "X-Tags": {"type": "array", "items": {"type": "string"}, "collectionFormat": "pipes"}},
                  "x-cached": true},
                "204": {"description": "none"},
                "default": {"$ref": "#/responses/Error"}}},
              "delete": {"produces": ["text/plain"], "responses": {"200": {"description": "ok", "schema": {"type": "string"}}}}}},
             "responses": {"Error": {"description": "error", "schema": {"$ref": "#/definitions/Pet"}}},
             "definitions": {"Pet": {"type": "object"}}}
            """##)
        let get = try #require(converted.root[pointer: "/paths/~1pets/get/responses"])
        #expect(
            try get[pointer: "/200/content"]?.plain
                == plain(
                    ##"""
                    {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}},
                                          "example": [{"name": "Rex"}]},
                     "application/xml": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}}},
                     "text/csv": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}},
                                  "example": "name\nRex"}}
                    """##))
        #expect(
            try get[pointer: "/200/headers"]?.plain
                == plain(
                    ##"""
                    {"X-Rate": {"description": "left", "schema": {"type": "integer"}},
                     "X-Tags": {"schema": {"type": "array", "items": {"type": "string"}}}}
                    """##))
        #expect(get[pointer: "/200/x-cached"]?.bool == true)
        #expect(try get[pointer: "/204"]?.plain == plain(##"{"description": "none"}"##))
        #expect(get[pointer: "/default/$ref"]?.string == "#/components/responses/Error")
        #expect(
            converted.root[pointer: "/components/responses/Error/content"]?.object?.keys
                == ["application/json", "application/xml"])
        #expect(
            converted.root[pointer: "/paths/~1pets/delete/responses/200/content"]?.object?.keys == ["text/plain"])
        #expect(
            converted.warnings.map(\.pointer) == ["#/paths/~1pets/get/responses/200/headers/X-Tags/collectionFormat"])
        #expect(LoadingTestSupport.referenceProblems(in: converted.root) == [])
    }

    /// A `$ref` to a shared response from an operation that produces other media types than the
    /// document is the response written out with the operation's (Gitea's string answer, which its
    /// Markdown operations produce as `text/html`); from one that produces the document's, a reference.
    @Test func aSharedResponseTakesTheOperationsMediaTypes() throws {
        let converted = try LoadingTestSupport.convert(
            ##"""
            {"produces": ["application/json"], "paths": {"/markdown": {
              "post": {"produces": ["text/html"], "responses": {"200": {"$ref": "#/responses/Text"}}},
              "get": {"responses": {"200": {"$ref": "#/responses/Text"}}}}},
             "responses": {"Text": {"description": "text", "schema": {"type": "string"}}}}
            """##)
        #expect(converted.warnings == [])
        #expect(
            try converted.root[pointer: "/paths/~1markdown/post/responses/200"]?.plain
                == plain(##"{"description": "text", "content": {"text/html": {"schema": {"type": "string"}}}}"##))
        #expect(
            converted.root[pointer: "/paths/~1markdown/get/responses/200/$ref"]?.string
                == "#/components/responses/Text")
        #expect(LoadingTestSupport.referenceProblems(in: converted.root) == [])
    }

    /// Reusable parameters: body ones become request bodies, form ones are put into the forms that use
    /// them, the others parameters; `$ref`s to them follow. A body of other media types than the
    /// document's is written out in the operation.
    @Test func reusableParametersAndPathItemParameters() throws {
        let converted = try LoadingTestSupport.convert(
            ##"""
            {"paths": {
              "/pets/{id}": {"parameters": [{"$ref": "#/parameters/Id"}, {"$ref": "#/parameters/Pet"}],
                "put": {"responses": {"204": {"description": "done"}}},
                "patch": {"consumes": ["application/merge-patch+json"], "responses": {"204": {"description": "done"}}},
                "post": {"parameters": [{"name": "pet", "in": "body", "schema": {"type": "string"}}],
                  "responses": {"204": {"description": "done"}}}},
              "/forms": {"post": {"parameters": [{"$ref": "#/parameters/Note"}, {"name": "n", "in": "formData", "type": "number"}],
                "responses": {"204": {"description": "done"}}}}},
             "parameters": {
               "Id": {"name": "id", "in": "path", "required": true, "type": "string", "format": "uuid"},
               "Pet": {"name": "pet", "in": "body", "required": true, "schema": {"$ref": "#/definitions/Pet"}},
               "Note": {"name": "note", "in": "formData", "type": "string"}},
             "definitions": {"Pet": {"type": "object"}}}
            """##)
        #expect(converted.warnings == [])
        let root = converted.root
        #expect(root[pointer: "/components/parameters"]?.object?.keys == ["Id"])
        #expect(root[pointer: "/components/parameters/Id/schema/format"]?.string == "uuid")
        #expect(root[pointer: "/components/requestBodies/Pet/required"]?.bool == true)
        #expect(
            root[pointer: "/components/requestBodies/Pet/content/application~1json/schema/$ref"]?.string
                == "#/components/schemas/Pet")
        let item = try #require(root[pointer: "/paths/~1pets~1{id}"])
        #expect(try item[pointer: "/parameters"]?.plain == plain(##"[{"$ref": "#/components/parameters/Id"}]"##))
        #expect(item[pointer: "/put/requestBody/$ref"]?.string == "#/components/requestBodies/Pet")
        #expect(item[pointer: "/patch/requestBody/content"]?.object?.keys == ["application/merge-patch+json"])
        #expect(item[pointer: "/patch/requestBody/required"]?.bool == true)
        // The operation's own body parameter overrides the path item's of the same name.
        #expect(item[pointer: "/post/requestBody/content/application~1json/schema/type"]?.string == "string")
        #expect(
            root[
                pointer: "/paths/~1forms/post/requestBody/content/application~1x-www-form-urlencoded/schema/properties"]?
                .object?.keys == ["note", "n"])
        #expect(LoadingTestSupport.referenceProblems(in: root) == [])
    }

    /// Security definitions become security schemes: basic is HTTP basic, API keys stay, OAuth 2 flows
    /// get their OpenAPI 3 names.
    @Test func securityDefinitionsBecomeSecuritySchemes() throws {
        let converted = try LoadingTestSupport.convert(
            ##"""
            {"paths": {}, "security": [{"oauth": ["read"]}], "securityDefinitions": {
              "basic": {"type": "basic", "description": "Basic"},
              "key": {"type": "apiKey", "name": "X-Key", "in": "header", "x-extra": 1},
              "implicit": {"type": "oauth2", "flow": "implicit", "authorizationUrl": "https://a/auth", "scopes": {"read": "Read"}},
              "password": {"type": "oauth2", "flow": "password", "tokenUrl": "https://a/token", "scopes": {}},
              "application": {"type": "oauth2", "flow": "application", "tokenUrl": "https://a/token"},
              "oauth": {"type": "oauth2", "flow": "accessCode", "authorizationUrl": "https://a/auth",
                        "tokenUrl": "https://a/token", "scopes": {"read": "Read"}},
              "odd": {"type": "mutualTLS"}}}
            """##)
        let schemes = try #require(converted.root[pointer: "/components/securitySchemes"])
        #expect(try schemes["basic"]?.plain == plain(##"{"type": "http", "scheme": "basic", "description": "Basic"}"##))
        #expect(
            try schemes["key"]?.plain == plain(##"{"type": "apiKey", "name": "X-Key", "in": "header", "x-extra": 1}"##))
        #expect(
            try schemes["implicit"]?.plain
                == plain(
                    ##"{"type": "oauth2", "flows": {"implicit": {"authorizationUrl": "https://a/auth", "scopes": {"read": "Read"}}}}"##
                ))
        #expect(
            try schemes["password"]?.plain
                == plain(##"{"type": "oauth2", "flows": {"password": {"tokenUrl": "https://a/token", "scopes": {}}}}"##)
        )
        #expect(
            try schemes["application"]?.plain
                == plain(
                    ##"{"type": "oauth2", "flows": {"clientCredentials": {"tokenUrl": "https://a/token", "scopes": {}}}}"##
                ))
        #expect(
            try schemes["oauth"]?.plain
                == plain(
                    ##"""
                    {"type": "oauth2", "flows": {"authorizationCode": {"authorizationUrl": "https://a/auth",
                      "tokenUrl": "https://a/token", "scopes": {"read": "Read"}}}}
                    """##))
        #expect(schemes["odd"] == nil)
        #expect(converted.warnings.map(\.pointer) == ["#/securityDefinitions/odd/type"])
        #expect(try converted.root[pointer: "/security"]?.plain == plain(##"[{"oauth": ["read"]}]"##))
    }

    /// What cannot be converted is left out with a warning naming its pointer.
    @Test func whatCannotBeConvertedWarns() throws {
        let converted = try LoadingTestSupport.convert(
            ##"""
            {"oddRoot": 1, "paths": {"/a": {"get": {"parameters": [
                {"$ref": "#/parameters/Missing"},
                {"name": "f", "in": "query", "type": "file"},
                {"name": "p", "in": "path", "required": true, "type": "array", "items": {"type": "string"}, "collectionFormat": "multi"}],
              "responses": {"200": {"description": "ok", "schema": {"$ref": "#/paths/~1b"}}}}},
              "/b": {"post": {"parameters": [{"name": "b", "in": "body", "schema": {}}, {"name": "f", "in": "formData", "type": "string"}],
                "responses": {}}}}}
            """##)
        #expect(
            converted.warnings.map(\.pointer) == [
                "#/oddRoot",
                "#/paths/~1a/get/parameters/0",
                "#/paths/~1a/get/parameters/1/type",
                "#/paths/~1a/get/parameters/2/collectionFormat",
                "#/paths/~1a/get/responses/200/schema/$ref",
                "#/paths/~1b/post",
            ])
        #expect(converted.root[pointer: "/oddRoot"] == nil)
        #expect(converted.root[pointer: "/paths/~1a/get/parameters"]?.array?.count == 2)
        #expect(
            try converted.root[pointer: "/paths/~1a/get/parameters/0/schema"]?.plain
                == plain(##"{"type": "string", "format": "binary"}"##))
        #expect(
            converted.root[pointer: "/paths/~1a/get/responses/200/content/application~1json/schema"]?.object?.count == 0
        )
        #expect(converted.root[pointer: "/paths/~1b/post/requestBody/content/application~1json"] != nil)
    }

    /// JSON Schema's `null` type and lists of types, which OpenAPI 3.0 does not have, become `nullable`
    /// and `anyOf`; an `anyOf` or `oneOf` member that only `null` matches makes its schema nullable.
    @Test func nullTypesBecomeNullable() throws {
        let converted = try LoadingTestSupport.convert(
            ##"""
            {"paths": {}, "definitions": {
              "A": {"type": ["string", "null"], "maxLength": 3},
              "B": {"type": "null"},
              "C": {"type": ["string", "integer"]},
              "D": {"anyOf": [{"$ref": "#/definitions/A"}, {"type": "null"}]},
              "E": {"type": "array", "items": [{"type": "integer"}, {"type": "null"}]},
              "F": {"oneOf": [{"type": "string"}, {"type": "integer"}, {"type": "null"}], "description": "f"}}}
            """##)
        let schemas = try #require(converted.root[pointer: "/components/schemas"])
        #expect(try schemas["A"]?.plain == plain(##"{"type": "string", "nullable": true, "maxLength": 3}"##))
        #expect(try schemas["B"]?.plain == plain(##"{"nullable": true, "enum": [null]}"##))
        #expect(try schemas["C"]?.plain == plain(##"{"anyOf": [{"type": "string"}, {"type": "integer"}]}"##))
        #expect(
            try schemas["D"]?.plain == plain(##"{"allOf": [{"$ref": "#/components/schemas/A"}], "nullable": true}"##))
        #expect(
            try schemas["E"]?.plain == plain(##"{"type": "array", "items": {"type": "integer", "nullable": true}}"##))
        #expect(
            try schemas["F"]?.plain
                == plain(
                    ##"{"oneOf": [{"type": "string"}, {"type": "integer"}], "nullable": true, "description": "f"}"##))
        #expect(converted.warnings.map(\.pointer) == ["#/definitions/E/items"])
    }
}
