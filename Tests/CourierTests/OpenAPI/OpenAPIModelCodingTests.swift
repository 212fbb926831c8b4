import Courier
import Foundation
import Testing

/// Generated models' coding written out by key: the behaviour of synthesised `Codable`.
struct OpenAPIModelCodingTests {
    struct Member: Codable, Equatable {
        var userID: Int
        var nickname: String?

        init(userID: Int, nickname: String? = nil) {
            self.userID = userID
            self.nickname = nickname
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: OpenAPICodingKey.self)
            userID = try container.value("user_id")
            nickname = try container.valueIfPresent("nickname")
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: OpenAPICodingKey.self)
            try container.write(userID, at: "user_id")
            try container.writeIfPresent(nickname, at: "nickname")
        }
    }

    func decode(_ json: String) throws -> Member {
        try OpenAPICoding.decoder().decode(Member.self, from: Data(json.utf8))
    }

    @Test func membersAreReadByTheirKeys() throws {
        #expect(try decode(#"{"user_id": 7, "nickname": "ada"}"#) == Member(userID: 7, nickname: "ada"))
        #expect(try decode(#"{"user_id": 7, "nickname": null}"#) == Member(userID: 7))
        #expect(try decode(#"{"user_id": 7}"#) == Member(userID: 7))
    }

    @Test func aMissingRequiredMemberOrAValueOfAnotherTypeThrows() {
        #expect(throws: DecodingError.self) { try decode(#"{"nickname": "ada"}"#) }
        #expect(throws: DecodingError.self) { try decode(#"{"user_id": "7"}"#) }
        #expect(throws: DecodingError.self) { try decode(#"{"user_id": 7, "nickname": 3}"#) }
    }

    @Test func nilIsLeftOutAndTheRestIsWrittenUnderItsKey() throws {
        let encoder = OpenAPICoding.encoder()
        encoder.outputFormatting = .sortedKeys
        let full = String(decoding: try encoder.encode(Member(userID: 7, nickname: "ada")), as: UTF8.self)
        #expect(full == #"{"nickname":"ada","user_id":7}"#)
        #expect(String(decoding: try encoder.encode(Member(userID: 7)), as: UTF8.self) == #"{"user_id":7}"#)
    }
}
