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

    /// Bytes are read from base64, unpadded base64 and base64url, and text that is none of them (a
    /// `format: binary` value a server writes as it is: Webex's audio files) as its UTF-8 bytes.
    @Test func bytesAreReadFromBase64OrAsTheirText() throws {
        struct File: Decodable { var data: Data }
        let decoder = OpenAPICoding.decoder()
        func read(_ text: String) throws -> [UInt8] {
            [UInt8](try decoder.decode(File.self, from: Data(#"{"data": "\#(text)"}"#.utf8)).data)
        }
        #expect(try read("+/8=") == [0xFB, 0xFF])
        #expect(try read("+/8") == [0xFB, 0xFF])
        #expect(try read("-_8") == [0xFB, 0xFF])
        #expect(try read("c2FtcGxl") == Array("sample".utf8))
        #expect(try read("greeting.wav") == Array("greeting.wav".utf8))
        #expect(try read("") == [])
        #expect(throws: DecodingError.self) { try decoder.decode(File.self, from: Data(#"{"data": 1}"#.utf8)) }
    }

    /// A required member with a fallback reads as the fallback when it is missing or `null`, and as its
    /// value when it is there; a value of another type still throws.
    @Test func aMissingMemberWithAFallbackIsTheFallback() throws {
        struct Kind: Decodable {
            var type: String
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: OpenAPICodingKey.self)
                type = try container.value("type", otherwise: "card")
            }
        }
        let decoder = JSONDecoder()
        #expect(try decoder.decode(Kind.self, from: Data(#"{}"#.utf8)).type == "card")
        #expect(try decoder.decode(Kind.self, from: Data(#"{"type": null}"#.utf8)).type == "card")
        #expect(try decoder.decode(Kind.self, from: Data(#"{"type": "bank"}"#.utf8)).type == "bank")
        #expect(throws: DecodingError.self) { try decoder.decode(Kind.self, from: Data(#"{"type": 1}"#.utf8)) }
    }

    @Test func membersAreReadByTheirKeys() throws {
        #expect(try decode(#"{"user_id": 7, "nickname": "ada"}"#) == Member(userID: 7, nickname: "ada"))
        #expect(try decode(#"{"user_id": 7, "nickname": null}"#) == Member(userID: 7))
        #expect(try decode(#"{"user_id": 7}"#) == Member(userID: 7))
    }

    /// A JSON Lines answer read whole: a value per line, blank lines skipped; a line that does not decode
    /// is `.objectMapping` carrying the response.
    @Test func jsonLinesAreAValuePerLine() throws {
        let body = "{\"user_id\": 1}\r\n\n  \n{\"user_id\": 2, \"nickname\": \"bo\"}"
        let lines = try OpenAPIDecoding.jsonLines(Member.self, from: Response(statusCode: 200, data: Data(body.utf8)))
        #expect(lines == [Member(userID: 1), Member(userID: 2, nickname: "bo")])
        let broken = Response(statusCode: 200, data: Data("{\"user_id\": 1}\n{\"nickname\": 3}\n".utf8))
        #expect {
            _ = try OpenAPIDecoding.jsonLines(Member.self, from: broken)
        } throws: { error in
            guard case .objectMapping(_, let response)? = error as? CourierError else { return false }
            return response === broken
        }
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
