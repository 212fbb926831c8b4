import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Unwrapping `{code, msg, data}` answers: each way of failing is its own error.
@Suite struct ResponseEnvelopeTests {
    private struct Item: Decodable, Equatable {
        let id: Int
    }

    private func provider(answering body: String, status: Int = 200) -> Provider<TestTarget> {
        Provider(transport: ScriptedTransport(statusCode: status, body: body))
    }

    private let target = TestTarget(baseURL: URL(string: "https://api.example.com")!, path: "x")
    private let envelope = CodeMessageEnvelope()

    @Test func successGivesThePayload() async throws {
        let item = try await provider(answering: #"{"code":200,"msg":"ok","data":{"id":7}}"#)
            .request(target, as: Item.self, envelope: envelope)
        #expect(item == Item(id: 7))
    }

    @Test func aNumericStringCodeCounts() async throws {
        let items = try await provider(answering: #"{"code":"200","data":[{"id":1},{"id":2}]}"#)
            .request(target, as: [Item].self, envelope: envelope)
        #expect(items == [Item(id: 1), Item(id: 2)])
    }

    @Test func aMissingOrNullPayloadDecodesAsNilForAnOptional() async throws {
        for body in [#"{"code":200,"msg":"ok"}"#, #"{"code":200,"msg":"ok","data":null}"#] {
            let item = try await provider(answering: body).request(target, as: Item?.self, envelope: envelope)
            #expect(item == nil)
        }
    }

    @Test func anotherCodeIsABusinessErrorWithTheMessage() async throws {
        let error = await #expect(throws: CourierError.self) {
            try await provider(answering: #"{"code":4001,"msg":"Your session has expired.","data":null}"#)
                .request(target, as: Item.self, envelope: envelope)
        }
        #expect(error?.businessError == BusinessError(code: 4001, message: "Your session has expired."))
        #expect(error?.errorDescription == "Your session has expired.")
        #expect(error?.response?.statusCode == 200)
    }

    @Test func aBodyThatIsNotJSONIsJSONMapping() async throws {
        let error = await #expect(throws: CourierError.self) {
            try await provider(answering: "<html>busy</html>").request(target, as: Item.self, envelope: envelope)
        }
        guard case .jsonMapping(let response) = error else {
            Issue.record("expected .jsonMapping, got \(String(describing: error))")
            return
        }
        #expect(String(decoding: response.data, as: UTF8.self) == "<html>busy</html>")
    }

    @Test func jsonThatIsNotTheEnvelopeIsAnEnvelopeMismatch() async throws {
        let error = await #expect(throws: CourierError.self) {
            try await provider(answering: #"{"status":"ok"}"#).request(target, as: Item.self, envelope: envelope)
        }
        guard case .objectMapping(let underlying, _) = error else {
            Issue.record("expected .objectMapping, got \(String(describing: error))")
            return
        }
        #expect(underlying is EnvelopeMismatch)
    }

    @Test func aPayloadOfTheWrongShapeIsADecodingError() async throws {
        let error = await #expect(throws: CourierError.self) {
            try await provider(answering: #"{"code":200,"data":{"id":"seven"}}"#)
                .request(target, as: Item.self, envelope: envelope)
        }
        guard case .objectMapping(let underlying, let response) = error else {
            Issue.record("expected .objectMapping, got \(String(describing: error))")
            return
        }
        #expect(underlying is DecodingError)
        #expect(response.statusCode == 200)
    }

    @Test func transportFailuresStayTransportFailures() async throws {
        var validated = target
        validated.validationType = .successCodes
        let error = await #expect(throws: CourierError.self) {
            try await provider(answering: "", status: 502).request(validated, as: Item.self, envelope: envelope)
        }
        guard case .statusCode(let response) = error else {
            Issue.record("expected .statusCode, got \(String(describing: error))")
            return
        }
        #expect(response.statusCode == 502)
        #expect(error?.businessError == nil)
    }

    @Test func customKeysAndSuccessCodes() async throws {
        let custom = CodeMessageEnvelope(
            codeKey: "errno", messageKey: "errmsg", dataKey: "result", successCodes: [0, 2000])
        let item = try await provider(answering: #"{"errno":2000,"result":{"id":3}}"#)
            .request(target, as: Item.self, envelope: custom)
        #expect(item == Item(id: 3))
        let error = await #expect(throws: CourierError.self) {
            try await provider(answering: #"{"errno":7,"errmsg":"no"}"#).request(
                target, as: Item.self, envelope: custom)
        }
        #expect(error?.businessError == BusinessError(code: 7, message: "no"))
    }

    @Test func theDecodersStrategiesApplyToThePayload() async throws {
        struct Stamped: Decodable, Equatable {
            let createdAt: Date
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .secondsSince1970
        let stamped = try await provider(answering: #"{"code":200,"data":{"created_at":60}}"#)
            .request(target, as: Stamped.self, envelope: envelope, using: decoder)
        #expect(stamped == Stamped(createdAt: Date(timeIntervalSince1970: 60)))
    }
}
