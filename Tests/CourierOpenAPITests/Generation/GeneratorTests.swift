import Foundation
import TestSupport
import Testing

@testable import CourierOpenAPI

/// What the generator writes for small documents: names, models, targets, calls, warnings.
@Suite("Generator output", .computeHeavy)
struct GeneratorTests {
    static let petstore = #"""
        {
          "openapi": "3.0.3",
          "info": {"title": "Pets", "version": "1"},
          "servers": [{"url": "https://{region}.example.com/v1", "variables": {"region": {"default": "eu"}}}],
          "tags": [{"name": "pets", "description": "Everything about pets"}],
          "security": [{"bearer": []}],
          "paths": {
            "/pets": {
              "get": {
                "operationId": "listPets", "tags": ["pets"], "summary": "List all pets",
                "parameters": [
                  {"name": "limit", "in": "query", "schema": {"type": "integer", "format": "int32"}},
                  {"name": "tags", "in": "query", "style": "form", "explode": false,
                   "schema": {"type": "array", "items": {"type": "string"}}}
                ],
                "responses": {
                  "200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}}}}},
                  "default": {"description": "error", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
                }
              },
              "post": {
                "operationId": "create-pet", "tags": ["pets"],
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}},
                "responses": {"201": {"description": "created"}}
              }
            },
            "/pets/{petId}": {
              "get": {
                "operationId": "default", "tags": ["pets"],
                "parameters": [{"name": "petId", "in": "path", "required": true, "schema": {"type": "string"}}],
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Missing"}}}}}
              }
            },
            "/stores": {"get": {"operationId": "listStores", "responses": {"204": {"description": "none"}}}},
            "/events": {"get": {"operationId": "watch", "tags": ["pets"],
              "responses": {"200": {"description": "events", "content": {"text/event-stream": {"schema": {"type": "string"}}}}}}}
          },
          "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}, "key": {"type": "apiKey", "in": "header", "name": "X-Key"}},
            "schemas": {
              "Pet": {"type": "object", "required": ["id", "name", "legs"], "properties": {
                "legs": {"type": "integer", "default": 4},
                "id": {"type": "integer", "format": "int64"}, "name": {"type": "string"},
                "pet_status": {"type": "string", "enum": ["available", "sold"]},
                "born": {"type": "string", "format": "date-time"}, "parent": {"$ref": "#/components/schemas/Pet"},
                "kind": {"$ref": "#/components/schemas/Kind"}, "self": {"type": "boolean"}}},
              "Kind": {"oneOf": [{"$ref": "#/components/schemas/Dog"}, {"$ref": "#/components/schemas/Cat"}],
                       "discriminator": {"propertyName": "type", "mapping": {"dog": "#/components/schemas/Dog"}}},
              "Dog": {"type": "object", "properties": {"type": {"type": "string"}, "barks": {"type": "boolean"}}},
              "Cat": {"type": "object", "properties": {"type": {"type": "string"}}},
              "Error": {"type": "object", "properties": {"code": {"type": "integer"}, "message": {"type": "string"}}}
            }
          }
        }
        """#

    func generate(_ json: String, filter: Generator.Filter = Generator.Filter()) throws
        -> (text: String, warnings: [GenerationWarning])
    {
        let root = try JSONReader.read(Array(json.utf8), file: "pets.json")
        let document = LoadedDocument(
            root: root, sourceVersion: "3.0.3", isVersion31: false, rootFile: "pets.json", warnings: [])
        var generator = Generator(document: document, name: "Pets")
        generator.filter = filter
        let (files, warnings) = generator.generate()
        #expect(files.map(\.name) == Generator.fileNames(for: "Pets"))
        return (files.map(\.contents).joined(separator: "\n"), warnings)
    }

    @Test func swiftNames() {
        #expect(SwiftNames.memberName("pet_id") == "petId")
        #expect(SwiftNames.memberName("list-pets") == "listPets")
        #expect(SwiftNames.memberName("URLPath") == "urlPath")
        #expect(SwiftNames.memberName("default") == "`default`")
        #expect(SwiftNames.memberName("123abc") == "_123abc")
        #expect(SwiftNames.memberName("self") == "selfValue")
        #expect(SwiftNames.memberName("TYPING_START") == "typingStart")
        #expect(SwiftNames.memberName("URL") == "url")
        #expect(SwiftNames.typeName("pet.owner") == "PetOwner")
        #expect(SwiftNames.typeName("") == "Value")
        var scope = NameScope()
        #expect([scope.unique("pet"), scope.unique("pet"), scope.unique("pet")] == ["pet", "pet2", "pet3"])
    }

    /// A description's lines broken by CR LF (one `Character` in Swift, so no `\n`) or a lone CR are
    /// lines of the doc comment: written as they were, the CR ended the comment and the rest was code.
    @Test func carriageReturnsBreakDocLines() throws {
        #expect(DocText.lines("One,\r\ntwo.\r\n\r\n**Three**\rfour\n") == ["One,", "two.", "", "**Three**", "four"])
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.1", "info": {"title": "T", "version": "1", "description": "API\r\n**Guide**\rSee it."},
             "paths": {"/pets": {"get": {"operationId": "listPets", "description": "Lists.\r\nAll of them.",
               "responses": {"204": {"description": "none"}}}}}}
            """#)
        #expect(!text.contains("\r"))
        #expect(text.contains("/// API\n/// **Guide**\n/// See it.\n"))
        #expect(
            text.contains("/// Lists.\n        /// All of them.\n")
                || text.contains("/// Lists.\n    /// All of them.\n"))
    }

    @Test func targetsAndCalls() throws {
        let (text, _) = try generate(Self.petstore)
        #expect(text.contains("public enum Pets {"))
        #expect(text.contains("public static let baseURL = Courier.OpenAPIBaseURL.make(\"https://eu.example.com/v1\")"))
        #expect(text.contains("/// Everything about pets"))
        #expect(text.contains("public enum PetsAPI: Courier.OpenAPITarget"))  // the tag `pets`, beside the namespace
        #expect(text.contains("case listPets(limit: Swift.Int32? = nil, tags: [Swift.String]? = nil)"))
        #expect(text.contains("case createPet(body: Pets.Pet)"))
        #expect(text.contains("case `default`(petId: Swift.String)"))
        #expect(text.contains("parts.query(\"tags\", tags, explode: false)"))
        #expect(
            text.contains(
                "public func listPets(limit: Swift.Int32? = nil, tags: [Swift.String]? = nil) async throws(Courier.CourierError) -> [Pets.Pet]"
            ))
        #expect(text.contains("public func createPet(body: Pets.Pet) async throws(Courier.CourierError) {"))
        #expect(text.contains("case .listPets: .bearer"))
        #expect(text.contains("public static func keyPlugin(key:"))
        #expect(text.contains("public enum Stores: Courier.OpenAPITarget"))  // no tag: the first path segment
        #expect(text.contains("case 200: return try Courier.OpenAPIDecoding.json([Pets.Pet].self, from: response)"))
        #expect(text.contains("default: return try Courier.OpenAPIDecoding.json(Pets.Error.self, from: response)"))
    }

    @Test func models() throws {
        let (text, _) = try generate(Self.petstore)
        // A model that holds itself directly is a class; optional properties default to nil.
        #expect(text.contains("public final class Pet: Codable, Sendable"))
        #expect(text.contains("public let petStatus: Pets.PetPetStatus?"))
        // Coding is written out by the document's keys.
        #expect(text.contains("self.petStatus = try container.valueIfPresent(\"pet_status\")"))
        #expect(text.contains("try container.writeIfPresent(self.petStatus, at: \"pet_status\")"))
        #expect(!text.contains("CodingKeys"))
        #expect(text.contains("public let born: Foundation.Date?"))
        #expect(text.contains("public let selfValue: Swift.Bool?"))
        #expect(
            text.contains("public typealias PetPetStatus = Courier.OpenAPIEnumeration<Pets.Enumerations.PetPetStatus>"))
        #expect(text.contains("extension Pets.PetPetStatus {"))
        #expect(text.contains("public static var available: Self { Self(rawValue: \"available\") }"))
        #expect(text.contains("public enum Kind: Codable, Sendable"))
        #expect(text.contains("case \"dog\":"))
        #expect(text.contains("case \"Cat\":"))  // no mapping entry: the schema's name
        // A documented default is the initializer's, and said in the doc comment.
        #expect(text.contains("legs: Swift.Int = 4"))
        #expect(text.contains("/// Default: `4`."))
    }

    @Test func eventStreamsAreServerSentEvents() throws {
        let (text, _) = try generate(Self.petstore)
        #expect(text.contains("public func watch() -> Courier.ServerSentEventSequence<Pets.PetsAPI> {"))
        #expect(text.contains("parts.header(\"Accept\", \"text/event-stream\")"))
    }

    /// An OpenAPI 3.2 streaming answer offered as JSON Lines (its `itemSchema` a model) and as server-sent
    /// events is read as a typed stream of its lines; one offered as events and bytes, as the events. An
    /// `additionalOperations` method is sent as written, and QUERY as QUERY.
    @Test func streamingAnswersAreTypedLinesOrEvents() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.2.0", "info": {"title": "T", "version": "1"}, "paths": {"/trips/{id}": {
              "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
              "query": {"operationId": "findTrip", "responses": {"200": {"description": "ok",
                "content": {"application/xml": {}, "text/event-stream": {"itemSchema": {"type": "object"}}}}}},
              "additionalOperations": {"SUBSCRIBE": {"operationId": "subscribeTrip", "responses": {"200": {
                "description": "updates", "content": {
                  "text/event-stream": {"itemSchema": {"type": "object"}},
                  "application/jsonl": {"itemSchema": {"type": "object", "required": ["minutes"],
                    "properties": {"minutes": {"type": "integer"}}}}}}}}}}}}
            """#)
        #expect(
            text.contains(
                "public func subscribeTrip(id: Swift.String) async throws(Courier.CourierError) -> Courier.DecodedLines<Pets.SubscribeTripLine> {"
            ))
        #expect(text.contains(#"parts.header("Accept", "application/jsonl")"#))
        #expect(
            text.contains("return try Courier.OpenAPIDecoding.jsonLines(Pets.SubscribeTripLine.self, from: response)"))
        #expect(text.contains(#"Foundation.Data("{\"minutes\":"#))
        #expect(text.contains("public func findTrip(id: Swift.String) -> Courier.ServerSentEventSequence<"))
        #expect(text.contains(#"case .subscribeTrip: Courier.HTTPMethod(rawValue: "SUBSCRIBE")"#))
        #expect(text.contains(#"case .findTrip: Courier.HTTPMethod(rawValue: "QUERY")"#))
    }

    /// Which event streams have typed data: a `schema` that is a model (OpenAI's chunks), the `data` of a
    /// `schema` that is an event (Mistral's), the `contentSchema` of an `itemSchema`'s data (3.2); not
    /// text. Events whose data differs by type (a `oneOf` of events naming theirs) are read whole, a case
    /// per type; a `oneOf` of values that are no events is the data's type, and one of events that name
    /// no type is read as text.
    @Test func eventsHaveTheDataTypeTheDocumentGives() throws {
        let streams = [
            "chunks": ##"{"schema": {"$ref": "#/components/schemas/Chunk"}}"##,
            "wrapped":
                ##"{"schema": {"type": "object", "properties": {"event": {"type": "string"}, "data": {"$ref": "#/components/schemas/Chunk"}}}}"##,
            "described":
                ##"{"itemSchema": {"type": "object", "properties": {"data": {"type": "string", "contentMediaType": "application/json", "contentSchema": {"$ref": "#/components/schemas/Chunk"}}}}}"##,
            "mixed":
                ##"{"itemSchema": {"oneOf": [{"properties": {"event": {"const": "a"}, "data": {"type": "string"}}}]}}"##,
            "text": ##"{"schema": {"type": "object", "properties": {"data": {"type": "string"}}}}"##,
            "choices":
                ##"{"schema": {"oneOf": [{"$ref": "#/components/schemas/Chunk"}, {"type": "object", "properties": {"event": {"const": "x"}, "n": {"type": "integer"}}}]}}"##,
            "unnamed":
                ##"{"itemSchema": {"oneOf": [{"properties": {"data": {"type": "string"}}}, {"properties": {"id": {"type": "string"}}}]}}"##,
        ]
        let paths = streams.sorted { $0.key < $1.key }.map { name, media in
            ##""/\##(name)": {"get": {"operationId": "\##(name)", "responses": {"200": {"description": "events", "##
                + ##""content": {"text/event-stream": \##(media)}}}}}"##
        }
        let (text, warnings) = try generate(
            ##"{"openapi": "3.2.0", "info": {"title": "T", "version": "1"}, "paths": {"##
                + paths.joined(separator: ", ")
                + ##"}, "components": {"schemas": {"Chunk": {"type": "object", "required": ["delta"], "properties": {"delta": {"type": "string"}}}}}}"##
        )
        #expect(warnings.isEmpty)
        let typed = text.components(separatedBy: "Each event's data is a `Pets.Chunk` in JSON").count - 1
        #expect(typed == 3)
        for call in ["chunks", "wrapped", "described", "mixed", "text", "choices", "unnamed"] {
            #expect(text.contains("public func \(call)() -> Courier.ServerSentEventSequence<"))
        }
        #expect(text.contains(#"case .chunks: Foundation.Data("data: {\"delta\":\"sample\"}\n\n".utf8)"#))
        #expect(text.contains("Each event's data depends on its type: `.decoding(Pets.MixedEvent.self)`"))
        #expect(text.contains("public enum MixedEvent: Courier.ServerSentEventDecodable {"))
        #expect(text.contains(#"case .mixed: Foundation.Data("event: a\ndata: text\n\n".utf8)"#))
        #expect(text.contains("Each event's data is a `Pets.ChoicesEvent` in JSON"))
        #expect(text.contains("public enum ChoicesEvent: Codable, Sendable {"))
        #expect(text.contains(#"case .unnamed: Foundation.Data("".utf8)"#))
        #expect(text.contains("case 200: return try Courier.OpenAPIDecoding.events(Pets.Chunk.self, from: response)"))
        #expect(text.contains("case 200: return try Courier.OpenAPIDecoding.text(from: response)"))
    }

    /// A path item's or an operation's own servers are chosen as the document's are: the first whole one
    /// (its variables defined), with a warning naming where they are.
    @Test func anOperationsServersAreChosenAsTheDocumentsAre() throws {
        let (text, warnings) = try generate(
            #"""
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "servers": [{"url": "https://api.example.com"}],
             "paths": {"/upload": {"servers": [{"url": "https://{bucket}.uploads.example.com"}, {"url": "https://uploads.example.com/v2"}],
               "put": {"operationId": "upload", "responses": {"204": {"description": "ok"}}},
               "post": {"operationId": "uploadMore", "responses": {"204": {"description": "ok"}}}},
              "/files": {"get": {"operationId": "files", "responses": {"204": {"description": "ok"}}}}}}
            """#)
        #expect(text.contains(#"case .upload: Courier.OpenAPIBaseURL.make("https://uploads.example.com/v2")"#))
        #expect(text.contains(#"case .uploadMore: Courier.OpenAPIBaseURL.make("https://uploads.example.com/v2")"#))
        #expect(warnings.map(\.pointer).filter { $0.hasPrefix("#/paths/~1upload/servers") }.count == 1)
        #expect(warnings.contains { $0.message.contains("({bucket}); the base URL is server 1 instead") })
    }

    /// An answer to HEAD has no body whatever the document says (Elasticsearch's `exists` calls give
    /// theirs JSON): the call reads none, and `decode(_:)` gives nothing for the status.
    @Test func anAnswerToHeadHasNoBody() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {"/docs/{id}": {
              "head": {"operationId": "exists", "parameters": [{"name": "id", "in": "path", "required": true,
                "schema": {"type": "string"}}], "responses": {"200": {"description": "found",
                "content": {"application/json": {"schema": {"type": "object", "properties": {"found": {"type": "boolean"}}}}}},
                "404": {"description": "missing"}}}}}}
            """#)
        #expect(text.contains("public func exists(id: Swift.String) async throws(Courier.CourierError) {"))
        #expect(text.contains("case 200: return ()"))
        #expect(!text.contains("ExistsResponse"))
    }

    /// An answer offered as JSON and as events (a chat completion, streamed when the body asks): the call
    /// reads the JSON, accepts both, and its documentation names the events' data and how to read them.
    @Test func anAnswerThatMayBeEventsSaysHowToReadThem() throws {
        let (text, _) = try generate(
            ##"""
            {"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {
              "/chat": {"post": {"operationId": "chat", "requestBody": {"required": true, "content": {
                "application/json": {"schema": {"type": "object", "properties": {"stream": {"type": "boolean"}}}}}},
                "responses": {"200": {"description": "ok", "content": {
                  "application/json": {"schema": {"$ref": "#/components/schemas/Reply"}},
                  "text/event-stream": {"schema": {"$ref": "#/components/schemas/Chunk"}}}}}}},
              "/ping": {"get": {"operationId": "ping", "responses": {"200": {"description": "ok", "content": {
                  "application/json": {"schema": {"$ref": "#/components/schemas/Reply"}},
                  "text/event-stream": {"schema": {"type": "string"}}}}}}}},
              "components": {"schemas": {
                "Reply": {"type": "object", "properties": {"text": {"type": "string"}}},
                "Chunk": {"type": "object", "properties": {"delta": {"type": "string"}}}}}}
            """##)
        #expect(
            text.contains("public func chat(body: Pets.ChatRequest) async throws(Courier.CourierError) -> Pets.Reply {")
        )
        #expect(text.contains(#"parts.header("Accept", "application/json, text/event-stream")"#))
        #expect(
            text.contains(
                "as the request asks: `provider.events(.chat(…)).decoding(Pets.Chunk.self)` reads them, each event's data a `Pets.Chunk`."
            ))
        #expect(text.contains("as the request asks: `provider.events(.ping)` reads them."))
    }

    /// A JSON Lines or JSON text sequence body is a list of its values, from the items of a list `schema`
    /// or a `schema` given as one line's. An answer's `schema` is one value's before OpenAPI 3.2, even a
    /// list (Lichess's chat, a list on one line), and from 3.2 on the whole sequence's.
    @Test func sequenceBodiesAreListsOfTheirValues() throws {
        func document(version: String) -> String {
            ##"""
            {"openapi": "\##(version)", "info": {"title": "T", "version": "1"}, "paths": {
              "/bulk": {"post": {"operationId": "bulk", "requestBody": {"required": true, "content": {
                "application/x-ndjson": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Action"}}}}},
                "responses": {"200": {"description": "ok", "content": {
                  "application/json-seq": {"schema": {"$ref": "#/components/schemas/Actions"}}}}}}},
              "/import": {"post": {"operationId": "importLines", "requestBody": {"content": {
                "application/jsonl": {"schema": {"$ref": "#/components/schemas/Action"}}}},
                "responses": {"204": {"description": "ok"}}}}},
              "components": {"schemas": {
                "Action": {"type": "object", "required": ["op"], "properties": {"op": {"type": "string"}}},
                "Actions": {"type": "array", "items": {"$ref": "#/components/schemas/Action"}}}}}
            """##
        }
        let (text, _) = try generate(document(version: "3.1.0"))
        #expect(text.contains("case bulk(body: [Pets.Action])"))
        #expect(text.contains("case importLines(body: [Pets.Action]? = nil)"))
        #expect(
            text.contains(
                "return .requestCustomJSONEncodable(body, encoder: Courier.OpenAPICoding.jsonLinesEncoder())"))
        #expect(text.contains(#"parts.header("Content-Type", "application/x-ndjson")"#))
        #expect(text.contains(#"parts.header("Accept", "application/json-seq")"#))
        #expect(
            text.contains(
                "public func bulk(body: [Pets.Action]) async throws(Courier.CourierError) -> Courier.DecodedLines<Pets.Actions> {"
            ))
        #expect(text.contains(".records(decoding: Pets.Actions.self, using: Courier.OpenAPICoding.decoder())"))
        #expect(text.contains("return try Courier.OpenAPIDecoding.jsonSequence(Pets.Actions.self, from: response)"))
        #expect(text.contains(#"OpenAPISample.value([Pets.Action].self, "[{\"op\":\"sample\"}]")"#))

        let (whole, _) = try generate(document(version: "3.2.0"))
        #expect(whole.contains("case bulk(body: [Pets.Action])"))
        #expect(
            whole.contains(
                "public func bulk(body: [Pets.Action]) async throws(Courier.CourierError) -> Courier.DecodedLines<Pets.Action> {"
            ))
        #expect(whole.contains("return try Courier.OpenAPIDecoding.jsonSequence(Pets.Action.self, from: response)"))
        #expect(whole.contains(#"Foundation.Data("\u{1e}{\"op\":\"sample\"}\n".utf8)"#))
    }

    /// OpenAPI 3.2's `querystring` parameter written as a form: its fields are the query's parameters; in
    /// another media type it is skipped with a warning.
    @Test func aQuerystringFormIsTheQuery() throws {
        let (text, warnings) = try generate(
            #"""
            {"openapi": "3.2.0", "info": {"title": "T", "version": "1"}, "paths": {"/search": {"get": {
              "operationId": "search", "parameters": [
                {"name": "filter", "in": "querystring", "content": {"application/x-www-form-urlencoded": {"schema": {
                  "type": "object", "properties": {"q": {"type": "string"}, "page": {"type": "integer"}}}}}},
                {"name": "raw", "in": "querystring", "content": {"application/json": {"schema": {"type": "object"}}}}],
              "responses": {"204": {"description": "none"}}}}}}
            """#)
        #expect(text.contains("case search(filter: Pets.SearchFilter? = nil)"))
        #expect(text.contains(#"parts.query("filter", filter)"#))
        #expect(text.contains("public struct SearchFilter: Codable, Sendable, Courier.OpenAPIParameterValue {"))
        #expect(warnings.map(\.pointer) == ["#/paths/~1search/get/parameters/1"])
    }

    @Test func warningsNameTheirPointerAndOutputIsDeterministic() throws {
        let first = try generate(Self.petstore)
        let second = try generate(Self.petstore)
        #expect(first.text == second.text)
        #expect(first.warnings.contains { $0.message.contains("#/components/schemas/Missing") })
    }

    @Test func filters() throws {
        let (text, _) = try generate(Self.petstore, filter: Generator.Filter(operations: ["listStores"]))
        #expect(text.contains("case listStores"))
        #expect(!text.contains("case listPets"))
    }

    @Test func commandLine() {
        var output: [String] = []
        var errors: [String] = []
        #expect(GeneratorCommand.run(["--help"], output: { output.append($0) }, errors: { errors.append($0) }) == 0)
        #expect(output.joined().contains("USAGE: courier-openapi DOCUMENT --output FOLDER --name NAME"))
        #expect(GeneratorCommand.run(["doc.yaml"], output: { output.append($0) }, errors: { errors.append($0) }) == 2)
        #expect(errors.last?.contains("no --output folder given") == true)
        let missing = "/nonexistent/openapi.yaml"
        #expect(
            GeneratorCommand.run(
                [missing, "--output", NSTemporaryDirectory(), "--name", "X"], output: { output.append($0) },
                errors: { errors.append($0) }) == 1)
        #expect(errors.last?.contains(missing) == true)
        // A namespace named like a module the generated code qualifies names with would hide it.
        #expect(
            GeneratorCommand.run(
                ["doc.yaml", "--output", NSTemporaryDirectory(), "--name", "courier"], output: { output.append($0) },
                errors: { errors.append($0) }) == 2)
        #expect(errors.last?.contains("the namespace `Courier` would hide a name the generated code uses") == true)
    }

    /// Each warning is printed as a compiler writes a diagnostic of the file (what build logs and IDEs
    /// show as a warning), unless `--quiet` or the config's `"quiet": true` asks for none.
    @Test func warningsArePrintedAsDiagnosticsOfTheDocumentUnlessQuiet() throws {
        let folder = try TestFiles.path("courier-warnings")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = folder.appendingPathComponent("openapi.json").path
        try Data(
            #"""
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {"/hooks": {"post": {
              "operationId": "subscribe", "responses": {"201": {"description": "made"}},
              "callbacks": {"onEvent": {"{$request.body#/url}": {"post": {"responses": {"200": {"description": "ok"}}}}}}}}}}
            """#.utf8
        ).write(to: URL(fileURLWithPath: document))
        let config = folder.appendingPathComponent("courier-openapi.json").path
        func run(_ arguments: [String]) -> [String] {
            var errors: [String] = []
            let status = GeneratorCommand.run(
                [document, "--output", folder.appendingPathComponent("out").path] + arguments, output: { _ in },
                errors: { errors.append($0) })
            #expect(status == 0)
            return errors
        }
        let skipped = "callbacks (requests the server makes) are not generated; skipped"
        #expect(run(["--name", "T"]) == [document + ": warning: #/paths/~1hooks/post/callbacks: " + skipped])
        #expect(run(["--name", "T", "--quiet"]).isEmpty)
        try Data(#"{"name": "T", "quiet": true}"#.utf8).write(to: URL(fileURLWithPath: config))
        #expect(run(["--config", config]).isEmpty)
        try Data(#"{"name": "T"}"#.utf8).write(to: URL(fileURLWithPath: config))
        #expect(run(["--config", config]).count == 1)
    }

    /// A `{name}` of the path that no parameter declares is a required string, with a warning, instead of
    /// braces sent as they are.
    @Test func anUndeclaredPathPlaceholderIsARequiredString() throws {
        let (text, warnings) = try generate(
            #"""
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {"/things/{thing_id}/{part}": {"get": {
              "operationId": "getThing", "parameters": [{"name": "part", "in": "path", "required": true, "schema": {"type": "integer"}}],
              "responses": {"204": {"description": "none"}}}}}}
            """#)
        #expect(text.contains("case getThing(part: Swift.Int, thingId: Swift.String)"))
        #expect(text.contains(#"parts.path("thing_id", thingId)"#))
        #expect(
            warnings.map(\.message) == ["the path's {thing_id} is not a declared parameter; taken as a required string"]
        )
        #expect(OperationReader.placeholders(in: "/a/{x}/b{y}.json/{}") == ["x", "y"])
    }

    /// A fragment in a path template (Mistral's `/v1/connectors/{id}#id`, which tells apart operations
    /// of one path) is never sent: the path is what comes before it.
    @Test func aFragmentInAPathIsNotPartOfIt() throws {
        let (text, warnings) = try generate(
            #"""
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {"/connectors/{id}#byId": {"delete": {
              "operationId": "deleteConnector", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
              "responses": {"204": {"description": "none"}}}}}}
            """#)
        #expect(text.contains(#"OpenAPIRequestParts(path: "/connectors/{id}")"#))
        #expect(!text.contains("#byId\""))
        #expect(warnings.isEmpty)
    }

    /// Two path keys that differ only by a fragment are two places: a parameter of one is not typed as
    /// the other's of the same name (Box's `fields`, a list on `/files/{id}` and one text on
    /// `/files/{id}#get_shared_link`).
    @Test func pathsThatDifferByAFragmentHaveTheirOwnTypes() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {
              "/files/{id}": {"get": {"operationId": "getFile", "parameters": [
                {"name": "id", "in": "path", "required": true, "schema": {"type": "string"}},
                {"name": "fields", "in": "query", "schema": {"type": "array", "items": {"type": "string"}}}],
                "responses": {"204": {"description": "none"}}}},
              "/files/{id}#link": {"get": {"operationId": "getFileLink", "parameters": [
                {"name": "id", "in": "path", "required": true, "schema": {"type": "string"}},
                {"name": "fields", "in": "query", "required": true, "schema": {"type": "string"}, "example": "shared_link"}],
                "responses": {"204": {"description": "none"}}}}}}
            """#)
        #expect(text.contains("case getFile(id: Swift.String, fields: [Swift.String]? = nil)"))
        #expect(text.contains("case getFileLink(id: Swift.String, fields: Swift.String)"))
        #expect(text.contains(#"OpenAPISample.value(Swift.String.self, "\"shared_link\"")"#))
    }

    /// A parameter's example whose member is not of its property's kind (Box's search `mdfilters`, a list
    /// where an object is declared) is sent without that member when it is optional, as a body's is.
    @Test func aParametersExampleIsRepairedAsABodysIs() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {"/search": {"get": {
              "operationId": "search", "parameters": [{"name": "filter", "in": "query", "required": true,
                "style": "deepObject", "schema": {"type": "object", "required": ["scope"], "properties": {
                  "scope": {"type": "string"}, "filters": {"type": "object"}}},
                "example": {"scope": "enterprise", "filters": [{"category": "online"}]}}],
              "responses": {"204": {"description": "none"}}}}}}
            """#)
        #expect(text.contains(#"OpenAPISample.value(Pets.SearchFilter.self, "{\"scope\":\"enterprise\"}")"#))
    }

    /// A server whose URL names variables it does not define, or is not a URL, is passed over for the
    /// first that is whole, with a warning; when none is, the first is kept as written, with a warning.
    @Test func aServerWithUndefinedVariablesIsPassedOverWithAWarning() throws {
        func document(_ servers: String) -> String {
            #"{"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "servers": SERVERS, "paths": {}}"#
                .replacingOccurrences(of: "SERVERS", with: servers)
        }
        let (text, warnings) = try generate(
            document(
                #"[{"url": "https://api.example.com/m/{merchant}/sync"}, {"url": "<local-address>"}, "#
                    + #"{"url": "https://{host}/v2", "variables": {"host": {"default": "eu.example.com"}}}]"#))
        #expect(text.contains(#"OpenAPIBaseURL.make("https://eu.example.com/v2")"#))
        #expect(text.contains("first server whose URL defines its variables"))
        #expect(
            warnings.map(\.description) == [
                "warning: #/servers/0/url: the server's URL names variables it does not define ({merchant}); "
                    + "the base URL is server 2 instead"
            ])
        let (kept, keptWarnings) = try generate(document(#"[{"url": "https://api.example.com/m/{merchant}"}]"#))
        #expect(kept.contains(#"OpenAPIBaseURL.make("https://api.example.com/m/{merchant}")"#))
        #expect(keptWarnings.count == 1)
        #expect(keptWarnings.first?.message.contains("`endpoint(on:)`") == true)
        let (whole, wholeWarnings) = try generate(document(#"[{"url": "/v1"}, {"url": "https://b.example.com"}]"#))
        #expect(whole.contains(#"OpenAPIBaseURL.make("/v1")"#))
        #expect(wholeWarnings.isEmpty)
    }

    /// A sample leaves out a `default` of another kind or format than its schema's (ReadMe's data-URL
    /// default for a `binary` field, a string for an `int32`), which the model would not read, and fits a
    /// `pattern` that ICU does not compile (a literal `{`) as the pattern says.
    @Test func samplesSkipDefaultsThatDoNotFitAndReadBracesInPatterns() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {"/things": {"post": {
              "operationId": "makeThing",
              "parameters": [
                {"name": "count", "in": "query", "required": true, "schema": {"type": "integer", "format": "int32", "default": "12"}},
                {"name": "key", "in": "query", "required": true,
                 "schema": {"type": "string", "pattern": "^(?:{[0-9a-f]{4}}|[0-9a-f]{8})$"}}
              ],
              "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object",
                "required": ["file"],
                "properties": {"file": {"type": "string", "format": "binary", "default": "data:text/plain;base64,dGVzdDE="}}}}}},
              "responses": {"204": {"description": "none"}}}}}}
            """#)
        #expect(text.contains(#"count = Courier.OpenAPISample.value(Swift.Int32.self, "1")"#))
        #expect(text.contains(#"key = Courier.OpenAPISample.value(Swift.String.self, "\"{0000}\"")"#))
        #expect(text.contains(#"{\"file\":\"c2FtcGxl\"}"#))
    }

    /// A struct holds a struct of more than ``ModelLayout/limit`` fields (counted with the structs it
    /// holds inline) through `OpenAPIIndirect`, and a union with such a payload is `indirect`; smaller
    /// ones are held inline.
    @Test func largeModelsAreHeldByReference() throws {
        let fields = (1...33).map { #""f\#($0)": {"type": "string"}"# }.joined(separator: ", ")
        let big = #"{"type": "object", "properties": {FIELDS}}"#.replacingOccurrences(of: "FIELDS", with: fields)
        let json = #"""
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {}, "components": {"schemas": {
              "Big": BIG,
              "Small": {"type": "object", "properties": {"a": {"type": "string"}}},
              "Holder": {"type": "object", "required": ["big"], "properties": {
                "big": {"$ref": "#/components/schemas/Big"}, "small": {"$ref": "#/components/schemas/Small"}}},
              "Choice": {"oneOf": [{"$ref": "#/components/schemas/Big"}, {"$ref": "#/components/schemas/Small"}]},
              "SmallChoice": {"oneOf": [{"$ref": "#/components/schemas/Small"}, {"type": "string"}]}
            }}}
            """#.replacingOccurrences(of: "BIG", with: big)
        let (text, _) = try generate(json)
        #expect(text.contains("public var big: Pets.Big { _big.value }"))
        #expect(text.contains("private let _big: Courier.OpenAPIIndirect<Pets.Big>"))
        #expect(text.contains("self._big = Courier.OpenAPIIndirect(try container.value(\"big\"))"))
        #expect(text.contains("public let small: Pets.Small?\n"))
        #expect(text.contains("public indirect enum Choice:"))
        #expect(text.contains("public enum SmallChoice:"))
    }

    /// An operation without a tag is grouped by its path's first segment that names a resource: a
    /// version or the API's own name before it groups nothing (all of Stripe's operations are under `/v1`).
    @Test(arguments: [
        ("/pets/{id}", "pets"), ("/v1/customers/{customer}", "customers"), ("/api/v2/pets", "pets"),
        ("/2.0/users/{username}", "users"), ("/2010-04-01/Accounts.json", "Accounts.json"),
        ("/v2beta1/things", "things"), ("/vote/up", "vote"), ("/2fa/setup", "2fa"), ("/v1", "v1"),
        ("/api", "api"), ("/{id}", "Default"), ("/", "Default"),
    ])
    func untaggedOperationsAreGroupedByTheirResource(path: String, group: String) {
        #expect(OperationReader.firstSegment(of: path) == group)
    }

    /// A model a request sends, and every model it holds, has `var` properties (a boxed one with a
    /// setter); a model only read from answers has `let` ones.
    @Test func modelsARequestSendsAreMutableAndAnswersAreNot() throws {
        let fields = (1...33).map { #""f\#($0)": {"type": "string"}"# }.joined(separator: ", ")
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {"/a": {"post": {"operationId": "make",
              "parameters": [{"name": "q", "in": "query", "schema": {"$ref": "#/components/schemas/Query"}}],
              "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Sent"}}}},
              "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Read"}}}}}}}},
             "components": {"schemas": {
               "Query": {"type": "object", "properties": {"year": {"type": "integer"}}},
               "Sent": {"type": "object", "required": ["big"], "properties": {"held": {"$ref": "#/components/schemas/Held"},
                 "big": {"$ref": "#/components/schemas/Big"}, "choice": {"oneOf": [{"$ref": "#/components/schemas/Chosen"}, {"type": "string"}]}}},
               "Held": {"type": "object", "properties": {"name": {"type": "string"}}},
               "Chosen": {"type": "object", "properties": {"size": {"type": "integer"}}},
               "Big": {"type": "object", "properties": {FIELDS}},
               "Read": {"type": "object", "properties": {"title": {"type": "string"}}}}}}
            """#.replacingOccurrences(of: "FIELDS", with: fields))
        #expect(text.contains("public var year: Swift.Int?"))
        #expect(text.contains("public var held: Pets.Held?"))
        #expect(text.contains("public var size: Swift.Int?"))
        #expect(text.contains("public var f1: Swift.String?"))
        #expect(text.contains("set { _big = Courier.OpenAPIIndirect(newValue) }"))
        #expect(text.contains("private var _big: Courier.OpenAPIIndirect<Pets.Big>"))
        #expect(text.contains("public struct Read: Codable, Sendable {\n        public let title: Swift.String?"))
    }

    /// A request body's sample made from the schema leaves out its `readOnly` properties, required or
    /// not; the model has them as optionals.
    @Test func aRequestSampleLeavesOutReadOnlyProperties() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {"/a": {"post": {"operationId": "make",
              "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/A"}}}},
              "responses": {"204": {"description": "none"}}}}},
             "components": {"schemas": {"Id": {"type": "string", "readOnly": true},
               "A": {"type": "object", "required": ["id", "name"], "properties": {
                 "id": {"$ref": "#/components/schemas/Id"}, "name": {"type": "string"}}}}}}
            """#)
        #expect(text.contains(#"Courier.OpenAPISample.value(Pets.A.self, "{\"name\":\"sample\"}")"#))
        #expect(text.contains("public var id: Pets.Id?"))
    }

    /// A property that can have one value only (`const`, or an `enum` of one) is its initializer's
    /// default, and tells a union's choices apart when the document names no discriminator; choices
    /// that share their values do not.
    @Test func singleValuedPropertiesAreDefaultsAndDiscriminators() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {}, "components": {"schemas": {
              "Text": {"type": "object", "required": ["type", "text", "version"], "properties": {
                "type": {"type": "string", "const": "text"}, "text": {"type": "string"},
                "version": {"type": "integer", "const": 2}}},
              "Image": {"type": "object", "required": ["type"], "properties": {
                "type": {"type": "string", "enum": ["image"]}, "url": {"type": "string"}}},
              "Part": {"anyOf": [{"$ref": "#/components/schemas/Text"}, {"$ref": "#/components/schemas/Image"}]},
              "Same": {"oneOf": [{"$ref": "#/components/schemas/Image"}, {"$ref": "#/components/schemas/Image"}]}
            }}}
            """#)
        #expect(text.contains(#"public init(type: Swift.String = "text", text: Swift.String, version: Swift.Int = 2)"#))
        #expect(
            text.contains(#"public init(type: Pets.ImageType = .init(rawValue: "image"), url: Swift.String? = nil)"#))
        #expect(text.contains(#"forKey: OpenAPICodingKey("type"))"#))
        #expect(text.contains("case \"text\":\n                    if let value = try? Pets.Text(from: decoder) {"))
        #expect(text.contains("case \"image\":\n                    if let value = try? Pets.Image(from: decoder) {"))
        // The same value twice chooses nothing: the choices are tried in order. The same reference
        // twice is one choice.
        #expect(text.components(separatedBy: "forKey: OpenAPICodingKey(").count == 2)
        #expect(text.contains("case image(Pets.Image)") && !text.contains("case image2(Pets.Image)"))
    }

    /// A property whose type is a plain string under a name of its own, narrowed to one value by a later
    /// `allOf` part (Lob's address: the base's `object`, the address's `enum: [address]`), defaults to
    /// that value as a string, not as an enumeration's `.init(rawValue:)`, which a string does not have.
    @Test func aNarrowedStringAliasDefaultsToAStringLiteral() throws {
        let (text, _) = try generate(
            ##"""
            {"openapi": "3.0.1", "info": {"title": "T", "version": "1"}, "paths": {}, "components": {"schemas": {
              "ResourceType": {"type": "string", "description": "The kind of resource."},
              "Base": {"type": "object", "required": ["object"], "properties": {
                "object": {"$ref": "#/components/schemas/ResourceType"}}},
              "Address": {"allOf": [{"$ref": "#/components/schemas/Base"}, {"type": "object", "required": ["line"],
                "properties": {"object": {"type": "string", "enum": ["address"]}, "line": {"type": "string"}}}]}}}}
            """##)
        #expect(text.contains("public typealias ResourceType = Swift.String"))
        #expect(text.contains(#"public init(object: Pets.ResourceType = "address", line: Swift.String)"#))
        #expect(!text.contains(#".init(rawValue: "address")"#))
    }

    /// A model that reads the same as an earlier one is a type alias of it, keeping its own doc comment;
    /// models that refer to merged ones can merge in turn; copies of a recursive schema merge; a
    /// different property doc comment keeps a model apart.
    @Test func modelsThatReadTheSameAreWrittenOnce() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {}, "components": {"schemas": {
              "GroupDeleted": {"type": "object", "properties": {"data": {"$ref": "#/components/schemas/GroupData"}}},
              "UserDeleted": {"type": "object", "description": "A user was deleted.",
                "properties": {"data": {"$ref": "#/components/schemas/UserData"}}},
              "GroupData": {"type": "object", "properties": {"id": {"type": "string", "description": "The ID."}}},
              "UserData": {"type": "object", "properties": {"id": {"type": "string", "description": "The ID."}}},
              "OtherData": {"type": "object", "properties": {"id": {"type": "string", "description": "Another."}}},
              "Tree": {"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#/components/schemas/Tree"}}}},
              "Forest": {"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#/components/schemas/Forest"}}}}
            }}}
            """#)
        #expect(text.contains("public struct GroupData: Codable, Sendable {"))
        #expect(text.contains("public typealias UserData = Pets.GroupData"))
        #expect(text.contains("public struct OtherData: Codable, Sendable {"))
        #expect(text.contains("/// A user was deleted.\n    public typealias UserDeleted = Pets.GroupDeleted"))
        #expect(text.contains("public typealias Forest = Pets.Tree"))
        #expect(!text.contains("public struct UserDeleted"))
    }

    /// A request body's sample of a union with a discriminator sets the discriminator's property to the
    /// value naming the choice made (a validating server reads it to know which choice to check).
    @Test func aDiscriminatedSampleNamesItsChoice() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {"/pets": {"put": {"operationId": "put",
              "requestBody": {"required": true, "content": {"application/json": {"schema": {
                "oneOf": [{"$ref": "#/components/schemas/Dog"}, {"$ref": "#/components/schemas/Cat"}],
                "discriminator": {"propertyName": "pet_type", "mapping": {"doggo": "#/components/schemas/Dog"}}}}}},
              "responses": {"204": {"description": "none"}}}}},
             "components": {"schemas": {
               "Dog": {"type": "object", "properties": {"pet_type": {"type": "string"}, "bark": {"type": "boolean"}}},
               "Cat": {"type": "object", "required": ["pet_type"], "properties": {"pet_type": {"type": "string"}}}}}}
            """#)
        #expect(text.contains(#"{\"pet_type\":\"doggo\"}"#))
    }

    /// A `$ref` that reaches a schema inside a parameter or a part of another schema names the type after
    /// the last name in its pointer, not after `schema` or an index.
    @Test func aReferenceIntoAnotherComponentIsNamedByItsLastName() {
        #expect(ModelBuilder.referenceName("#/components/schemas/Pet") == "Pet")
        #expect(ModelBuilder.referenceName("#/components/parameters/action_type/schema") == "action_type")
        #expect(ModelBuilder.referenceName("#/components/schemas/Tag/allOf/0") == "Tag Part1")
        #expect(ModelBuilder.referenceName("#/components/schemas/A/properties/b/oneOf/1") == "b Choice2")
        // Nothing in it names the type: the name the place where it is used suggests.
        #expect(
            ModelBuilder.referenceName("#/paths/~1pets/get/responses/200/content/application~1json/schema/items")
                == nil)
        #expect(ModelBuilder.referenceName("#/components/schemas/List/items") == "List Item")
        #expect(ModelBuilder.referenceName("#/components/schemas/Map/additionalProperties") == "Map Value")
    }

    /// A discriminated choice that allows one value for the property sends that value (what the server
    /// reads, whatever the mapping says); a choice that only constrains the object around it
    /// (`anyOf: [{required: [a]}, {required: [b]}]`) is the object with what the choice requires.
    @Test func samplesOfChoicesThatConstrain() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {
              "/messages": {"post": {"operationId": "send",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {
                  "oneOf": [{"$ref": "#/components/schemas/DeveloperMessage"}], "discriminator": {"propertyName": "role"}}}}},
                "responses": {"204": {"description": "none"}}}},
              "/batches": {"post": {"operationId": "batch",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {
                  "type": "object", "properties": {"ids": {"type": "array", "items": {"type": "string"}},
                    "files": {"type": "array", "items": {"type": "string"}}},
                  "anyOf": [{"required": ["ids"]}, {"required": ["files"]}]}}}},
                "responses": {"204": {"description": "none"}}}}},
             "components": {"schemas": {
               "DeveloperMessage": {"type": "object", "required": ["role", "content"], "properties": {
                 "role": {"type": "string", "enum": ["developer"]}, "content": {"type": "string"}}}}}}
            """#)
        #expect(text.contains(#"{\"role\":\"developer\",\"content\":\"sample\"}"#))
        #expect(text.contains(#"{\"ids\":[\"sample\"]}"#))
    }

    /// A request body's example leaves out the `readOnly` properties of the `oneOf` choice it is: the one
    /// its discriminator names, else the first that declares all its members.
    @Test func aRequestExampleLeavesOutTheReadOnlyPropertiesOfItsChoice() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {
              "/a": {"post": {"operationId": "plain",
                "requestBody": {"required": true, "content": {"application/json": {
                  "schema": {"oneOf": [{"$ref": "#/components/schemas/Email"}, {"$ref": "#/components/schemas/Phone"}]},
                  "example": {"id": "P1", "kind": "phone", "number": "5", "self": "x"}}}},
                "responses": {"204": {"description": "none"}}}},
              "/b": {"post": {"operationId": "named",
                "requestBody": {"required": true, "content": {"application/json": {
                  "schema": {"oneOf": [{"$ref": "#/components/schemas/Email"}, {"$ref": "#/components/schemas/Phone"}],
                    "discriminator": {"propertyName": "kind", "mapping": {"call": "#/components/schemas/Phone"}}},
                  "example": {"kind": "call", "self": "y"}}}},
                "responses": {"204": {"description": "none"}}}}},
             "components": {"schemas": {
               "Email": {"type": "object", "properties": {"id": {"type": "string", "readOnly": true},
                 "kind": {"type": "string"}, "self": {"type": "string"}}},
               "Phone": {"type": "object", "properties": {"id": {"type": "string", "readOnly": true},
                 "kind": {"type": "string"}, "number": {"type": "string"}, "self": {"type": "string", "readOnly": true}}}}}}
            """#)
        #expect(text.contains(#""{\"kind\":\"phone\",\"number\":\"5\"}""#))
        #expect(text.contains(#""{\"kind\":\"call\"}""#))
    }

    /// A request body's example that meets none of the choices of an `anyOf` that only requires members of
    /// the object (one identifier or another) is given what the first choice requires, made from the
    /// object's property, with the value the choice allows where it lists them.
    @Test func aRequestExampleMeetsAChoiceThatOnlyRequiresMembers() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {
              "/convert": {"post": {"operationId": "convert",
                "requestBody": {"required": true, "content": {"application/json": {
                  "schema": {"$ref": "#/components/schemas/Convert"},
                  "example": {"user": {"email": "a@b.c"}, "kind": "x"}}}},
                "responses": {"204": {"description": "none"}}}}},
             "components": {"schemas": {
               "Convert": {"type": "object", "required": ["user"], "properties": {
                 "kind": {"type": "string"}, "mode": {"type": "string"},
                 "user": {"type": "object",
                   "properties": {"id": {"type": "string", "example": "u1"}, "user_id": {"type": "string"},
                     "email": {"type": "string"}},
                   "anyOf": [{"required": ["id"]}, {"required": ["user_id"]}]}},
                 "anyOf": [{"required": ["kind", "mode"], "properties": {"mode": {"enum": ["fast"]}}}]}}}}
            """#)
        #expect(text.contains(#""{\"user\":{\"email\":\"a@b.c\",\"id\":\"u1\"},\"kind\":\"x\",\"mode\":\"fast\"}""#))
    }

    /// A `uuid` whose length bounds leave no room for a UUID's 36 characters is text, and its example (24
    /// hexadecimal digits) is kept; an example's map entry of another kind than the map's values is left out.
    @Test func aUUIDOfAnotherLengthIsTextAndAMapEntryOfAnotherKindIsLeftOut() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {
              "/conversations": {"post": {"operationId": "converse",
                "requestBody": {"required": true, "content": {"application/json": {
                  "schema": {"$ref": "#/components/schemas/Conversation"},
                  "example": {"from": {"id": "6762f11b1bb69f9f2193bba3"},
                    "include": {"city": ["a"], "zone": {"name": "b"}}}}}},
                "responses": {"204": {"description": "none"}}}}},
             "components": {"schemas": {
               "Conversation": {"type": "object", "properties": {
                 "from": {"type": "object", "required": ["id"], "properties": {
                   "id": {"type": "string", "format": "uuid", "minLength": 24, "maxLength": 24},
                   "other": {"type": "string", "format": "uuid"}}},
                 "include": {"type": "object", "additionalProperties": {"type": "object", "properties": {}}}}}}}}
            """#)
        #expect(text.contains("public let id: Swift.String") || text.contains("public var id: Swift.String"))
        #expect(text.contains("other: Foundation.UUID?"))
        let sample = #""{\"from\":{\"id\":\"6762f11b1bb69f9f2193bba3\"},\"include\":{\"zone\":{\"name\":\"b\"}}}""#
        #expect(text.contains(sample))
    }

    /// A body documented under a media range (`*/*`, `text/*`, `image/*`), which is no content type, is sent
    /// with the type it is written as: JSON without a header of its own, text as `text/plain`, bytes as
    /// `application/octet-stream`.
    @Test func aBodyUnderAMediaRangeIsSentWithTheTypeItIsWrittenAs() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.1", "info": {"title": "T", "version": "1"}, "paths": {
              "/approvals": {"post": {"operationId": "startApproval",
                "requestBody": {"required": true, "content": {"*/*": {"schema": {"type": "object",
                  "properties": {"objectId": {"type": "integer"}}}}}},
                "responses": {"204": {"description": "none"}}}},
              "/notes": {"post": {"operationId": "addNote",
                "requestBody": {"required": true, "content": {"text/*": {"schema": {"type": "string"}}}},
                "responses": {"204": {"description": "none"}}}},
              "/pictures": {"post": {"operationId": "addPicture",
                "requestBody": {"required": true, "content": {"image/*": {"schema": {"type": "string",
                  "format": "binary"}}}},
                "responses": {"204": {"description": "none"}}}}}}
            """#)
        #expect(!text.contains(#"parts.header("Content-Type", "*/*")"#))
        #expect(text.contains(#"parts.header("Content-Type", "text/plain")"#))
        #expect(text.contains(#"parts.header("Content-Type", "application/octet-stream")"#))
        #expect(!text.contains(#""image/*""#) && !text.contains(#""text/*""#))
    }

    /// A sample of a recursive schema whose every level requires a list of the next (HubSpot's list filter
    /// branches) ends with empty lists, not with the empty objects made past the depth limit, which the
    /// schema refuses.
    @Test func aRecursiveSampleEndsWithEmptyLists() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.1", "info": {"title": "T", "version": "1"}, "paths": {
              "/filters": {"put": {"operationId": "updateFilters",
                "requestBody": {"required": true, "content": {"application/json": {
                  "schema": {"$ref": "#/components/schemas/Branch"}}}},
                "responses": {"204": {"description": "none"}}}}},
             "components": {"schemas": {
               "Branch": {"type": "object", "required": ["kind", "branches"], "properties": {
                 "kind": {"type": "string", "enum": ["OR", "AND"]},
                 "branches": {"type": "array", "items": {"$ref": "#/components/schemas/Branch"}}}}}}}
            """#)
        let line = try #require(text.split(separator: "\n").first { $0.contains("Branch.self, ") })
        #expect(line.contains(#"\"branches\":[]"#))
        #expect(!line.contains("{}"))
    }

    /// Resource objects nested as JSON:API documents nest them (Klaviyo's bulk event job: a job's data,
    /// its attributes, a list of events, each one's attributes, its profile's data) still have the
    /// members they require past the depth where optional ones are left out; a schema that requires
    /// itself ends in an empty object a few levels further, not in an endless value.
    @Test func aDeeplyNestedSampleHasWhatEveryLevelRequires() throws {
        func level(_ index: Int) -> String {
            index == 10
                ? #""L10": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}, "note": {"type": "string"}}}"#
                : ##""L\##(index)": {"type": "object", "required": ["next"], "properties": {"next": {"$ref": "#/components/schemas/L\##(index + 1)"}, "note": {"type": "string"}}}"##
        }
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.1", "info": {"title": "T", "version": "1"}, "paths": {
              "/deep": {"post": {"operationId": "deep",
                "requestBody": {"required": true, "content": {"application/json": {
                  "schema": {"$ref": "#/components/schemas/L0"}}}},
                "responses": {"204": {"description": "none"}}}},
              "/loop": {"post": {"operationId": "loop",
                "requestBody": {"required": true, "content": {"application/json": {
                  "schema": {"$ref": "#/components/schemas/Loop"}}}},
                "responses": {"204": {"description": "none"}}}}},
             "components": {"schemas": {
               "Loop": {"type": "object", "required": ["a", "b"], "properties": {
                 "a": {"$ref": "#/components/schemas/Loop"}, "b": {"$ref": "#/components/schemas/Loop"}}},
            """# + (0...10).map(level).joined(separator: ", ") + "}}}")
        let deep = try #require(text.split(separator: "\n").first { $0.contains("L0.self, ") })
        #expect(deep.contains(String(repeating: #"{\"next\":"#, count: 10) + #"{\"id\":\"sample\"}"#))
        #expect(!deep.contains("note"))
        let loop = try #require(text.split(separator: "\n").first { $0.contains("Loop.self, ") })
        #expect(loop.count < 100_000)
        #expect(loop.contains(#"{\"a\":{}"#))
    }

    /// A union that declares members beside its choices (Front's analytics export: every kind of export
    /// has a `start` and an `end`, its `columns` differ by kind) gives each choice those members, in a
    /// type of its own named for the choice; the discriminator stays the union's to write, and the sample
    /// has what the union requires.
    @Test func aUnionsOwnMembersAreInEveryChoice() throws {
        let (text, warnings) = try generate(
            ##"""
            {"openapi": "3.0.1", "info": {"title": "T", "version": "1"}, "paths": {
              "/exports": {"post": {"operationId": "createExport",
                "requestBody": {"required": true, "content": {"application/json": {
                  "schema": {"$ref": "#/components/schemas/ExportRequest"}}}},
                "responses": {"204": {"description": "none"}}}}},
             "components": {"schemas": {
               "ExportRequest": {"discriminator": {"propertyName": "type", "mapping": {
                   "messages": "#/components/schemas/MessageColumns", "events": "#/components/schemas/EventColumns"}},
                 "oneOf": [{"$ref": "#/components/schemas/MessageColumns"}, {"$ref": "#/components/schemas/EventColumns"}],
                 "required": ["type", "start", "end"],
                 "properties": {"type": {"type": "string", "enum": ["messages", "events"]},
                   "start": {"type": "number"}, "end": {"type": "number"}, "timezone": {"type": "string"}}},
               "MessageColumns": {"type": "object", "required": ["columns"], "properties": {
                 "columns": {"type": "array", "items": {"type": "string"}}}},
               "EventColumns": {"type": "object", "required": ["columns"], "properties": {
                 "columns": {"type": "array", "items": {"type": "integer"}}}}}}}
            """##)
        #expect(warnings.isEmpty)
        #expect(text.contains("case messages(Pets.ExportRequestMessages)"))
        #expect(text.contains("case events(Pets.ExportRequestEvents)"))
        #expect(
            text.contains(
                "public init(columns: [Swift.String], start: Swift.Double, end: Swift.Double, timezone: Swift.String? = nil)"
            ))
        // The shared members are not a type of their own, and the kinds' own models stay as they are.
        #expect(text.contains("public struct MessageColumns: Codable, Sendable {"))
        #expect(text.contains(#"try container.encode("messages", forKey: OpenAPICodingKey("type"))"#))
        // A kind that takes the union's members in itself (`allOf` the union) is its own type.
        let (pets, _) = try generate(
            ##"""
            {"openapi": "3.0.1", "info": {"title": "T", "version": "1"}, "paths": {}, "components": {"schemas": {
              "Pet": {"type": "object", "required": ["kind", "name"], "discriminator": {"propertyName": "kind"},
                "properties": {"kind": {"type": "string"}, "name": {"type": "string"}},
                "oneOf": [{"$ref": "#/components/schemas/Cat"}, {"$ref": "#/components/schemas/Dog"}]},
              "Cat": {"allOf": [{"$ref": "#/components/schemas/Pet"}, {"type": "object", "properties": {
                "purrs": {"type": "boolean"}}}]},
              "Dog": {"allOf": [{"$ref": "#/components/schemas/Pet"}, {"type": "object", "properties": {
                "barks": {"type": "boolean"}}}]}}}}
            """##)
        #expect(pets.contains("case cat(Pets.Cat)") && pets.contains("case dog(Pets.Dog)"))
        #expect(!pets.contains("PetCat"))
        let sample = try #require(text.split(separator: "\n").first { $0.contains("ExportRequest.self, ") })
        #expect(sample.contains(#"\"start\":"#) && sample.contains(#"\"end\":"#))
        #expect(sample.contains(#"\"type\":\"messages\""#))
    }

    /// An `example: null` of a union that does not allow `null` (HubSpot writes one on every schema) is no
    /// example: the sample is made from the first choice, in a body and in a list.
    @Test func aNullExampleOfAUnionIsNoExample() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.1", "info": {"title": "T", "version": "1"}, "paths": {
              "/flows": {"post": {"operationId": "createFlow",
                "requestBody": {"required": true, "content": {"application/json": {
                  "schema": {"$ref": "#/components/schemas/FlowRequest"}, "example": null}}},
                "responses": {"204": {"description": "none"}}}},
              "/flows/batch": {"post": {"operationId": "createFlows",
                "requestBody": {"required": true, "content": {"application/json": {
                  "schema": {"$ref": "#/components/schemas/Batch"}}}},
                "responses": {"204": {"description": "none"}}}}},
             "components": {"schemas": {
               "FlowRequest": {"example": null, "oneOf": [{"$ref": "#/components/schemas/Contact"},
                 {"$ref": "#/components/schemas/Platform"}]},
               "Contact": {"type": "object", "required": ["kind"], "properties": {
                 "kind": {"type": "string", "enum": ["CONTACT"]}}},
               "Platform": {"type": "object", "required": ["kind"], "properties": {
                 "kind": {"type": "string", "enum": ["PLATFORM"]}}},
               "Batch": {"type": "object", "required": ["inputs"], "properties": {
                 "inputs": {"type": "array", "example": null,
                   "items": {"example": null, "$ref": "#/components/schemas/FlowRequest"}}}}}}}
            """#)
        #expect(text.contains(#"FlowRequest.self, "{\"kind\":\"CONTACT\"}")"#))
        #expect(text.contains(#"Batch.self, "{\"inputs\":[{\"kind\":\"CONTACT\"}]}")"#))
    }

    /// A `default: null` (or `example: null`) of a schema that allows more says nothing of its values: a
    /// sample is made from the schema, where a list a query writes would send its one item as `platform=`
    /// (Algolia's `platform` filter), and a body would send `null` for a property it could show.
    @Test func aNullDefaultOfANullableSchemaIsNoSample() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {
              "/authentications": {"get": {"operationId": "listAuthentications",
                "parameters": [{"name": "platform", "in": "query", "required": true, "style": "form",
                  "explode": false, "schema": {"type": "array", "items": {"$ref": "#/components/schemas/Platform"}}}],
                "responses": {"204": {"description": "none"}}},
               "post": {"operationId": "createAuthentication",
                "requestBody": {"required": true, "content": {"application/json": {
                  "schema": {"$ref": "#/components/schemas/Authentication"}}}},
                "responses": {"204": {"description": "none"}}}}},
             "components": {"schemas": {
               "Platform": {"default": null, "oneOf": [
                 {"type": "string", "enum": ["bigcommerce", "shopify"]}, {"type": "null"}]},
               "Authentication": {"type": "object", "required": ["owner", "none"], "properties": {
                 "owner": {"type": ["string", "null"], "example": null},
                 "none": {"type": "null"}}}}}}
            """#)
        #expect(text.contains(#"[Pets.Platform].self, "[\"bigcommerce\"]")"#))
        #expect(text.contains(#"Authentication.self, "{\"owner\":\"sample\",\"none\":null}")"#))
    }

    /// A text body's sample is made for its schema: base64 for `format: byte` (Influx's line protocol
    /// writes), the text of a boolean or a number (Meilisearch's settings), the example where it fits;
    /// it was always `sample`.
    @Test func textBodySamplesFitTheirSchema() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.1", "info": {"title": "T", "version": "1"}, "paths": {
              "/write": {"post": {"operationId": "write",
                "requestBody": {"required": true, "content": {"text/plain": {
                  "schema": {"type": "string", "format": "byte"}, "example": "not base64"}}},
                "responses": {"204": {"description": "none"}}}},
              "/facet": {"put": {"operationId": "setFacet",
                "requestBody": {"required": true, "content": {"text/plain": {"schema": {"type": "boolean"}}}},
                "responses": {"204": {"description": "none"}}}},
              "/cutoff": {"put": {"operationId": "setCutoff",
                "requestBody": {"required": true, "content": {"text/plain": {"schema": {"type": "integer"}}}},
                "responses": {"204": {"description": "none"}}}},
              "/note": {"put": {"operationId": "setNote",
                "requestBody": {"required": true, "content": {"text/plain": {
                  "schema": {"type": "string"}, "example": "Remember the milk"}}},
                "responses": {"204": {"description": "none"}}}}}}
            """#)
        #expect(text.contains(#"Courier.OpenAPISample.value(Swift.String.self, "\"c2FtcGxl\"")"#))
        #expect(text.contains(#"Courier.OpenAPISample.value(Swift.String.self, "\"true\"")"#))
        #expect(text.contains(#"Courier.OpenAPISample.value(Swift.String.self, "\"1\"")"#))
        #expect(text.contains(#"Courier.OpenAPISample.value(Swift.String.self, "\"Remember the milk\"")"#))
        #expect(!text.contains(#"Courier.OpenAPISample.value(Swift.String.self, "\"sample\"")"#))
    }

    /// An optional `Accept-Encoding` or `User-Agent` header parameter is set in the sample, to a value its
    /// schema takes: left out, the HTTP client writes its own, which a document that lists what its server
    /// takes (Influx's `gzip` and `identity`, OpenAlex's `mailto:` pattern) refuses. Other optional
    /// parameters stay out.
    @Test func headersTheClientWritesAreSetInTheSample() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.1", "info": {"title": "T", "version": "1"}, "paths": {
              "/backup": {"get": {"operationId": "getBackup", "parameters": [
                {"name": "Accept-Encoding", "in": "header",
                 "schema": {"type": "string", "default": "identity", "enum": ["gzip", "identity"]}},
                {"name": "Zap-Trace-Span", "in": "header", "schema": {"type": "string"}}],
                "responses": {"204": {"description": "none"}}}},
              "/works": {"get": {"operationId": "getWorks", "parameters": [
                {"name": "User-Agent", "in": "header",
                 "schema": {"type": "string", "pattern": "^.*mailto:[a-z]+@[a-z]+\\.org.*$"}}],
                "responses": {"204": {"description": "none"}}}}}}
            """#)
        #expect(text.contains("samples.append(.getBackup(acceptEncoding: acceptEncoding))"))
        #expect(text.contains("samples.append(.getWorks(userAgent: userAgent))"))
    }

    /// A string of a format JSON Schema defines is sampled as one: an ISO 8601 `duration` (Qovery's alert
    /// rules, where `sample` is refused), a `time` with its offset, as RFC 3339 writes it.
    @Test func formatsAreSampledAsTheirText() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.1", "info": {"title": "T", "version": "1"}, "paths": {
              "/rules": {"get": {"operationId": "listRules", "parameters": [
                {"name": "for", "in": "query", "required": true, "schema": {"type": "string", "format": "duration"}},
                {"name": "at", "in": "query", "required": true, "schema": {"type": "string", "format": "time"}}],
                "responses": {"204": {"description": "none"}}}}}}
            """#)
        #expect(text.contains(#"Courier.OpenAPISample.value(Swift.String.self, "\"PT1M\"")"#))
        #expect(text.contains(#"Courier.OpenAPISample.value(Swift.String.self, "\"00:00:00Z\"")"#))
    }

    /// An empty example of a query parameter is no sample (Conjur's `graph`, sent as `graph=`, which a
    /// server refuses where `allowEmptyValue` is not set): an optional parameter is left out, a required
    /// one gets a value made for its schema, as one whose `default` is empty does; with `allowEmptyValue`
    /// the empty example is sent.
    @Test func anEmptyQueryExampleIsNoSample() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.1", "info": {"title": "T", "version": "1"}, "paths": {
              "/roles": {"get": {"operationId": "showRole", "parameters": [
                {"name": "graph", "in": "query", "schema": {"type": "string", "example": ""}},
                {"name": "kind", "in": "query", "required": true, "schema": {"type": "string", "example": ""}},
                {"name": "view", "in": "query", "required": true, "schema": {"type": "string", "default": ""}},
                {"name": "flag", "in": "query", "allowEmptyValue": true, "schema": {"type": "string"}, "example": ""}],
                "responses": {"204": {"description": "none"}}}}}}
            """#)
        #expect(text.contains("samples.append(.showRole(kind: kind, view: view, flag: flag))"))
        #expect(text.contains(#"let view = Courier.OpenAPISample.value(Swift.String.self, "\"sample\"")"#))
        #expect(text.contains(#"let kind = Courier.OpenAPISample.value(Swift.String.self, "\"sample\"")"#))
        #expect(text.contains(#"Courier.OpenAPISample.value(Swift.String.self, "\"\"")"#))
    }

    /// A `oneOf` sample is a value no other choice accepts, as a validating server reads `oneOf`: `{}` is
    /// each of two objects of optional members; the first's with its member, `{"match": "sample"}`, is
    /// the first's alone (the second's `match` is a list). Where the first choice's value is its alone
    /// (`{}`, which the strict choice refuses), it is kept.
    @Test func aOneOfSampleIsOneChoiceAlone() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.1", "info": {"title": "T", "version": "1"}, "paths": {
              "/filters": {"post": {"operationId": "applyFilter", "requestBody": {"required": true, "content": {
                "application/json": {"schema": {"oneOf": [{"$ref": "#/components/schemas/One"},
                  {"$ref": "#/components/schemas/Many"}]}}}}, "responses": {"204": {"description": "applied"}}}},
              "/sorts": {"post": {"operationId": "applySort", "requestBody": {"required": true, "content": {
                "application/json": {"schema": {"oneOf": [{"$ref": "#/components/schemas/Many"},
                  {"$ref": "#/components/schemas/Strict"}]}}}}, "responses": {"204": {"description": "applied"}}}}},
             "components": {"schemas": {
               "One": {"type": "object", "properties": {"match": {"type": "string"}}},
               "Many": {"type": "object", "properties": {"match": {"type": "array", "items": {"type": "string"}}}},
               "Strict": {"type": "object", "required": ["key"], "additionalProperties": false,
                 "properties": {"key": {"type": "integer"}}}}}}
            """#)
        #expect(text.contains(#"Courier.OpenAPISample.value(Pets.ApplyFilterRequest.self, "{\"match\":\"sample\"}")"#))
        #expect(text.contains(#"Courier.OpenAPISample.value(Pets.ApplySortRequest.self, "{}")"#))
    }

    /// Schemas that are lists or maps of each other cannot all be type aliases (`A = [String: B]`, `B =
    /// [String: A]` does not compile): the one that closes the cycle holds any value.
    @Test func listsAndMapsOfEachOtherCloseTheirCycleWithAnyValue() throws {
        let (text, warnings) = try generate(
            #"""
            {"openapi": "3.0.1", "info": {"title": "T", "version": "1"}, "paths": {},
             "components": {"schemas": {
               "A": {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/B"}},
               "B": {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/A"}},
               "C": {"type": "array", "items": {"type": "array", "items": {"$ref": "#/components/schemas/D"}}},
               "D": {"type": "array", "items": {"$ref": "#/components/schemas/C"}}}}}
            """#)
        #expect(text.contains("public typealias A = [Swift.String: Pets.B]"))
        #expect(text.contains("public typealias B = [Swift.String: OpenAPIValue]"))
        #expect(text.contains("public typealias C = [[Pets.D]]"))
        #expect(text.contains("public typealias D = [OpenAPIValue]"))
        #expect(warnings.count { $0.message.contains("a list or map of itself") } == 2)
    }

    /// A `oneOf` of a free-form object and an object that allows only its own members: `{}` is both, an
    /// object with a member of its own the first's alone.
    @Test func aFreeFormChoiceIsToldApartByAMember() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.1", "info": {"title": "T", "version": "1"}, "paths": {
              "/notes": {"post": {"operationId": "addNote", "requestBody": {"required": true, "content": {
                "application/json": {"schema": {"oneOf": [{"$ref": "#/components/schemas/Free"},
                  {"$ref": "#/components/schemas/Strict"}]}}}}, "responses": {"204": {"description": "added"}}}}},
             "components": {"schemas": {
               "Free": {"type": "object"},
               "Strict": {"type": "object", "additionalProperties": false, "properties": {"key": {"type": "integer"}}}}}}
            """#)
        #expect(text.contains(#"Courier.OpenAPISample.value(Pets.AddNoteRequest.self, "{\"key1\":\"sample\"}")"#))
    }

    /// A schema of `properties` without a `type` is an object: an example of text (pb33f's burger header,
    /// `big-mac`) is no value of its model, and a value is made instead (the sample was left out).
    @Test func anUntypedObjectIsNotExemplifiedByText() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.1", "info": {"title": "T", "version": "1"}, "paths": {
              "/burgers": {"get": {"operationId": "locateBurger", "parameters": [{"name": "burgerHeader",
                "in": "header", "required": true, "example": "big-mac",
                "schema": {"properties": {"burgerTheme": {"type": "string"}}}}],
                "responses": {"204": {"description": "found"}}}}}}
            """#)
        #expect(text.contains(#"value(Pets.LocateBurgerBurgerHeader.self, "{\"burgerTheme\":\"sample\"}")"#))
    }

    /// A media type whose parameter follows a comma (Okta's `application/json, okta-version=1.0.0`) is
    /// still JSON: the body is encoded as JSON and sent under the document's type, the answer decoded.
    @Test func aMediaTypeWithAParameterAfterACommaIsStillJSON() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.1", "info": {"title": "T", "version": "1"}, "paths": {
              "/enrollments": {"post": {"operationId": "enroll", "requestBody": {"required": true, "content": {
                "application/json, okta-version=1.0.0": {"schema": {"$ref": "#/components/schemas/Enrollment"}}}},
                "responses": {"200": {"description": "enrolled", "content": {
                  "application/json, okta-version=1.0.0": {"schema": {"$ref": "#/components/schemas/Enrollment"}}}}}}}},
             "components": {"schemas": {"Enrollment": {"type": "object", "properties": {"key": {"type": "string"}}}}}}
            """#)
        #expect(text.contains("return .requestCustomJSONEncodable(body, encoder: Courier.OpenAPICoding.encoder())"))
        #expect(text.contains(#"parts.header("Content-Type", "application/json, okta-version=1.0.0")"#))
        #expect(text.contains("-> Pets.Enrollment {"))
    }

    /// A union of one choice whose discriminator the choice does not declare (Okta's gateway setup token
    /// `details`) is the choice with the discriminator as a member of the value the mapping gives it: sent
    /// by default, so that the server can pick the choice, and read as that value when an answer leaves it
    /// out. A mapping that names no value for the choice adds nothing.
    @Test func theOnlyChoiceOfADiscriminatedUnionSendsTheDiscriminator() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.1", "info": {"title": "T", "version": "1"}, "paths": {
              "/tokens": {"post": {"operationId": "createToken", "requestBody": {"required": true, "content": {
                "application/json": {"schema": {"$ref": "#/components/schemas/Token"}}}},
                "responses": {"204": {"description": "created"}}}}},
             "components": {"schemas": {
              "Token": {"type": "object", "required": ["details"], "properties": {
                "details": {"type": "object", "oneOf": [{"$ref": "#/components/schemas/gateway-agent"}],
                  "discriminator": {"propertyName": "Type",
                    "mapping": {"gateway-agent": "#/components/schemas/gateway-agent"}}},
                "other": {"type": "object", "oneOf": [{"$ref": "#/components/schemas/gateway-agent"}],
                  "discriminator": {"propertyName": "Kind"}}}},
              "gateway-agent": {"type": "object", "properties": {"labels": {"type": "object",
                "additionalProperties": {"type": "string"}}}}}}}
            """#)
        #expect(text.contains("public var details: Pets.TokenDetails"))
        #expect(text.contains(#"type: Pets.TokenDetailsType = .init(rawValue: "gateway-agent")"#))
        #expect(text.contains(#"self.type = try container.value("Type", otherwise: .init(rawValue: "gateway-agent"))"#))
        #expect(text.contains(#"try container.write(self.type, at: "Type")"#))
        #expect(text.contains("public var other: Pets.GatewayAgent?"))
        #expect(text.contains(#"{\"details\":{\"Type\":\"gateway-agent\"}}"#))
    }

    /// A member of an example that the parts of an `allOf` each declare must fit each declaration: Okta's
    /// SMS factor declares `profile` an object in one part and one whose phone number has a pattern in
    /// the other, and its example's `+1-555-415-1337` does not match it (an optional member: left out).
    @Test func anExampleMemberFitsEveryDeclarationOfItsProperty() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.1", "info": {"title": "T", "version": "1"}, "paths": {
              "/factors": {"post": {"operationId": "enrollFactor", "requestBody": {"required": true, "content": {
                "application/json": {"schema": {"$ref": "#/components/schemas/SMSFactor"},
                  "example": {"provider": "OKTA", "profile": {"phoneNumber": "+1-555-415-1337", "label": "work"}}}}},
                "responses": {"204": {"description": "enrolled"}}}}},
             "components": {"schemas": {
              "Factor": {"type": "object", "properties": {"provider": {"type": "string"},
                "profile": {"type": "object"}}},
              "SMSFactor": {"allOf": [{"$ref": "#/components/schemas/Factor"}, {"type": "object",
                "properties": {"profile": {"$ref": "#/components/schemas/SMSProfile"}}}]},
              "SMSProfile": {"type": "object", "properties": {
                "phoneNumber": {"type": "string", "pattern": "^\\+[1-9]\\d{1,14}$"},
                "label": {"type": "string"}}}}}}
            """#)
        #expect(text.contains(#"{\"provider\":\"OKTA\",\"profile\":{\"label\":\"work\"}}"#))
    }

    /// Choices that only add properties to an object are one object with them, unless a discriminator
    /// names them: Okta's security policy conditions (`type: object`, `oneOf` the kinds of condition, each
    /// known by its `_type`) are a union, which sends the discriminator the server reads.
    @Test func choicesNamedByADiscriminatorAreAUnion() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.1", "info": {"title": "T", "version": "1"}, "paths": {
              "/conditions": {"post": {"operationId": "addCondition", "requestBody": {"required": true, "content": {
                "application/json": {"schema": {"$ref": "#/components/schemas/Container"}}}},
                "responses": {"204": {"description": "added"}}}}},
             "components": {"schemas": {
              "Container": {"type": "object", "properties": {"value": {"type": "object",
                "oneOf": [{"$ref": "#/components/schemas/Gateway"}, {"$ref": "#/components/schemas/MFA"}],
                "discriminator": {"propertyName": "_type",
                  "mapping": {"gateway": "#/components/schemas/Gateway", "mfa": "#/components/schemas/MFA"}}}}},
              "Gateway": {"type": "object", "properties": {"traffic_forwarding": {"type": "boolean"}}},
              "MFA": {"type": "object", "properties": {"acr_values": {"type": "string"}}}}}}
            """#)
        #expect(text.contains("public enum ContainerValue: Codable, Sendable {"))
        #expect(text.contains(#"try container.encode("gateway", forKey: OpenAPICodingKey("_type"))"#))
    }

    /// An `allOf` of a type and a part that only refuses values (`not`) is that type: Rebilly's tag rules
    /// take the event types but some (`allOf: [GlobalEventType, {not: {enum: […]}}]`), which was an empty
    /// object sent as `{}`.
    @Test func anAllOfOfATypeAndANotIsTheType() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {
              "/rules": {"post": {"operationId": "addRule", "requestBody": {"required": true, "content": {
                "application/json": {"schema": {"$ref": "#/components/schemas/Rule"}}}},
                "responses": {"204": {"description": "added"}}}}},
             "components": {"schemas": {
              "Rule": {"type": "object", "required": ["eventType"], "properties": {"eventType": {"allOf": [
                {"$ref": "#/components/schemas/EventType"}, {"not": {"enum": ["order-created"]}}]}}},
              "EventType": {"type": "string", "enum": ["order-created", "order-paid"]}}}}
            """#)
        #expect(text.contains("public var eventType: Pets.EventType"))
    }

    /// A default or example of a union fits when one of its choices takes it: Meilisearch's log `mode`
    /// (`oneOf: [LogMode]`, `default: Human`, where LogMode lists `human`) is sampled from the choice.
    @Test func aUnionsDefaultMustFitAChoice() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.1", "info": {"title": "T", "version": "1"}, "paths": {
              "/logs": {"post": {"operationId": "getLogs",
                "requestBody": {"required": true, "content": {"application/json": {
                  "schema": {"$ref": "#/components/schemas/GetLogs"}}}},
                "responses": {"204": {"description": "none"}}}}},
             "components": {"schemas": {
               "LogMode": {"type": "string", "enum": ["human", "json"]},
               "GetLogs": {"type": "object", "required": ["mode"], "properties": {
                 "mode": {"oneOf": [{"$ref": "#/components/schemas/LogMode"}], "default": "Human"}}}}}}
            """#)
        #expect(text.contains(#"GetLogs.self, "{\"mode\":\"human\"}")"#))
    }

    /// A union whose choices are each `allOf` the union and fields of their own (HubSpot's actors) is read:
    /// the union inside a choice adds nothing, where the generator used to read it forever and crash.
    @Test func aChoiceBuiltAllOfItsOwnUnionIsReadOnce() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.1", "info": {"title": "T", "version": "1"}, "paths": {}, "components": {"schemas": {
              "Actor": {"oneOf": [{"$ref": "#/components/schemas/Agent"}, {"$ref": "#/components/schemas/Bot"}]},
              "Agent": {"allOf": [{"$ref": "#/components/schemas/Actor"}, {"type": "object", "required": ["id"],
                "properties": {"id": {"type": "string"}, "email": {"type": "string"}}}]},
              "Bot": {"allOf": [{"$ref": "#/components/schemas/Actor"}, {"type": "object", "required": ["id"],
                "properties": {"id": {"type": "string"}, "name": {"type": "string"}}}]},
              "Message": {"type": "object", "properties": {"from": {"$ref": "#/components/schemas/Actor"}}}}}}
            """#)
        #expect(text.contains("case agent(Pets.Agent)"))
        #expect(text.contains("public struct Bot: Codable, Sendable"))
        #expect(text.contains("public init(id: Swift.String, email: Swift.String? = nil)"))
    }

    /// A required property that allows `null` is optional in the model and written as `null` when `nil`
    /// (a request without the member is invalid); a `readOnly` one is left out.
    @Test func aRequiredNullablePropertyIsWrittenAsNull() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {}, "components": {"schemas": {
              "Note": {"type": "object", "required": ["text", "reminder", "seen"], "properties": {
                "text": {"type": "string"}, "reminder": {"type": "integer", "nullable": true},
                "seen": {"type": "boolean", "nullable": true, "readOnly": true},
                "tag": {"type": "string", "nullable": true}}}}}}
            """#)
        #expect(text.contains("public init(text: Swift.String, reminder: Swift.Int? = nil, seen: Swift.Bool? = nil"))
        #expect(text.contains(#"try container.write(self.reminder, at: "reminder")"#))
        #expect(text.contains(#"try container.writeIfPresent(self.seen, at: "seen")"#))
        #expect(text.contains(#"try container.writeIfPresent(self.tag, at: "tag")"#))
    }

    /// A `oneOf` choice without a discriminator, whose properties are all optional, is sampled with its
    /// enumerated ones (the first value), which tell it from the other choices: an empty object would
    /// match both.
    @Test func aChoiceSampleHasTheEnumeratedPropertiesThatTellItApart() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {
              "/payments": {"post": {"operationId": "pay",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {
                  "oneOf": [{"$ref": "#/components/schemas/Card"}, {"$ref": "#/components/schemas/Bank"}]}}}},
                "responses": {"204": {"description": "none"}}}}},
             "components": {"schemas": {
               "Card": {"type": "object", "properties": {
                 "method": {"type": "string", "enum": ["card", "debit_card"]}, "number": {"type": "string"}}},
               "Bank": {"type": "object", "properties": {
                 "method": {"type": "string", "enum": ["bank"]}, "iban": {"type": "string"}}}}}}
            """#)
        #expect(text.contains(#""{\"method\":\"card\"}""#))
    }

    /// A 204, 205 or 304 answer has no body whatever content the document gives it: its decode returns
    /// nothing, and its typed call returns nothing.
    @Test func aBodylessStatusIsReadAsNoContent() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {
              "/items/{id}": {"parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
                "delete": {"operationId": "deleteItem",
                  "responses": {"204": {"description": "none", "content": {"application/json": {}}}}},
                "put": {"operationId": "resetItem",
                  "responses": {"205": {"description": "reset", "content": {"application/json": {"schema": {"type": "object",
                    "properties": {"id": {"type": "string"}}}}}}}}}}}
            """#)
        #expect(text.contains("case 204: return ()"))
        #expect(text.contains("case 205: return ()"))
        #expect(!text.contains("OpenAPIValue.self"))
        #expect(text.contains("public func deleteItem(id: Swift.String) async throws(Courier.CourierError) {"))
    }

    /// A `format: binary` string, a file of a multipart body (Gitea's attachments), is sampled as base64:
    /// the model's `Data` reads nothing else from JSON, and a sample that does not decode is left out.
    @Test func aBinarySampleIsBase64() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {
              "/assets": {"post": {"operationId": "upload",
                "requestBody": {"required": true, "content": {"multipart/form-data": {"schema": {
                  "type": "object", "required": ["attachment"],
                  "properties": {"attachment": {"type": "string", "format": "binary"}}}}}},
                "responses": {"204": {"description": "none"}}}}}}
            """#)
        #expect(text.contains(#"{\"attachment\":\"c2FtcGxl\"}"#))
    }

    /// A parameter's example of another kind than its schema (an array's written as the text it is sent
    /// as, Asana's) is not the sample: it would not decode as the parameter's type, and the operation
    /// would have no sample. A value is made for the schema instead.
    @Test func anExampleOfAnotherKindIsNotTheSample() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {
              "/goals": {"get": {"operationId": "getGoals", "parameters": [
                {"name": "time_periods", "in": "query", "explode": false, "example": "221693,506165",
                 "schema": {"type": "array", "items": {"type": "string"}}}],
                "responses": {"204": {"description": "none"}}}}}}
            """#)
        #expect(text.contains(#"Courier.OpenAPISample.value([Swift.String].self, "[\"sample\"]")"#))
        #expect(!text.contains("221693"))
    }

    /// A body example's member written as one value where its property is a list (a form's repeated
    /// field, Twilio's) is a list of that value; an optional member of another kind is left out.
    @Test func aBodyExamplesMembersAreFittedToTheirProperties() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {
              "/roles": {"post": {"operationId": "createRole",
                "requestBody": {"required": true, "content": {"application/x-www-form-urlencoded": {
                  "schema": {"type": "object", "required": ["Permission"], "properties": {
                    "Permission": {"type": "array", "items": {"type": "string"}},
                    "Priority": {"type": "integer"}}},
                  "example": {"Permission": "sendMessage", "Priority": "high"}}}},
                "responses": {"204": {"description": "none"}}}}}}
            """#)
        #expect(text.contains(#"{\"Permission\":[\"sendMessage\"]}"#))
    }

    /// A form body whose schema is an object without properties (Stripe's `properties: {}` with
    /// `additionalProperties: false` on reads) is a form of the dictionary's entries, not JSON under a
    /// form's name with a warning.
    @Test func aFormBodyWithoutPropertiesIsAFormOfItsEntries() throws {
        let (text, warnings) = try generate(
            #"""
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {
              "/account": {"get": {"operationId": "getAccount",
                "requestBody": {"content": {"application/x-www-form-urlencoded": {
                  "schema": {"type": "object", "properties": {}, "additionalProperties": false}}}},
                "responses": {"204": {"description": "none"}}}}}}
            """#)
        #expect(warnings.isEmpty)
        #expect(text.contains(#"if body != nil { parts.header("Content-Type", "application/x-www-form-urlencoded") }"#))
        #expect(text.contains("for (key, value) in body.sorted(by: { $0.key < $1.key }) { form.field(key, value) }"))
        #expect(!text.contains("requestCustomJSONEncodable"))
    }

    /// A form body's sample gives an object inside it that requires nothing its first property: a
    /// `deepObject` field of no members is no field, and an object the body requires would be missing.
    @Test func aFormSamplesNestedObjectsAreNotEmpty() throws {
        let body = #"""
            "schema": {"type": "object", "required": ["settings"], "properties": {
              "settings": {"type": "object", "properties": {"days": {"type": "integer"}, "note": {"type": "string"}}}}},
            """#
        func document(_ mediaType: String) -> String {
            #"{"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {"/invoices": {"post": {"#
                + #""operationId": "createInvoice", "requestBody": {"required": true, "content": {"\#(mediaType)": {"#
                + body + #""encoding": {}}}}, "responses": {"204": {"description": "none"}}}}}}"#
        }
        let (form, _) = try generate(document("application/x-www-form-urlencoded"))
        #expect(form.contains(#"{\"settings\":{\"days\":1}}"#))
        let (json, _) = try generate(document("application/json"))
        #expect(json.contains(#"{\"settings\":{}}"#))
    }

    /// A list's example whose elements are of another kind than its items (GitHub's SCIM `emails`,
    /// objects, exemplified by strings) is not the sample: it would not decode, and the operation would
    /// have none.
    @Test func aListsExampleOfAnotherKindOfElementIsNotTheSample() throws {
        let (text, _) = try generate(
            #"""
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {
              "/members": {"post": {"operationId": "inviteMember",
                "requestBody": {"required": true, "content": {"application/json": {
                  "schema": {"type": "object", "required": ["emails"], "properties": {
                    "emails": {"type": "array", "example": ["someone@example.com"], "items": {
                      "type": "object", "required": ["value"], "properties": {"value": {"type": "string"}}}}}}}}},
                "responses": {"201": {"description": "invited"}}}}}}
            """#)
        #expect(text.contains(#"{\"emails\":[{\"value\":\"sample\"}]}"#))
        #expect(!text.contains("someone@example.com"))
    }
}
