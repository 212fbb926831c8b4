import Courier
import Foundation
import Testing

/// The members an object schema allows beside its properties, as generated models read and write them.
@Suite("OpenAPI additional properties")
struct OpenAPIAdditionalPropertiesTests {
    /// A model as `courier-openapi` writes one for `properties: {name}` and `additionalProperties: integer`.
    struct Scores: Codable, Equatable {
        var name: String
        var nickname: String?
        var additionalProperties: [String: Int]

        enum CodingKeys: String, CodingKey, CaseIterable {
            case name
            case nickname = "nick_name"
        }

        init(name: String, nickname: String? = nil, additionalProperties: [String: Int] = [:]) {
            self.name = name
            self.nickname = nickname
            self.additionalProperties = additionalProperties
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            nickname = try container.decodeIfPresent(String.self, forKey: .nickname)
            additionalProperties = try OpenAPICoding.additionalProperties(
                Int.self, from: decoder, known: Set(CodingKeys.allCases.map(\.stringValue)))
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encodeIfPresent(nickname, forKey: .nickname)
            try OpenAPICoding.encodeAdditionalProperties(additionalProperties, to: encoder)
        }
    }

    @Test func otherMembersAreReadIntoTheDictionaryAndOnesOfAnotherTypeLeftOut() throws {
        let json = #"{"name": "ada", "nick_name": "a", "math": 10, "art": 7, "note": "not a score"}"#
        let scores = try OpenAPICoding.decoder().decode(Scores.self, from: Data(json.utf8))
        #expect(scores == Scores(name: "ada", nickname: "a", additionalProperties: ["math": 10, "art": 7]))
    }

    @Test func theyAreWrittenBesideTheProperties() throws {
        let scores = Scores(name: "ada", additionalProperties: ["math": 10])
        let encoder = OpenAPICoding.encoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(scores), as: UTF8.self)
        #expect(text == #"{"math":10,"name":"ada"}"#)
        #expect(try OpenAPICoding.decoder().decode(Scores.self, from: Data(text.utf8)) == scores)
    }

    @Test func aMissingRequiredPropertyStillFails() {
        #expect(throws: DecodingError.self) {
            try OpenAPICoding.decoder().decode(Scores.self, from: Data(#"{"math": 10}"#.utf8))
        }
    }
}
