import Courier
import Foundation
import Testing

/// `OpenAPIChoice` takes the choice that keeps the most of an object's members, counted by the keys
/// the choice's own encoding writes.
@Suite struct OpenAPIChoiceTests {
    struct Short: Codable, Equatable {
        var name: String?
    }

    struct Long: Codable, Equatable {
        var name: String?
        var size: Int?
    }

    enum Union: Decodable, Equatable {
        case short(Short)
        case long(Long)
        case text(String)

        init(from decoder: any Decoder) throws {
            var choice = OpenAPIChoice<Self>(decoder)
            if choice.isOpen, let value = try? Short(from: decoder) { choice.take(value, as: .short(value)) }
            if choice.isOpen, let value = try? Long(from: decoder) { choice.take(value, as: .long(value)) }
            if choice.isOpen, let value = try? String(from: decoder) { choice.take(value, as: .text(value)) }
            guard let value = choice.value else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no choice"))
            }
            self = value
        }
    }

    func read<T: Decodable>(_ json: String, as type: T.Type = Union.self) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    @Test func theChoiceThatKeepsEveryMemberIsTaken() throws {
        #expect(try read(#"{"name":"a","size":2}"#) == Union.long(Long(name: "a", size: 2)))
        #expect(try read(#"{"name":"a"}"#) == Union.short(Short(name: "a")))
    }

    @Test func membersNoChoiceKeepsLeaveTheOneThatKeepsMost() throws {
        #expect(try read(#"{"name":"a","size":2,"colour":"red"}"#) == Union.long(Long(name: "a", size: 2)))
        #expect(try read(#"{"colour":"red"}"#) == Union.short(Short()))
    }

    @Test func aValueThatIsNotAnObjectIsTheFirstChoiceThatReadsIt() throws {
        #expect(try read(#""pond""#) == Union.text("pond"))
    }
}
