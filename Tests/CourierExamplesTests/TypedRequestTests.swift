import Courier
import CourierExamples
import Foundation
import LoopbackServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Protocol-oriented typed requests, against fixture files (no server, no URLSession) and the backend.
@Suite struct TypedRequestTests {
    private func fixtureClient() throws -> APIClient {
        let fixtures = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        return APIClient(
            baseURL: try #require(URL(string: "http://fixtures.invalid")),
            transport: FixtureTransport(directory: fixtures))
    }

    @Test func fixturesAnswerEachRequestWithItsModel() async throws {
        let client = try fixtureClient()
        let person = try await client.send(PersonRequest(name: "xiejiapei"))
        #expect(
            [person.name, person.age, person.hobby, person.petPhrase] == ["xiejiapei", "22", "coding", "talk is cheap"])
        let user = try await client.send(UserRequest())
        #expect(user.hobbies == ["chess", "running"])
        let goods = try await client.send(GoodsDetailRequest(goodsId: "1001"))
        #expect(goods.name == "Tea set")
    }

    @Test func anUnknownPathNamesTheMissingFixture() async throws {
        let error = await #expect(throws: CourierError.self) {
            try await fixtureClient().send(PersonRequest(name: "nobody"))
        }
        #expect(error?.errorDescription?.contains("GET/users/nobody.json") == true)
    }

    @Test func theSameRequestsRunAgainstTheBackend() async throws {
        let backend = try DemoBackend.start()
        defer { backend.stop() }
        let client = APIClient(baseURL: backend.baseURL)
        #expect(try await client.send(PersonRequest(name: "xiejiapei")).petPhrase == "talk is cheap")
        #expect(try await client.send(UserRequest()).birthdate == "1990-04-01")
        #expect(try await client.send(GoodsDetailRequest(goodsId: "1001")).price == 5_900)
        let error = await #expect(throws: CourierError.self) {
            try await client.send(GoodsDetailRequest(goodsId: "7"))
        }
        #expect(error?.businessError == BusinessError(code: 4004, message: "The product is sold out."))
    }
}
