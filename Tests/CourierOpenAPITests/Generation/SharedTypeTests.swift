import Testing

@testable import CourierOpenAPI

/// One schema, one type: references with a description of their own, shared responses and parameters,
/// and aliases are not copied under new names; only what requests write as text conforms to
/// `OpenAPIParameterValue`.
extension GeneratorTests {
    static let shared = #"""
        {
          "openapi": "3.0.3",
          "info": {"title": "Music", "version": "1"},
          "paths": {
            "/tracks": {
              "get": {
                "operationId": "listTracks", "tags": ["tracks"],
                "callbacks": {"done": {"{$request.query.hook}": {"post": {"responses": {"200": {"description": "ok"}}}}}},
                "parameters": [
                  {"$ref": "#/components/parameters/Market"},
                  {"name": "filter", "in": "query", "style": "deepObject",
                   "schema": {"$ref": "#/components/schemas/Filter"}}
                ],
                "responses": {
                  "200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Track"}}}}},
                  "401": {"$ref": "#/components/responses/Unauthorized"}
                }
              }
            },
            "/albums": {
              "get": {
                "operationId": "listAlbums", "tags": ["tracks"],
                "parameters": [{"$ref": "#/components/parameters/Market"}],
                "responses": {
                  "200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/SameAlbum"}}}},
                  "401": {"$ref": "#/components/responses/Unauthorized"}
                }
              }
            }
          },
          "components": {
            "parameters": {
              "Market": {"name": "market", "in": "query", "schema": {"type": "string", "enum": ["DE", "FR"]}}
            },
            "responses": {
              "Unauthorized": {"description": "no token", "links": {"again": {"operationId": "listTracks"}}, "content": {"application/json": {"schema": {
                "type": "object", "properties": {"message": {"type": "string"}}}}}}
            },
            "schemas": {
              "Album": {"type": "object", "properties": {"name": {"type": "string"}}},
              "Track": {"type": "object", "properties": {
                "album": {"allOf": [{"$ref": "#/components/schemas/Album"}], "description": "The track's album."},
                "previous": {"allOf": [{"$ref": "#/components/schemas/Album"}, {"description": "annotation only"}], "nullable": true},
                "merged": {"allOf": [{"$ref": "#/components/schemas/Album"}, {"properties": {"year": {"type": "integer"}}}]}
              }},
              "SameAlbum": {"$ref": "#/components/schemas/Album"},
              "Loop": {"$ref": "#/components/schemas/Loop"},
              "Filter": {"type": "object", "properties": {"year": {"type": "integer"}}},
              "Action": {"oneOf": [
                {"title": "TYPING_START", "description": "User started typing", "const": "TYPING_START"},
                {"title": "INVITE_CREATE", "const": "INVITE_CREATE"}]},
              "Level": {"type": "integer", "oneOf": [{"title": "LOW", "const": 1}, {"title": "HIGH", "const": 2}]},
              "Scores": {"type": "object", "properties": {"name": {"type": "string"}},
                         "additionalProperties": {"type": "integer"}},
              "Open": {"type": "object", "properties": {"name": {"type": "string"}}, "additionalProperties": true}
            }
          }
        }
        """#

    @Test func aReferenceWithADescriptionIsTheReferencedType() throws {
        let (text, _) = try generate(Self.shared)
        #expect(text.contains("/// The track's album.\n        public let album: Pets.Album?"))
        #expect(text.contains("public let previous: Pets.Album?"))
        #expect(!text.contains("TrackAlbum"))
        #expect(!text.contains("TrackPrevious"))
        // An `allOf` that adds properties is a model of its own.
        #expect(text.contains("public struct TrackMerged: Codable, Sendable {"))
    }

    @Test func sharedResponsesAndParametersAreOneTypeNamedAfterTheirComponent() throws {
        let (text, _) = try generate(Self.shared)
        #expect(text.components(separatedBy: "public struct Unauthorized:").count == 2)
        #expect(!text.contains("Response401"))
        #expect(text.components(separatedBy: "public typealias Market =").count == 2)
        #expect(text.contains("case listTracks(market: Pets.Market? = nil, filter: Pets.Filter? = nil)"))
        #expect(text.contains("case listAlbums(market: Pets.Market? = nil)"))
    }

    @Test func aSchemaThatIsOnlyAReferenceIsAnAlias() throws {
        let (text, warnings) = try generate(Self.shared)
        #expect(text.contains("public typealias SameAlbum = Pets.Album"))
        #expect(text.contains("public typealias Loop = OpenAPIValue"))
        #expect(warnings.contains { $0.pointer == "#/components/schemas/Loop" })
    }

    @Test func onlyWhatRequestsWriteAsTextIsAParameterValue() throws {
        let (text, _) = try generate(Self.shared)
        #expect(text.contains("public struct Filter: Codable, Sendable, Courier.OpenAPIParameterValue {"))
        #expect(text.contains("public struct Album: Codable, Sendable {"))
        // Every enumeration is one (through `OpenAPIEnumeration`), without a conformance of its own.
        #expect(text.contains("public typealias Market = Courier.OpenAPIEnumeration<Pets.Enumerations.Market>"))
    }

    @Test func callbacksAndLinksAreSkippedWithAWarningSaidOnce() throws {
        let (_, warnings) = try generate(Self.shared)
        #expect(warnings.contains { $0.pointer == "#/paths/~1tracks/get/callbacks" })
        // Both operations use the response: its links are one warning.
        #expect(warnings.filter { $0.pointer == "#/components/responses/Unauthorized/links" }.count == 1)
    }

    @Test func membersBesideThePropertiesGoToADictionaryWhenTheSchemaTypesThem() throws {
        let (text, _) = try generate(Self.shared)
        #expect(text.contains("public let additionalProperties: [Swift.String: Swift.Int]"))
        #expect(
            text.contains(
                "self.additionalProperties = try OpenAPICoding.additionalProperties(Swift.Int.self, from: decoder, known: [\"name\"])"
            ))
        // `additionalProperties: true` only says the object is open: no dictionary for it.
        #expect(text.components(separatedBy: "public let additionalProperties:").count == 2)
    }

    @Test func aChoiceOfConstantsIsAnOpenEnumerationNamedByTheTitles() throws {
        let (text, _) = try generate(Self.shared)
        #expect(text.contains("public typealias Action = Courier.OpenAPIEnumeration<Pets.Enumerations.Action>"))
        #expect(text.contains("public enum Action: Courier.OpenAPIEnumerationValues {"))
        #expect(
            text.contains(
                "/// `\"TYPING_START\"`: User started typing\n    public static var typingStart: Self { Self(rawValue: \"TYPING_START\") }"
            ))
        #expect(text.contains("public static var inviteCreate: Self { Self(rawValue: \"INVITE_CREATE\") }"))
        #expect(text.contains("public typealias RawValue = Swift.Int"))
        #expect(text.contains("public static var high: Self { Self(rawValue: 2) }"))
        #expect(!text.contains("case string2"))
    }

    @Test func filesWeighAboutTheSameWithAnOperationsOwnModelsAfterItsTarget() throws {
        let root = try JSONReader.read(Array(Self.shared.utf8), file: "music.json")
        let document = LoadedDocument(
            root: root, sourceVersion: "3.0.3", isVersion31: false, rootFile: "music.json", warnings: [])
        // In the order the compiler takes them: the parts, then `Music.swift`.
        let files = Generator(document: document, name: "Music").generate().files.sorted { $0.name < $1.name }
        #expect(files.last?.name == "Music.swift")
        let text = files.map(\.contents).joined()
        let target = try #require(text.range(of: "public enum Tracks: Courier.OpenAPITarget"))
        let unauthorized = try #require(text.range(of: "public struct Unauthorized:"))
        let album = try #require(text.range(of: "public struct Album:"))
        #expect(album.lowerBound < target.lowerBound)
        #expect(target.lowerBound < unauthorized.lowerBound)
    }

    /// A part's media type and its header fields are applied: each header field is an argument of its
    /// own, labelled by its field and its name, set on the field's part; a `Content-Type` among them is
    /// ignored, as OpenAPI says. A form field's headers (a form has none) are warned about.
    @Test func perFieldEncodingOfAMultipartBodyIsAppliedOrWarnedAbout() throws {
        let document = #"""
            {
              "openapi": "3.0.3", "info": {"title": "Uploads", "version": "1"},
              "paths": {"/avatars": {"post": {
                "operationId": "upload",
                "requestBody": {"content": {"multipart/form-data": {
                  "schema": {"type": "object", "properties": {
                    "file": {"type": "string", "format": "binary"}, "note": {"type": "string"}}},
                  "encoding": {
                    "file": {"contentType": "image/*, image/png"},
                    "note": {"headers": {"X-Note": {"required": true, "schema": {"type": "string"}},
                      "Content-Type": {"schema": {"type": "string"}}}}}}}},
                "responses": {"204": {"description": "stored"}}}},
                "/forms": {"post": {
                "operationId": "post form",
                "requestBody": {"content": {"application/x-www-form-urlencoded": {
                  "schema": {"type": "object", "properties": {"note": {"type": "string"}}},
                  "encoding": {"note": {"headers": {"X-Note": {"schema": {"type": "string"}}}}}}}},
                "responses": {"204": {"description": "stored"}}}}},
              "components": {"schemas": {"OpenAPIValue": {"type": "object", "properties": {"a": {"type": "string"}}}}}
            }
            """#
        let (text, warnings) = try generate(document)
        #expect(text.contains(#"form.file("file", body.file, mimeType: "image/png")"#))
        #expect(text.contains(#"form.field("note", body.note)"#))
        #expect(text.contains("case upload(noteXNote: Swift.String, body: Pets.UploadRequest? = nil)"))
        #expect(text.contains(#"form.header("X-Note", noteXNote, part: "note")"#))
        #expect(!text.contains(#"form.header("Content-Type""#))
        #expect(
            warnings.map(\.pointer).filter { $0.contains("/encoding") } == [
                "#/paths/~1forms/post/requestBody/content/application~1x-www-form-urlencoded/encoding/note"
            ])
        // A schema named like one of Courier's types does not hide it.
        #expect(!text.contains("public struct OpenAPIValue:"))
        #expect(text.contains("public struct OpenAPIValue2:"))
    }

    /// From OpenAPI 3.1 on, a multipart part's `style` and `explode` apply (over its media type): an object
    /// in `deepObject` is a part per member, and its sample has a member; in a 3.0 document they do not, and
    /// a warning says so. A part whose type cannot be written as text (a list of optionals, through an
    /// alias), or whose style a form cannot have, is JSON with a warning in both.
    @Test(arguments: ["3.1.0", "3.0.3"])
    func aMultipartPartsStyleAppliesFromOpenAPI31(version: String) throws {
        let document = #"""
            {
              "openapi": "VERSION", "info": {"title": "Files", "version": "1"},
              "paths": {"/files": {"post": {
                "operationId": "upload",
                "requestBody": {"content": {"multipart/form-data": {
                  "schema": {"type": "object", "required": ["link"], "properties": {
                    "file": {"type": "string", "format": "binary"},
                    "link": {"type": "object", "properties": {"create": {"type": "boolean"}}},
                    "expand": {"type": "array", "items": {"type": "string"}},
                    "labels": {"$ref": "#/components/schemas/Labels"},
                    "shape": {"type": "object", "properties": {"sides": {"type": "integer"}}}}},
                  "encoding": {
                    "link": {"style": "deepObject", "explode": true},
                    "expand": {"explode": false},
                    "labels": {"explode": false},
                    "shape": {"style": "simple"}}}}},
                "responses": {"204": {"description": "stored"}}}}},
              "components": {"schemas": {"Labels": {"type": "array", "items": {"type": "string", "nullable": true}}}}
            }
            """#.replacingOccurrences(of: "VERSION", with: version)
        let (text, warnings) = try generate(document)
        let pointers = warnings.map(\.pointer).filter { $0.contains("/encoding/") }
        #expect(text.contains(#"form.json("labels", body.labels)"#))
        #expect(text.contains(#"form.json("shape", body.shape)"#))
        if version == "3.1.0" {
            #expect(text.contains(#"form.field("link", body.link, style: .deepObject, explode: true)"#))
            #expect(text.contains(#"form.field("expand", body.expand, style: .form, explode: false)"#))
            #expect(
                text.contains("public struct UploadRequestLink: Codable, Sendable, Courier.OpenAPIParameterValue {"))
            #expect(!text.contains(#"\"link\":{}"#))
            #expect(pointers.map { $0.components(separatedBy: "/").last } == ["labels", "shape"])
        } else {
            #expect(text.contains(#"form.json("link", body.link)"#))
            #expect(text.contains(#"form.field("expand", body.expand)"#))
            #expect(pointers.count == 4)
            #expect(warnings.allSatisfy { !$0.pointer.contains("/encoding/") || $0.message.contains("OpenAPI 3.0") })
        }
    }

    /// A form writes a map of texts as fields too (it was left out, silently); a field a form cannot write
    /// (bytes) is left out with a warning.
    @Test func aFormWritesAMapAndWarnsOfWhatItCannotWrite() throws {
        let (text, warnings) = try generate(
            #"""
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {"/things": {"post": {"operationId": "make",
              "requestBody": {"content": {"application/x-www-form-urlencoded": {"schema": {"type": "object", "properties": {
                "name": {"type": "string"}, "metadata": {"type": "object", "additionalProperties": {"type": "string"}},
                "blob": {"type": "string", "format": "binary"}}},
                "encoding": {"metadata": {"style": "deepObject", "explode": true}}}}},
              "responses": {"204": {"description": "ok"}}}}}}
            """#)
        #expect(text.contains(#"form.field("metadata", body.metadata, style: .deepObject, explode: true)"#))
        #expect(!text.contains(#"form.field("blob""#))
        #expect(warnings.map(\.pointer).contains { $0.hasSuffix("/schema/properties/blob") })
    }

    @Test func runsAreOfAboutTheSameWeightInOrder() {
        let weights = [12, 12, 12, 3, 3, 3, 3, 3, 3, 3, 3, 3]
        let runs = FileLayout.runs(Array(weights.indices), weights: weights, count: 4)
        #expect(runs.flatMap { $0 } == Array(weights.indices))
        let sums = runs.map { $0.map { weights[$0] }.reduce(0, +) }
        // Split by count, the three heavy ones would make one run of 36 and three of 9.
        #expect(sums.allSatisfy { abs($0 - 63 / 4) <= 9 }, "\(sums)")
    }

    @Test func runsFollowTheirShares() {
        let weights = Array(repeating: 1, count: 100)
        let runs = FileLayout.runs(Array(weights.indices), weights: weights, shares: [11, 11, 9, 9])
        #expect(runs.flatMap { $0 } == Array(weights.indices))
        #expect(runs.map(\.count) == [27, 28, 22, 23])
        #expect(FileLayout.shares.count == FileLayout.fileNames(for: "API").count)
    }
}
