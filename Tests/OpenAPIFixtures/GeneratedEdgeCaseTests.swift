import Courier
import Foundation
import LoopbackServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Constructs of published documents that once made the generated code fail to compile (`EdgeCases`,
/// a document the project wrote from them), called against a real server.
@Suite struct GeneratedEdgeCaseTests {
    /// A server that answers with the request's body (`{}` for none), and its path, query and `protocol`
    /// header in headers (with 204 and no body, as the document says, for `/items`).
    static func mirror() throws -> LoopbackServer {
        try LoopbackServer { request in
            let empty = request.path.hasSuffix("/items")
            return ServerResponse(
                status: empty ? 204 : 200,
                headers: [
                    HeaderField(name: "Content-Type", value: "application/json"),
                    HeaderField(name: "X-Path", value: request.path),
                    HeaderField(name: "X-Query", value: request.query ?? ""),
                    HeaderField(name: "X-Protocol", value: request.header("protocol") ?? ""),
                    HeaderField(name: "X-Content-Type", value: request.header("content-type") ?? ""),
                ],
                body: .data(empty ? Data() : request.body.isEmpty ? Data("{}".utf8) : request.body))
        }
    }

    static func provider<Target: TargetType>(_ server: LoopbackServer, for: Target.Type) -> Provider<Target> {
        Provider<Target>(endpointClosure: { target in
            SampleConformanceTests.endpoint(for: target, on: server.baseURL)
        })
    }

    /// Parameters named `package`, `extension`, `inout` and `protocol`; properties named `Container`,
    /// `container`, `encoder`, `decoder` and `self`, which the coding's locals once hid.
    @Test func keywordsAndTheCodingsOwnNamesGoOutAndComeBack() async throws {
        let server = try Self.mirror()
        defer { server.stop() }
        let provider = Self.provider(server, for: EdgeCases.Keywords.self)
        let sent = EdgeCases.NetworkConnectRequest(
            container: "web", container2: "db", encoder: "utf8", decoder: 7, selfValue: true,
            endpointConfig: ["zone": "a"])

        let answer = try await provider.request(
            .updatePlugin(package: "pkg", extension: "zip", body: sent, `inout`: "in", protocol: "h2"))

        #expect(answer.response?.value(forHTTPHeaderField: "X-Path") == "/edge/plugins/pkg")
        #expect(answer.response?.value(forHTTPHeaderField: "X-Query") == "extension=zip&inout=in")
        #expect(answer.response?.value(forHTTPHeaderField: "X-Protocol") == "h2")
        let fields = try JSONSerialization.jsonObject(with: answer.data) as? [String: Any]
        #expect(fields?["Container"] as? String == "web")
        #expect(fields?["container"] as? String == "db")
        #expect(fields?["encoder"] as? String == "utf8")
        #expect(fields?["decoder"] as? Int == 7)
        #expect(fields?["self"] as? Bool == true)
        #expect((fields?["EndpointConfig"] as? [String: String]) == ["zone": "a"])
        let decoded = try await provider.updatePlugin(package: "pkg", extension: "zip", body: sent)
        #expect(decoded.container == "web")
        #expect(decoded.container2 == "db")
        #expect(decoded.decoder == 7)
        #expect(decoded.endpointConfig == ["zone": "a"])
    }

    /// Parameters whose `content` is JSON are sent as their JSON text, percent-encoded where they go.
    @Test func parametersOfJSONContentAreSentAsJSON() async throws {
        let server = try Self.mirror()
        defer { server.stop() }
        let provider = Self.provider(server, for: EdgeCases.Parameters.self)
        let session = EdgeCases.SessionId(tmgi: EdgeCases.SessionIdTmgi(serviceId: "abc/123", plmn: nil))
        let answer = try await provider.request(
            .findBindings(
                area: EdgeCases.FindBindingsArea(tac: "01"), mbsSessionId: session, streamSpecs: [session, session],
                xLabel: "blue"))
        let sent = #"{"tmgi":{"serviceId":"abc/123"}}"#
        let query = try #require(answer.response?.value(forHTTPHeaderField: "X-Query"))
        #expect(query.removingPercentEncoding == "mbs-session-id=\(sent)&stream-specs=[\(sent),\(sent)]", "\(query)")
        #expect(!query.contains("{") && !query.contains("\""))
        let path = try #require(answer.response?.value(forHTTPHeaderField: "X-Path"))
        #expect(path.removingPercentEncoding == #"/edge/bindings/{"tac":"01"}"#, "\(path)")
        #expect(answer.request?.value(forHTTPHeaderField: "x-label") == #""blue""#)
    }

    /// A named dictionary schema as a query parameter: `deepObject` writes each pair, `form` the pairs
    /// one after the other.
    @Test func aNamedDictionaryIsAQueryParameter() async throws {
        let server = try Self.mirror()
        defer { server.stop() }
        let provider = Self.provider(server, for: EdgeCases.Parameters.self)

        let answer = try await provider.request(.listItems(metadata: ["b": "2", "a": "1"], labels: ["x": "y"]))

        #expect(
            answer.response?.value(forHTTPHeaderField: "X-Query")
                == "metadata%5Ba%5D=1&metadata%5Bb%5D=2&x=y")
    }

    /// Parameters named like the generated code's locals (`parts`, `samples`) or the provider's methods
    /// (`decodedResponse`) keep their labels; an operation written as a `$ref` is the operation it names.
    @Test func namesTheGeneratedCodeUsesItselfAndOperationReferences() async throws {
        let server = try Self.mirror()
        defer { server.stop() }
        let provider = Self.provider(server, for: EdgeCases.Parameters.self)

        let metadata = try await provider.getParts(
            parts: "a b", samples: 3, decodedResponse: true, successfulResponse: "x")

        #expect(metadata.isEmpty)
        let target = EdgeCases.Parameters.getParts(parts: "a b", samples: 3, decodedResponse: true)
        #expect(target.path == "/parts/a%20b?samples=3&decodedResponse=true")
        #expect(EdgeCases.Parameters.getThing(thingId: "t1").path == "/things/t1")
        #expect(EdgeCases.Parameters.samples.contains { $0.operationID == "getThing" })
    }

    /// A query written into the path's key (Adzerk's) goes out as the request's query; union query
    /// parameters (Lago's statuses, a string enumeration or an integer; Senzing's lists of one kind or
    /// another) are written as their values.
    @Test func aQueryInThePathKeyAndUnionParametersAreSentAsWritten() async throws {
        let server = try Self.mirror()
        defer { server.stop() }

        let regions = try await Self.provider(server, for: EdgeCases.Paths.self).request(.listRegions(code: "DE"))
        let logs = try await Self.provider(server, for: EdgeCases.Parameters.self).request(
            .listApiLogs(
                statuses: [.listApiLogsStatusesItemChoice1(.failed), .int(404)], records: .stringList(["a", "b"])))

        #expect(regions.response?.value(forHTTPHeaderField: "X-Path") == "/edge/countries/DE/regions")
        #expect(regions.response?.value(forHTTPHeaderField: "X-Query") == "version=2")
        #expect(
            logs.response?.value(forHTTPHeaderField: "X-Query")
                == "statuses%5B%5D=failed&statuses%5B%5D=404&records=a&records=b")
    }

    /// An answer documented under two JSON media types of different schemas (NHS MESH's) is asked for
    /// as the one its model is made from; a map that requires keys it does not declare (Adzerk's queued
    /// report) has them in its sample, and so has a member whose `$ref` has `required` beside it (Lago's,
    /// OpenAPI 3.1 on).
    @Test func theAcceptedMediaTypeIsTheModelsAndSamplesHaveWhatIsRequired() throws {
        let outbox = EdgeCases.Bodies.sendToOutbox(body: Data("x".utf8))
        let queued = EdgeCases.Bodies.samples.lazy.compactMap { target -> [String: OpenAPIValue]?? in
            if case .queueReport(let body) = target { body } else { nil }
        }.first
        let shelf = Version32.Books.samples.lazy.compactMap { target -> Version32.CreateShelfRequest? in
            if case .createShelf(let body) = target { body } else { nil }
        }.first

        #expect(outbox.headers?["Accept"] == "application/vnd.edge.v2+json")
        #expect(queued??.keys.sorted() == ["GroupBy", "StartDateISO"])
        #expect(shelf?.shelf.name != nil)
    }

    /// A property whose type is a large struct is kept by reference, and still reads, writes, copies
    /// and travels as a value of its type.
    @Test func aLargeModelHeldByReferenceIsStillAValue() async throws {
        let server = try Self.mirror()
        defer { server.stop() }
        var pod = EdgeCases.Pod(name: "web", spec: EdgeCases.PodSpec(f01: "a", f40: "z"))
        var copy = pod
        copy.spec.f01 = "changed"
        copy.status = EdgeCases.PodSpec(f02: "b")
        #expect(pod.spec.f01 == "a")
        #expect(pod.status == nil)
        #expect(copy.spec.f01 == "changed")
        #expect(copy.status?.f02 == "b")
        pod.status?.f03 = "not set: there is no status"
        #expect(pod.status == nil)

        let echoed = try await Self.provider(server, for: EdgeCases.Models.self).createPod(body: copy)

        #expect(echoed.name == "web")
        #expect(echoed.spec.f01 == "changed")
        #expect(echoed.spec.f40 == "z")
        #expect(echoed.status?.f02 == "b")
        #expect(echoed.status?.f01 == nil)
    }

    /// Enumerations of strings and of integers: listed values by name, an unlisted one kept as it came
    /// (in a decoded answer and in a value sent), parameters written as their raw values.
    @Test func enumerationsKeepUnlistedValuesAndTravelAsTheirRawValues() async throws {
        let server = try Self.mirror()
        defer { server.stop() }
        let provider = Self.provider(server, for: EdgeCases.Models.self)
        let order = EdgeCases.Order(kind: .order, status: .approved, level: .value3)

        let answer = try await provider.request(
            .placeOrder(body: order, status: .delivered, priorities: [.value1, .init(rawValue: 7)]))

        #expect(answer.response?.value(forHTTPHeaderField: "X-Query") == "status=delivered&priorities=1,7")
        let fields = try JSONSerialization.jsonObject(with: answer.data) as? [String: Any]
        #expect(fields?["kind"] as? String == "order")
        #expect(fields?["status"] as? String == "approved")
        #expect(fields?["level"] as? Int == 3)
        let echoed = try await provider.placeOrder(body: order)
        #expect(echoed.status == .approved)
        #expect(echoed.level == .value3)
        #expect(echoed.kind == .order)

        let unlisted = try JSONDecoder().decode(
            EdgeCases.Order.self, from: Data(#"{"kind":"order","status":"returned","level":9}"#.utf8))
        #expect(unlisted.status.rawValue == "returned")
        #expect(unlisted.status != .placed)
        #expect(unlisted.level?.rawValue == 9)
        #expect("\(unlisted.status)" == "returned")
        let again = try await provider.placeOrder(body: unlisted)
        #expect(again.status == EdgeCases.OrderStatus(rawValue: "returned"))
        #expect(again.level == EdgeCases.OrderLevel(rawValue: 9))
        switch again.status {
        case .placed, .approved, .delivered: Issue.record("an unlisted value read as a listed one")
        default: break
        }
        #expect(Set([EdgeCases.OrderStatus.placed, .placed, .approved]).count == 2)
    }

    /// A union without a discriminator whose choices each have a single-valued `kind`: the value of
    /// `kind` chooses (the first choice, every property optional, would read the second's members too),
    /// and a required single-valued property is the initializer's default.
    @Test func aSingleValuedPropertyChoosesAmongAUnionsChoices() async throws {
        let server = try Self.mirror()
        defer { server.stop() }
        let provider = Self.provider(server, for: EdgeCases.Models.self)
        let square = EdgeCases.Square(size: 2)
        #expect(square.kind == .square)

        let echoed = try await provider.drawShape(body: .square(square))

        guard case .square(let back) = echoed else {
            Issue.record("read as \(echoed)")
            return
        }
        #expect(back.size == 2)
        let circle = try JSONDecoder().decode(EdgeCases.Shape.self, from: Data(#"{"kind":"circle","size":1}"#.utf8))
        guard case .circle = circle else {
            Issue.record("read as \(circle)")
            return
        }
        // The choice `kind` names does not read the value, nor does any other: kept as it came, not an
        // error that would lose the whole answer.
        let unreadable = try JSONDecoder().decode(
            EdgeCases.Shape.self, from: Data(#"{"kind":"square","size":"big"}"#.utf8))
        guard case .unknown(.object) = unreadable else {
            Issue.record("read as \(unreadable)")
            return
        }
        // Not an object at all: none of the choices, kept as it came.
        let other = try JSONDecoder().decode(EdgeCases.Shape.self, from: Data("[1]".utf8))
        guard case .unknown(.array) = other else {
            Issue.record("read as \(other)")
            return
        }
    }

    /// A `format: binary` string is bytes even under a JSON media type: the call returns them as sent.
    @Test func bytesUnderAJSONMediaTypeAreBytes() async throws {
        let server = try LoopbackServer { _ in ServerResponse(body: .data(Data([0xFF, 0x00, 0x7B]))) }
        defer { server.stop() }

        let bytes = try await Self.provider(server, for: EdgeCases.Models.self).downloadFile(name: "a.bin")

        #expect(bytes == Data([0xFF, 0x00, 0x7B]))
    }

    /// A model inherits the properties of a `$ref` to a `$ref` (they were left out), and a property that
    /// a later `allOf` part marks read-only is optional and left out of the request's sample; a required
    /// property the example leaves out is made (the example did not decode, and left no sample).
    @Test func inheritedPropertiesThroughReferencesAndALaterReadOnlyMark() throws {
        let badge = EdgeCases.Badge(title: "Gold", level: 3)
        #expect(badge.slug == nil)
        let read = try JSONDecoder().decode(
            EdgeCases.Badge.self, from: Data(#"{"slug":"gold","title":"Gold","level":3}"#.utf8))
        #expect(read.slug == "gold")
        #expect(read.title == "Gold")
        #expect(read.level == 3)
        let sample = try #require(EdgeCases.Models.samples.first { $0.operationID == "createBadge" })
        guard case .createBadge(let body) = sample else {
            Issue.record("not the sample of createBadge")
            return
        }
        #expect(body.slug == nil)
        #expect(body.title == "Gold")
        #expect(body.level == 1)
    }

    /// An operation that documents only a redirect accepts 3xx besides 2xx: a transport told not to
    /// follow redirects returns the 3xx, which is then its answer.
    @Test func anOperationAnsweringWithARedirectAcceptsIt() {
        #expect(EdgeCases.Paths.downloadReport(id: 1).validationType == .successAndRedirectCodes)
        #expect(EdgeCases.Paths.downloadReport(id: 1).validationType.accepts(302))
    }

    /// A `oneOf` without a discriminator whose choices read any object is read as the choice that keeps
    /// every member (it was the first choice, which dropped the others' members); a value that no choice
    /// keeps whole is the choice that keeps the most, and one of another kind is `unknown`.
    @Test func anUndiscriminatedUnionIsTheChoiceThatKeepsTheMembers() throws {
        func read(_ json: String) throws -> EdgeCases.Sighting {
            try JSONDecoder().decode(EdgeCases.Sighting.self, from: Data(json.utf8))
        }
        guard case .insectSighting(let insect) = try read(#"{"place":"pond","legs":6}"#) else {
            Issue.record("not read as an insect sighting")
            return
        }
        #expect(insect.legs == 6)
        guard case .birdSighting(let bird) = try read(#"{"place":"pond","wingspan":0.4}"#) else {
            Issue.record("not read as a bird sighting")
            return
        }
        #expect(bird.wingspan == 0.4)
        guard case .insectSighting = try read(#"{"place":"pond","legs":6,"colour":"red"}"#) else {
            Issue.record("a member no choice declares changed the choice")
            return
        }
        guard case .birdSighting = try read(#"{"place":"pond"}"#) else {
            Issue.record("a value both choices keep whole is not the first")
            return
        }
        guard case .unknown = try read(#""pond""#) else {
            Issue.record("a string was read as a choice")
            return
        }
    }

    /// The same holds when a choice is a class, as a model in a cycle of references is: before, such a
    /// choice did not count as an object, and the first choice that read the value was taken.
    @Test func anUndiscriminatedUnionWithAChoiceInACycleKeepsTheMembers() throws {
        func read(_ json: String) throws -> EdgeCases.Branch {
            try JSONDecoder().decode(EdgeCases.Branch.self, from: Data(json.utf8))
        }
        guard case .leaf(let leaf) = try read(#"{"name":"oak","colour":"green"}"#) else {
            Issue.record("not read as a leaf")
            return
        }
        #expect(leaf.colour == "green")
        guard case .twig(let twig) = try read(#"{"name":"oak","next":{"name":"ash","colour":"red"}}"#),
            case .leaf(let next)? = twig.next
        else {
            Issue.record("not read as a twig holding a leaf")
            return
        }
        #expect(next.colour == "red")
    }

    /// A required `readOnly` property is optional in the model (a request leaves it out), and the sample
    /// leaves out what the document's example gives for it; a path parameter's sample fits its pattern.
    @Test func readOnlyPropertiesAndPatternsInSamples() throws {
        let account = EdgeCases.Account(name: "Ann")
        #expect(account.sid == nil)
        #expect(account.createdAt == nil)
        let sample = try #require(EdgeCases.Models.samples.first { $0.operationID == "updateAccount" })
        guard case .updateAccount(let sid, let body) = sample else {
            Issue.record("not the sample of updateAccount")
            return
        }
        #expect(sid == "AC" + String(repeating: "0", count: 32))
        #expect(body.name == "Ann")
        #expect(body.sid == nil)
        #expect(body.createdAt == nil)
    }

    /// A body's Encoding Object: a multipart file part sent as the first concrete media type it lists, an
    /// object part as JSON, a form's list written unexploded.
    @Test func bodiesFollowTheirEncodingObjects() async throws {
        let server = try Self.mirror()
        defer { server.stop() }
        let provider = Self.provider(server, for: EdgeCases.Bodies.self)

        let upload = try await provider.request(
            .uploadAvatar(
                body: EdgeCases.UploadAvatarRequest(
                    image: Data([0x89, 0x50]), caption: "me", profile: EdgeCases.UploadAvatarRequestProfile(name: "Ann")
                )
            ))
        let parts = String(decoding: upload.data, as: UTF8.self)
        #expect(parts.contains("name=\"image\"; filename=\"image\"\r\nContent-Type: image/png\r\n"), "\(parts)")
        #expect(
            parts.contains("name=\"profile\"\r\nContent-Type: application/json\r\n\r\n{\"name\":\"Ann\"}"), "\(parts)")
        #expect(parts.contains("name=\"caption\"\r\n\r\nme\r\n"), "\(parts)")

        let search = try await provider.request(
            .saveSearch(body: EdgeCases.SaveSearchRequest(tags: ["a", "b c"], query: "x")))
        #expect(String(decoding: search.data, as: UTF8.self) == "tags=a,b%20c&query=x")
    }

    /// A multipart body's lists of files and of structured values are a part per element, as OpenAPI
    /// writes a list's elements: a file part each photo, a JSON part each note and each row; they were one
    /// JSON part of the whole list (the photos in base64), which a server reads as one element.
    @Test func listsInAMultipartBodyAreAPartPerElement() async throws {
        let server = try Self.mirror()
        defer { server.stop() }
        let provider = Self.provider(server, for: EdgeCases.Bodies.self)
        let body = EdgeCases.UploadAlbumRequest(
            photos: [Data("photo-1".utf8), Data("photo-2".utf8)],
            notes: [
                EdgeCases.UploadAlbumRequestNotesItem(text: "one"), EdgeCases.UploadAlbumRequestNotesItem(text: "two"),
            ],
            grid: [[1, 2], [3]])
        let response = try await provider.request(.uploadAlbum(body: body))
        let parts = GeneratedMultipartTests.parts(of: String(decoding: response.data, as: UTF8.self))
        #expect(parts.map(\.name) == ["photos", "photos", "notes", "notes", "grid", "grid"])
        #expect(
            parts.map(\.contents) == ["photo-1", "photo-2", #"{"text":"one"}"#, #"{"text":"two"}"#, "[1,2]", "[3]"])
        let text = String(decoding: response.data, as: UTF8.self)
        #expect(text.components(separatedBy: "filename=\"photos\"\r\nContent-Type: image/png\r\n").count == 3)
        #expect(text.components(separatedBy: "name=\"notes\"\r\nContent-Type: application/json\r\n").count == 3)
    }

    /// A `multipart/related` body is sent as that media type, with the `type` RFC 2387 requires (its first
    /// part's), its parts named as a form's and the binary part's Content-Id on it.
    @Test func aRelatedMultipartBodyIsSentAsItsMediaType() async throws {
        let server = try Self.mirror()
        defer { server.stop() }
        let provider = Self.provider(server, for: EdgeCases.Bodies.self)
        let body = EdgeCases.CreateUEContextRequest(
            jsonData: EdgeCases.CreateUEContextRequestJsonData(
                supi: "imsi-001010000000001", n1MessageContentId: "n1msg"),
            binaryDataN1Message: Data([0x7E, 0x00]))
        let response = try await provider.request(
            .createUEContext(ueContextId: "ctx", binaryDataN1MessageContentId: "n1msg", body: body))
        let contentType = try #require(response.response?.value(forHTTPHeaderField: "X-Content-Type"))
        #expect(contentType.hasPrefix(#"multipart/related; type="application/json"; boundary="#), "\(contentType)")
        let parts = String(decoding: response.data, as: UTF8.self)
        #expect(parts.contains("name=\"jsonData\"\r\nContent-Type: application/json\r\n\r\n{"), "\(parts)")
        #expect(
            parts.contains("Content-Type: application/vnd.3gpp.5gnas\r\nContent-Id: n1msg\r\n\r\n"), "\(parts)")
    }

    /// A multipart body's required file (`format: binary`) has a sample, the bytes that its base64 in the
    /// sample's JSON stands for (text that is not base64 did not decode, and left the operation without one).
    @Test func aFileOfAMultipartBodyHasASample() throws {
        let sample = try #require(EdgeCases.Models.samples.first { $0.operationID == "uploadAsset" })
        guard case .uploadAsset(let body) = sample else {
            Issue.record("not the sample of uploadAsset")
            return
        }
        #expect(body.attachment == Data("sample".utf8))
    }

    /// A parameter whose example is not of its schema's kind (an array's written as text) has a sample
    /// made for the schema: the example did not decode, and left the operation without one.
    @Test func aParameterWhoseExampleIsOfAnotherKindHasASample() throws {
        let sample = try #require(EdgeCases.Parameters.samples.first { $0.operationID == "listItems" })
        guard case .listItems(_, _, let periods) = sample else {
            Issue.record("not the sample of listItems")
            return
        }
        #expect(periods == ["sample"])
    }

    /// An example's union member is the choice that allows its values: `{method: debit_card}` is the card
    /// method, not the wallet method before it that also declares `method` (and requires a token, which
    /// the sample made up when it took that choice).
    @Test func anExamplesUnionMemberIsTheChoiceThatAllowsItsValues() throws {
        let sample = try #require(EdgeCases.Models.samples.first { $0.operationID == "makeDonation" })
        guard case .makeDonation(let body) = sample, case .cardMethod(let card) = body.paymentMethod else {
            Issue.record("not the card method: \(sample)")
            return
        }
        #expect(card.method == .debitCard)
        #expect(body.amount == 5)
    }

    /// An object whose `oneOf` choices only refine its own properties is one struct (it was a union of
    /// the choices, which kept the letter and lost the rest); a sample made from an example that breaks
    /// its schema has values the schema allows.
    @Test func anExampleThatBreaksItsSchemaGivesASampleThatKeepsIt() throws {
        let category = EdgeCases.NICategory(letter: .i, postcode: "SW1A 1AA")
        let back = try JSONDecoder().decode(EdgeCases.NICategory.self, from: JSONEncoder().encode(category))
        #expect(back.postcode == "SW1A 1AA")
        let sample = try #require(EdgeCases.Models.samples.first { $0.operationID == "createEmployment" })
        guard case .createEmployment(let body) = sample else {
            Issue.record("not the sample of createEmployment")
            return
        }
        #expect(body.startDate.description == "2024-01-01")
        #expect(body.status == .active)
        #expect(body.reason == .newHire)
        #expect(body.category.postcode == "SW1A 1AA")
        #expect(body.previous.letter == .a)
        #expect(body.previous.postcode != nil)
    }

    /// A required object parameter's sample is not empty (it would be an empty path segment), an
    /// operation that documents only an error reads a success as nothing, as its typed call does, and an
    /// `Accept` header parameter whose responses say no media type is sent.
    @Test func anObjectParameterHasAMemberAndAnErrorOnlyOperationSucceeds() throws {
        let sample = try #require(EdgeCases.Parameters.samples.first { $0.operationID == "getRegion" })
        guard case .getRegion(let region) = sample else {
            Issue.record("not the sample of getRegion")
            return
        }
        #expect(region.name == "sample")
        #expect(sample.path == "/regions/name,sample")
        #expect(sample.headers?["Accept"] == "application/x-region")
        let decoded = try sample.decode(Response(statusCode: 200, data: Data()))
        #expect(decoded is Void)
        #expect(throws: CourierError.self) { try sample.decode(Response(statusCode: 500, data: Data())) }
    }

    /// A union's discriminator that only the schema around the choices declares is written beside the
    /// choice's members, its value the one the mapping gives the choice: without it a server cannot tell
    /// which choice the body is.
    @Test func aDiscriminatorOnlyTheUnionDeclaresIsSent() throws {
        let body = EdgeCases.CreateConnectorRequest.s3Import(EdgeCases.S3Import(arn: "arn:1"))
        let json = try JSONSerialization.jsonObject(with: OpenAPICoding.encoder().encode(body)) as? [String: Any]
        #expect(json?["connector_type"] as? String == "s3")
        #expect(json?["arn"] as? String == "arn:1")
        let back = try OpenAPICoding.decoder().decode(
            EdgeCases.CreateConnectorRequest.self, from: Data(#"{"connector_type": "gcs", "bucket": "b"}"#.utf8))
        guard case .gcsImport(let gcs) = back else {
            Issue.record("not the GCS choice: \(back)")
            return
        }
        #expect(gcs.bucket == "b")
    }

    /// `example: null` on a string that is not nullable is no example; a scalar `allOf` is its
    /// enumeration (it was an empty struct, which could not hold a value); a property read-only through
    /// a part of its `allOf` is left out of the request; a tag listed twice is one target.
    @Test func nullExamplesScalarAllOfsAndReadOnlyPartsAreReadAsMeant() throws {
        let sample = try #require(EdgeCases.Models.samples.first { $0.operationID == "createToken" })
        guard case .createToken(let cursor, let body) = sample else {
            Issue.record("not the sample of createToken")
            return
        }
        #expect(cursor == "sample")
        #expect(body.responseType == .transfer)
        #expect(body.note == "hello")
        #expect(body.links == nil)
        #expect(!EdgeCases.allTargets.contains { "\($0)".hasSuffix("ModelsAPI") })
    }

    /// An object whose `oneOf` choices add properties to its own is one struct that holds them all (it
    /// was a union of the choices, which lost `name`); the example is the choice its values allow.
    @Test func choicesThatAddPropertiesAreOneStruct() throws {
        let sample = try #require(EdgeCases.Models.samples.first { $0.operationID == "createAttribute" })
        guard case .createAttribute(let body) = sample else {
            Issue.record("not the sample of createAttribute")
            return
        }
        #expect(body.name == "Size")
        #expect(body.dataType.rawValue == "string")
        #expect(body.options == nil)
        let list = EdgeCases.CreateAttributeRequest(
            name: "Size", dataType: .init(rawValue: "options"),
            options: [EdgeCases.CreateAttributeRequestOptionsItem(value: "S")])
        let back = try OpenAPICoding.decoder().decode(
            EdgeCases.CreateAttributeRequest.self, from: OpenAPICoding.encoder().encode(list))
        #expect(back.name == "Size")
        #expect(back.options?.first?.value == "S")
    }

    @Test func aBoundedReferenceIsItsTypeAndMapValuesLeaveReadOnlyMembersOut() throws {
        let sample = try #require(EdgeCases.Models.samples.first { $0.operationID == "createVolume" })
        guard case .createVolume(let body) = sample else {
            Issue.record("not the sample of createVolume")
            return
        }
        // `allOf: [$ref: VolumeLabel, {maxLength: 16}]` is the label's string, not an empty struct.
        let label: String? = body.label
        #expect(label == "ext4_volume_01")
        let json = try #require(
            try JSONSerialization.jsonObject(with: OpenAPICoding.encoder().encode(body)) as? [String: Any])
        #expect(json["label"] as? String == "ext4_volume_01")
        let attachments = try #require(json["attachments"] as? [String: [String: Any]])
        #expect(attachments["first"]?["id"] == nil)
        #expect(attachments["first"]?["droplet"] as? Int == 7)
        // The member the example leaves out and the schema requires is made.
        #expect(attachments["second"]?["id"] == nil)
        #expect(attachments["second"]?["droplet"] as? Int == 1)
    }

    @Test func examplesThatBreakTheirSchemaAreReplaced() throws {
        let sample = try #require(EdgeCases.Parameters.samples.first { $0.operationID == "listTokens" })
        guard
            case .listTokens(let customerId, let startTime, let callback, let pageSize, let code, let pageToken) =
                sample
        else {
            Issue.record("not the sample of listTokens")
            return
        }
        #expect(customerId.count >= 7)
        #expect(customerId.range(of: "^[0-9a-zA-Z_-]+$", options: .regularExpression) != nil)
        #expect(startTime != "Current date and time")
        #expect(startTime.range(of: "^[0-9]{4}-[0-9]{2}-[0-9]{2}T", options: .regularExpression) != nil)
        #expect(callback.hasPrefix("https://"))
        #expect(pageSize == 1)
        #expect(code.count <= 4)
        // A `format: byte` parameter is bytes, written in base64.
        #expect(pageToken == Data("next".utf8))
        #expect(sample.path.contains("page_token=bmV4dA%3D%3D"))
    }

    @Test func aKeyOnlyRequiredNamesIsAnOptionalMemberTheSampleSends() throws {
        let sample = try #require(EdgeCases.Models.samples.first { $0.operationID == "createVolume" })
        guard case .createVolume(let body) = sample else {
            Issue.record("not the sample of createVolume")
            return
        }
        let region: OpenAPIValue? = body.region
        #expect(region != nil)
        let bare = EdgeCases.CreateVolumeRequest(name: "scratch")
        let json = try #require(
            try JSONSerialization.jsonObject(with: OpenAPICoding.encoder().encode(bare)) as? [String: Any])
        #expect(json["region"] == nil)
        let decoded = try OpenAPICoding.decoder().decode(
            EdgeCases.CreateVolumeRequest.self, from: Data(#"{"name": "scratch"}"#.utf8))
        #expect(decoded.region == nil)
    }

    @Test func anAcceptParameterThatListsOtherTypesChoosesAmongThem() throws {
        let sample = try #require(EdgeCases.Parameters.samples.first { $0.operationID == "exportGames" })
        #expect(sample.headers?["Accept"] == "application/x-ndjson")
        guard case .exportGames(let body) = sample else {
            Issue.record("not the sample of exportGames")
            return
        }
        // A required form body of optional fields is sent with one of them: no fields is no body.
        #expect(body.ids != nil || body.moves != nil)
        let settings = try #require(EdgeCases.Parameters.samples.first { $0.operationID == "updateExportSettings" })
        guard case .updateExportSettings(let update) = settings else {
            Issue.record("not the sample of updateExportSettings")
            return
        }
        let members = [true, update.format != nil, update.clocks != nil, update.evals != nil].filter { $0 }
        #expect(members.count >= 2)
        #expect(update.labels.count >= 1)
    }

    @Test func anAllOfOfAUnionOfObjectsIsOneStructOfTheirFields() throws {
        let sample = try #require(EdgeCases.Bodies.samples.first { $0.operationID == "createRound" })
        guard case .createRound(let body) = sample else {
            Issue.record("not the sample of createRound")
            return
        }
        // `name` every choice requires; `syncUrl` one of them; `rated` the part beside the union.
        let name: String = body.name
        #expect(name.count >= 3)
        #expect(body.syncUrl == nil)
        let polled = EdgeCases.CreateRoundRequest(
            name: "Round 1", syncUrl: "https://example.com/games.pgn", rated: true)
        #expect(polled.syncUrl == "https://example.com/games.pgn")
        #expect(polled.rated == true)
    }

    @Test func anExampleWithoutItsDiscriminatorIsSentWithIt() throws {
        let sample = try #require(EdgeCases.Models.samples.first { $0.operationID == "createEdge" })
        guard case .createEdge(let body) = sample else {
            Issue.record("not the sample of createEdge")
            return
        }
        let json = try #require(
            try JSONSerialization.jsonObject(with: OpenAPICoding.encoder().encode(body)) as? [String: Any])
        let condition = try #require(json["condition"] as? [String: Any])
        #expect(condition["type"] as? String == "prompt")
        #expect(condition["prompt"] as? String == "End of the call")
    }

    /// A tag named `courier` and a schema named `Swift` are not the modules: the target is
    /// `CourierAPI`, the model `Swift2`, and `Swift.String`, `Courier.Provider` keep meaning the modules.
    @Test func namesOfModulesAreLeftToTheModules() async throws {
        let target = EdgeCases.CourierAPI.getSwiftCode(code: "DEUTDEFF")
        #expect(target.path == "/swift-codes/DEUTDEFF")
        let model = try JSONDecoder().decode(EdgeCases.Swift2.self, from: Data(#"{"bic": "DEUTDEFF"}"#.utf8))
        let bic: Swift.String = model.bic
        #expect(bic == "DEUTDEFF")
    }

}
