import Foundation
import TestSupport
import Testing

@testable import CourierOpenAPI

/// The details of bundling: what is data, cycles of path items, discriminator mappings, paths and pointers.
@Suite(.offThePool) struct ReferenceBundlerDetailTests {
    /// Examples, defaults and extensions are data: a `$ref` key in them is not followed.
    @Test func dataIsNotFollowed() throws {
        let document = try LoadingTestSupport.load(
            [
                "root.json": ##"""
                {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "x-tool": {"$ref": "nowhere.json"},
                 "paths": {}, "components": {"schemas": {"A": {"type": "object", "example": {"$ref": "nowhere.json"},
                   "properties": {"x-name": {"$ref": "b.json"}}}}}}
                """##,
                "b.json": ##"{"type": "string"}"##,
            ], root: "root.json")
        #expect(document.warnings == [])
        #expect(document.root[pointer: "/x-tool/$ref"]?.string == "nowhere.json")
        #expect(document.root[pointer: "/components/schemas/A/example/$ref"]?.string == "nowhere.json")
        #expect(
            document.root[pointer: "/components/schemas/A/properties/x-name/$ref"]?.string == "#/components/schemas/b")
    }

    /// A path item that refers to itself is a cycle: left out with a warning, not followed for ever.
    @Test func aPathItemCycleEnds() throws {
        let document = try LoadingTestSupport.load(
            [
                "root.json":
                    ##"{"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {"/a": {"$ref": "a.json"}}}"##,
                "a.json": ##"{"$ref": "b.json"}"##,
                "b.json": ##"{"$ref": "a.json"}"##,
            ], root: "root.json")
        #expect(document.warnings.count == 1)
        #expect(document.warnings.first?.message.contains("cycle") == true)
        #expect(document.root[pointer: "/paths/~1a"]?.object?.count == 0)
    }

    /// Paths are resolved against the folder of the file that holds the `$ref`, and normalized.
    @Test func pathsResolveAndNormalize() {
        #expect(DocumentPath.resolve("./schemas/pet.json", from: "api/root.yaml") == "api/schemas/pet.json")
        #expect(DocumentPath.resolve("../common.yaml", from: "api/schemas/pet.yaml") == "api/common.yaml")
        #expect(DocumentPath.resolve("../../x.yaml", from: "root.yaml") == "../../x.yaml")
        #expect(DocumentPath.resolve("/abs/x.yaml", from: "a/root.yaml") == "/abs/x.yaml")
        #expect(DocumentPath.resolve("pet%20v2.json", from: "/a/root.yaml") == "/a/pet v2.json")
        #expect(DocumentPath.normalize("/a/../../b") == "/b")
        #expect(DocumentPath.isRemote("https://example.com/a.json"))
        #expect(DocumentPath.isRemote("urn:x"))
        #expect(!DocumentPath.isRemote("file:///a.json"))
        #expect(!DocumentPath.isRemote("C:pet.json"))
        #expect(!DocumentPath.isRemote("schemas/pet.json"))
        #expect(DocumentPath.baseName(of: "a/b/pet.schema.json") == "pet.schema")
    }

    /// The bundler's pointer tokens and pointers are JSON pointers' own, escapes or none.
    @Test func referencePointersAreJSONPointers() {
        let pointers = [
            "", "#", "#/", "/a", "#/components/schemas/Pet", "#/paths/~1pets~1{id}/get", "#/a~0b/c%20d", "#/a//b",
            "#/%2Fx", "/0/1",
        ]
        for pointer in pointers {
            #expect(ReferencePointer.tokens(pointer) == JSONPointer.tokens(pointer), "\(pointer)")
        }
        for tokens in [[], ["a"], ["components", "schemas", "Pet"], ["/pets/{id}", "get"], ["a~b", ""]] {
            #expect(ReferencePointer.make(tokens) == JSONPointer.make(tokens))
        }
        #expect(
            ReferencePointer.isPointer("") && ReferencePointer.isPointer("/a") && ReferencePointer.isPointer("%2Fa"))
        #expect(!ReferencePointer.isPointer("anchor"))
    }

    /// A discriminator's mapping that names schemas of other files by `$ref` points to their copies.
    @Test func discriminatorMappingsFollow() throws {
        let document = try LoadingTestSupport.load(
            [
                "root.json": ##"""
                {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {},
                 "components": {"schemas": {"Pet": {"oneOf": [{"$ref": "pets.json#/Dog"}, {"$ref": "#/components/schemas/Cat"}],
                   "discriminator": {"propertyName": "kind", "mapping": {
                     "dog": "pets.json#/Dog", "cat": "#/components/schemas/Cat", "named": "Cat", "gone": "pets.json#/Cow"}}},
                   "Cat": {"type": "object"}}}}
                """##,
                "pets.json": ##"{"Dog": {"type": "object"}}"##,
            ], root: "root.json")
        let mapping = try #require(document.root[pointer: "/components/schemas/Pet/discriminator/mapping"]?.object)
        #expect(mapping.keys == ["dog", "cat", "named"])
        #expect(mapping["dog"]?.string == "#/components/schemas/Dog")
        #expect(mapping["cat"]?.string == "#/components/schemas/Cat")
        #expect(mapping["named"]?.string == "Cat")
        #expect(document.warnings.map(\.pointer) == ["#/components/schemas/Pet/discriminator/mapping/gone"])
        #expect(document.root[pointer: "/components/schemas/Pet/oneOf/0/$ref"]?.string == "#/components/schemas/Dog")
    }

    /// An operation written as a `$ref` to a file of its own (DigitalOcean's document, every operation so)
    /// is put in place, its own `$ref`s bundled from where it is.
    @Test func anOperationInAFileOfItsOwnIsPutInPlace() throws {
        let document = try LoadingTestSupport.load(
            [
                "root.yaml": ##"""
                openapi: 3.0.3
                info: {title: T, version: "1"}
                paths:
                  /things/{id}:
                    get:
                      $ref: "resources/things/get.yml"
                """##,
                "resources/things/get.yml": ##"""
                operationId: getThing
                parameters:
                  - $ref: "parameters.yml#/thing_id"
                responses:
                  "200":
                    description: The thing.
                    content:
                      application/json:
                        schema:
                          $ref: "models/thing.yml"
                """##,
                "resources/things/parameters.yml": ##"""
                thing_id: {name: id, in: path, required: true, schema: {type: integer}}
                """##,
                "resources/things/models/thing.yml": ##"{type: object, properties: {name: {type: string}}}"##,
            ], root: "root.yaml")
        #expect(document.warnings == [])
        let operation = try #require(document.root[pointer: "/paths/~1things~1{id}/get"])
        #expect(operation["operationId"]?.string == "getThing")
        #expect(operation["$ref"] == nil)
        #expect(operation[pointer: "/parameters/0/$ref"]?.string == "#/components/parameters/thing_id")
        #expect(
            operation[pointer: "/responses/200/content/application~1json/schema/$ref"]?.string
                == "#/components/schemas/thing")
        #expect(LoadingTestSupport.referenceProblems(in: document.root) == [])
    }

    /// `properties` written as a `$ref` to a map of schemas (DigitalOcean's) is that map, in another file
    /// or in the same one, with the references inside it followed from its own file; so is `responses`
    /// (Algolia's); a property that is itself named `$ref` (an object, not a string) stays a property.
    @Test func aMapWrittenAsAReferenceIsThatMap() throws {
        let document = try LoadingTestSupport.load(
            [
                "root.yaml": ##"""
                openapi: 3.0.3
                info: {title: T, version: "1"}
                paths:
                  /custom:
                    get:
                      responses:
                        $ref: "models/responses.yml#/Responses"
                components:
                  schemas:
                    AddDroplets:
                      type: object
                      required: [droplet_ids]
                      properties:
                        $ref: "models/attributes.yml#/droplet_ids"
                    Local:
                      properties:
                        $ref: "#/components/x-fields"
                    Named:
                      properties:
                        $ref: {type: string}
                  x-fields:
                    size: {type: integer}
                """##,
                "models/attributes.yml": ##"""
                droplet_ids:
                  droplet_ids:
                    type: array
                    items: {$ref: "ids.yml#/id"}
                """##,
                "models/ids.yml": ##"id: {type: integer, format: int64}"##,
                "models/responses.yml": ##"""
                Responses:
                  "200": {description: OK}
                  "404": {$ref: "#/NotFound"}
                NotFound: {description: Not found.}
                """##,
            ], root: "root.yaml")
        #expect(document.warnings == [])
        let schemas = try #require(document.root[pointer: "/components/schemas"])
        #expect(schemas[pointer: "/AddDroplets/properties"]?.object?.keys == ["droplet_ids"])
        #expect(schemas[pointer: "/AddDroplets/properties/droplet_ids/items/$ref"]?.string == "#/components/schemas/id")
        #expect(schemas[pointer: "/Local/properties"]?.object?.keys == ["size"])
        #expect(schemas[pointer: "/Named/properties/$ref/type"]?.string == "string")
        let responses = try #require(document.root[pointer: "/paths/~1custom/get/responses"])
        #expect(responses.object?.keys == ["200", "404"])
        #expect(responses[pointer: "/404/$ref"]?.string == "#/components/responses/NotFound")
        #expect(LoadingTestSupport.referenceProblems(in: document.root) == [])
    }
}
