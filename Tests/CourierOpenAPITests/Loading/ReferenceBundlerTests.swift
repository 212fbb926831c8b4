import Foundation
import TestSupport
import Testing

@testable import CourierOpenAPI

/// Documents of several files bundled into their root.
@Suite(.offThePool) struct ReferenceBundlerTests {
    /// A plain value of a JSON text, to compare trees with.
    private func plain(_ json: String) throws -> AnyHashable { try LoadingTestSupport.tree(json).plain }

    /// Refs into subfolders and a parent folder, each relative to the file it is written in, are copied
    /// into the components once and every `$ref` made local.
    @Test func bundlesSchemasFromOtherFolders() throws {
        let document = try LoadingTestSupport.load(
            [
                "api/root.json": ##"""
                {"openapi": "3.0.3", "info": {"title": "T", "version": "1"},
                 "paths": {"/pets": {"get": {"responses": {"200": {"description": "ok", "content": {
                   "application/json": {"schema": {"type": "array", "items": {"$ref": "./schemas/pet.json#/Pet"}}}}},
                   "default": {"description": "error", "content": {"application/json": {
                     "schema": {"$ref": "../common.json#/components/schemas/Error"}}}}}}}},
                 "components": {"schemas": {"Local": {"type": "string"}}}}
                """##,
                "api/schemas/pet.json": ##"""
                {"Pet": {"type": "object", "properties": {
                   "tag": {"$ref": "tag.json"},
                   "local": {"$ref": "#/Name"},
                   "error": {"$ref": "../../common.json#/components/schemas/Error"}}},
                 "Name": {"type": "string"}}
                """##,
                "api/schemas/tag.json": ##"{"type": "string", "enum": ["a", "b"]}"##,
                "common.json": ##"""
                {"components": {"schemas": {"Error": {"type": "object", "properties": {
                  "code": {"$ref": "#/components/schemas/Code"}}}, "Code": {"type": "integer"}}}}
                """##,
            ], root: "api/root.json")
        #expect(document.warnings == [])
        let root = document.root
        #expect(
            root[pointer: "/paths/~1pets/get/responses/200/content/application~1json/schema/items/$ref"]?.string
                == "#/components/schemas/Pet")
        #expect(
            root[pointer: "/paths/~1pets/get/responses/default/content/application~1json/schema/$ref"]?.string
                == "#/components/schemas/Error")
        let schemas = try #require(root[pointer: "/components/schemas"]?.object)
        #expect(schemas.keys == ["Local", "Pet", "tag", "Name", "Error", "Code"])
        #expect(root[pointer: "/components/schemas/Pet/properties/tag/$ref"]?.string == "#/components/schemas/tag")
        #expect(root[pointer: "/components/schemas/Pet/properties/local/$ref"]?.string == "#/components/schemas/Name")
        #expect(root[pointer: "/components/schemas/Pet/properties/error/$ref"]?.string == "#/components/schemas/Error")
        #expect(root[pointer: "/components/schemas/Error/properties/code/$ref"]?.string == "#/components/schemas/Code")
        #expect(
            try root[pointer: "/components/schemas/tag"]?.plain == plain(##"{"type": "string", "enum": ["a", "b"]}"##))
        #expect(LoadingTestSupport.referenceProblems(in: root) == [])
    }

    /// Two files that refer to each other: each is copied once, and the refs between the copies are local.
    @Test func bundlesACycleAcrossTwoFiles() throws {
        let document = try LoadingTestSupport.load(
            [
                "root.json": ##"""
                {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {"/a": {"get": {"responses": {
                  "200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "a.json"}}}}}}}}}
                """##,
                "a.json": ##"{"type": "object", "properties": {"b": {"$ref": "b.json"}}}"##,
                "b.json": ##"{"type": "object", "properties": {"a": {"$ref": "a.json#"}, "self": {"$ref": "#"}}}"##,
            ], root: "root.json")
        #expect(document.warnings == [])
        let root = document.root
        #expect(root[pointer: "/components/schemas"]?.object?.keys == ["a", "b"])
        #expect(root[pointer: "/components/schemas/a/properties/b/$ref"]?.string == "#/components/schemas/b")
        #expect(root[pointer: "/components/schemas/b/properties/a/$ref"]?.string == "#/components/schemas/a")
        #expect(root[pointer: "/components/schemas/b/properties/self/$ref"]?.string == "#/components/schemas/b")
        #expect(LoadingTestSupport.referenceProblems(in: root) == [])
    }

    /// Two targets of the same name (and one that clashes with a component of the root) get a number.
    @Test func namesThatClashGetANumber() throws {
        let document = try LoadingTestSupport.load(
            [
                "root.json": ##"""
                {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {},
                 "components": {"schemas": {
                   "Pet": {"type": "string"},
                   "Pair": {"type": "object", "properties": {
                     "one": {"$ref": "one/pet.json#/Pet"}, "two": {"$ref": "two/pet.json#/Pet"},
                     "again": {"$ref": "one/pet.json#/Pet"}, "odd name": {"$ref": "one/pet.json#/odd%20name"}}}}}}
                """##,
                "one/pet.json": ##"{"Pet": {"type": "integer"}, "odd name": {"type": "boolean"}}"##,
                "two/pet.json": ##"{"Pet": {"type": "number"}}"##,
            ], root: "root.json")
        #expect(document.warnings == [])
        let root = document.root
        #expect(root[pointer: "/components/schemas"]?.object?.keys == ["Pet", "Pair", "Pet2", "Pet3", "odd_name"])
        #expect(root[pointer: "/components/schemas/Pair/properties/one/$ref"]?.string == "#/components/schemas/Pet2")
        #expect(root[pointer: "/components/schemas/Pair/properties/two/$ref"]?.string == "#/components/schemas/Pet3")
        #expect(root[pointer: "/components/schemas/Pair/properties/again/$ref"]?.string == "#/components/schemas/Pet2")
        #expect(root[pointer: "/components/schemas/Pet3/type"]?.string == "number")
        #expect(LoadingTestSupport.referenceProblems(in: root) == [])
    }

    /// A missing file, a missing pointer and a URL: each left out with a warning naming the pointer and
    /// the file; a schema becomes the empty schema, a parameter leaves its list.
    @Test func unresolvableReferencesAreLeftOutWithAWarning() throws {
        try LoadingTestSupport.withFolder { folder in
            try LoadingTestSupport.write(
                [
                    "root.json": ##"""
                    {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {"/a": {"get": {
                      "parameters": [{"$ref": "missing.json#/P"}, {"name": "q", "in": "query", "schema": {"type": "string"}}],
                      "responses": {"200": {"$ref": "other.json#/nothing"}, "default": {"description": "d", "content": {
                        "application/json": {"schema": {"$ref": "https://example.com/schemas/pet.json"}}}}}}}},
                     "components": {"schemas": {"A": {"$ref": "other.json#/B"}, "L": {"$ref": "#/components/schemas/Gone"}}}}
                    """##,
                    "other.json": ##"{"B": {"properties": {"c": {"$ref": "#/C"}}}}"##,
                ], into: folder)
            let document = try DocumentLoader.load(path: "\(folder)/root.json")
            let root = document.root
            #expect(root[pointer: "/paths/~1a/get/parameters"]?.array?.count == 1)
            #expect(root[pointer: "/paths/~1a/get/parameters/0/name"]?.string == "q")
            #expect(root[pointer: "/paths/~1a/get/responses/200/description"]?.string != nil)
            #expect(
                root[pointer: "/paths/~1a/get/responses/default/content/application~1json/schema"]?.object?.count == 0)
            #expect(root[pointer: "/components/schemas/A/properties/c"]?.object?.count == 0)
            #expect(root[pointer: "/components/schemas/L"]?.object?.count == 0)
            #expect(LoadingTestSupport.referenceProblems(in: root) == [])
            let warnings = document.warnings.map {
                "\($0.file.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "") \($0.pointer)"
            }
            #expect(
                warnings == [
                    "root.json #/paths/~1a/get/parameters/0/$ref",
                    "root.json #/paths/~1a/get/responses/200/$ref",
                    "root.json #/paths/~1a/get/responses/default/content/application~1json/schema/$ref",
                    "other.json #/B/properties/c/$ref",
                    "root.json #/components/schemas/L/$ref",
                ])
            #expect(document.warnings.first?.message.contains("missing.json") == true)
            #expect(document.warnings.first?.message.contains("no such file") == true)
            #expect(document.warnings[2].message.contains("URL") == true)
        }
    }

    /// Path items that are `$ref`s are put in place; their refs are read relative to their file.
    @Test func pathItemReferencesAreInlined() throws {
        let document = try LoadingTestSupport.load(
            [
                "root.json": ##"""
                {"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {
                   "/a": {"$ref": "paths/a.json"}, "/b": {"$ref": "#/components/pathItems/B"}},
                 "components": {"pathItems": {"B": {"get": {"responses": {"204": {"description": "none"}}}}}}}
                """##,
                "paths/a.json": ##"""
                {"summary": "A", "get": {"parameters": [{"$ref": "../parameters.json#/Limit"}],
                  "responses": {"200": {"$ref": "../responses.json#/Ok"}}}}
                """##,
                "parameters.json":
                    ##"{"Limit": {"name": "limit", "in": "query", "schema": {"$ref": "#/Int"}}, "Int": {"type": "integer"}}"##,
                "responses.json":
                    ##"{"Ok": {"description": "ok", "headers": {"X-Rate": {"$ref": "#/Rate"}}}, "Rate": {"schema": {"type": "integer"}}}"##,
            ], root: "root.json")
        #expect(document.warnings == [])
        #expect(document.isVersion31)
        let root = document.root
        #expect(root[pointer: "/paths/~1a/summary"]?.string == "A")
        #expect(root[pointer: "/paths/~1a/get/parameters/0/$ref"]?.string == "#/components/parameters/Limit")
        #expect(root[pointer: "/paths/~1a/get/responses/200/$ref"]?.string == "#/components/responses/Ok")
        #expect(root[pointer: "/paths/~1b/get/responses/204/description"]?.string == "none")
        #expect(root[pointer: "/components/parameters/Limit/schema/$ref"]?.string == "#/components/schemas/Int")
        #expect(root[pointer: "/components/responses/Ok/headers/X-Rate/$ref"]?.string == "#/components/headers/Rate")
        #expect(root[pointer: "/components/headers/Rate/schema/type"]?.string == "integer")
        #expect(LoadingTestSupport.referenceProblems(in: root) == [])
    }

    /// A component of the root that is only a `$ref` to another file gets what it names in its place
    /// (keeping its name), and other refs to the same target point to it.
    @Test func rootComponentsThatAreReferencesKeepTheirName() throws {
        let document = try LoadingTestSupport.load(
            [
                "root.json": ##"""
                {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {"/a": {"get": {"responses": {
                  "200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "models.json#/Animal"}}}}}}}},
                 "components": {"schemas": {"Creature": {"$ref": "models.json#/Animal"}}}}
                """##,
                "models.json": ##"{"Animal": {"type": "object", "properties": {"child": {"$ref": "#/Animal"}}}}"##,
            ], root: "root.json")
        #expect(document.warnings == [])
        let root = document.root
        #expect(root[pointer: "/components/schemas"]?.object?.keys == ["Creature"])
        #expect(root[pointer: "/components/schemas/Creature/type"]?.string == "object")
        #expect(
            root[pointer: "/components/schemas/Creature/properties/child/$ref"]?.string
                == "#/components/schemas/Creature")
        #expect(
            root[pointer: "/paths/~1a/get/responses/200/content/application~1json/schema/$ref"]?.string
                == "#/components/schemas/Creature")
    }

    /// Swagger 2.0 documents of several files are bundled into `definitions`, `parameters` and `responses`
    /// first, then converted.
    @Test func bundlesSwagger2IntoItsOwnSections() throws {
        let document = try LoadingTestSupport.load(
            [
                "root.json": ##"""
                {"swagger": "2.0", "info": {"title": "T", "version": "1"}, "paths": {"/a": {"post": {
                  "parameters": [{"$ref": "common.json#/parameters/Body"}, {"$ref": "common.json#/parameters/Limit"}],
                  "responses": {"200": {"$ref": "common.json#/responses/Ok"}}}}}}
                """##,
                "common.json": ##"""
                {"parameters": {"Body": {"name": "pet", "in": "body", "schema": {"$ref": "#/definitions/Pet"}},
                   "Limit": {"name": "limit", "in": "query", "type": "integer"}},
                 "responses": {"Ok": {"description": "ok", "schema": {"$ref": "#/definitions/Pet"}}},
                 "definitions": {"Pet": {"type": "object"}}}
                """##,
            ], root: "root.json")
        #expect(document.warnings == [])
        #expect(document.sourceVersion == "2.0")
        let root = document.root
        #expect(root[pointer: "/openapi"]?.string == "3.0.3")
        #expect(root[pointer: "/paths/~1a/post/requestBody/$ref"]?.string == "#/components/requestBodies/Body")
        #expect(root[pointer: "/paths/~1a/post/parameters/0/$ref"]?.string == "#/components/parameters/Limit")
        #expect(
            root[pointer: "/components/requestBodies/Body/content/application~1json/schema/$ref"]?.string
                == "#/components/schemas/Pet")
        #expect(
            root[pointer: "/components/responses/Ok/content/application~1json/schema/$ref"]?.string
                == "#/components/schemas/Pet")
        #expect(LoadingTestSupport.referenceProblems(in: root) == [])
    }
}
