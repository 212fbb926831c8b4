import Foundation
import TestSupport
import Testing

@testable import CourierOpenAPI

/// Swagger 2.0 documents converted to OpenAPI 3.0, rule by rule: servers, schemas, bodies, parameters.
@Suite(.computeHeavy) struct Swagger2ConverterTests {
    /// A plain value of a JSON text, to compare trees with.
    private func plain(_ json: String) throws -> AnyHashable { try LoadingTestSupport.tree(json).plain }

    /// `host`, `basePath` and `schemes` become one server; `https` when no scheme is listed; a relative URL
    /// when there is no host.
    @Test func serversComeFromHostBasePathAndSchemes() throws {
        let first = try LoadingTestSupport.convert(
            ##"{"host": "api.example.com", "basePath": "/v1", "schemes": ["http", "https"], "paths": {}}"##)
        #expect(first.root[pointer: "/openapi"]?.string == "3.0.3")
        #expect(try first.root[pointer: "/servers"]?.plain == plain(##"[{"url": "http://api.example.com/v1"}]"##))
        let noScheme = try LoadingTestSupport.convert(##"{"host": "api.example.com", "paths": {}}"##)
        #expect(try noScheme.root[pointer: "/servers"]?.plain == plain(##"[{"url": "https://api.example.com"}]"##))
        let noHost = try LoadingTestSupport.convert(##"{"basePath": "/api", "schemes": ["https"], "paths": {}}"##)
        #expect(try noHost.root[pointer: "/servers"]?.plain == plain(##"[{"url": "/api"}]"##))
        let nothing = try LoadingTestSupport.convert(##"{"paths": {}}"##)
        #expect(try nothing.root[pointer: "/servers"]?.plain == plain(##"[{"url": "/"}]"##))
        for converted in [first, noScheme, noHost, nothing] {
            #expect(converted.warnings == [])
            #expect(converted.root[pointer: "/swagger"] == nil)
            #expect(converted.root[pointer: "/host"] == nil)
        }
    }

    /// `definitions` become schemas, and every `$ref` to one follows; `x-nullable` is `nullable`;
    /// extensions stay.
    @Test func definitionsBecomeSchemas() throws {
        let converted = try LoadingTestSupport.convert(
            ##"""
            {"paths": {}, "x-top": 1, "definitions": {
              "Pet": {"type": "object", "x-kind": "animal", "discriminator": "kind", "required": ["name"], "properties": {
                "name": {"type": "string", "x-nullable": true},
                "owner": {"$ref": "#/definitions/Person"},
                "maybeOwner": {"$ref": "#/definitions/Person", "x-nullable": true},
                "friends": {"type": "array", "items": {"$ref": "#/definitions/Pet"}},
                "photo": {"type": "file"},
                "extra": {"additionalProperties": {"$ref": "#/definitions/Person/allOf/1/properties/name"}}}},
              "Person": {"allOf": [{"$ref": "#/definitions/Base"}, {"properties": {"name": {"type": "string"}}}]},
              "Base": {"type": "object"}}}
            """##)
        #expect(converted.warnings == [])
        let root = converted.root
        #expect(root[pointer: "/components/schemas"]?.object?.keys == ["Pet", "Person", "Base"])
        #expect(root[pointer: "/x-top"]?.numberText == "1")
        let pet = try #require(root[pointer: "/components/schemas/Pet"])
        #expect(pet[pointer: "/x-kind"]?.string == "animal")
        #expect(try pet[pointer: "/discriminator"]?.plain == plain(##"{"propertyName": "kind"}"##))
        #expect(try pet[pointer: "/properties/name"]?.plain == plain(##"{"type": "string", "nullable": true}"##))
        #expect(pet[pointer: "/properties/owner/$ref"]?.string == "#/components/schemas/Person")
        #expect(
            try pet[pointer: "/properties/maybeOwner"]?.plain
                == plain(##"{"allOf": [{"$ref": "#/components/schemas/Person"}], "nullable": true}"##))
        #expect(pet[pointer: "/properties/friends/items/$ref"]?.string == "#/components/schemas/Pet")
        #expect(try pet[pointer: "/properties/photo"]?.plain == plain(##"{"type": "string", "format": "binary"}"##))
        #expect(
            pet[pointer: "/properties/extra/additionalProperties/$ref"]?.string
                == "#/components/schemas/Person/allOf/1/properties/name")
        #expect(root[pointer: "/components/schemas/Person/allOf/0/$ref"]?.string == "#/components/schemas/Base")
        #expect(LoadingTestSupport.referenceProblems(in: root) == [])
    }

    /// A body parameter is a request body with its schema under each media type the operation consumes
    /// (its own `consumes` over the document's; `application/json` when neither says).
    @Test func bodyParametersBecomeRequestBodies() throws {
        let converted = try LoadingTestSupport.convert(
            ##"""
            {"consumes": ["application/json", "application/xml"], "paths": {"/pets": {
              "post": {"parameters": [{"name": "pet", "in": "body", "required": true, "description": "The pet",
                "x-extra": true, "schema": {"$ref": "#/definitions/Pet"}}], "responses": {"204": {"description": "done"}}},
              "put": {"consumes": ["text/plain"], "parameters": [{"name": "text", "in": "body", "schema": {"type": "string"}}],
                "responses": {"204": {"description": "done"}}}}},
             "definitions": {"Pet": {"type": "object"}}}
            """##)
        #expect(converted.warnings == [])
        let post = try #require(converted.root[pointer: "/paths/~1pets/post"])
        #expect(post[pointer: "/parameters"] == nil)
        #expect(
            try post[pointer: "/requestBody"]?.plain
                == plain(
                    ##"""
                    {"description": "The pet", "required": true, "x-extra": true, "x-codegen-request-body-name": "pet",
                     "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}},
                                 "application/xml": {"schema": {"$ref": "#/components/schemas/Pet"}}}}
                    """##))
        let put = try #require(converted.root[pointer: "/paths/~1pets/put/requestBody"])
        #expect(put[pointer: "/content"]?.object?.keys == ["text/plain"])
        #expect(put[pointer: "/required"] == nil)
        let plainDocument = try LoadingTestSupport.convert(
            ##"{"paths": {"/a": {"post": {"parameters": [{"name": "b", "in": "body", "schema": {}}], "responses": {}}}}}"##
        )
        #expect(
            plainDocument.root[pointer: "/paths/~1a/post/requestBody/content"]?.object?.keys == ["application/json"])
    }

    /// Form parameters make one request body: an object of one property each, `required` from the
    /// required ones; urlencoded unless `consumes` says multipart or a field is a file.
    @Test func formParametersBecomeAFormRequestBody() throws {
        let converted = try LoadingTestSupport.convert(
            ##"""
            {"paths": {
              "/login": {"post": {"consumes": ["application/x-www-form-urlencoded"], "parameters": [
                {"name": "user", "in": "formData", "type": "string", "required": true, "description": "Who"},
                {"name": "tags", "in": "formData", "type": "array", "items": {"type": "string"}, "collectionFormat": "multi"},
                {"name": "limit", "in": "query", "type": "integer"}], "responses": {"200": {"description": "ok"}}}},
              "/upload": {"post": {"parameters": [
                {"name": "file", "in": "formData", "type": "file", "required": true},
                {"name": "note", "in": "formData", "type": "string"}], "responses": {"200": {"description": "ok"}}}},
              "/multi": {"post": {"consumes": ["multipart/form-data"], "parameters": [
                {"name": "note", "in": "formData", "type": "string"}], "responses": {"200": {"description": "ok"}}}}}}
            """##)
        #expect(converted.warnings == [])
        let login = try #require(converted.root[pointer: "/paths/~1login/post"])
        #expect(login[pointer: "/parameters"]?.array?.count == 1)
        #expect(
            try login[pointer: "/requestBody"]?.plain
                == plain(
                    ##"""
                    {"required": true, "content": {"application/x-www-form-urlencoded": {
                      "schema": {"type": "object", "required": ["user"], "properties": {
                        "user": {"type": "string", "description": "Who"},
                        "tags": {"type": "array", "items": {"type": "string"}}}},
                      "encoding": {"tags": {"style": "form", "explode": true}}}}}
                    """##))
        #expect(
            try converted.root[pointer: "/paths/~1upload/post/requestBody"]?.plain
                == plain(
                    ##"""
                    {"required": true, "content": {"multipart/form-data": {
                      "schema": {"type": "object", "required": ["file"], "properties": {
                        "file": {"type": "string", "format": "binary"}, "note": {"type": "string"}}}}}}
                    """##))
        #expect(
            converted.root[pointer: "/paths/~1multi/post/requestBody/content"]?.object?.keys == ["multipart/form-data"])
        #expect(converted.root[pointer: "/paths/~1multi/post/requestBody/required"] == nil)
    }

    /// A parameter's type and limits move into its `schema`; `collectionFormat` becomes `style` and
    /// `explode` (csv, the default, is not exploded).
    @Test func parametersGetASchemaAndAStyle() throws {
        let converted = try LoadingTestSupport.convert(
            ##"""
            {"paths": {"/items/{ids}": {"get": {"parameters": [
              {"name": "ids", "in": "path", "type": "array", "items": {"type": "integer", "format": "int64"}},
              {"name": "limit", "in": "query", "type": "integer", "format": "int32", "minimum": 1, "maximum": 100,
               "default": 10, "x-nullable": true, "x-note": "n", "allowEmptyValue": true},
              {"name": "csv", "in": "query", "type": "array", "items": {"type": "string", "enum": ["a", "b"]}},
              {"name": "multi", "in": "query", "type": "array", "items": {"type": "string"}, "collectionFormat": "multi"},
              {"name": "ssv", "in": "query", "type": "array", "items": {"type": "string"}, "collectionFormat": "ssv"},
              {"name": "pipes", "in": "query", "type": "array", "items": {"type": "string"}, "collectionFormat": "pipes"},
              {"name": "tsv", "in": "query", "type": "array", "items": {"type": "string"}, "collectionFormat": "tsv"},
              {"name": "X-Trace", "in": "header", "type": "string", "pattern": "^[a-f0-9]+$", "allowEmptyValue": true},
              {"name": "refs", "in": "query", "type": "array", "items": {"$ref": "#/definitions/Id"}}],
              "responses": {"200": {"description": "ok"}}}}}, "definitions": {"Id": {"type": "string"}}}
            """##)
        let parameters = try #require(converted.root[pointer: "/paths/~1items~1{ids}/get/parameters"]?.array)
        #expect(
            try parameters[0].plain
                == plain(
                    ##"""
                    {"name": "ids", "in": "path", "required": true,
                     "schema": {"type": "array", "items": {"type": "integer", "format": "int64"}}}
                    """##))
        #expect(
            try parameters[1].plain
                == plain(
                    ##"""
                    {"name": "limit", "in": "query", "x-note": "n", "allowEmptyValue": true, "schema": {
                      "type": "integer", "format": "int32", "minimum": 1, "maximum": 100, "default": 10, "nullable": true}}
                    """##))
        var styles: [String] = []
        for parameter in parameters[2...6] {
            let style = parameter["style"]?.string ?? "-"
            let explode = parameter["explode"]?.bool == true ? "true" : "false"
            styles.append("\(style) \(explode)")
        }
        #expect(
            styles == ["form false", "form true", "spaceDelimited false", "pipeDelimited false", "form false"])
        #expect(
            try parameters[2][pointer: "/schema/items"]?.plain == plain(##"{"type": "string", "enum": ["a", "b"]}"##))
        #expect(parameters[7]["allowEmptyValue"] == nil)
        #expect(parameters[7][pointer: "/schema/pattern"]?.string == "^[a-f0-9]+$")
        #expect(parameters[8][pointer: "/schema/items/$ref"]?.string == "#/components/schemas/Id")
        #expect(parameters.allSatisfy { $0["type"] == nil && $0["collectionFormat"] == nil && $0["schema"] != nil })
        #expect(converted.warnings.map(\.pointer) == ["#/paths/~1items~1{ids}/get/parameters/6/collectionFormat"])
        #expect(converted.warnings.first?.message.contains("tsv") == true)
    }
}
